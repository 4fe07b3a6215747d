import os from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseUnavailableReason } from '../../db/client.ts';
import { DatabaseUnavailableError } from '../../lib/errors.ts';

/** This process, as its heartbeat row names it. */
const INSTANCE = `${os.hostname()}:${process.pid}`;

/**
 * Liveness (`/health/`) and readiness (`/ready/`, the database takes a write; 503 `database_unavailable` while it
 * cannot be reached, `not_ready` while it refuses writes): no tenant needed.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready/',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string() }),
          503: z.object({ detail: z.string(), code: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        // A write, committed: a read-only database or a full disk fails here, not on the next order.
        await app.deps.database.raw.query(
          `insert into platform_heartbeat (instance, beat_at) values ($1, now())
           on conflict (instance) do update set beat_at = excluded.beat_at`,
          [INSTANCE],
        );
        return { status: 'ready' as const, database: app.deps.database.engine };
      } catch (error) {
        const reason = databaseUnavailableReason(error);
        if (reason) {
          // Down or silent: the pool's connection timeout bounds how long this answer takes.
          const unavailable = new DatabaseUnavailableError();
          request.log.warn({ reason }, 'database not ready');
          return reply
            .code(503)
            .headers(unavailable.headers)
            .send({ detail: unavailable.detail, code: unavailable.code });
        }
        request.log.error({ err: error }, 'database not ready');
        return reply
          .code(503)
          .send({ detail: 'The database does not accept writes (unreachable, read-only or full).', code: 'not_ready' });
      }
    },
  );
};
