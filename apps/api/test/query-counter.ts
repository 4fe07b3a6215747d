import type { Db } from '../src/db/client.ts';

interface Logger {
  logQuery(query: string, params: unknown[]): void;
}

/**
 * Counts the SQL statements Drizzle sends while `fn` runs, on PGlite and PostgreSQL alike, through the database's
 * query logger: one object shared by all its handles (the application's, each shop's, their transactions').
 */
export async function countQueries<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const logger = (db as unknown as { session: { logger: Logger } }).session.logger;
  const previous = logger.logQuery;
  const queries: string[] = [];
  logger.logQuery = (query) => void queries.push(query);
  try {
    return { result: await fn(), queries };
  } finally {
    logger.logQuery = previous;
  }
}
