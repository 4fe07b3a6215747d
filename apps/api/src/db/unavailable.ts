// Which errors mean the database could not be reached or stopped answering: the health check's and the error
// handler's reading (503, not 500).

/** Errors of node-postgres and Node's sockets that mean the server could not be reached or stopped answering. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that cannot serve now: shutting down or restarting (57P01–57P03), out of connections
 * (53300), a connection failure (class 08), or a statement cancelled by `statement_timeout` (57014).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * What made the database unavailable, if an error (or any error it wraps: Drizzle's query errors, Node's aggregate
 * connection errors) says it could not be reached or did not answer in time, rather than that a statement was
 * wrong; null otherwise. Such a request may succeed if tried again shortly.
 */
export function databaseUnavailableReason(error: unknown, depth = 0): string | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const { code } = error as { code?: unknown };
  const known =
    typeof code === 'string' &&
    (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code));
  if (known || UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))) {
    return typeof code === 'string' ? `${error.message} (${code})` : error.message;
  }
  if (error instanceof AggregateError) {
    for (const each of error.errors) {
      const reason = databaseUnavailableReason(each, depth + 1);
      if (reason) return reason;
    }
  }
  return databaseUnavailableReason(error.cause, depth + 1);
}

/** Whether an error says the database could not be reached or did not answer in time (`databaseUnavailableReason`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null;
}
