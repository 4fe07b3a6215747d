import type { Db } from '../src/db/client.ts';

interface Logger {
  logQuery(query: string, params: unknown[]): void;
}

/**
 * Counts the SQL statements Drizzle sends while `fn` runs, on PGlite and PostgreSQL alike, by swapping the session's
 * logger (every prepared query takes its logger from the session).
 */
export async function countQueries<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const session = (db as unknown as { session: { logger: Logger } }).session;
  const previous = session.logger;
  const queries: string[] = [];
  session.logger = { logQuery: (query) => queries.push(query) };
  try {
    return { result: await fn(), queries };
  } finally {
    session.logger = previous;
  }
}
