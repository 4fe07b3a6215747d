import { createAccount } from '../../modules/accounts/index.ts';
import type { RequestContext } from '../../plugins/request-context.ts';

/** The demo customer (documented in the README) so that a visitor can sign in without registering. */
export const DEMO_CUSTOMER = {
  email: 'customer@khukuri.example',
  username: 'demo-customer',
  password: 'Gurkha-blade-1994',
};

export async function seedAccounts(ctx: RequestContext): Promise<void> {
  await createAccount(ctx, {
    email: DEMO_CUSTOMER.email,
    username: DEMO_CUSTOMER.username,
    password: DEMO_CUSTOMER.password,
  });
}
