// `npm start` (the whole shop in one process), `npm run start:api` (the platform API alone) and
// `npm run start:storefront` (the storefront alone, reaching the API at API_URL): each builds what is missing or
// older than its sources, then runs the built server. On the embedded database (no DATABASE_URL) the first two are
// the local quick start: the demo shop, on this machine only (scripts/lib/quick-start.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { warnOnOldNode } from './lib/node-version.mjs';
import { quickStartEnv } from './lib/quick-start.mjs';
import { serverArgs } from './lib/server-command.mjs';

warnOnOldNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = {
  all: 'apps/storefront/dist/main.js',
  api: 'apps/api/dist/server.js',
  storefront: 'apps/storefront/dist/main.js',
};
const mode = process.argv[2] ?? 'all';
if (!(mode in ENTRIES)) {
  console.error(`usage: node scripts/start.mjs [${Object.keys(ENTRIES).join('|')}]`);
  process.exit(2);
}
if (mode === 'storefront' && !process.env.API_URL) {
  console.error(
    'npm run start:storefront serves the storefront only: set API_URL to the platform API (e.g. http://127.0.0.1:8001).',
  );
  process.exit(1);
}

const entry = path.join(root, ENTRIES[mode]);
const sources = [
  'apps/api/src',
  'apps/storefront/app',
  'apps/storefront/server',
  'apps/admin/src',
  'packages/contracts/src',
].map((dir) => path.join(root, dir));

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
if (built === 0 || sources.some((dir) => newestMtime(dir) > built)) {
  console.log(built === 0 ? 'Building the shop…' : 'Sources changed since the last build: rebuilding…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, serverArgs(entry), {
  cwd: root,
  stdio: 'inherit',
  env: mode === 'storefront' ? process.env : quickStartEnv(process.env),
});
process.exit(server.status ?? 1);
