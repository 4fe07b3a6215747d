import type { Database } from '../db/client.ts';
import { TenantScope } from '../db/tenant-scope.ts';
import { type RequestContext, type ServiceDeps, systemContext } from '../lib/context.ts';
import { InProcessEventBus } from '../lib/events.ts';
import { signsInWith } from '../modules/accounts/index.ts';
import { countTenants, createTenant, listTenants } from '../modules/tenants/index.ts';
import { DEMO_CUSTOMER, DEMO_OWNER, seedAccounts } from './demo/accounts.ts';
import { seedCatalog } from './demo/catalog.ts';
import { seedContent } from './demo/content.ts';
import { seedCurrencies } from './demo/currencies.ts';
import { seedOrders } from './demo/orders.ts';
import { seedPayments } from './demo/payments.ts';
import { seedShipping } from './demo/shipping.ts';
import { seedSite } from './demo/site.ts';
import { seedTax } from './demo/tax.ts';

export const DEMO_TENANT_TOKEN = 'khukuri-demo';
const SEED_LOCK = 7_264_002;

/** One part of the demo shop; parts run in order, in one transaction, with a context of the demo shop. */
type DemoSeedPart = (ctx: RequestContext) => Promise<void>;

// Later features append their part here (catalog, content, payment options…).
const DEMO_PARTS: DemoSeedPart[] = [
  seedSite,
  seedAccounts,
  seedCatalog,
  seedContent,
  seedPayments,
  seedShipping,
  seedTax,
  seedCurrencies,
  seedOrders,
];

/**
 * Seeds the demo khukuri shop on an empty database, and does nothing on a database that has any tenant:
 * idempotent, and never touches a database someone already uses. `onSeeding` hears that it begins (it takes a while:
 * the pictures are drawn). Returns whether it seeded.
 */
export async function seedDemo(
  deps: ServiceDeps & { database: Database },
  onSeeding: () => void = () => undefined,
): Promise<boolean> {
  const { database } = deps;
  return database.withLock(SEED_LOCK, async () => {
    if ((await countTenants(database.db)) > 0) return false;
    onSeeding();
    // Making a shop with its data is the platform's work: one transaction through the platform door, in which the
    // new shop's scope puts its tenant_id into every row.
    await database.asPlatform(async (tx) => {
      const tenant = await createTenant(tx, {
        name: 'Himalayan Khukuri House',
        token: DEMO_TENANT_TOKEN,
        domains: ['localhost'],
      });
      // The seed announces nothing: its events would reach handlers before its transaction commits, and the demo
      // order's e-mails would go to made-up addresses.
      const quiet = { ...deps, events: new InProcessEventBus({ error: () => undefined }) };
      const ctx = { ...systemContext(quiet, database, tenant, 'seed'), scope: new TenantScope(tx, tenant.id) };
      for (const part of DEMO_PARTS) await part(ctx);
    });
    return true;
  });
}

/** The demo accounts whose passwords the README publishes. */
const PUBLISHED_ACCOUNTS = [
  { ...DEMO_CUSTOMER, role: 'customer' },
  { ...DEMO_OWNER, role: 'owner' },
] as const;

/** A demo account a visitor of the local quick start may sign in with, and what it is for. */
export interface DemoAccount {
  email: string;
  password: string;
  role: 'customer' | 'owner';
}

/** The demo shop's accounts that still sign in with their published passwords (none once they are changed). */
export async function usableDemoAccounts(deps: ServiceDeps & { database: Database }): Promise<DemoAccount[]> {
  const { database } = deps;
  const demo = (await listTenants(database.db)).find((tenant) => tenant.token === DEMO_TENANT_TOKEN);
  if (!demo) return [];
  const ctx = systemContext(deps, database, demo, 'start');
  const usable: DemoAccount[] = [];
  for (const { email, password, role } of PUBLISHED_ACCOUNTS) {
    if (await signsInWith(ctx, email, password)) usable.push({ email, password, role });
  }
  return usable;
}

/** An account of a shop that still signs in with a published password. */
export interface PublishedPasswordAccount {
  shop: string;
  token: string;
  email: string;
}

/** The accounts of every shop that still sign in with a password the README publishes (the demo's). */
export async function findPublishedPasswords(
  deps: ServiceDeps & { database: Database },
): Promise<PublishedPasswordAccount[]> {
  const { database } = deps;
  const found: PublishedPasswordAccount[] = [];
  for (const tenant of await listTenants(database.db)) {
    const ctx = systemContext(deps, database, tenant, 'start');
    for (const account of PUBLISHED_ACCOUNTS) {
      if (await signsInWith(ctx, account.email, account.password)) {
        found.push({ shop: tenant.name, token: tenant.token, email: account.email });
      }
    }
  }
  return found;
}

/** Whether a listen address reaches this machine only (the demo's published passwords are safe there). */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * How the public reaches a server, or null when only this machine does: a listen address other than loopback, or a
 * trusted proxy in front (`TRUST_PROXY`: nginx on the same machine listens for the world and passes requests on to
 * a loopback address, the layout of docs/deploy.md).
 */
export function publicReach(config: { HOST: string; TRUST_PROXY: unknown }): string | null {
  if (!isLoopbackHost(config.HOST)) return `listen on ${config.HOST}`;
  if (config.TRUST_PROXY !== false)
    return `start behind a proxy the public reaches (TRUST_PROXY is set; listening on ${config.HOST})`;
  return null;
}

/** Why a server that anyone may reach does not start (`reach`: how, from `publicReach`): the accounts, and how to fix each. */
export function publishedPasswordsMessage(reach: string, accounts: PublishedPasswordAccount[]): string {
  return [
    `Refusing to ${reach}: these accounts still sign in with the demo password published in the README, so`,
    'anyone who reaches this server could sign in as them:',
    ...accounts.map((account) => `  - ${account.email} of the shop "${account.shop}" (${account.token})`),
    'Give each a password of its own:',
    ...accounts.map(
      (account) => `  npm run platform -- staff password --tenant ${account.token} --email ${account.email}`,
    ),
    'or, to try the demo on this machine only, listen on a loopback address (HOST=127.0.0.1) with no proxy in front',
    '(TRUST_PROXY unset).',
  ].join('\n');
}
