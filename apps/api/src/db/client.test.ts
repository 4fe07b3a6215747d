import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableReason, isDatabaseUnavailable } from './client.ts';

/** An error as node-postgres or Node's sockets make them: a message and an optional code. */
function failure(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('telling an unavailable database from a wrong statement', () => {
  it.each([
    ['a refused connection', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection cut', failure('Connection terminated unexpectedly')],
    ['no connection in time', failure('timeout exceeded when trying to connect')],
    ['a silent server', failure('Query read timeout')],
    ['a server shutting down (57P01)', failure('terminating connection due to administrator command', '57P01')],
    ['a server starting up (57P03)', failure('the database system is starting up', '57P03')],
    ['a server out of connections (53300)', failure('sorry, too many clients already', '53300')],
    ['a statement past its limit (57014)', failure('canceling statement due to statement timeout', '57014')],
    ['a connection failure (08006)', failure('connection failure', '08006')],
    ['both addresses refused', new AggregateError([failure('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
  ])('%s is the database being unavailable, also inside a query error', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error))).toBe(true);
  });

  it.each([
    ['a missing table (42P01)', failure('relation "site_settings" does not exist', '42P01')],
    ['a unique violation (23505)', failure('duplicate key value violates unique constraint', '23505')],
    ['a check violation (23514)', failure('new row violates check constraint', '23514')],
    ['a row-level security refusal (42501)', failure('new row violates row-level security policy', '42501')],
    ['a programming error', new TypeError('Cannot read properties of undefined')],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error))).toBe(false);
  });

  it('names what happened, with its code, for the log', () => {
    const cause = failure('terminating connection due to administrator command', '57P01');
    expect(databaseUnavailableReason(new DrizzleQueryError('select secret from t where x = $1', ['p'], cause))).toBe(
      'terminating connection due to administrator command (57P01)',
    );
  });
});
