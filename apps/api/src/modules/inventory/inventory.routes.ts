import { ItemParams } from '@platform/contracts';
import { AdminStockAdjustmentBody, AdminStockLedger } from '@platform/contracts/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import { adjustStockByStaff, type OrderNumbers, stockLedgerForStaff } from './inventory.admin.ts';

/**
 * `/admin/products/{id}/stock/`: a product's stock ledger for staff, and corrections through it. `orderNumbers`: the
 * orders module's, handed down by the app (the orders build on the inventory).
 */
export const inventoryAdminRoutes: FastifyPluginAsyncZod<{ orderNumbers: OrderNumbers }> = async (app, options) => {
  app.addHook('onRequest', staffOnly('manage_products'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/products/:id/stock/',
    { schema: { ...schema, params: ItemParams, response: { 200: AdminStockLedger, ...errorResponses } } },
    async (request) => stockLedgerForStaff(request.ctx, request.params.id, options.orderNumbers),
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
    async (request) => adjustStockByStaff(request.ctx, request.params.id, request.body, options.orderNumbers),
  );
};
