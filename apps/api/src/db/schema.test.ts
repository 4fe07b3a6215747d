import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { migrate } from './migrate.ts';

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
});
