// Vitest's global setup of the API's database tests: one migrated database per run, which every test database copies
// (`createTestDatabase`): a closed PGlite data folder, or a template database on TEST_DATABASE_URL's server. Which one
// follows the project's engine (TEST_DB_ENGINE in its `env`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

/** What the run's projects of one engine share: the scratch folder, the migrated template and how many use them. */
interface RunTemplate {
  scratch: string;
  made: Promise<{ template: string; drop(): Promise<void> }>;
  users: number;
}

/**
 * Per engine, in Vitest's process (each project loads this file anew: the map lives on `globalThis`). Each engine's
 * three projects (its files two at a time, alone, shared) run their global setups one after another before any file
 * runs: one migration per engine instead of three (a PGlite template is 5 to 7 s of that wait).
 */
const vitestProcess = globalThis as { apiRunTemplates?: Map<string, RunTemplate> };
vitestProcess.apiRunTemplates ??= new Map();
const runTemplates = vitestProcess.apiRunTemplates;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  let shared = runTemplates.get(engine);
  if (!shared) {
    // The run's scratch folders (`scratchFolder`: the PGlite databases' folders, the demo's), removed with the run, in
    // memory-backed /dev/shm where the machine has it: a copy of the migrated PGlite folder (60 MB) takes tens of
    // milliseconds there.
    const scratch = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'api-tests-'));
    shared = { scratch, made: engine === 'postgres' ? postgresTemplate() : pgliteTemplate(scratch), users: 0 };
    runTemplates.set(engine, shared);
  }
  const run = shared;
  run.users++;
  const made = await run.made;
  project.provide('scratchFolder', run.scratch);
  project.provide('migratedTemplate', made.template);
  return async () => {
    run.users--;
    if (run.users > 0) return;
    runTemplates.delete(engine);
    await made.drop();
    fs.rmSync(run.scratch, { recursive: true, force: true });
  };
}

async function pgliteTemplate(scratch: string) {
  const dataDir = path.join(scratch, 'template');
  const database = await openDatabase({ dataDir });
  await migrate(database);
  await database.close();
  // PGlite zeroes its shared buffers on every start: at PostgreSQL's 128 MB that was most of a test database's start
  // (about a second of CPU); a test's data fits in 16 MB.
  fs.appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), "shared_buffers = '16MB'\n");
  return { template: dataDir, drop: async () => undefined };
}

async function postgresTemplate() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const template = `t_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = (statement: string) => adminQuery(serverUrl, statement);
  await admin(`create database ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await migrate(database);
  } finally {
    // A database is copied only while nobody is connected to it.
    await database.close();
  }
  return {
    template,
    // With the run's databases named after it: the demo shops seeded from it (`createDemoSource`) by the processes of
    // the run, and test databases whose drop had not ended when their process did (`createEmptyTestDatabase`).
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>(
          'select datname from pg_database where datname like $1',
          [`${template}\\_%`],
        );
        for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await client.end();
      }
      await admin(`drop database if exists ${template} with (force)`);
    },
  };
}

/** Runs one statement on the server of `serverUrl` in a connection of its own (`create database` and `drop database`). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
