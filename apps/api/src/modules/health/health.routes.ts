import os from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** This process, as its heartbeat row names it. */
const INSTANCE = `${os.hostname()}:${process.pid}`;

/** Liveness (`/health/`) and readiness (`/ready/`, the database takes a write): no tenant needed. */
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
        request.log.error({ err: error }, 'database not ready');
        return reply
          .code(503)
          .send({ detail: 'The database does not accept writes (unreachable, read-only or full).', code: 'not_ready' });
      }
    },
  );
};
