import { insertUser, type UserRow } from '../src/modules/accounts/accounts.repository.ts';
import { hashPassword } from '../src/modules/accounts/passwords.ts';
import type { Tenant } from '../src/modules/tenants/tenants.service.ts';
import type { TestApp } from './app.ts';

let customerCounter = 0;
let cachedHash: Promise<string> | undefined;

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

/** A signed-in customer of `tenant`: the user row and a valid access token for it. */
export async function createCustomer(
  t: TestApp,
  tenant: Tenant,
  overrides: { email?: string; username?: string; role?: UserRow['role'] } = {},
): Promise<{ user: UserRow; accessToken: string }> {
  customerCounter += 1;
  const email = overrides.email ?? `customer${customerCounter}.${Date.now()}@example.com`;
  // Hashing is deliberately slow; builders share one hash of the default password.
  cachedHash ??= hashPassword(DEFAULT_TEST_PASSWORD);
  const user = await insertUser(t.scope(tenant), {
    email,
    username: overrides.username ?? email,
    passwordHash: await cachedHash,
    role: overrides.role ?? 'customer',
  });
  const { token } = await t.app.deps.tokens.sign({
    userId: user.id,
    tenantId: tenant.id,
    type: 'access',
    role: user.role,
  });
  return { user, accessToken: token };
}
