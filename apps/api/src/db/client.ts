// Opens the database: PostgreSQL through node-postgres when a URL is given (`postgres.ts`), else embedded PGlite
// (`pglite.ts`). The rest of the API imports what it needs of the database from here.

import type { Database, DatabaseOptions } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export {
  APPLICATION_ROLE,
  type Database,
  type DatabaseOptions,
  type Db,
  type RawSql,
  type Schema,
} from './database.ts';
export { tenantHandle } from './shop-handles.ts';
export { databaseUnavailableReason, isDatabaseUnavailable } from './unavailable.ts';

/** Opens PostgreSQL through node-postgres when a URL is given, else embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    return openPostgres(options.url, {
      poolSize: options.poolSize ?? 10,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      statementTimeoutMs: options.statementTimeoutMs ?? 30_000,
    });
  }
  return openPglite(options.dataDir);
}
