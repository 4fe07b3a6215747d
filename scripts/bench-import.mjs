// Import benchmark (issue 44): the built shop on the embedded database (PGlite, one connection for every request),
// the demo seeded, the response cache off. It times the product list alone (the reference), then again while a
// 2 000-row product CSV import runs as a job, and prints p50, p99 and the longest answer of each, their ratio, and
// how long the import took. The bar: the list answers within 1 s while the import runs.
//
//   IMPORT_ROWS (default 2000)  IMPORT_REFERENCE_REQUESTS (default 60)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/net.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.IMPORT_ROWS ?? 2000);
const REFERENCE_REQUESTS = Number(process.env.IMPORT_REFERENCE_REQUESTS ?? 60);
const SHOP = { 'x-tenant-token': 'khukuri-demo' };
const OWNER = { login_id: 'owner@khukuri.example', password: 'Sagarmatha-8848' };
const LIST = '/api/products/products/?page=1&page_size=24';
const BAR_MS = 1000;

const entry = path.join(root, 'apps/storefront/dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('apps/storefront/dist/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    RESPONSE_CACHE_FRESH_SECONDS: '0',
    DATABASE_URL: '',
  },
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  await waitForHealth();
  const token = await signIn();
  const auth = { ...SHOP, authorization: `Bearer ${token}` };
  for (let i = 0; i < 10; i++) await timed(LIST); // warm-up
  const reference = [];
  for (let i = 0; i < REFERENCE_REQUESTS; i++) reference.push(await timed(LIST));

  const started = performance.now();
  const job = await startImport(auth, csvOf(ROWS));
  const during = [];
  let status = job.status;
  while (status === 'running') {
    during.push(await timed(LIST));
    const answer = await fetch(`${origin}/api/admin/products/import/jobs/${job.id}/`, { headers: auth });
    status = (await answer.json()).status;
  }
  const importSeconds = (performance.now() - started) / 1000;
  if (status !== 'done') throw new Error(`the import ended ${status}`);

  const ref = stats(reference);
  const run = stats(during);
  console.log(
    `\nproduct list (${LIST}) on PGlite, response cache off; import of ${ROWS} rows took ${importSeconds.toFixed(1)} s`,
  );
  console.log('                         requests    p50 ms    p99 ms    max ms');
  console.log(`alone (reference)        ${row(ref)}`);
  console.log(`during the import        ${row(run)}`);
  console.log(
    `ratio (during / alone)            ${(run.p50 / ref.p50).toFixed(2)}x    ${(run.p99 / ref.p99).toFixed(2)}x`,
  );
  const met = run.max <= BAR_MS;
  console.log(
    met ? `bar met: every answer within ${BAR_MS} ms` : `bar missed: an answer took ${run.max.toFixed(0)} ms`,
  );
  stop();
  process.exit(met ? 0 : 1);
} catch (error) {
  console.error(error);
  stop();
  process.exit(1);
}

async function waitForHealth() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/api/health/`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

async function signIn() {
  const answer = await fetch(`${origin}/api/accounts/login/`, {
    method: 'POST',
    headers: { ...SHOP, 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!answer.ok) throw new Error(`sign-in answered ${answer.status}`);
  return (await answer.json()).access;
}

async function timed(url) {
  const started = performance.now();
  const answer = await fetch(`${origin}${url}`, { headers: SHOP });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return performance.now() - started;
}

/** `count` new products in the demo's first category, as the import's columns name them. */
function csvOf(count) {
  const lines = ['slug,name,category,price,stock'];
  for (let i = 0; i < count; i++) lines.push(`bench-import-${i},Bench khukuri ${i},traditional,12.50,2`);
  return `${lines.join('\n')}\n`;
}

async function startImport(auth, text) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
  const answer = await fetch(`${origin}/api/admin/products/import/`, { method: 'POST', headers: auth, body: form });
  if (answer.status !== 202) throw new Error(`the import answered ${answer.status}: ${await answer.text()}`);
  return answer.json();
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) };
}

function row(s) {
  return `${String(s.n).padStart(8)}  ${s.p50.toFixed(1).padStart(8)}  ${s.p99.toFixed(1).padStart(8)}  ${s.max.toFixed(1).padStart(8)}`;
}
