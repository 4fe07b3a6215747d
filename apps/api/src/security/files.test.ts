// The platform's files: owner-only, and the embedded database opened by one process at a time.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
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
      const command = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'tenant', 'list'], {
        cwd: API_DIR,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, JWT_SECRET: 'files-test-secret-files-test-secret-0123' },
      });
      const failure = await command.then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`The embedded database in ${pglite} is in use by process ${process.pid}`);
    } finally {
      await database.close();
    }
    // Closed, it is free again.
    const again = await openDatabase({ dataDir: pglite });
    await again.close();
  });

  it('a lock left by a process that is gone is taken over', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(`${dir}.lock`, String(child.pid));
      expect(() => lockDirectory(dir)).toThrow(`in use by process ${child.pid}`);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const release = lockDirectory(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
