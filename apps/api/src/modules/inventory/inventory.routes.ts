import { ItemParams } from '@platform/contracts';
import { AdminStockAdjustmentBody, AdminStockLedger } from '@platform/contracts/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import { adjustStockByStaff, stockLedgerForStaff } from './inventory.admin.ts';

/** `/admin/products/{id}/stock/`: a product's stock ledger for staff, and corrections through it. */
export const inventoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/products/:id/stock/',
    { schema: { ...schema, params: ItemParams, response: { 200: AdminStockLedger, ...errorResponses } } },
    async (request) => stockLedgerForStaff(request.ctx, request.params.id),
  );

  app.post(
    '/products/:id/stock/',
    {
      schema: {
        ...schema,
        params: ItemParams,
        body: AdminStockAdjustmentBody,
        response: { 200: AdminStockLedger, ...errorResponses },
      },
    },
    async (request) => adjustStockByStaff(request.ctx, request.params.id, request.body),
  );
};
