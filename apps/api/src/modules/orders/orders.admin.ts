// The administration of orders: the shop's orders for staff, their history, notes and payments, status changes
// through the lifecycle (audited), and the export of a filtered list as CSV (`lib/csv.ts`).
import type {
  AdminDashboard,
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderSummary,
  OrderNoteBody,
  OrderTransitionBody,
} from '@platform/contracts';
import { formatMinor } from '@platform/contracts';
import type { z } from 'zod';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { toCsv } from '../../lib/csv.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { findAccountIdsMatching, getAccountEmails } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { listLowStockProducts } from '../inventory/index.ts';
import { listOrderPayments } from '../payments/index.ts';
import { moveOrder } from './orders.lifecycle.ts';
import {
  findOrderWithLines,
  insertOrderNote,
  listOrderHistory,
  listOrderNotes,
  listShopOrders,
  lockOrder,
  type OrderFilter,
  type OrderRow,
  orderFigures,
} from './orders.repository.ts';
import { toOrder, toSummary } from './orders.service.ts';

const EXPORT_LIMIT = 10_000;

function summaryOf(row: OrderRow, emails: Map<number, string>): AdminOrderSummary {
  return {
    ...toSummary(row),
    customer_id: row.userId,
    customer_email: emails.get(row.userId) ?? '',
    is_test: row.isTest,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function filterOf(ctx: RequestContext, query: AdminOrderListQuery): Promise<OrderFilter> {
  const text = query.search?.trim();
  return {
    status: query.status,
    paymentMethod: query.payment_method,
    userId: query.customer,
    search: text ? { text, userIds: await findAccountIdsMatching(ctx, text) } : undefined,
  };
}

/** `GET /admin/orders/`: the shop's orders, filtered by status, method, customer or text, newest first. */
export async function listOrdersForStaff(
  ctx: RequestContext,
  query: AdminOrderListQuery,
): Promise<{ count: number; results: AdminOrderSummary[] }> {
  requireStaff(ctx);
  const { rows, count } = await listShopOrders(ctx.scope, await filterOf(ctx, query), {
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const emails = await getAccountEmails(
    ctx,
    rows.map((row) => row.userId),
  );
  return { count, results: rows.map((row) => summaryOf(row, emails)) };
}

/** `GET /admin/orders/{id}/`: the order in full, with who moved it, the shipping details, notes and payments. */
export async function getOrderForStaff(ctx: RequestContext, orderId: number): Promise<AdminOrder> {
  requireStaff(ctx);
  const row = await findOrderWithLines(ctx.scope, orderId);
  if (!row) throw new NotFoundError('Order not found.', 'order_not_found');
  const [history, notes, payments, emails] = await Promise.all([
    listOrderHistory(ctx.scope, orderId),
    listOrderNotes(ctx.scope, orderId),
    listOrderPayments(ctx, orderId),
    getAccountEmails(ctx, [row.userId]),
  ]);
  const order = toOrder(ctx, row);
  return {
    ...summaryOf(row, emails),
    items: order.items,
    subtotal: order.subtotal,
    shipping: order.shipping,
    delivery_address: order.delivery_address,
    payment_due_at: order.payment_due_at,
    carrier: row.carrier,
    tracking_number: row.trackingNumber,
    tracking_url: row.trackingUrl,
    history: history.map((step) => ({
      status: step.toStatus,
      from_status: step.fromStatus,
      at: step.createdAt.toISOString(),
      actor: step.actor,
      reason: step.reason,
    })),
    notes: notes.map((note) => ({
      id: note.id,
      author_user_id: note.authorUserId,
      body: note.body,
      created_at: note.createdAt.toISOString(),
    })),
    payments,
  };
}

/**
 * `POST /admin/orders/{id}/transition/`: a member of staff moves an order through the lifecycle, whose table and
 * guards decide (a card order is paid by its payment only; shipping names the carrier and the tracking number, which
 * the customer sees). Audited with the status before and after.
 */
export async function moveOrderByStaff(
  ctx: RequestContext,
  orderId: number,
  body: OrderTransitionBody,
): Promise<AdminOrder> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const moved = await moveOrder(tx, { orderId, to: body.to, actor: 'staff', reason: body.reason, shipment: body });
    if (!moved) throw new NotFoundError('Order not found.', 'order_not_found');
    await recordAudit(tx, {
      action: `order.${body.to}`,
      entity: 'order',
      entityId: orderId,
      before: { status: moved.before.status },
      after: {
        status: body.to,
        ...(body.reason ? { reason: body.reason } : {}),
        ...(body.to === 'shipped' ? { carrier: moved.after.carrier, tracking_number: moved.after.trackingNumber } : {}),
      },
    });
  });
  return getOrderForStaff(ctx, orderId);
}

/** `POST /admin/orders/{id}/notes/`: an internal note (never shown to the customer), audited. */
export async function addOrderNote(
  ctx: RequestContext,
  orderId: number,
  body: z.infer<typeof OrderNoteBody>,
): Promise<AdminOrder> {
  const user = requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    if (!(await lockOrder(tx.scope, orderId))) throw new NotFoundError('Order not found.', 'order_not_found');
    await insertOrderNote(tx.scope, { orderId, authorUserId: user.id, body: body.body });
    await recordAudit(tx, { action: 'order.note', entity: 'order', entityId: orderId, after: { note: body.body } });
  });
  return getOrderForStaff(ctx, orderId);
}

const CSV_COLUMNS = [
  'number',
  'created_at',
  'status',
  'payment_method',
  'total',
  'currency',
  'items',
  'customer_email',
  'fullname',
  'country',
  'carrier',
  'tracking_number',
] as const;

/** `GET /admin/orders/export/`: the filtered list (up to 10 000 orders) as CSV, one order a row. */
export async function exportOrdersCsv(ctx: RequestContext, query: AdminOrderListQuery): Promise<string> {
  requireStaff(ctx);
  const { rows } = await listShopOrders(ctx.scope, await filterOf(ctx, query), {
    ordering: query.ordering,
    limit: EXPORT_LIMIT,
    offset: 0,
  });
  const emails = await getAccountEmails(
    ctx,
    rows.map((row) => row.userId),
  );
  const lines = rows.map((row) => {
    const address = row.deliveryAddress;
    return [
      row.number,
      row.createdAt.toISOString(),
      row.status,
      row.paymentMethod,
      formatMinor(row.totalCents),
      row.currency,
      row.totalItems,
      emails.get(row.userId) ?? '',
      address.fullname ?? '',
      address.country ?? '',
      row.carrier,
      row.trackingNumber,
    ];
  });
  return toCsv(CSV_COLUMNS, lines);
}

/**
 * `GET /admin/dashboard/`: today's orders (since midnight UTC, cancelled ones left out) and their value, the orders
 * awaiting payment, and the products at or below their low-stock threshold.
 */
export async function shopDashboard(ctx: RequestContext, now = new Date()): Promise<AdminDashboard> {
  requireStaff(ctx);
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [figures, lowStock] = await Promise.all([orderFigures(ctx.scope, midnight), listLowStockProducts(ctx)]);
  return {
    orders_today: figures.placed,
    revenue_today: formatMinor(figures.revenueCents),
    awaiting_payment: figures.awaitingPayment,
    low_stock: lowStock,
  };
}
