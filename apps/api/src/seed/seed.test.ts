import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { TenantScope } from '../db/tenant-scope.ts';
import { findUserByLogin } from '../modules/accounts/accounts.repository.ts';
import { verifyPassword } from '../modules/accounts/passwords.ts';
import { countTenants, findTenantByToken } from '../modules/tenants/tenants.repository.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import { DEMO_CUSTOMER } from './demo/accounts.ts';
import { DEMO_TENANT_TOKEN, seedDemo } from './index.ts';

describe('seedDemo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('seeds the demo shop once, with its favicon in media', async () => {
    const { database } = t.testDb;
    expect(await seedDemo(t.app.deps)).toBe(true);
    const tenant = await findTenantByToken(database.db, DEMO_TENANT_TOKEN);
    expect(tenant?.name).toBe('Himalayan Khukuri House');
    expect(await t.media.exists(`t${tenant?.id}/site/favicon.svg`)).toBe(true);
    const customer = await findUserByLogin(new TenantScope(database.db, tenant?.id ?? 0), DEMO_CUSTOMER.email);
    expect(customer && (await verifyPassword(customer.passwordHash, DEMO_CUSTOMER.password))).toBe(true);
    expect(await seedDemo(t.app.deps)).toBe(false);
    expect(await countTenants(database.db)).toBe(1);
    // The whole demo shop in one go (every picture drawn): longer than a test's usual time on a busy machine.
  }, 120_000);

  it('never touches a database that already has a shop', async () => {
    const other = await createTestDatabase();
    try {
      await createTenant(other.database.db, { name: 'Someone else', token: 'someone-else-token' });
      expect(await seedDemo({ ...t.app.deps, database: other.database })).toBe(false);
      expect(await findTenantByToken(other.database.db, DEMO_TENANT_TOKEN)).toBeNull();
    } finally {
      await other.drop();
    }
  });
});
