/**
 * `npm run bench:search-plans`: where a search's time goes, on PostgreSQL. Makes the
 * benchmark's shop of 10 000 generated products (bench/data.ts) in a database of its own on BENCH_DATABASE_URL, then,
 * for each search of the benchmark, answers it in process (`app.inject`, no response cache) and prints: the median
 * time of one answer alone, the CPU time per answer of PostgreSQL's server process (one connection) and of Node (both
 * hardly depend on what else the machine runs), its statements, and the plan of each with its timing
 * (`explain (analyze, buffers)`, run as the application's role with the shop set, as the application runs it). The
 * database is dropped at the end, unless BENCH_KEEP_DATABASE=1 (its name is printed: try statements on it with psql).
 *
 * BENCH_DATABASE_URL (required), BENCH_PRODUCTS (default 10 000), BENCH_SEARCHES (searches separated by `|`, default
 * the benchmark's), BENCH_RUNS (answers timed per search, default 100), BENCH_PLANS=0 (timings only, no plans),
 * BENCH_NODE_PROFILE (a folder: a V8 CPU profile of each search's timed answers is written there).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { APPLICATION_ROLE } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { openConfiguredDatabase } from '../src/runtime.ts';
import { seedLargeCatalog } from './data.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SEARCHES = (
  process.env.BENCH_SEARCHES ??
  'sirupate|bhojpure horn|horn handle|kukris|sirupati|gurhka|bhojpuri horn|kukri wth sheath|xyzzyq|' +
    'khukuri under 90|cheapest khukuri|lightest khukuri|left handed'
).split('|');
const PLANS = process.env.BENCH_PLANS !== '0';
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

interface Logger {
  logQuery(query: string, params: unknown[]): void;
}

/**
 * CPU time (user and system, ms) used so far by each server process of the database's connections: unlike wall time,
 * it hardly depends on what else the machine runs. Needs the server on this machine (/proc); else empty.
 */
async function databaseCpuMs(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const msPerTick = 1000 / 100;
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime: the 14th and 15th fields, the 12th and 13th after the command's name.
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * msPerTick);
    } catch {
      // A connection closed meanwhile.
    }
  }
  return used;
}

/** The CPU time used between two readings, by the processes alive at the second. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, used] of after) total += used - (before.get(pid) ?? 0);
  return total;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main() {
  if (!SERVER_URL) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL server.');
  const name = `plans_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plans-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    RATE_LIMIT_ENABLED: 'false',
    RESPONSE_CACHE_FRESH_SECONDS: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    // One connection: its server process does all the work measured.
    DATABASE_POOL_SIZE: '1',
  });
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  const owner = new pg.Client({ connectionString: url.toString() });
  try {
    await migrate(database);
    const shop = await seedLargeCatalog(database, PRODUCTS);
    await database.raw.exec('vacuum analyze');
    await owner.connect();
    await owner.query(`set pg_trgm.word_similarity_threshold = 0.45`);
    const logger = (database.db as unknown as { session: { logger: Logger } }).session.logger;
    for (const text of SEARCHES) {
      const request = {
        method: 'GET' as const,
        url: `/api/products/products/?search=${encodeURIComponent(text)}&page=1&page_size=24`,
        headers: { 'x-tenant-token': shop.token },
      };
      // The first answer fills what the app keeps between requests (the shops by token).
      await app.inject(request);
      const statements: { query: string; params: unknown[] }[] = [];
      logger.logQuery = (query, params) => {
        if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query)) statements.push({ query, params });
      };
      const first = await app.inject(request);
      logger.logQuery = () => undefined;
      const times: number[] = [];
      const databaseBefore = await databaseCpuMs(owner, name);
      const profiler = process.env.BENCH_NODE_PROFILE ? new Session() : null;
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
      const nodeBefore = process.cpuUsage();
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await app.inject(request);
        times.push(performance.now() - started);
      }
      const nodeCpu = process.cpuUsage(nodeBefore);
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        const file = path.resolve(process.env.BENCH_NODE_PROFILE as string, `${text.replace(/\W+/g, '-')}.cpuprofile`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify(profile));
        profiler.disconnect();
      }
      const databaseCpu = cpuBetween(databaseBefore, await databaseCpuMs(owner, name));
      const body = first.json() as { count?: number };
      console.log(
        `\n=== "${text}": ${first.statusCode}, count ${body.count}, median ${median(times).toFixed(1)} ms alone ` +
          `(${RUNS} runs), CPU per answer: PostgreSQL ${(databaseCpu / RUNS).toFixed(2)} ms, ` +
          `Node ${((nodeCpu.user + nodeCpu.system) / 1000 / RUNS).toFixed(2)} ms; ${statements.length} statements`,
      );
      for (const [index, statement] of statements.entries()) {
        console.log(`\n--- statement ${index + 1}: ${statement.query.replace(/\s+/g, ' ').slice(0, 300)}`);
        if (!PLANS) continue;
        await owner.query('begin');
        try {
          await owner.query(`set local role ${APPLICATION_ROLE}`);
          await owner.query(`select set_config('app.tenant_id', '${shop.id}', true)`);
          const plan = await owner.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${statement.query}`,
            statement.params,
          );
          console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
        } finally {
          await owner.query('rollback');
        }
      }
    }
  } finally {
    await owner.end().catch(() => undefined);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DATABASE === '1') {
      console.log(`\nkept the database ${name}`);
    } else {
      const cleanup = new pg.Client({ connectionString: SERVER_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  }
}

await main();
