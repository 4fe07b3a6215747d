import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// A port of its own per run (workers inherit it), so that runs in several checkouts never meet.
const PORT_VARIABLE = 'STOREFRONT_E2E_PORT';
process.env[PORT_VARIABLE] ??= String(20_000 + Math.floor(Math.random() * 20_000));
const PORT = Number(process.env[PORT_VARIABLE]);
const baseURL = `http://127.0.0.1:${PORT}`;
// A fresh data folder per run: the server migrates it and seeds the demo shop on start. Workers load this file too:
// they inherit the folder through the environment instead of making their own.
const DATA_DIR_VARIABLE = 'STOREFRONT_E2E_DATA_DIR';
const dataDir = process.env[DATA_DIR_VARIABLE] ?? createDataDir();

function createDataDir(): string {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-'));
  process.env[DATA_DIR_VARIABLE] = created;
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
  return created;
}

// E2E_DATABASE_URL (a PostgreSQL server, as TEST_DATABASE_URL names it): the server keeps the shop's data in a
// database of its own made on that server (`npm run test:e2e` names it when TEST_DATABASE_URL is set, as CI does).
// Without it, the server keeps its data in the embedded database in DATA_DIR, as `npm start` does. The journeys run
// once, on one engine: the API's tests run every route on both, and the clean run (scripts/clean-run.mjs) serves the
// demo on the embedded one.
const DATABASE_VARIABLE = 'STOREFRONT_E2E_DATABASE';
const POSTGRES_SERVER = process.env.E2E_DATABASE_URL;
const databaseUrl = POSTGRES_SERVER ? (process.env[DATABASE_VARIABLE] ?? createDatabase(POSTGRES_SERVER)) : undefined;

/** A new database on the server, dropped when the run ends; its URL. */
function createDatabase(server: string): string {
  const name = `e2e_${Date.now().toString(36)}_${process.pid}`;
  const run = (statement: string) =>
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import pg from 'pg'; const c = new pg.Client({ connectionString: process.argv[1] }); await c.connect();
         await c.query(process.argv[2]); await c.end();`,
        server,
        statement,
      ],
      { stdio: 'inherit' },
    );
  run(`create database ${name}`);
  process.on('exit', () => run(`drop database if exists ${name} with (force)`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  process.env[DATABASE_VARIABLE] = url.toString();
  return url.toString();
}

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, which `scripts/ensure-chromium.mjs` installs): the
 * same Blink as Chromium without its desktop display pipeline; the journeys take about four fifths of the time in it
 * (docs/benchmarks.md). Chromium itself when it is missing; CHROMIUM_PATH names another binary.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Browser journeys against the production build (`npm run build` first), on the system Chromium. */
export default defineConfig({
  testDir: './e2e',
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // On CI a journey that fails is run once more, with its trace recorded: recording every journey's trace made a run
  // of 45 journeys take 1.4 times as long (594 s against 415 s, docs/benchmarks.md). One that passes the second time
  // is reported as flaky in the log, and fails nothing.
  retries: process.env.CI ? 1 : 0,
  // A loaded 2-core machine (the server, two browsers and PostgreSQL on it) takes more than the default 5 s to show
  // some screens (the administration's dashboard, with its sales and stock); a wait is still bounded.
  expect: { timeout: 10_000 },
  // On CI, each journey's time too (as Vitest's: node_modules/.cache), to find the slow ones.
  reporter: process.env.CI
    ? [['line'], ['json', { outputFile: '../../node_modules/.cache/playwright-times.json' }]]
    : 'list',
  // Journeys that change the demo shop (new products and posts, a price, its home page) run after the others, which
  // count its lists and read its home page.
  projects: [
    { name: 'shop', testIgnore: /(admin-content|admin-products|admin-home-page|render-cache|comeback)\.spec\.ts$/ },
    {
      name: 'admin-content',
      testMatch: /(admin-(content|products|home-page)|comeback)\.spec\.ts$/,
      dependencies: ['shop'],
    },
    // Alone at the end: it counts renders and cache hits, which another journey's write (an order, a new product)
    // would reset at any moment.
    { name: 'render-cache', testMatch: /render-cache\.spec\.ts$/, dependencies: ['admin-content'] },
  ],
  use: {
    baseURL,
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath:
        process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node dist/main.js',
    url: `${baseURL}/api/health/`,
    reuseExistingServer: false,
    // The first start migrates the database and builds the demo catalog images.
    timeout: 180_000,
    // The card gateway sends the customer back to the shop's configured origin: it must be the one the tests open.
    // The demo shop, with its published accounts and the test card gateway, as the local quick start serves it.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      PUBLIC_URL: baseURL,
      // A shared server asks every instance for the same signing secret; this run's is its own.
      ...(databaseUrl
        ? { DATABASE_URL: databaseUrl, JWT_SECRET: `e2e-${path.basename(databaseUrl)}-0123456789abcdef` }
        : {}),
    },
  },
});
