// The browser journeys, once: against a database of their own on the PostgreSQL server TEST_DATABASE_URL names (CI
// sets it; playwright.config.ts makes that database and drops it at the end), else on the embedded database, as
// `npm start` keeps its data. Arguments go on to Playwright (`npm run test:e2e -- e2e/cart.spec.ts`).
import { spawnSync } from 'node:child_process';

const server = process.env.TEST_DATABASE_URL;
console.log(server ? 'The browser journeys, on PostgreSQL:' : 'The browser journeys, on the embedded database:');
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...(server ? { E2E_DATABASE_URL: server } : {}) },
});
process.exit(run.status ?? 1);
