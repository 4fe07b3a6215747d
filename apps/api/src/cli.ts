// The platform command: `npm run platform -- tenant create --name … [--domain …] [--token …]`, `tenant list`, `migrate`.
import { parseArgs } from 'node:util';
import { migrate } from './db/migrate.ts';
import { createTenant, listTenants } from './modules/tenants/index.ts';
import { loadConfigOrExit, openConfiguredDatabase } from './runtime.ts';

const USAGE = `Usage:
  npm run platform -- tenant create --name "Shop name" [--domain shop.example.com]… [--token TOKEN]
  npm run platform -- tenant list
  npm run platform -- migrate`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      domain: { type: 'string', multiple: true },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.join(' ');
  if (values.help || !['tenant create', 'tenant list', 'migrate'].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfigOrExit();
  const database = await openConfiguredDatabase(config);
  try {
    const applied = await migrate(database);
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
