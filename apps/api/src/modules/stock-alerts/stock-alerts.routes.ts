import {
  ItemParams,
  StockAlertAnswer,
  StockAlertBody,
  StockAlertConfirmBody,
  StockAlertList,
} from '@platform/contracts';
import { AdminStockAlertDemandPage, AdminStockAlertQuery } from '@platform/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import {
  cancelMyStockAlert,
  confirmStockAlert,
  listMyStockAlerts,
  listStockAlertDemand,
  requestStockAlert,
} from './stock-alerts.service.ts';

/** Alerts a client address may ask for in the window (each guest's mails a link: not a way to mail strangers). */
const ALERT_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/** Back-in-stock alerts: asked on a product page, confirmed by a guest's link, listed and cancelled by a customer. */
export const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stock alerts'];
  const signedInSchema = { tags, security: [{ tenant: [], bearer: [] }] };
  app.post(
    '/products/products/:slug/stock-alerts/',
    {
      schema: {
        tags,
        params: SlugParams,
        body: StockAlertBody,
        response: { 201: StockAlertAnswer, 202: StockAlertAnswer, ...errorResponses },
      },
      config: routeRateLimit(ALERT_LIMIT),
    },
    async (request, reply) => {
      const answer = await requestStockAlert(request.ctx, request.params.slug, request.body);
      return reply.code(answer.confirmed ? 201 : 202).send(answer);
    },
  );
  app.post(
    '/products/stock-alerts/confirm/',
    {
      schema: { tags, body: StockAlertConfirmBody, response: { 200: StockAlertAnswer, ...errorResponses } },
      config: routeRateLimit(ALERT_LIMIT),
    },
    async (request) => confirmStockAlert(request.ctx, request.body),
  );
  app.get(
    '/products/stock-alerts/',
    { onRequest: signedIn(), schema: { ...signedInSchema, response: { 200: StockAlertList, ...errorResponses } } },
    async (request) => listMyStockAlerts(request.ctx),
  );
  app.delete(
    '/products/stock-alerts/:id/',
    {
      onRequest: signedIn(),
      schema: { ...signedInSchema, params: ItemParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await cancelMyStockAlert(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** `/admin/stock-alerts/`: what shoppers wait for (staff with the products' permission). */
export const stockAlertsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_products'));
  app.get(
    '/stock-alerts/',
    {
      schema: {
        tags: ['admin'],
        security: [{ tenant: [], bearer: [] }],
        querystring: AdminStockAlertQuery,
        response: { 200: AdminStockAlertDemandPage, ...errorResponses },
      },
    },
    async (request) => listStockAlertDemand(request.ctx, request.query),
  );
};
