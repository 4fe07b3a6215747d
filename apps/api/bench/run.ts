/**
 * `npm run bench`: the production build of the shop (API and storefront in one process) measured with autocannon from
 * this process, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. Each engine gets the demo shop, 10 000
 * generated products in a second shop and a third shop for carts and orders; then two servers in turn: the
 * production configuration (response cache on) and the same with RESPONSE_CACHE_FRESH_SECONDS=0 (nothing kept:
 * every page rendered, every API read answered by its handler). Every case is reported next to /api/health/ of the
 * same server and to a bare Fastify answering the same bytes (bare-server.ts) at the same number of connections, and
 * checked against the targets (cases.ts).
 * Rewrites the generated part of docs/benchmarks.md, keeping the sections after it.
 *
 * BENCH_DURATION (s per measurement, default 2), BENCH_WARMUP (s, default 0.5), BENCH_PRODUCTS (default 10 000),
 * BENCH_ORDERS (orders per measurement, default 500), BENCH_DATABASE_URL (a PostgreSQL server: a database is created
 * and dropped on it), BENCH_PROFILE (a folder: the servers write V8 CPU profiles there), BENCH_CASES (a regular
 * expression: only the cases whose name matches, and the references, run; the report is printed, not written) and
 * with it BENCH_ENGINE (pglite or postgres: that engine only).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openConfiguredDatabase } from '../src/runtime.ts';
import {
  type BenchCase,
  CART_CUSTOMERS,
  CASES,
  type CaseContext,
  type Engine,
  ORDER_CUSTOMERS,
  type Served,
  type Target,
} from './cases.ts';
import { type BenchData, prepareData } from './data.ts';
import { BROWSER_ACCEPT_ENCODING, checkOnce, type Figures, measure } from './measure.ts';
import { assertProductionBuild, type RunningServer, startBareEntry, startBareServer, startServer } from './server.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 2);
/** What the bare Fastify answers: the shop's /api/health/ bytes. */
const BARE_REQUEST = { path: '/api/health/' };
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 0.5);
const GENERATED_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
const ONLY = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : undefined;
const SELECTED = CASES.filter(
  (item) => item.kind === 'reference' || item.kind === 'bare' || !ONLY || ONLY.test(item.name),
);

interface Measurement {
  benchCase: BenchCase;
  figures: Figures;
  /** The bare Fastify measured right before, at the same connections (a case with a share-of-bare target). */
  bareBeside?: Figures;
}

/** One round of the product page without the cache: through the start command, then through the bare entry. */
interface EntryRound {
  started: Figures;
  bare: Figures;
}

/** The comparison's name, matched by BENCH_CASES like a case's. */
const ENTRY_COMPARISON = 'start command against the bare entry';
const ENTRY_ROUNDS = 3;
/** Issue 46: through `npm start`'s command the product page renders at least 0.8 times as fast as the bare entry. */
const ENTRY_LEAST = 0.8;

interface EngineRun {
  engine: Engine;
  measurements: Measurement[];
  entryRounds: EntryRound[];
  /** One-minute load averages when the engine's run began and ended. */
  load: [number, number];
  seconds: number;
}

/** A database of its own on the engine: PGlite in DATA_DIR, or a new database on the PostgreSQL server. */
async function createDatabase(engine: Engine): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (engine === 'pglite') return { drop: async () => undefined };
  const serverUrl = process.env.BENCH_DATABASE_URL as string;
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The demo shop's first product, first category and first post, as its API lists them. */
async function discover(origin: string, data: BenchData): Promise<CaseContext> {
  const api = async <T>(pathname: string): Promise<T> => {
    const response = await fetch(`${origin}${pathname}`, { headers: { 'x-tenant-token': data.demo.token } });
    if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
    return (await response.json()) as T;
  };
  const products = await api<{ results: { slug: string }[] }>(
    '/api/products/products/?is_active=true&page=1&page_size=1',
  );
  const categories = await api<{ slug: string }[]>('/api/products/categories/');
  const posts = await api<{ slug: string }[]>('/api/blog/posts/');
  const [product, category, post] = [products.results[0], categories[0], posts[0]];
  if (!product || !category || !post) throw new Error('The demo shop has no product, category or post to measure.');
  return { ...data, demoProduct: product.slug, demoCategory: category.slug, demoPost: post.slug };
}

async function runEngine(engine: Engine): Promise<EngineRun> {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const { url, drop } = await createDatabase(engine);
  const measurements: Measurement[] = [];
  const entryRounds: EntryRound[] = [];
  try {
    const settings = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      SEED_DEMO: 'false',
      // The demo shop the bench seeds itself takes its cards through the built-in test gateway.
      SANDBOX_GATEWAY_ENABLED: 'true',
      // Cases send thousands of requests from one address.
      RATE_LIMIT_ENABLED: 'false',
      // The customers sign in before the run and keep their tokens to its end.
      ACCESS_TOKEN_TTL_SECONDS: '7200',
      ...(url ? { DATABASE_URL: url } : {}),
    };
    console.log(`[${engine}] migrating and seeding…`);
    const config = loadConfig({ ...settings, LOG_LEVEL: 'silent' });
    const database = await openConfiguredDatabase(config);
    const app = await buildApp({ config, database, logger: false });
    let data: BenchData;
    try {
      data = await prepareData(app, database, {
        generatedProducts: GENERATED_PRODUCTS,
        cartCustomers: CART_CUSTOMERS,
        orderCustomers: ORDER_CUSTOMERS,
      });
    } finally {
      // Closes the database too: the server takes it over.
      await app.close();
    }
    console.log(`[${engine}] data ready in ${Math.round((Date.now() - started) / 1000)} s`);

    for (const served of ['cache', 'no cache'] as Served[]) {
      // On PostgreSQL only: the two servers run side by side, and an embedded database opens in one process at a time.
      const compareEntries = engine === 'postgres' && served === 'no cache' && (!ONLY || ONLY.test(ENTRY_COMPARISON));
      if (
        !compareEntries &&
        !SELECTED.some((item) => item.served === served && item.kind !== 'reference' && item.kind !== 'bare')
      ) {
        continue;
      }
      const logFile = path.join(dataDir, `server-${served.replace(' ', '-')}.log`);
      const server = await startServer(
        {
          ...settings,
          // Logging at its default level, one line per request, as in production: into a file, as a collector reads it.
          ...(served === 'no cache' ? { RESPONSE_CACHE_FRESH_SECONDS: '0' } : {}),
        },
        {
          logFile,
          ...(PROFILE_DIR ? { profileDir: path.join(PROFILE_DIR, `${engine}-${served.replace(' ', '-')}`) } : {}),
        },
      );
      // The reference answers the very bytes the shop's /api/health/ answers.
      const health = await fetch(`${server.origin}/api/health/`);
      const bare = await startBareServer(
        await health.text(),
        health.headers.get('content-type') ?? 'application/json; charset=utf-8',
      );
      try {
        const context = await discover(server.origin, data);
        for (const benchCase of SELECTED.filter((item) => item.served === served)) {
          const target = benchCase.kind === 'bare' ? bare : server;
          const request = benchCase.request(context);
          await checkOnce(target.origin, request);
          if (benchCase.warmUp && WARMUP_SECONDS > 0) await measure(target, request, 10, WARMUP_SECONDS);
          for (const connections of benchCase.connections) {
            const bareBeside = benchCase.targets?.some((item) => item.besideBare)
              ? await measure(bare, BARE_REQUEST, connections, DURATION_SECONDS)
              : undefined;
            const figures = await measure(target, request, connections, DURATION_SECONDS);
            measurements.push({ benchCase, figures, ...(bareBeside ? { bareBeside } : {}) });
            const bareFigures =
              bareBeside ??
              measurements.find(
                (item) =>
                  item.benchCase.kind === 'bare' &&
                  item.benchCase.served === served &&
                  item.figures.connections === connections,
              )?.figures;
            const bareShare = bareFigures
              ? `${((figures.requestsPerSecond / bareFigures.requestsPerSecond) * 100).toFixed(1)} % of bare`
              : '';
            console.log(
              `[${engine}, ${served}] ${benchCase.name} ×${connections}: ${figures.requestsPerSecond.toFixed(0)} req/s (${bareShare}), ` +
                `p50 ${figures.p50} ms, p99 ${figures.p99} ms, CPU ${figures.cpuMsPerAnswer?.toFixed(2) ?? '—'} ms, X-Cache ${cacheSummary(figures)}, errors ${figures.errors} (timeouts ${figures.timeouts})`,
            );
          }
        }
        if (compareEntries) {
          const bareEntry = await startBareEntry(
            { ...settings, RESPONSE_CACHE_FRESH_SECONDS: '0' },
            { logFile: path.join(dataDir, 'server-bare-entry.log') },
          );
          try {
            entryRounds.push(...(await measureEntries(server, bareEntry, `/products/${context.demoProduct}`)));
          } finally {
            await bareEntry.stop();
          }
          for (const [index, round] of entryRounds.entries()) {
            console.log(
              `[${engine}] ${ENTRY_COMPARISON}, round ${index + 1}: ${round.started.requestsPerSecond.toFixed(0)} against ` +
                `${round.bare.requestsPerSecond.toFixed(0)} req/s (× ${(round.started.requestsPerSecond / round.bare.requestsPerSecond).toFixed(2)})`,
            );
          }
        }
      } finally {
        await bare.stop();
        await server.stop();
        const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').length - 1 : 0;
        console.log(`[${engine}, ${served}] the server wrote ${lines} log lines`);
      }
    }
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    engine,
    measurements,
    entryRounds,
    load: [loadAtStart, os.loadavg()[0] ?? 0],
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/**
 * The product page without the cache, at 10 connections, through the start command's server and the bare entry's
 * (same data, same settings), in alternate rounds so that what else the machine does falls on both alike.
 */
async function measureEntries(started: RunningServer, bare: RunningServer, pathname: string): Promise<EntryRound[]> {
  const request = { path: pathname };
  for (const server of [started, bare]) {
    await checkOnce(server.origin, request);
    if (WARMUP_SECONDS > 0) await measure(server, request, 10, WARMUP_SECONDS);
  }
  const rounds: EntryRound[] = [];
  for (let round = 0; round < ENTRY_ROUNDS; round++) {
    rounds.push({
      started: await measure(started, request, 10, DURATION_SECONDS),
      bare: await measure(bare, request, 10, DURATION_SECONDS),
    });
  }
  return rounds;
}

/** The rounds of the comparison, and whether the start command's median ratio meets the target. */
function entryTable(run: EngineRun): string {
  const ratios = run.entryRounds.map((round) => round.started.requestsPerSecond / round.bare.requestsPerSecond);
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? Number.NaN;
  const lines = [
    "| Round | `npm start`'s command: req/s, p50 / p99 ms, CPU ms | bare entry: req/s, p50 / p99 ms, CPU ms | × bare entry |",
    '|---:|---:|---:|---:|',
    ...run.entryRounds.map((round, index) => {
      const cell = (figures: Figures) =>
        `${figures.requestsPerSecond.toFixed(0)}, ${figures.p50} / ${figures.p99}, ${figures.cpuMsPerAnswer?.toFixed(2) ?? '—'}`;
      return `| ${index + 1} | ${cell(round.started)} | ${cell(round.bare)} | ${(ratios[index] ?? 0).toFixed(2)} |`;
    }),
  ];
  const verdict = median >= ENTRY_LEAST ? 'met' : '**not met**';
  return `${lines.join('\n')}\n\nMedian × ${median.toFixed(2)} (target ≥ ${ENTRY_LEAST}): ${verdict}.`;
}

function referenceOf(
  run: EngineRun,
  served: Served,
  connections: number,
  kind: 'reference' | 'bare' = 'reference',
): Figures | undefined {
  return run.measurements.find(
    (item) =>
      item.benchCase.kind === kind && item.benchCase.served === served && item.figures.connections === connections,
  )?.figures;
}

function cacheSummary(figures: Figures): string {
  const entries = Object.entries(figures.cacheStates);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return '—';
  if (entries.length === 1) return entries[0]?.[0] === 'none' ? '—' : (entries[0]?.[0] as string);
  return (
    entries
      .sort(([, a], [, b]) => b - a)
      // A rare state (a refresh when an entry's freshness ran out) is given as a count of answers.
      .map(([state, count]) =>
        count / total < 0.001 ? `${state} ×${count}` : `${state} ${((count / total) * 100).toFixed(1)} %`,
      )
      .join(', ')
  );
}

interface Verdict {
  text: string;
  gaps: string[];
}

/**
 * A case's requests/s over its reference's and over the bare Fastify's, at the same server and connections: the bare
 * Fastify measured right before it when it has a share-of-bare target, else the run's.
 */
function ratiosOf(
  run: EngineRun,
  { benchCase, figures, bareBeside }: Measurement,
): { ratio: number; bareRatio: number } {
  const over = (reference: Figures | undefined) =>
    reference ? figures.requestsPerSecond / reference.requestsPerSecond : Number.NaN;
  return {
    ratio: over(referenceOf(run, benchCase.served, figures.connections)),
    bareRatio: over(bareBeside ?? referenceOf(run, benchCase.served, figures.connections, 'bare')),
  };
}

/** The verdict of each target of the case that applies to the measurement. */
function verdictsOf(engine: Engine, benchCase: BenchCase, figures: Figures, ratio: number, bareRatio: number) {
  const verdicts: { target: Target; verdict: Verdict }[] = [];
  for (const target of benchCase.targets ?? []) {
    const gaps = target.gaps(engine, figures, ratio, bareRatio);
    if (gaps === null) continue;
    if (figures.errors > 0) gaps.push(`${figures.errors} errors`);
    verdicts.push({ target, verdict: { text: gaps.length === 0 ? 'met' : `**not met**: ${gaps.join(', ')}`, gaps } });
  }
  return verdicts;
}

function table(run: EngineRun): string {
  const lines = [
    '| Case | Served | Conn. | req/s | × reference | × bare Fastify | p50 ms | p99 ms | CPU ms | Bytes | X-Cache | Errors | Target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|',
  ];
  for (const measurement of run.measurements) {
    const { benchCase, figures, bareBeside } = measurement;
    const { ratio, bareRatio } = ratiosOf(run, measurement);
    const verdicts = verdictsOf(run.engine, benchCase, figures, ratio, bareRatio);
    const verdict = verdicts.length ? verdicts.map((each) => each.verdict.text).join('; ') : '';
    const name = benchCase.kind === 'page' ? `page: ${benchCase.name}` : benchCase.name;
    lines.push(
      `| ${name} | ${benchCase.served} | ${figures.connections} | ${figures.requestsPerSecond.toFixed(0)} | ${benchCase.kind === 'bare' ? '—' : `${(ratio * 100).toFixed(1)} %`} | ${(bareRatio * 100).toFixed(1)} %${bareBeside ? ` of ${bareBeside.requestsPerSecond.toFixed(0)}` : ''} | ${figures.p50} | ${figures.p99} | ${figures.cpuMsPerAnswer?.toFixed(2) ?? '—'} | ${figures.bytes} | ${cacheSummary(figures)} | ${figures.errors}${figures.timeouts ? ` (${figures.timeouts} timed out)` : ''} | ${verdict} |`,
    );
  }
  return lines.join('\n');
}

/** Each target: in how many measurements it applies and holds, and the ones where it does not. */
function targetSummary(runs: EngineRun[]): string {
  const byTarget = new Map<string, { applies: number; met: number; misses: string[] }>();
  for (const run of runs) {
    for (const measurement of run.measurements) {
      const { benchCase, figures } = measurement;
      const { ratio, bareRatio } = ratiosOf(run, measurement);
      for (const { target, verdict } of verdictsOf(run.engine, benchCase, figures, ratio, bareRatio)) {
        const entry = byTarget.get(target.text) ?? { applies: 0, met: 0, misses: [] };
        entry.applies += 1;
        if (verdict.gaps.length === 0) entry.met += 1;
        else
          entry.misses.push(
            `${run.engine}, ${benchCase.name}, ${benchCase.served}, ${figures.connections} conn.: ${verdict.gaps.join(', ')}`,
          );
        byTarget.set(target.text, entry);
      }
    }
  }
  return [...byTarget.entries()]
    .map(
      ([text, entry]) =>
        `- ${text}: met in ${entry.met} of ${entry.applies} measurements${entry.misses.length ? `; not met in:\n${entry.misses.map((miss) => `  - ${miss}`).join('\n')}` : '.'}`,
    )
    .join('\n');
}

/** Where the sections this benchmark does not write begin in docs/benchmarks.md (the first one found). */
const KEPT_SECTIONS_FROM = [
  '## Targets not met: gaps and causes',
  '## Storefront first-load JavaScript (budget)',
  '## Lighthouse (`npm run lighthouse`)',
];

async function main() {
  assertProductionBuild();
  const engines = (process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']).filter(
    (engine) => !ONLY || !process.env.BENCH_ENGINE || engine === process.env.BENCH_ENGINE,
  ) as Engine[];
  const runs: EngineRun[] = [];
  for (const engine of engines) runs.push(await runEngine(engine));
  const cpus = os.cpus();
  const sections = runs.map(
    (run) =>
      `### ${run.engine === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL (BENCH_DATABASE_URL)'}\n\n` +
      `Load average (1 min) ${run.load[0].toFixed(1)} at the start, ${run.load[1].toFixed(1)} at the end; ${run.seconds} s.\n\n${table(run)}` +
      (run.entryRounds.length > 0
        ? `\n\nThe product page without the cache, ${ENTRY_COMPARISON} (\`node dist/main.js\`, no flag), 10 connections, ${ENTRY_ROUNDS} alternate rounds:\n\n${entryTable(run)}`
        : ''),
  );
  const document = `# Benchmarks

## Requests (\`npm run bench\`)

Produced by \`npm run bench\` (apps/api/bench/run.ts; it builds first): the production build of the shop
(apps/storefront/dist/main.js: the API with the storefront server registered on it, one process) listens on
loopback, started with \`npm start\`'s command (\`node --enable-source-maps\`, scripts/lib/server-command.mjs, and its
settings); autocannon, in the benchmark's own process, sends each request with \`accept-encoding: ${BROWSER_ACCEPT_ENCODING}\` (Chromium's) at
the given number of concurrent connections for ${DURATION_SECONDS} s (after ${WARMUP_SECONDS} s of warm-up at 10
connections; the order case sends a fixed number of requests instead, since each uses up a cart). The server runs
with the production configuration, except that rate limits are off; it logs at its default level (a line per
request) into a file.

- **Bare Fastify**: a Fastify server with no plugin, hook or logger (apps/api/bench/bare-server.ts), a process of
  its own on the same machine, answering \`GET /api/health/\` with the same bytes as the shop's, measured just
  before the shop's cases at the same numbers of connections. "× bare Fastify" is a case's requests/s over its. A case
  held to a share of the bare Fastify (the floor, cached pages, uncached reads) is measured right after a measurement
  of the bare server of its own, at the same connections, and its share is over that one ("26.3 % of 38 120"): on a
  shared machine the bare server's rate moves by half or more within a run.
- **Reference**: \`GET /api/health/\` of the same server process at the same number of connections (a small JSON
  answer through every hook of the app). "× reference" is a case's requests/s over the reference's.
- **Served "cache"**: the production configuration. Public pages and public API reads come from the response cache
  (in memory; \`X-Cache: hit\`), filled by the warm-up.
- **Served "no cache"**: a second server on the same data with \`RESPONSE_CACHE_FRESH_SECONDS=0\`: every page is
  rendered by React Router (with its API calls answered in process) and every API read by its handler
  (\`X-Cache: bypass\`). Pages are also measured with one connection: there the median is the time of one render;
  with more connections it includes the wait behind the other renders on the one Node thread.
- **Data**: the seeded demo shop (its first product, category and post), a second shop ("10k") with
  ${GENERATED_PRODUCTS.toLocaleString('en')} generated products, and a third shop for carts and orders, where each
  request comes from another signed-in customer (one cart line added; one order of one line placed, in its
  transaction with the product row locked).
- **CPU ms**: the server process's CPU time (user and system, from /proc) per answer: PGlite's work is in it,
  PostgreSQL's is not. Unlike requests/s and latency it hardly depends on what else runs on the machine.
- **Start command against the bare entry** (PostgreSQL): the product page without the cache through that server and
  through the same build started as \`node dist/main.js\` with no flag, alternately, three rounds at 10 connections.
- **Bytes**: received per answer, headers included. **X-Cache**: the states the answers carried.
- PostgreSQL runs when \`BENCH_DATABASE_URL\` names a server, e.g.
  \`BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench\` (a database is created and
  dropped on it); PGlite always runs.

Figures vary between runs and machines: read them next to their reference, never alone.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}; Node ${process.version}

Targets:

${targetSummary(runs)}

${sections.join('\n\n')}
`;
  if (ONLY) {
    console.log(document);
    return;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const target = path.resolve(here, '../../../docs/benchmarks.md');
  const previous = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  const kept = KEPT_SECTIONS_FROM.map((heading) => previous.indexOf(heading)).find((index) => index >= 0) ?? -1;
  fs.writeFileSync(target, kept >= 0 ? `${document}\n${previous.slice(kept)}` : document);
  console.log(`written ${target}`);
}

await main();
