// Stopping the server: SIGTERM stops new work, lets a request in flight finish with its answer, then the process ends.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/app.ts';
import { createFolderTestDatabase } from '../../test/database.ts';
import { apiEntry } from '../../test/server-process.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: ChildProcess;
let port: number;
let dataDir: string;
let output = '';

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
  // The embedded database, migrated (a copy of the run's template: the first start on a new folder has a test of its
  // own, in `production-defaults.test.ts`).
  await (await createFolderTestDatabase(dataDir, 'pglite')).drop();
  server = spawn(process.execPath, [apiEntry('server')], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      JWT_SECRET: 'shutdown-test-secret-shutdown-test-secret-0123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 90_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends a request's head and the first half of its body, and collects whatever comes back. */
function startSlowRequest() {
  const body = JSON.stringify({ login_id: 'nobody@example.com', password: 'not-the-password' });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const errored = new Promise<Error | null>((resolve) => {
    socket.on('error', (error) => resolve(error));
    socket.on('close', () => resolve(null));
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tenant-Token: no-such-shop\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
      body.slice(0, half),
  );
  return {
    finish: () => socket.end(body.slice(half)),
    answer: async () => {
      await closed;
      return { received, error: await errored };
    },
  };
}

describe('stopping the server with SIGTERM', () => {
  it('answers the request in flight, takes no new connection, and exits cleanly', async () => {
    const inFlight = startSlowRequest();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The listener is closed: a new visitor is refused at once rather than queued and reset later.
    const refused = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
      (answer) => answer.status,
      () => 'refused' as const,
    );
    expect([503, 'refused']).toContain(refused);
    inFlight.finish();
    const { received, error } = await inFlight.answer();
    expect(error).toBeNull();
    // The shop is unknown: the request ran to its real answer instead of being cut off.
    expect(received).toMatch(/^HTTP\/1\.1 403 /);
    expect(received).toContain('"code":"tenant_unknown"');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  }, 30_000);
});
