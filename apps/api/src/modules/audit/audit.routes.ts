import { AdminListQuery, AuditPage, adminOrdering } from '@platform/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import { listAuditLog } from './audit.service.ts';

/** `/admin/audit-log/`: every write of the administration, for the owner. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log/',
    {
      onRequest: staffOnly('manage_settings'),
      schema: {
        tags: ['admin'],
        querystring: AdminListQuery.extend({
          ordering: adminOrdering('created_at'),
          entity: z.string().max(40).optional(),
          entity_id: z.string().max(40).optional(),
        }),
        response: { 200: AuditPage, ...errorResponses },
      },
    },
    async (request) => listAuditLog(request.ctx, request.query),
  );
};
