import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import type { Database } from './client.ts';
import { migrate, migrationsDir } from './migrate.ts';

// The platform's own tables: the shops, the migration history, and each instance's readiness heartbeat.
const PLATFORM_TABLES = new Set(['tenants', 'schema_migrations', 'platform_heartbeat']);

describe('schema', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('gives every tenant-owned table a non-null tenant_id leading its primary key', async () => {
    const tables = await testDb.database.raw.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const owned = tables.map((row) => row.table_name).filter((name) => !PLATFORM_TABLES.has(name));
    expect(owned.length).toBeGreaterThan(0);
    for (const table of owned) {
      const keys = await testDb.database.raw.query<{ column_name: string; nullable: string }>(
        `select a.attname as column_name, case when a.attnotnull then 'NO' else 'YES' end as nullable
           from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          where i.indrelid = $1::regclass and i.indisprimary`,
        [table],
      );
      expect(keys, `${table} has a primary key`).toHaveLength(1);
      expect(keys[0], `${table}'s primary key starts with tenant_id`).toEqual({
        column_name: 'tenant_id',
        nullable: 'NO',
      });
    }
  });

  it('leads every index of a tenant-owned table with tenant_id', async () => {
    const indexes = await testDb.database.raw.query<{ table_name: string; index_name: string; first_column: string }>(
      `select t.relname as table_name, ix.relname as index_name, a.attname as first_column
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_class ix on ix.oid = i.indexrelid
         join pg_namespace n on n.oid = t.relnamespace
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
        where n.nspname = 'public'`,
    );
    const owned = indexes.filter((index) => !PLATFORM_TABLES.has(index.table_name));
    expect(owned.length).toBeGreaterThan(10);
    expect(owned.filter((index) => index.first_column !== 'tenant_id').map((index) => index.index_name)).toEqual([]);
  });

  it('applies a letter-suffixed migration right after the one of its number', async () => {
    const applied = await testDb.database.raw.query<{ version: string }>(
      'select version from schema_migrations order by version',
    );
    const versions = applied.map((row) => row.version);
    expect(versions).toContain('0005b_contact_messages_mail.sql');
    expect(versions.indexOf('0005b_contact_messages_mail.sql')).toBe(versions.indexOf('0005_content.sql') + 1);
  });

  it('applies migrations once: a second run applies nothing', async () => {
    expect(await migrate(testDb.database)).toEqual([]);
  });

  it('gives every table with a tenant_id row-level security, forced on its owner too, with the tenant policy', async () => {
    expect(await unsecuredTenantTables(testDb.database)).toEqual([]);
    const secured = await testDb.database.raw.query<{ table_name: string }>(
      `select c.relname as table_name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relrowsecurity and c.relforcerowsecurity`,
    );
    const tenantOwned = (
      await testDb.database.raw.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    )
      .map((row) => row.table_name)
      .filter((name) => !PLATFORM_TABLES.has(name));
    expect(secured.map((row) => row.table_name).sort()).toEqual(tenantOwned.sort());
  });

  // NOTE: last, as it adds a table to this test's database.
  it('secures a tenant table that a later migration adds, in that migration', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      for (const file of fs.readdirSync(migrationsDir())) {
        fs.copyFileSync(path.join(migrationsDir(), file), path.join(dir, file));
      }
      fs.writeFileSync(
        path.join(dir, '9999_later_notes.sql'),
        `create table later_notes (
           tenant_id integer not null references tenants (id),
           id integer generated always as identity,
           note text not null,
           primary key (tenant_id, id)
         );`,
      );
      expect(await migrate(testDb.database, dir)).toEqual(['9999_later_notes.sql']);
      expect(await unsecuredTenantTables(testDb.database)).toEqual([]);
      const [policy] = await testDb.database.raw.query<{ name: string }>(
        `select polname as name from pg_policy where polrelid = 'later_notes'::regclass`,
      );
      expect(policy).toEqual({ name: 'tenant_isolation' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Tables with a tenant_id column that lack forced row-level security or the tenant policy: one policy for every role
 * and command, true only for the transaction's shop (`app.tenant_id`), for reads and for writes.
 */
async function unsecuredTenantTables(database: Database): Promise<string[]> {
  const rows = await database.raw.query<{ table_name: string }>(
    `select c.relname as table_name
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and not (c.relrowsecurity and c.relforcerowsecurity
                 and (select count(*) from pg_policy p where p.polrelid = c.oid) = 1
                 and exists (
                   select from pg_policy p
                    where p.polrelid = c.oid and p.polname = 'tenant_isolation' and p.polcmd = '*'
                      and p.polpermissive and p.polroles = '{0}'
                      and pg_get_expr(p.polqual, p.polrelid) = $1
                      and pg_get_expr(p.polwithcheck, p.polrelid) = $1))
      order by 1`,
    [TENANT_CONDITION],
  );
  return rows.map((row) => row.table_name);
}

/** The policy's condition, as PostgreSQL prints it back. */
const TENANT_CONDITION = "(tenant_id = (NULLIF(current_setting('app.tenant_id'::text, true), ''::text))::integer)";
