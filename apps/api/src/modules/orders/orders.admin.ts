// The administration of orders: the shop's orders for staff, their history, notes and payments, status changes
// through the lifecycle (audited), and the export of a filtered list as CSV (`lib/csv.ts`).

import { checkMove, formatMinor } from '@platform/contracts';
import type {
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderSummary,
  CreateRefundBody,
  OrderNoteBody,
  OrderTransitionBody,
} from '@platform/contracts/admin';
import type { z } from 'zod';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { toCsv } from '../../lib/csv.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { findAccountIdsMatching, getAccountEmails } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { listOrderPayments, refundTotals, staffRefunds } from '../payments/index.ts';
import { getSellingAbroadSettings } from '../site/index.ts';
import { moveOrder } from './orders.lifecycle.ts';
import {
  findOrderWithLines,
  includedTaxOfOrders,
  insertOrderNote,
  listOrderHistory,
  listOrderNotes,
  listShopOrders,
  lockOrder,
  type OrderFilter,
  type OrderRow,
} from './orders.repository.ts';
import { leavesShopCountry, refundableOf, toOrder, toSummary } from './orders.service.ts';
import { refundableQuantities, refundOrder } from './refunds/index.ts';

const EXPORT_LIMIT = 10_000;

function summaryOf(row: OrderRow, emails: Map<number, string>): AdminOrderSummary {
  return {
    ...toSummary(row),
    customer_id: row.userId,
    customer_email: emails.get(row.userId) ?? '',
    is_test: row.isTest,
    ships_by: row.shipsBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A search that is an order number ("1047", "#1047"): its digits. */
const ORDER_NUMBER = /^#?\s*(\d+)$/;

/**
 * The list's filter. A search of digits alone looks for order numbers only: the customers whose e-mail holds those
 * digits (a year, a time, a house number) are not the order the shop looks for.
 */
async function filterOf(ctx: RequestContext, query: AdminOrderListQuery): Promise<OrderFilter> {
  const text = query.search?.trim();
  const number = text ? ORDER_NUMBER.exec(text)?.[1] : undefined;
  return {
    status: query.status,
    paymentMethod: query.payment_method,
    userId: query.customer,
    ...(number
      ? { number }
      : { search: text ? { text, userIds: await findAccountIdsMatching(ctx, text) } : undefined }),
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
  const [history, notes, payments, emails, refunds, abroad] = await Promise.all([
    listOrderHistory(ctx.scope, orderId),
    listOrderNotes(ctx.scope, orderId),
    listOrderPayments(ctx, orderId),
    getAccountEmails(ctx, [row.userId]),
    refundTotals(ctx, refundableOf(row)),
    getSellingAbroadSettings(ctx),
  ]);
  const order = toOrder(ctx, row);
  const refundable = refundableQuantities(row, refunds.rows);
  const staffIds = history.flatMap((step) => (step.actor === 'staff' && step.actorUserId ? [step.actorUserId] : []));
  const staffEmails = staffIds.length > 0 ? await getAccountEmails(ctx, staffIds) : new Map<number, string>();
  return {
    ...summaryOf(row, emails),
    items: order.items.map((item) => ({ ...item, refundable_quantity: refundable.get(item.id) ?? 0 })),
    subtotal: order.subtotal,
    discount: order.discount,
    discounts: order.discounts,
    shipping: order.shipping,
    tax: order.tax,
    taxes: order.taxes,
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
      by: step.actor === 'staff' && step.actorUserId ? (staffEmails.get(step.actorUserId) ?? null) : null,
      reason: step.reason,
    })),
    notes: notes.map((note) => ({
      id: note.id,
      author_user_id: note.authorUserId,
      body: note.body,
      created_at: note.createdAt.toISOString(),
    })),
    payments,
    ...staffRefunds(refunds),
    presentment_currency: order.presentment_currency,
    presentment_rate: order.presentment_rate,
    presentment_total: order.presentment_total,
    confirmed_age: order.confirmed_age,
    leaves_shop_country: leavesShopCountry(order.delivery_address, abroad.country),
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
  if (body.to === 'cancelled' && body.refund) await refundBeforeCancelling(ctx, orderId, body);
  await inTransaction(ctx, async (tx) => {
    const moved = await moveOrder(tx, {
      orderId,
      to: body.to,
      actor: 'staff',
      reason: body.reason,
      reasonKept: body.reason_to_customer === false,
      shipment: body,
    });
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

/**
 * Cancelling a paid order with `refund`: what is left to refund goes back first (a void on the day a card paid it,
 * else a refund; a method paid outside the shop records it), so that the cancellation's e-mail says what was done.
 * A move the lifecycle would refuse is refused before any money moves.
 */
async function refundBeforeCancelling(ctx: RequestContext, orderId: number, body: OrderTransitionBody) {
  const order = await getOrderForStaff(ctx, orderId);
  const refusal = checkMove(order, 'cancelled', 'staff');
  if (refusal)
    throw new ConflictError(
      refusal.status === 400 ? 'This order cannot be cancelled.' : refusal.detail,
      'invalid_transition',
    );
  if (order.refundable_amount === '0.00') return;
  await refundOrder(ctx, {
    orderId,
    body: { amount: order.refundable_amount, reason: body.reason ?? 'order cancelled', reference: '', restock: [] },
    idempotencyKey: null,
    moveOrder: false,
  });
}

/**
 * `POST /admin/orders/{id}/refunds/`: staff send back part or all of a paid order through its payment method, with
 * units put back in stock (see `orders.refunds.ts`). Answers the order and whether this request made the refund.
 */
export async function refundOrderByStaff(
  ctx: RequestContext,
  orderId: number,
  body: CreateRefundBody,
  idempotencyKey: string | undefined,
): Promise<{ order: AdminOrder; created: boolean }> {
  requireStaff(ctx);
  const { created } = await refundOrder(ctx, {
    orderId,
    body,
    idempotencyKey: idempotencyKey ?? null,
    moveOrder: true,
  });
  return { order: await getOrderForStaff(ctx, orderId), created };
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
  'subtotal',
  'discount',
  'shipping',
  'tax_included',
  'tax_added',
  'total',
  'currency',
  'items',
  'customer_email',
  'fullname',
  'country',
  'carrier',
  'tracking_number',
] as const;

/**
 * `GET /admin/orders/export/`: the filtered list (up to 10 000 orders) as CSV, one order a row, its money from the
 * order's rows: the tax its prices held (`tax_included`, its included `order_taxes`) apart from the tax its total
 * added (`tax_added`, the order's `tax`), so that `total = subtotal − discount + shipping + tax_added` holds per row.
 */
export async function exportOrdersCsv(ctx: RequestContext, query: AdminOrderListQuery): Promise<string> {
  requireStaff(ctx);
  const { rows } = await listShopOrders(ctx.scope, await filterOf(ctx, query), {
    ordering: query.ordering,
    limit: EXPORT_LIMIT,
    offset: 0,
  });
  const [emails, included] = await Promise.all([
    getAccountEmails(
      ctx,
      rows.map((row) => row.userId),
    ),
    includedTaxOfOrders(
      ctx.scope,
      rows.map((row) => row.id),
    ),
  ]);
  const lines = rows.map((row) => {
    const address = row.deliveryAddress;
    return [
      row.number,
      row.createdAt.toISOString(),
      row.status,
      row.paymentMethod,
      formatMinor(row.subtotalCents),
      formatMinor(row.discountCents),
      formatMinor(row.shippingCents),
      formatMinor(included.get(row.id) ?? 0),
      formatMinor(row.taxCents),
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
