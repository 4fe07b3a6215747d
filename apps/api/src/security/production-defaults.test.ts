// What a deployment made by the docs runs: the production entry (what the container starts, any server with
// DATABASE_URL) seeds no demo and has no account, and a server that anyone may reach refuses to start while an
// account still signs in with a password the README publishes.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.ts';
import { apiEntry, commandArgs, serverEnv, startServer } from '../../test/server-process.ts';
import { openDatabase } from '../db/client.ts';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../seed/demo/accounts.ts';
import { DEMO_TENANT_TOKEN } from '../seed/index.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JWT_SECRET = 'production-defaults-secret-0123456789abcdef';

let dataDir: string;
let testDb: TestDatabase | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-defaults-'));
  // On PostgreSQL, a fresh database of its own; on PGlite, a fresh data folder.
  if (testEngine === 'postgres') testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The database settings of every process of this file: the fresh data folder, or the fresh PostgreSQL database. */
function databaseEnv(): Record<string, string> {
  return { DATA_DIR: dataDir, JWT_SECRET, DATABASE_URL: testDb?.url ?? '' };
}

async function countRows(table: 'tenants' | 'users'): Promise<number> {
  const database = testDb ? testDb.database : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await database.raw.query<{ count: number }>(`select count(*)::integer as count from ${table}`);
    return Number(row?.count);
  } finally {
    if (!testDb) await database.close();
  }
}

/** Runs the server entry until it ends by itself (or 60 s): its exit code and everything it wrote. */
async function runUntilExit(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [apiEntry('server')], {
    cwd: API_DIR,
    env: serverEnv(await freePort(), env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

function platform(args: string[], env: Record<string, string> = {}) {
  return promisify(execFile)(process.execPath, commandArgs(args), {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, ...databaseEnv(), ...env },
  });
}

describe('the production entry', () => {
  it('starts on a fresh database with no demo shop and no account, and says how to make the first shop', async () => {
    // Only what a deployment sets: no SEED_DEMO, no SANDBOX_GATEWAY_ENABLED.
    const server = await startServer(await freePort(), {
      ...databaseEnv(),
      SEED_DEMO: undefined,
      LOG_LEVEL: 'info',
    });
    try {
      const login = await fetch(`${server.origin}/api/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenant-token': DEMO_TENANT_TOKEN },
        body: JSON.stringify({ login_id: DEMO_OWNER.email, password: DEMO_OWNER.password }),
      });
      expect(login.status).toBe(403);
      // The log is written in batches (a quarter of a second at most): the line comes, not at once.
      await expect.poll(() => server.output()).toContain('no shop yet: create the first one and its owner');
    } finally {
      await server.kill();
    }
    expect(await countRows('tenants')).toBe(0);
    expect(await countRows('users')).toBe(0);
  }, 120_000);

  it('refuses to listen on a public address while an account signs in with a published demo password', async () => {
    await platform(
      ['tenant', 'create', '--name', 'Copied demo', '--token', 'copied-demo', '--owner-email', DEMO_OWNER.email],
      {
        STAFF_PASSWORD: DEMO_OWNER.password,
      },
    );

    const refused = await runUntilExit({ ...databaseEnv(), HOST: '0.0.0.0' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `Refusing to listen on 0.0.0.0: these accounts still sign in with the demo password published in the README`,
    );
    expect(refused.output).toContain(`${DEMO_OWNER.email} of the shop "Copied demo" (copied-demo)`);
    expect(refused.output).toContain(
      `npm run platform -- staff password --tenant copied-demo --email ${DEMO_OWNER.email}`,
    );
    expect(refused.output).not.toContain(DEMO_CUSTOMER.email);

    // Behind nginx on the same machine (docs/deploy.md) the server listens on loopback, yet the public reaches it.
    const proxied = await runUntilExit({ ...databaseEnv(), HOST: '127.0.0.1', TRUST_PROXY: '1' });
    expect(proxied.code).toBe(1);
    expect(proxied.output).toContain(
      'Refusing to start behind a proxy the public reaches (TRUST_PROXY is set; listening on 127.0.0.1): these ' +
        'accounts still sign in with the demo password published in the README',
    );
    expect(proxied.output).toContain(`${DEMO_OWNER.email} of the shop "Copied demo" (copied-demo)`);

    // On this machine only (loopback, no proxy), the demo's passwords are what the README promises.
    const local = await startServer(await freePort(), { ...databaseEnv(), HOST: '127.0.0.1', TRUST_PROXY: 'false' });
    await local.kill();

    // A password of its own: the server may face the world.
    await platform(['staff', 'password', '--tenant', 'copied-demo', '--email', DEMO_OWNER.email]);
    const open = await startServer(await freePort(), { ...databaseEnv(), HOST: '0.0.0.0' });
    await open.kill();
  }, 180_000);
});
