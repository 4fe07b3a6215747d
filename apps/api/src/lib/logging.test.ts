import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServedTestApp, type TestApp } from '../../test/app.ts';
import { loadConfig } from '../config.ts';
import { formatLogLine, logFormat, serverLogging } from './logging.ts';

describe('request logs', () => {
  let t: TestApp & { origin: string };
  const logs: string[] = [];
  beforeAll(async () => {
    t = await buildServedTestApp({ NODE_ENV: 'production' }, logs);
  });
  afterAll(() => t.close());

  const entries = () => logs.map((line) => JSON.parse(line) as { level: number } & Record<string, unknown>);

  it('writes one structured line per request from the network, at info level, when it is answered', async () => {
    logs.length = 0;
    const answer = await fetch(`${t.origin}/api/health/?probe=1`);
    expect(answer.status).toBe(200);
    const lines = entries().filter((entry) => entry.level >= 20);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health/?probe=1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it("never writes a request's credentials", async () => {
    logs.length = 0;
    const headers = { authorization: 'Bearer token-secret', cookie: 'session=cookie-secret' };
    expect((await fetch(`${t.origin}/api/accounts/me/`, { headers })).status).toBeGreaterThanOrEqual(400);
    expect(entries().some((entry) => entry.msg === 'request completed')).toBe(true);
    const written = logs.join('\n');
    expect(written).not.toContain('token-secret');
    expect(written).not.toContain('cookie-secret');
  });

  it("logs the storefront's in-process calls to the API at debug level only", async () => {
    logs.length = 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    const lines = entries().filter((entry) => entry.level >= 20);
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: 'request completed' })]);
  });
});

describe('standard output in batches', () => {
  const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

  /** The lines' numbers as a process logging `count` lines through the server's JSON output printed them. */
  function printed(count: number, end: 'exit' | 'close' | 'wait'): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/log-lines.ts', String(count), end], {
        cwd: API_ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      // 'wait': killed without a chance to write anything more once every line came, or after 15 s (a loaded machine
      // may take seconds to start the process): what the batch's timer wrote is all there is.
      const killed = () => child.kill('SIGKILL');
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (end === 'wait' && out.split('\n').filter(Boolean).length >= count) killed();
      });
      const killer = end === 'wait' ? setTimeout(killed, 15_000) : undefined;
      child.on('error', reject);
      child.on('close', () => {
        clearTimeout(killer);
        const lines = out.split('\n').filter(Boolean);
        resolve(lines.map((line) => (JSON.parse(line) as { line: number }).line));
      });
    });
  }
  const numbers = (count: number) => Array.from({ length: count }, (_, line) => line);

  it('writes every line in order when the process exits at once, after several batches', async () => {
    expect(await printed(2_000, 'exit')).toEqual(numbers(2_000));
  });

  it('writes every line in order when the app closes the log, then exits', async () => {
    expect(await printed(2_000, 'close')).toEqual(numbers(2_000));
  });

  it("writes a batch smaller than the batch's size within its time, before anything ends the process", async () => {
    expect(await printed(50, 'wait')).toEqual(numbers(50));
  });

  it('is one per process, however many apps the process builds: one timer, one exit handler', () => {
    const config = loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'json' });
    const stream = (logging: ReturnType<typeof serverLogging>) => (logging.logger as { stream: unknown }).stream;
    const first = stream(serverLogging(config));
    const handlers = process.listenerCount('exit');
    const timers = process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    for (let app = 0; app < 20; app++) expect(stream(serverLogging(config))).toBe(first);
    expect(process.listenerCount('exit')).toBe(handlers);
    expect(process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length).toBe(timers);
  });
});

describe('secrets in logs', () => {
  it("writes a failed statement's error without its parameters, wherever they appear", () => {
    const lines: string[] = [];
    const { logger } = serverLogging(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' }), {
      write: (line) => lines.push(line),
    });
    const options = logger as pino.LoggerOptions & { stream: pino.DestinationStream };
    const log = pino(options, options.stream);
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$secret-hash';
    const failed = new DrizzleQueryError(
      'insert into users (email, password) values ($1, $2)',
      ['a@b.c', hash],
      new Error('duplicate key'),
    );
    log.error({ err: failed }, 'request failed');
    log.error({ err: new Error('could not save the user', { cause: failed }) }, 'request failed');
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('secret-hash');
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first.err).toMatchObject({ type: 'DrizzleQueryError', params: '[not logged]' });
    expect(first.err.message).toContain('insert into users (email, password)');
    expect(first.err.message).toContain('params: [not logged]');
    expect(second.err.message).toContain('could not save the user');
  });
});

describe('readable logs', () => {
  const time = new Date(2026, 0, 2, 12, 4, 5).getTime();

  it('shows a request as its method, path, status and time', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'shop',
      reqId: 'abc',
      req: { method: 'GET', url: '/products?page=2', host: 'localhost' },
      res: { statusCode: 200 },
      responseTime: 12.3,
      msg: 'request completed',
    });
    expect(formatLogLine(line)).toBe('12:04:05 INFO  GET /products?page=2 200 12.3 ms\n');
  });

  it('shows a message with its fields, and an error with its stack', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time, msg: 'migrations applied', applied: ['0001.sql'] }))).toBe(
      '12:04:05 INFO  migrations applied applied=["0001.sql"]\n',
    );
    const error = formatLogLine(
      JSON.stringify({
        level: 50,
        time,
        msg: 'mail failed',
        err: { message: 'refused', stack: 'Error: refused\n    at send' },
      }),
    );
    expect(error).toBe('12:04:05 ERROR mail failed\n  Error: refused\n      at send\n');
  });

  it('is chosen in development and at a terminal; JSON otherwise, or as LOG_FORMAT says', () => {
    expect(logFormat(loadConfig({ NODE_ENV: 'development' }), { isTTY: false })).toBe('pretty');
    expect(logFormat(loadConfig({}), { isTTY: true })).toBe('pretty');
    expect(logFormat(loadConfig({}), { isTTY: false })).toBe('json');
    expect(logFormat(loadConfig({ LOG_FORMAT: 'json' }), { isTTY: true })).toBe('json');
    expect(logFormat(loadConfig({ LOG_FORMAT: 'pretty' }), { isTTY: false })).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
