import type { TenantScope } from '../../db/tenant-scope.ts';
import { insertUser } from '../../modules/accounts/accounts.repository.ts';
import { hashPassword } from '../../modules/accounts/passwords.ts';

/** The demo customer (documented in the README) so that a visitor can sign in without registering. */
export const DEMO_CUSTOMER = {
  email: 'customer@khukuri.example',
  username: 'demo-customer',
  password: 'Gurkha-blade-1994',
};

export async function seedAccounts(scope: TenantScope): Promise<void> {
  await insertUser(scope, {
    email: DEMO_CUSTOMER.email,
    username: DEMO_CUSTOMER.username,
    passwordHash: await hashPassword(DEMO_CUSTOMER.password),
  });
}
