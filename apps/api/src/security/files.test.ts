// The platform's files: owner-only, and the embedded database opened by one process at a time.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/lib/net.mjs';
import { apiEntry, commandArgs } from '../../test/server-process.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DirectoryInUseError, ensurePrivateDir, lockDirectory } from '../lib/private-files.ts';
import { resolveJwtSecret } from '../modules/accounts/index.ts';
import { createTransport } from '../modules/mail/index.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const folders: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('owner-only files', () => {
  it('the data folder, the token secret and the mail outbox are readable by their owner only', async () => {
    const dataDir = path.join(tempDir(), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    resolveJwtSecret(config);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);

    // A secret left world-readable by an older version is narrowed when read.
    fs.chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
    resolveJwtSecret(config);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);

    await createTransport({ dataDir }).deliver({
      from: 'shop@example.com',
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Hi',
    });
    const outbox = path.join(dataDir, 'outbox');
    expect(modeOf(outbox)).toBe(0o700);
    const [mail] = fs.readdirSync(outbox);
    expect(modeOf(path.join(outbox, mail as string))).toBe(0o600);
  });

  it('ensurePrivateDir narrows an existing folder', () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o777);
    ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });
});

describe('the embedded database', () => {
  it('is opened by one process at a time; a second one stops with a clear message', async () => {
    const dataDir = tempDir();
    const pglite = path.join(dataDir, 'pglite');
    const database = await openDatabase({ dataDir: pglite });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      // In this process…
      await expect(openDatabase({ dataDir: pglite })).rejects.toBeInstanceOf(DirectoryInUseError);
      // …and in another: the platform command refuses to work on it.
      const command = promisify(execFile)(process.execPath, commandArgs(['tenant', 'list']), {
        cwd: API_DIR,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, JWT_SECRET: 'files-test-secret-files-test-secret-0123' },
      });
      const failure = await command.then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`The embedded database in ${pglite} is in use by another process`);
    } finally {
      await database.close();
    }
    // Closed, it is free again.
    const again = await openDatabase({ dataDir: pglite });
    await again.close();
  });

  it('another process is refused the folder while one holds it, and takes it once that one has ended', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const first = held(await holdLock(dir));
    expect(await holdLock(dir)).toEqual({
      locked: false,
      message: expect.stringContaining('in use by another process'),
    });
    expect(() => lockDirectory(dir)).toThrow(DirectoryInUseError);
    await first.end();
    await held(await holdLock(dir)).end();
    // This process's own lock, released, leaves the folder free as well.
    lockDirectory(dir)();
    await held(await holdLock(dir)).end();
  });

  it('a holder killed with SIGKILL leaves the folder free: the kernel releases its lock', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const killed = held(await holdLock(dir));
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(killed.pid));
    expect(() => lockDirectory(dir)).toThrow(DirectoryInUseError);
    await killed.kill();
    const release = lockDirectory(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('the lock holds across PID namespaces: a server in a second container on the same volume is refused the folder', async () => {
    const dataDir = tempDir();
    const pglite = path.join(dataDir, 'pglite');
    // Each holder is process 1 of a namespace of its own, as the server of a container is.
    const first = held(await holdLock(pglite, { namespace: true }));
    expect(first.pid).toBe(1);
    try {
      expect(await holdLock(pglite, { namespace: true })).toEqual({
        locked: false,
        message: expect.stringContaining('in use by another process'),
      });
      // The real server entry, in a namespace of its own, stops with the message.
      const server = await run('unshare', [...NAMESPACE, process.execPath, apiEntry('server')], {
        DATA_DIR: dataDir,
        JWT_SECRET: 'files-test-secret-files-test-secret-0123',
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        SEED_DEMO: 'false',
      });
      expect(server.code).toBe(1);
      expect(server.stderr).toContain(`The embedded database in ${pglite} is in use by another process`);
    } finally {
      await first.end();
    }
    const second = held(await holdLock(pglite, { namespace: true }));
    expect(second.pid).toBe(1);
    await second.end();
  });
});

/** `unshare` arguments for a new PID namespace (with its own /proc), its process ended when `unshare` is. */
const NAMESPACE = ['--pid', '--fork', '--mount-proc', '--kill-child'];

interface Locked {
  locked: true;
  pid: number;
  end(): Promise<void>;
  kill(): Promise<void>;
}
type Holder = Locked | { locked: false; message: string };

function held(holder: Holder): Locked {
  if (!holder.locked) throw new Error(`the lock was refused: ${holder.message}`);
  return holder;
}

/**
 * Runs test/hold-directory-lock.ts on `dir` in a process of its own (with `namespace`, in a new PID namespace, which
 * needs root: CI runs as root) and resolves once it has the lock (`end` closes its stdin, and it releases the lock and
 * exits; `kill` sends SIGKILL) or was refused it (the message it printed).
 */
function holdLock(dir: string, { namespace = false } = {}): Promise<Holder> {
  const node = [process.execPath, '--import', 'tsx', 'test/hold-directory-lock.ts', dir];
  const [command, ...args] = namespace ? ['unshare', ...NAMESPACE, ...node] : node;
  const child = spawn(command as string, args, { cwd: API_DIR, env: { PATH: process.env.PATH } });
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(namespace ? unshareFailed(error.message) : error));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const locked = /^locked (\d+)$/m.exec(stdout);
      if (!locked) return;
      resolve({
        locked: true,
        pid: Number(locked[1]),
        end: async () => {
          child.stdin.end();
          expect(await exited).toBe(0);
        },
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
    exited.then((code) => {
      if (code === 1 && stderr.includes('in use by another process')) resolve({ locked: false, message: stderr });
      else if (namespace && /^unshare: /m.test(stderr)) reject(unshareFailed(stderr));
      else reject(new Error(`the lock holder ended with ${code} before taking the lock:\n${stdout}${stderr}`));
    });
  });
}

function unshareFailed(reason: string): Error {
  return new Error(
    `unshare could not start a process in a new PID namespace (it needs root, as CI has): ${reason.trim()}`,
  );
}

/** Runs a command in the API's folder with `env` (and PATH) and resolves with its exit code and stderr. */
function run(command: string, args: string[], env: Record<string, string>) {
  return promisify(execFile)(command, args, { cwd: API_DIR, env: { PATH: process.env.PATH, ...env } })
    .then(() => ({ code: 0, stderr: '' }))
    .catch((error: { code: number | string; stderr?: string; message: string }) => {
      if (typeof error.code === 'string' || /^unshare: /m.test(error.stderr ?? '')) {
        throw unshareFailed(error.stderr || error.message);
      }
      return { code: error.code, stderr: error.stderr ?? '' };
    });
}
