// The platform command: shops (`tenant create`, `tenant list`), a shop's card gateway (`payments card`), its staff
// (`staff create`, `staff password`), `migrate`.
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { TenantScope } from './db/tenant-scope.ts';
import { systemContext } from './lib/context.ts';
import { ValidationError } from './lib/errors.ts';
import { createStaffAccount, setAccountPassword } from './modules/accounts/index.ts';
import { configureCardGateway, configurePayments } from './modules/payments/index.ts';
import { createTenant, listTenants } from './modules/tenants/index.ts';
import { loadConfigOrExit, openConfiguredDatabase, platformDeps } from './runtime.ts';

const USAGE = `Usage:
  npm run platform -- tenant create --name "Shop name" [--domain shop.example.com]… [--token TOKEN]
      [--owner-email EMAIL]   (and its owner; the password from STAFF_PASSWORD, else generated and printed once)
  npm run platform -- tenant list
  npm run platform -- payments card --tenant TOKEN --gateway sandbox
      (the built-in test gateway: no card is charged; only with SANDBOX_GATEWAY_ENABLED=true)
  npm run platform -- payments card --tenant TOKEN --gateway 2c2p --merchant-id ID --environment sandbox|production
      (the 2C2P secret key is read from CARD_SECRET_KEY, else from standard input)
  npm run platform -- payments card --tenant TOKEN --off
  npm run platform -- staff create --tenant TOKEN --email EMAIL [--role staff|owner]
  npm run platform -- staff password --tenant TOKEN --email EMAIL
      (the password is read from STAFF_PASSWORD, else one is generated and printed once)
  npm run platform -- migrate`;

const COMMANDS = ['tenant create', 'tenant list', 'payments card', 'staff create', 'staff password', 'migrate'];

/** A shop by its token, or null with a message saying how to find it. */
async function shopOf(database: Database, token: string | undefined) {
  const tenant = (await listTenants(database.db)).find((shop) => shop.token === token);
  if (!tenant) console.error('Give --tenant with the token of an existing shop (see: tenant list).');
  return tenant ?? null;
}

/** The password of a new account or a new password: STAFF_PASSWORD, else a strong one printed once by the caller. */
function givenOrNewPassword(): { password: string; generated: boolean } {
  const given = process.env.STAFF_PASSWORD;
  return given
    ? { password: given, generated: false }
    : { password: randomBytes(15).toString('base64url'), generated: true };
}

/**
 * `staff create` / `staff password`: a member of staff, or a new password for an account (its sessions end). The
 * password comes from STAFF_PASSWORD, else a strong one is generated and printed once.
 */
async function manageStaff(
  config: Config,
  database: Database,
  command: string,
  values: { tenant?: string; email?: string; role?: string },
): Promise<number> {
  const tenant = await shopOf(database, values.tenant);
  if (!tenant) return 2;
  const role = values.role ?? 'staff';
  if (!values.email || (role !== 'staff' && role !== 'owner')) {
    console.error(USAGE);
    return 2;
  }
  const { password, generated } = givenOrNewPassword();
  const ctx = systemContext(platformDeps(config, database), database, tenant, 'cli');
  if (command === 'staff create') {
    const account = await createStaffAccount(ctx, { email: values.email, role, password });
    console.log(`${tenant.name}: ${role} ${account.email} created`);
  } else if (!(await setAccountPassword(ctx, values.email, password))) {
    console.error(`${tenant.name} has no account ${values.email}.`);
    return 1;
  }
  if (generated) console.log(`Password (shown once): ${password}`);
  return 0;
}

/** `tenant create`: a shop (its token printed), and with `--owner-email` its owner (a password printed once). */
async function createShop(
  config: Config,
  database: Database,
  values: { name?: string; domain?: string[]; token?: string; 'owner-email'?: string },
): Promise<number> {
  if (!values.name?.trim()) {
    console.error('tenant create needs --name');
    return 2;
  }
  const owner = values['owner-email'];
  const { password, generated } = givenOrNewPassword();
  // The shop and its owner together, or neither: an owner refused (a weak STAFF_PASSWORD, a wrong address) leaves
  // no shop behind.
  const { tenant, ownerEmail } = await database.asPlatform(async (tx) => {
    const created = await createTenant(tx, {
      name: values.name as string,
      token: values.token,
      domains: values.domain,
    });
    if (!owner) return { tenant: created, ownerEmail: null };
    const ctx = {
      ...systemContext(platformDeps(config, database), database, created, 'cli'),
      scope: new TenantScope(tx, created.id),
    };
    const account = await createStaffAccount(ctx, { email: owner, role: 'owner', password });
    return { tenant: created, ownerEmail: account.email };
  });
  console.log(tenant.token);
  if (ownerEmail) {
    console.log(`${tenant.name}: owner ${ownerEmail} created (signs in at /admin)`);
    if (generated) console.log(`Password (shown once): ${password}`);
  }
  return 0;
}

/** `payments card`: the shop's card gateway, or cards switched off. Prints what was set, never the secret key. */
async function configureCards(
  config: Config,
  database: Database,
  values: { tenant?: string; gateway?: string; 'merchant-id'?: string; environment?: string; off?: boolean },
): Promise<number> {
  const tenant = await shopOf(database, values.tenant);
  if (!tenant) return 2;
  const ctx = systemContext(platformDeps(config, database), database, tenant, 'cli');
  if (values.off) {
    await configurePayments(ctx, { enableCardPayment: false });
    console.log(`${tenant.name}: card payments off`);
    return 0;
  }
  if (values.gateway === 'sandbox') {
    const merchantId = values['merchant-id'] ?? `SANDBOX${tenant.id}`;
    await configureCardGateway(ctx, {
      gateway: 'sandbox',
      merchantId,
      secretKey: randomBytes(32).toString('base64url'),
    });
    console.log(`${tenant.name}: card payments through the built-in sandbox gateway (merchant ${merchantId})`);
    return 0;
  }
  const environment = values.environment ?? 'sandbox';
  if (values.gateway !== '2c2p' || !values['merchant-id'] || !['sandbox', 'production'].includes(environment)) {
    console.error(USAGE);
    return 2;
  }
  const secretKey = (process.env.CARD_SECRET_KEY ?? (process.stdin.isTTY ? '' : await text(process.stdin))).trim();
  if (!secretKey) {
    console.error('Give the 2C2P secret key in CARD_SECRET_KEY or on standard input.');
    return 2;
  }
  await configureCardGateway(ctx, {
    gateway: '2c2p',
    environment: environment as 'sandbox' | 'production',
    merchantId: values['merchant-id'],
    secretKey,
  });
  console.log(`${tenant.name}: card payments through 2C2P (${environment}, merchant ${values['merchant-id']})`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      domain: { type: 'string', multiple: true },
      token: { type: 'string' },
      tenant: { type: 'string' },
      gateway: { type: 'string' },
      'merchant-id': { type: 'string' },
      environment: { type: 'string' },
      off: { type: 'boolean' },
      email: { type: 'string' },
      role: { type: 'string' },
      'owner-email': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.join(' ');
  if (values.help || !COMMANDS.includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfigOrExit();
  const database = await openConfiguredDatabase(config);
  try {
    const applied = await migrate(database);
    if (command === 'payments card') return await configureCards(config, database, values);
    if (command.startsWith('staff ')) return await manageStaff(config, database, command, values);
    if (command === 'migrate') {
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    } else if (command === 'tenant list') {
      for (const tenant of await listTenants(database.db)) {
        console.log([tenant.id, tenant.name, tenant.token, tenant.domains.join(',')].join('\t'));
      }
    } else {
      return await createShop(config, database, values);
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  // A refused input names its fields: say what each needs.
  const fields = error instanceof ValidationError ? Object.entries(error.fields) : [];
  if (fields.length > 0) {
    for (const [field, messages] of fields) console.error(`${field}: ${[messages].flat().join(' ')}`);
    return 2;
  }
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
