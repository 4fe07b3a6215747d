// The storefront's first-load JavaScript against its budget: for each page kind, the modules the browser loads
// before the page is interactive (the client entry, the root route, the layout and the page's route, with their
// imports), gzipped. Run after `npm run build`; exits 1 when a page is over its budget, or when the storefront's
// first load would fetch anything of the admin app.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.join(root, 'apps/storefront/build/client');
const budgets = JSON.parse(fs.readFileSync(path.join(root, 'docs/bundle-budget.json'), 'utf8'));

const manifestFile = fs.readdirSync(path.join(client, 'assets')).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) {
  console.error('No storefront build: run `npm run build` first.');
  process.exit(2);
}
const text = fs.readFileSync(path.join(client, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, ''));

function modulesOf(entry) {
  return entry ? [entry.module, ...(entry.imports ?? [])] : [];
}

let failed = false;
const rows = [];
for (const [page, budget] of Object.entries(budgets.pages)) {
  const files = new Set([
    ...modulesOf(manifest.entry),
    ...['root', 'routes/main-layout', page].flatMap((id) => modulesOf(manifest.routes[id])),
  ]);
  let gzipBytes = 0;
  for (const file of files) {
    if (file.startsWith('/admin')) failed = true;
    gzipBytes += gzipSync(fs.readFileSync(path.join(client, file))).length;
  }
  const over = gzipBytes > budget;
  failed ||= over;
  rows.push(
    `${page.padEnd(24)} ${String(files.size).padStart(3)} files  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KiB gzip  budget ${(budget / 1024).toFixed(1)} KiB${over ? '  OVER' : ''}`,
  );
}
console.log(rows.join('\n'));
process.exit(failed ? 1 : 0);
