import type { Db } from '../src/db/client.ts';

interface Logger {
  logQuery(query: string, params: unknown[]): void;
}

/**
 * Counts the SQL statements Drizzle sends while `fn` runs, on PGlite and PostgreSQL alike, through the database's
 * query logger: one object shared by all its handles (the application's, each shop's, their transactions').
 * Transaction control is left out: Drizzle logs `begin` and `commit` on PostgreSQL only (PGlite's driver sends them).
 * `params` holds each statement's parameters, in the same order.
 */
export async function countQueries<T>(
  db: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; queries: string[]; params: unknown[][] }> {
  const logger = (db as unknown as { session: { logger: Logger } }).session.logger;
  const previous = logger.logQuery;
  const queries: string[] = [];
  const params: unknown[][] = [];
  logger.logQuery = (query, values) => {
    if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query)) return;
    queries.push(query);
    params.push(values);
  };
  try {
    return { result: await fn(), queries, params };
  } finally {
    logger.logQuery = previous;
  }
}
