import type { RequestContext } from '../../lib/context.ts';
import { createAccount } from '../../modules/accounts/index.ts';

/** The demo customer (documented in the README) so that a visitor can sign in without registering. */
export const DEMO_CUSTOMER = {
  email: 'customer@khukuri.example',
  username: 'demo-customer',
  password: 'Gurkha-blade-1994',
};

/**
 * The demo shop's owner (documented in the README for local use: change its password with
 * `npm run platform -- staff password`), who signs in at /admin.
 */
export const DEMO_OWNER = {
  email: 'owner@khukuri.example',
  username: 'owner',
  password: 'Sagarmatha-8848',
};

/**
 * Shoppers whose orders fill the administration's lists, each with an address of their country; they have no password
 * and cannot sign in.
 */
export const DEMO_SHOPPERS = [
  {
    email: 'anita.rai@example.com',
    username: 'anita-rai',
    fullname: 'Anita Rai',
    country: 'Australia',
    region: 'New South Wales',
    address: { street: '12 George Street', city: 'Sydney', postalCode: '2000', contact_number: '+61 2 9374 4000' },
  },
  {
    email: 'james.walker@example.com',
    username: 'james-walker',
    fullname: 'James Walker',
    country: 'Canada',
    region: 'Ontario',
    address: {
      street: '40 King Street West',
      city: 'Toronto',
      postalCode: 'M5H 3Y2',
      contact_number: '+1 416 555 0123',
    },
  },
  {
    email: 'sophie.martin@example.com',
    username: 'sophie-martin',
    fullname: 'Sophie Martin',
    country: 'France',
    address: { street: '8 rue de Rivoli', city: 'Paris', postalCode: '75004', contact_number: '+33 1 42 60 00 00' },
  },
] as const;

export async function seedAccounts(ctx: RequestContext): Promise<void> {
  await createAccount(ctx, { ...DEMO_OWNER, role: 'owner' });
  for (const shopper of DEMO_SHOPPERS) {
    await createAccount(ctx, { email: shopper.email, username: shopper.username, password: null });
  }
  await createAccount(ctx, {
    email: DEMO_CUSTOMER.email,
    username: DEMO_CUSTOMER.username,
    password: DEMO_CUSTOMER.password,
  });
}
