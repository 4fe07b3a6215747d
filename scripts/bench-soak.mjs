// Soak benchmark: the production build on PostgreSQL and Redis, first as one instance, then as two behind a
// round-robin balancer, under a steady mix of browsing, searches, carts and checkouts for a bounded time. Reports
// throughput, error rate, p50/p99 per kind of request and each process's memory growth; exits 1 on any error or on a
// memory growth that does not level off. Figures go to docs/benchmarks.md (section "Soak").
//
//   SOAK_SECONDS (default 60 per phase)  SOAK_RATE (requests/s, default 40)
//   SOAK_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)  SOAK_REDIS_URL (default redis://127.0.0.1:6379/13)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, roundRobin } from './lib/net.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const RATE = Number(process.env.SOAK_RATE ?? 40);
const SERVER_URL = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const SHOP = { 'x-tenant-token': 'khukuri-demo', 'content-type': 'application/json', 'accept-encoding': 'br, gzip' };
const CUSTOMERS = 40;
/** Memory may grow while caches and pools fill; in the second half of a phase it must level off. */
const LATE_GROWTH_LIMIT_MB = 40;
const ADDRESS = {
  street: '12 Durbar Marg',
  city: 'Kathmandu',
  postalCode: '44600',
  country: 'Nepal',
  fullname: 'Soak Customer',
  contact_number: '+977 1 4221234',
};

for (const entry of ['apps/storefront/dist/main.js', 'apps/storefront/build/server/index.js']) {
  if (!fs.existsSync(path.join(root, entry))) {
    console.error(`${entry} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

function startServer(env) {
  const child = spawn(process.execPath, ['apps/storefront/dist/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitUntilUp(url, child) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`a server stopped (${child.exitCode})`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One phase: the servers up, customers made, then the steady mix for SECONDS. */
async function runPhase(name, instances, database) {
  const ports = [];
  const children = [];
  // The shop's address (pages on any other host are sent there): the only instance, or the balancer before them.
  const balancerPort = instances > 1 ? await freePort() : null;
  for (let index = 0; index < instances; index++) {
    const port = await freePort();
    ports.push(port);
    const child = startServer({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${balancerPort ?? ports[0]}`,
      DATABASE_URL: database,
      REDIS_URL,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'soak-')),
      JWT_SECRET: 'soak-secret-shared-by-every-instance-0123456789',
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO: index === 0 ? 'true' : 'false',
      // Every instance serves the demo shop alike: its cards go through the test gateway on each.
      SANDBOX_GATEWAY_ENABLED: 'true',
    });
    children.push(child);
    await waitUntilUp(`http://127.0.0.1:${port}/api/health/`, child);
  }
  let balancer;
  let origin = `http://127.0.0.1:${ports[0]}`;
  if (balancerPort) {
    balancer = roundRobin(ports.map((one) => `http://127.0.0.1:${one}`));
    await new Promise((resolve) => balancer.listen(balancerPort, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${balancerPort}`;
  }
  const api = (pathname, init = {}) =>
    fetch(`${origin}/api${pathname}`, {
      method: init.method ?? 'GET',
      headers: { ...SHOP, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

  const products = await (await api('/products/products/')).json();
  const onSale = products.filter((product) => product.stock > 0);
  const tokens = [];
  for (let index = 0; index < CUSTOMERS; index++) {
    const email = `soak-${name.replace(/\W/g, '')}-${Date.now()}-${index}@example.com`;
    const password = 'Soak-test-password-8848';
    await api('/accounts/register/', { method: 'POST', body: { email, password, password_confirm: password } });
    const login = await api('/accounts/login/', { method: 'POST', body: { login_id: email, password } });
    tokens.push((await login.json()).access);
  }
  // Stock that lasts the phase, and order limits that let its customers keep ordering.
  const owner = await (
    await api('/accounts/login/', {
      method: 'POST',
      body: { login_id: 'owner@khukuri.example', password: 'Sagarmatha-8848' },
    })
  ).json();
  await api('/admin/payment-settings/', {
    method: 'PATCH',
    token: owner.access,
    body: { max_unpaid_orders: 100, max_units_per_product: 10_000 },
  });
  for (const product of onSale) {
    await api(`/admin/products/${product.id}/stock/`, {
      method: 'POST',
      token: owner.access,
      body: { change: 100_000, reason: 'Soak benchmark stock' },
    });
  }

  const kinds = {
    'page: home': () => fetch(`${origin}/`, { headers: { 'accept-encoding': 'br, gzip' } }),
    'page: /products': () => fetch(`${origin}/products`, { headers: { 'accept-encoding': 'br, gzip' } }),
    'page: product': (i) =>
      fetch(`${origin}/products/${onSale[i % onSale.length].slug}`, { headers: { 'accept-encoding': 'br, gzip' } }),
    'api: search': (i) => api(`/products/products/?search=${['kukri', 'horn handle', 'gurkha', 'sheath'][i % 4]}`),
    'api: product detail': (i) => api(`/products/products/${onSale[i % onSale.length].slug}/`),
    'api: add to cart': (i) =>
      api('/orders/cart/add-item/', {
        method: 'POST',
        token: tokens[i % tokens.length],
        body: { product_id: onSale[i % onSale.length].id, quantity: 1, customization: {} },
      }),
    'api: place order': (i) =>
      api('/orders/orders/', {
        method: 'POST',
        token: tokens[i % tokens.length],
        headers: { 'idempotency-key': `soak-${name}-${i}-${Date.now()}` },
        // The demo's khukuris are sold to adults only: the buyer confirms it.
        body: { payment_method: 'bank_transfer', delivery_address: ADDRESS, age_confirmed: true },
      }),
  };
  // The mix per 20 requests: mostly browsing, some searches, a few carts and checkouts.
  const mix = [
    ...Array(5).fill('page: product'),
    ...Array(3).fill('page: /products'),
    ...Array(3).fill('page: home'),
    ...Array(3).fill('api: search'),
    ...Array(3).fill('api: product detail'),
    ...Array(2).fill('api: add to cart'),
    'api: place order',
  ];
  const latencies = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  const failures = [];
  const memory = children.map((child) => [rssMb(child.pid)]);
  const started = Date.now();
  let sent = 0;
  const inFlight = new Set();
  const sampler = setInterval(() => {
    for (const [index, child] of children.entries()) memory[index].push(rssMb(child.pid));
  }, 1000);
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (sent < due) {
      const index = sent++;
      const kind = mix[index % mix.length];
      const begin = performance.now();
      const request = kinds[kind](index)
        .then(async (answer) => {
          await answer.arrayBuffer();
          // A checkout with an empty cart (its customer's last order took it) is a 400 by design: not a failure.
          const expected = answer.ok || (kind === 'api: place order' && answer.status === 400);
          if (!expected) failures.push(`${kind}: ${answer.status}`);
          latencies[kind].push(performance.now() - begin);
        })
        .catch((error) => failures.push(`${kind}: ${error.message}`))
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inFlight);
  clearInterval(sampler);
  const elapsed = (Date.now() - started) / 1000;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  if (balancer) await new Promise((resolve) => balancer.close(resolve));

  const rows = Object.entries(latencies).map(([kind, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { kind, count: values.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  const processes = memory.map((samples) => {
    const half = Math.floor(samples.length / 2);
    return {
      start: samples[0],
      end: samples.at(-1),
      lateGrowth: samples.at(-1) - samples[half],
    };
  });
  return { name, elapsed, sent, failures, rows, processes };
}

function report(phase) {
  const lines = [
    `### ${phase.name}`,
    '',
    `${phase.sent} requests in ${phase.elapsed.toFixed(0)} s (${(phase.sent / phase.elapsed).toFixed(1)} req/s), errors: ${phase.failures.length} (${((100 * phase.failures.length) / Math.max(1, phase.sent)).toFixed(2)} %)`,
    '',
    '| Kind | Requests | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    ...phase.rows.map((row) => `| ${row.kind} | ${row.count} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} |`),
    '',
    '| Process | RSS at start MB | RSS at end MB | Growth in the second half MB |',
    '|---|---:|---:|---:|',
    ...phase.processes.map(
      (one, index) =>
        `| instance ${index + 1} | ${one.start.toFixed(0)} | ${one.end.toFixed(0)} | ${one.lateGrowth.toFixed(1)} |`,
    ),
  ];
  return lines.join('\n');
}

async function main() {
  const name = `soak_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const phases = [];
  try {
    phases.push(await runPhase('One instance', 1, url.toString()));
    phases.push(await runPhase('Two instances behind a balancer', 2, url.toString()));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  const section = `## Soak (\`npm run bench:soak\`)

The production build on PostgreSQL and Redis, ${SOAK_DESCRIPTION()}. Each phase first makes ${CUSTOMERS} customers.
Date ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average at the end ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}.

${phases.map(report).join('\n\n')}
`;
  const target = path.join(root, 'docs/benchmarks.md');
  const document = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '# Benchmarks\n';
  const at = document.indexOf('## Soak (');
  const next = at >= 0 ? document.indexOf('\n## ', at + 1) : -1;
  const updated =
    at >= 0
      ? `${document.slice(0, at)}${section}${next >= 0 ? document.slice(next + 1) : ''}`
      : `${document.trimEnd()}\n\n${section}`;
  fs.writeFileSync(target, updated);
  console.log(section);
  const failed = phases.flatMap((phase) => phase.failures);
  const growing = phases.flatMap((phase) => phase.processes.filter((one) => one.lateGrowth > LATE_GROWTH_LIMIT_MB));
  if (failed.length > 0) console.error(`errors:\n${[...new Set(failed)].slice(0, 20).join('\n')}`);
  if (growing.length > 0)
    console.error(`memory still growing by more than ${LATE_GROWTH_LIMIT_MB} MB in a phase's second half`);
  process.exit(failed.length > 0 || growing.length > 0 ? 1 : 0);
}

function SOAK_DESCRIPTION() {
  return `${RATE} requests/s for ${SECONDS} s per phase (pages, product searches and details, carts and checkouts; each page request accepts brotli)`;
}

await main();
