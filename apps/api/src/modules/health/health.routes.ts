import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness (`/health/`) and readiness (`/ready/`, the database answers): no tenant needed. */
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
        await app.deps.database.raw.query('select 1');
        return { status: 'ready' as const, database: app.deps.database.engine };
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        return reply.code(503).send({ detail: 'The database does not answer.', code: 'not_ready' });
      }
    },
  );
};
