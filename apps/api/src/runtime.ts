import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { ServiceDeps } from './lib/context.ts';
import { InProcessEventBus } from './lib/events.ts';
import { DirectoryInUseError } from './lib/private-files.ts';
import { resolveJwtSecret, TokenSigner } from './modules/accounts/index.ts';
import { createMailer } from './modules/mail/index.ts';
import { createMediaStorage } from './modules/media/index.ts';
import { countTenants } from './modules/tenants/index.ts';
import {
  type DemoAccount,
  findPublishedPasswords,
  publicReach,
  publishedPasswordsMessage,
  seedDemo,
  usableDemoAccounts,
} from './seed/index.ts';

/** Opens the configured database: PostgreSQL with DATABASE_URL, else PGlite kept in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
}

/** Loads the configuration, or ends the process with a message naming the wrong variable. */
export function loadConfigOrExit(): Config {
  try {
    const config = loadConfig();
    resolveJwtSecret(config);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The platform's services for work outside the server (the platform command). Mail it queues is delivered by the
 * running servers (or by `idle()` on its mailer before the command ends).
 */
export function platformDeps(config: Config, database: Database): ServiceDeps {
  const log = { info: () => undefined, warn: console.warn, error: console.error };
  return {
    config,
    media: createMediaStorage(config),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      dataDir: config.DATA_DIR,
      from: config.MAIL_FROM,
      logger: log,
      database,
    }),
    tokens: new TokenSigner(
      resolveJwtSecret(config),
      config.ACCESS_TOKEN_TTL_SECONDS,
      config.REFRESH_TOKEN_TTL_SECONDS,
    ),
    events: new InProcessEventBus(log),
  };
}

/**
 * Migrates, seeds the demo shop on an empty database when asked to (`SEED_DEMO`), and builds the app; the caller adds
 * to it and listens. A server that anyone may reach (a listen address other than loopback, or a trusted proxy in
 * front, `publicReach`) does not start while an account still signs in with a password the README publishes: the
 * process ends with a message naming the fix.
 */
export async function prepareApp(config: Config): Promise<FastifyInstance> {
  const jwtSecret = resolveJwtSecret(config);
  const database = await openConfiguredDatabase(config).catch((error: unknown) => {
    if (!(error instanceof DirectoryInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  const media = createMediaStorage(config);
  const app = await buildApp({ config, database, media, jwtSecret });
  const applied = await migrate(database);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  // The first start's seed draws every picture: 15 to 30 s in which nothing else would be printed.
  const preparing = () =>
    app.log.info('Preparing the demo shop (its catalog, pictures and orders; the first start only)…');
  if (config.SEED_DEMO && (await seedDemo(app.deps, preparing))) {
    app.log.info('demo shop seeded (tenant token khukuri-demo)');
  }
  const reach = publicReach(config);
  const published = reach ? await findPublishedPasswords(app.deps) : [];
  if (reach && published.length > 0) {
    console.error(publishedPasswordsMessage(reach, published));
    await app.close();
    process.exit(1);
  }
  if ((await countTenants(app.deps.database.db)) === 0) {
    app.log.warn(
      'no shop yet: create the first one and its owner with `npm run platform -- tenant create --name "…" ' +
        '--owner-email you@example.com` (or `node apps/api/dist/cli.js …` where only the build is installed)',
    );
  }
  return app;
}

/** Listens, and on SIGTERM/SIGINT stops accepting, lets requests in flight finish, and closes the database. */
export async function listen(app: FastifyInstance, config: Config): Promise<void> {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // The listen address only: the shop's address, which may differ (localhost, a domain), is announced apart.
  await app.listen({
    host: config.HOST,
    port: config.PORT,
    listenTextResolver: (address) => `Listening on ${address.replace(/^https?:\/\//, '')}`,
  });
}

/** The demo accounts a start shows (the quick start's, `SEED_DEMO`), while they still have their published passwords. */
export async function demoAccountsToShow(app: FastifyInstance): Promise<DemoAccount[]> {
  return app.deps.config.SEED_DEMO ? usableDemoAccounts(app.deps) : [];
}
