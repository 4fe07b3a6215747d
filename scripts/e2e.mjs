// The owner's journeys in the administration once more, on PostgreSQL: run by `npm run test:e2e` after the journeys
// on the embedded database, when TEST_DATABASE_URL names a server (CI sets it). The Playwright configuration makes a
// database of its own on that server and drops it at the end.
import { spawnSync } from 'node:child_process';

const server = process.env.TEST_DATABASE_URL;
if (!server) {
  console.log('The administration journeys on PostgreSQL need TEST_DATABASE_URL (a server); not run.');
  process.exit(0);
}
console.log('The administration journeys, on PostgreSQL:');
const run = spawnSync('npx', ['playwright', 'test'], {
  stdio: 'inherit',
  env: { ...process.env, E2E_DATABASE_URL: server },
});
process.exit(run.status ?? 1);
