import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATION_LOCK = 7_264_001;

/**
 * Ends every migration from 0050 on: a table it adds with a `tenant_id` gets row-level security and the tenant policy
 * in the same transaction (`secure_tenant_tables()`, migration 0050), so that no migration can forget it.
 */
const SECURE_TENANT_TABLES = `do $$ begin
  if to_regprocedure('secure_tenant_tables()') is not null then perform secure_tenant_tables(); end if;
end $$;`;

/** The committed SQL migration history: `migrations/NNNN_name.sql` (a later file of the same feature: `NNNNb_name.sql`), applied in name order. */
export function migrationsDir(): string {
  // From the source tree, or from any bundle that includes this module (the API's or the storefront server's).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../migrations')];
  try {
    const packageJson = createRequire(import.meta.url).resolve('@platform/api/package.json');
    candidates.push(path.join(path.dirname(packageJson), 'migrations'));
  } catch {
    // Not installed as a package: the source tree candidate is the one.
  }
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Applies every migration not yet applied, each in its own transaction; returns the names applied. */
export async function migrate(database: Database, dir = migrationsDir()): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}[a-z]?_[\w-]+\.sql$/.test(name))
    .sort();
  return database.withLock(MIGRATION_LOCK, async () => {
    await database.raw.exec(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await database.raw.query<{ version: string }>('select version from schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      // NOTE: each migration runs as one transaction on both engines, so a failing migration leaves nothing behind.
      // Migrations must not contain transaction commands.
      await database.raw.exec(
        `${sql}\n;${SECURE_TENANT_TABLES}\ninsert into schema_migrations (version) values ('${file.replace(/'/g, "''")}');`,
      );
      applied.push(file);
    }
    return applied;
  });
}
