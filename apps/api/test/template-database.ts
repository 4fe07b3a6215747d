// Vitest's global setup of the API's database tests: one migrated database per run, which every test database copies
// (`createTestDatabase`): a PGlite data directory's dump in a file, or a template database on TEST_DATABASE_URL's
// server. Which one follows the project's engine (TEST_DB_ENGINE in its `env`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  const made = engine === 'postgres' ? await postgresTemplate() : await pgliteTemplate();
  project.provide('migratedTemplate', made.template);
  return made.drop;
}

async function pgliteTemplate() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const dataDir = path.join(folder, 'data');
  const database = await openDatabase({ dataDir });
  await migrate(database);
  await database.close();
  // NOTE: the dump is made by a PGlite of the folder alone (the application's handle holds its directory lock).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const template = path.join(folder, 'migrated.tar');
  fs.writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  return { template, drop: async () => fs.rmSync(folder, { recursive: true, force: true }) };
}

async function postgresTemplate() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const template = `t_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
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
    // With the demo shops seeded from it (`createDemoSource`), by the processes of the run.
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>(
          'select datname from pg_database where datname like $1',
          [`${template}\\_demo\\_%`],
        );
        for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await client.end();
      }
      await admin(`drop database if exists ${template} with (force)`);
    },
  };
}
