import {
  CardPaymentRequest,
  CardPaymentStart,
  CreateOrderBody,
  ErrorDetail,
  ItemParams,
  Order,
  OrderDocumentList,
  OrderListQuery,
  OrderPage,
} from '@platform/contracts';
import {
  AdminDashboard,
  AdminDashboardQuery,
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderPage,
  CreateRefundBody,
  OrderNoteBody,
  OrderTransitionBody,
  RefundQuote,
  RefundQuoteBody,
} from '@platform/contracts/admin';
import { SalesReport, SalesReportQuery } from '@platform/contracts/reports';
import { ShippingQuote, ShippingQuoteQuery } from '@platform/contracts/shipping';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { pageAnswer } from '../../lib/urls.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import type { DocumentFile } from '../documents/index.ts';
import {
  customerOrderDocument,
  customerOrderDocuments,
  staffCustomsDeclaration,
  staffOrderDocument,
  staffOrderDocuments,
  staffPackingSlip,
} from './documents/index.ts';
import {
  addOrderNote,
  exportOrdersCsv,
  getOrderForStaff,
  listOrdersForStaff,
  moveOrderByStaff,
  refundOrderByStaff,
} from './orders.admin.ts';
import { payOrderByCard } from './orders.payments.ts';
import { getOrder, listOrders, placeOrder, quoteShipping } from './orders.service.ts';
import { quoteRefund } from './refunds/index.ts';
import { salesReport, shopDashboard } from './sales/index.ts';

const OrderParams = ItemParams;
const DocumentParams = z.object({ id: ItemParams.shape.id, documentId: ItemParams.shape.id });

/** An order's document as the answer: a PDF to save, named by its number. */
function sendPdf(reply: FastifyReply, file: DocumentFile) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

/** Printable ASCII, as clients make them (UUIDs and the like). */
const IdempotencyKeyHeader = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: 'Idempotency-Key must be 1 to 255 printable characters.' })
    .optional(),
});

/**
 * `/orders/orders/`: placing an order from the cart, and the customer's order history; `/orders/shipping-quote/`:
 * what the cart costs delivered to a country; `/payments/card/initiate/`:
 * paying one of them by card (spec section 7: the path is ours).
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['orders'], security: [{ tenant: [], bearer: [] }] };
  app.addHook('onRequest', signedIn());

  app.post(
    '/orders/orders/',
    {
      schema: {
        ...schema,
        headers: IdempotencyKeyHeader,
        body: CreateOrderBody,
        response: { 200: Order, 201: Order, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { order, created } = await placeOrder(request.ctx, {
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      // A replay answers as the first request did, so that a client retrying after a lost answer reads the same.
      return reply.code(201).header('idempotent-replayed', String(!created)).send(order);
    },
  );

  app.get(
    '/orders/shipping-quote/',
    {
      schema: { ...schema, querystring: ShippingQuoteQuery, response: { 200: ShippingQuote, ...errorResponses } },
    },
    async (request) => quoteShipping(request.ctx, request.query),
  );

  app.get(
    '/orders/orders/',
    { schema: { ...schema, querystring: OrderListQuery, response: { 200: OrderPage, ...errorResponses } } },
    async (request) => pageAnswer(request, await listOrders(request.ctx, request.query)),
  );

  app.get(
    '/orders/orders/:id/',
    { schema: { ...schema, params: OrderParams, response: { 200: Order, ...errorResponses } } },
    async (request) => getOrder(request.ctx, request.params.id),
  );

  app.get(
    '/orders/orders/:id/documents/',
    { schema: { ...schema, params: OrderParams, response: { 200: OrderDocumentList, ...errorResponses } } },
    async (request) => customerOrderDocuments(request.ctx, request.params.id),
  );

  app.get('/orders/orders/:id/invoice/', { schema: { ...schema, params: OrderParams } }, async (request, reply) =>
    sendPdf(reply, await customerOrderDocument(request.ctx, request.params.id, 'invoice')),
  );

  app.get(
    '/orders/orders/:id/documents/:documentId/',
    { schema: { ...schema, params: DocumentParams } },
    async (request, reply) =>
      sendPdf(reply, await customerOrderDocument(request.ctx, request.params.id, request.params.documentId)),
  );

  app.post(
    '/payments/card/initiate/',
    {
      schema: {
        ...schema,
        tags: ['payments'],
        body: CardPaymentRequest,
        response: { 200: CardPaymentStart, ...errorResponses, 409: ErrorDetail, 502: ErrorDetail },
      },
    },
    async (request) => payOrderByCard(request.ctx, request.body),
  );
};

/**
 * `/admin/orders/`: the shop's orders for staff — list, detail, status changes, notes, CSV export; the dashboard and
 * `/admin/reports/sales/`, the sales report.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_orders'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/orders/',
    { schema: { ...schema, querystring: AdminOrderListQuery, response: { 200: AdminOrderPage, ...errorResponses } } },
    async (request) => listOrdersForStaff(request.ctx, request.query),
  );

  app.get(
    '/dashboard/',
    {
      schema: { ...schema, querystring: AdminDashboardQuery, response: { 200: AdminDashboard, ...errorResponses } },
    },
    async (request) => shopDashboard(request.ctx, request.query),
  );

  app.get(
    '/reports/sales/',
    { schema: { ...schema, querystring: SalesReportQuery, response: { 200: SalesReport, ...errorResponses } } },
    async (request) => salesReport(request.ctx, request.query),
  );

  app.get('/orders/export/', { schema: { ...schema, querystring: AdminOrderListQuery } }, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(await exportOrdersCsv(request.ctx, request.query)),
  );

  app.get(
    '/orders/:id/',
    { schema: { ...schema, params: OrderParams, response: { 200: AdminOrder, ...errorResponses } } },
    async (request) => getOrderForStaff(request.ctx, request.params.id),
  );

  app.get(
    '/orders/:id/documents/',
    { schema: { ...schema, params: OrderParams, response: { 200: OrderDocumentList, ...errorResponses } } },
    async (request) => staffOrderDocuments(request.ctx, request.params.id),
  );

  app.get('/orders/:id/invoice/', { schema: { ...schema, params: OrderParams } }, async (request, reply) =>
    sendPdf(reply, await staffOrderDocument(request.ctx, request.params.id, 'invoice')),
  );

  app.get(
    '/orders/:id/documents/:documentId/',
    { schema: { ...schema, params: DocumentParams } },
    async (request, reply) =>
      sendPdf(reply, await staffOrderDocument(request.ctx, request.params.id, request.params.documentId)),
  );

  app.get('/orders/:id/packing-slip/', { schema: { ...schema, params: OrderParams } }, async (request, reply) =>
    sendPdf(reply, await staffPackingSlip(request.ctx, request.params.id)),
  );

  app.get('/orders/:id/customs-declaration/', { schema: { ...schema, params: OrderParams } }, async (request, reply) =>
    sendPdf(reply, await staffCustomsDeclaration(request.ctx, request.params.id)),
  );

  app.post(
    '/orders/:id/transition/',
    {
      schema: {
        ...schema,
        params: OrderParams,
        body: OrderTransitionBody,
        response: { 200: AdminOrder, ...errorResponses, 409: ErrorDetail },
      },
    },
    async (request) => moveOrderByStaff(request.ctx, request.params.id, request.body),
  );

  app.post(
    '/orders/:id/refunds/',
    {
      schema: {
        ...schema,
        params: OrderParams,
        headers: IdempotencyKeyHeader,
        body: CreateRefundBody,
        response: { 200: AdminOrder, 201: AdminOrder, ...errorResponses, 409: ErrorDetail, 502: ErrorDetail },
      },
    },
    async (request, reply) => {
      const { order, created } = await refundOrderByStaff(
        request.ctx,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply
        .code(created ? 201 : 200)
        .header('idempotent-replayed', String(!created))
        .send(order);
    },
  );

  app.post(
    '/orders/:id/refunds/quote/',
    {
      schema: {
        ...schema,
        params: OrderParams,
        body: RefundQuoteBody,
        response: { 200: RefundQuote, ...errorResponses },
      },
    },
    async (request) => quoteRefund(request.ctx, request.params.id, request.body),
  );

  app.post(
    '/orders/:id/notes/',
    {
      schema: { ...schema, params: OrderParams, body: OrderNoteBody, response: { 200: AdminOrder, ...errorResponses } },
    },
    async (request) => addOrderNote(request.ctx, request.params.id, request.body),
  );
};
