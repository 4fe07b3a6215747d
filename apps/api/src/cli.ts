// The platform command: shops (`tenant create`, `tenant list`), a shop's card gateway (`payments card`), `migrate`.
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { configureCardGateway, configurePayments } from './modules/payments/index.ts';
import { createTenant, listTenants } from './modules/tenants/index.ts';
import { systemContext } from './plugins/request-context.ts';
import { loadConfigOrExit, openConfiguredDatabase, platformDeps } from './runtime.ts';

const USAGE = `Usage:
  npm run platform -- tenant create --name "Shop name" [--domain shop.example.com]… [--token TOKEN]
  npm run platform -- tenant list
  npm run platform -- payments card --tenant TOKEN --gateway sandbox
  npm run platform -- payments card --tenant TOKEN --gateway 2c2p --merchant-id ID --environment sandbox|production
      (the 2C2P secret key is read from CARD_SECRET_KEY, else from standard input)
  npm run platform -- payments card --tenant TOKEN --off
  npm run platform -- migrate`;

const COMMANDS = ['tenant create', 'tenant list', 'payments card', 'migrate'];

/** `payments card`: the shop's card gateway, or cards switched off. Prints what was set, never the secret key. */
async function configureCards(
  config: Config,
  database: Database,
  values: { tenant?: string; gateway?: string; 'merchant-id'?: string; environment?: string; off?: boolean },
): Promise<number> {
  const tenant = (await listTenants(database.db)).find((shop) => shop.token === values.tenant);
  if (!tenant) {
    console.error('payments card needs --tenant with the token of an existing shop (see: tenant list)');
    return 2;
  }
  const ctx = systemContext(platformDeps(config), database, tenant, 'cli');
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
    if (command === 'migrate') {
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    } else if (command === 'tenant list') {
      for (const tenant of await listTenants(database.db)) {
        console.log([tenant.id, tenant.name, tenant.token, tenant.domains.join(',')].join('\t'));
      }
    } else {
      if (!values.name?.trim()) {
        console.error('tenant create needs --name');
        return 2;
      }
      const tenant = await createTenant(database.db, {
        name: values.name,
        token: values.token,
        domains: values.domain,
      });
      console.log(tenant.token);
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
