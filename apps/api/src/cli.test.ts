import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderTestDatabase, type TestDatabase, testEngine } from '../test/database.ts';
import { commandArgs } from '../test/server-process.ts';
import { openDatabase } from './db/client.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRET = 'cli-test-secret-key-0a9b8c7d6e5f';

describe('npm run platform -- payments card', () => {
  let dataDir: string;
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
    // On PostgreSQL the command works on a fresh test database; on PGlite, on its own data folder (migrated, a copy of
    // the run's template: each command migrates it again, as any start does).
    const folderDb = await createFolderTestDatabase(dataDir);
    if (testEngine === 'postgres') testDb = folderDb;
    else await folderDb.drop();
  });
  afterAll(async () => {
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function platform(args: string[], env: Record<string, string> = {}) {
    const result = await promisify(execFile)(process.execPath, commandArgs(args), {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        JWT_SECRET: 'cli-test-jwt-secret-cli-test-jwt-secret-0123',
        ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
        ...env,
      },
    });
    return result.stdout;
  }

  async function cardSettings() {
    const database = testDb ? testDb.database : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const [row] = await database.raw.query<Record<string, unknown>>(
        `select s.enable_card_payment, s.card_gateway, s.card_environment, s.card_merchant_id, s.card_secret_key
           from payment_settings s join tenants t on t.id = s.tenant_id where t.token = 'cli-shop-token'`,
      );
      return row;
    } finally {
      if (!testDb) await database.close();
    }
  }

  it('sets a shop to the sandbox gateway, to 2C2P with the secret from the environment, and off; never prints the secret', async () => {
    await platform(['tenant', 'create', '--name', 'CLI shop', '--token', 'cli-shop-token']);
    // The test gateway takes no real payment: a production server's command refuses it unless asked explicitly.
    await expect(platform(['payments', 'card', '--tenant', 'cli-shop-token', '--gateway', 'sandbox'])).rejects.toThrow(
      /switched off on this server \(SANDBOX_GATEWAY_ENABLED\)/,
    );
    expect(await cardSettings()).toBeUndefined();
    const sandboxAllowed = { SANDBOX_GATEWAY_ENABLED: 'true' };
    expect(
      await platform(['payments', 'card', '--tenant', 'cli-shop-token', '--gateway', 'sandbox'], sandboxAllowed),
    ).toMatch(/CLI shop: card payments through the built-in sandbox gateway \(merchant SANDBOX\d+\)/);
    const sandbox = await cardSettings();
    expect(sandbox).toMatchObject({ enable_card_payment: true, card_gateway: 'sandbox' });
    expect(String(sandbox?.card_secret_key).length).toBeGreaterThanOrEqual(32);

    const output = await platform(
      [
        'payments',
        'card',
        '--tenant',
        'cli-shop-token',
        '--gateway',
        '2c2p',
        '--merchant-id',
        'JT01',
        '--environment',
        'production',
      ],
      { CARD_SECRET_KEY: SECRET },
    );
    expect(output).toBe('CLI shop: card payments through 2C2P (production, merchant JT01)\n');
    expect(await cardSettings()).toEqual({
      enable_card_payment: true,
      card_gateway: '2c2p',
      card_environment: 'production',
      card_merchant_id: 'JT01',
      card_secret_key: SECRET,
    });

    await platform(['payments', 'card', '--tenant', 'cli-shop-token', '--off']);
    expect(await cardSettings()).toMatchObject({ enable_card_payment: false, card_merchant_id: 'JT01' });
  }, 180_000);

  it('creates the first shop with its owner in one command, the generated password shown once', async () => {
    const output = await platform([
      'tenant',
      'create',
      '--name',
      'First shop',
      '--token',
      'cli-first-shop',
      '--owner-email',
      'Founder@Example.com',
    ]);
    const [token, created, password] = output.trimEnd().split('\n');
    expect(token).toBe('cli-first-shop');
    expect(created).toBe('First shop: owner founder@example.com created (signs in at /admin)');
    expect(password).toMatch(/^Password \(shown once\): [\w-]{20}$/);
    // A refused owner (a password of the most used ones) leaves no shop behind.
    await expect(
      platform(['tenant', 'create', '--name', 'Weak shop', '--token', 'cli-weak', '--owner-email', 'a@example.com'], {
        STAFF_PASSWORD: 'password1',
      }),
    ).rejects.toThrow(/password/);
    const database = testDb ? testDb.database : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.raw.query<{ token: string; role: string }>(
        `select t.token, u.role from tenants t left join users u on u.tenant_id = t.id
          where t.token in ('cli-first-shop', 'cli-weak')`,
      );
      expect(rows).toEqual([{ token: 'cli-first-shop', role: 'owner' }]);
    } finally {
      if (!testDb) await database.close();
    }
  }, 180_000);

  it('creates a member of staff with a given password, and gives an account a new generated one once', async () => {
    await platform(['tenant', 'create', '--name', 'Staff shop', '--token', 'cli-staff-shop']);
    const created = await platform(
      ['staff', 'create', '--tenant', 'cli-staff-shop', '--email', 'Boss@Example.com', '--role', 'owner'],
      { STAFF_PASSWORD: 'Annapurna-8091-west' },
    );
    expect(created).toBe('Staff shop: owner boss@example.com created\n');
    const reset = await platform(['staff', 'password', '--tenant', 'cli-staff-shop', '--email', 'boss@example.com']);
    expect(reset).toMatch(/^Password \(shown once\): [\w-]{20}\n$/);
    const database = testDb ? testDb.database : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const [row] = await database.raw.query<{ role: string }>(
        `select u.role from users u join tenants t on t.id = u.tenant_id
          where t.token = 'cli-staff-shop' and u.email = 'boss@example.com'`,
      );
      expect(row?.role).toBe('owner');
    } finally {
      if (!testDb) await database.close();
    }
  }, 180_000);
});
