import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { TenantScope } from '../db/tenant-scope.ts';
import { findUserByLogin } from '../modules/accounts/accounts.repository.ts';
import { verifyPassword } from '../modules/accounts/passwords.ts';
import { LocalMediaStorage } from '../modules/media/media.storage.ts';
import { countTenants, findTenantByToken } from '../modules/tenants/tenants.repository.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import { DEMO_CUSTOMER } from './demo/accounts.ts';
import { DEMO_TENANT_TOKEN, seedDemo } from './index.ts';

describe('seedDemo', () => {
  let testDb: TestDatabase;
  let media: LocalMediaStorage;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    media = new LocalMediaStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'seed-media-')));
  });
  afterAll(() => testDb.drop());

  it('seeds the demo shop once, with its favicon in media', async () => {
    expect(await seedDemo(testDb.database, media)).toBe(true);
    const tenant = await findTenantByToken(testDb.database.db, DEMO_TENANT_TOKEN);
    expect(tenant?.name).toBe('Himalayan Khukuri House');
    expect(await media.exists(`t${tenant?.id}/site/favicon.svg`)).toBe(true);
    const customer = await findUserByLogin(new TenantScope(testDb.database.db, tenant?.id ?? 0), DEMO_CUSTOMER.email);
    expect(customer && (await verifyPassword(customer.passwordHash, DEMO_CUSTOMER.password))).toBe(true);
    expect(await seedDemo(testDb.database, media)).toBe(false);
    expect(await countTenants(testDb.database.db)).toBe(1);
  });

  it('never touches a database that already has a shop', async () => {
    const other = await createTestDatabase();
    try {
      await createTenant(other.database.db, { name: 'Someone else', token: 'someone-else-token' });
      expect(await seedDemo(other.database, media)).toBe(false);
      expect(await findTenantByToken(other.database.db, DEMO_TENANT_TOKEN)).toBeNull();
    } finally {
      await other.drop();
    }
  });
});
