// Refunds of an order's payment: what is left to refund, a refund reserved against it (idempotent), sent through the
// order's payment method (its handler: the card gateway, or staff's own record), completed later when the bank takes
// its time (a status poll), and the refunds as the customer and staff read them.
import { formatMinor, type OrderRefund, type PaymentMethod, paymentMethodLabel } from '@platform/contracts';
import type { AdminRefund } from '@platform/contracts/admin';
import type { Database } from '../../db/client.ts';
import { type RequestContext, type ServiceDeps, systemContext, type TransactionContext } from '../../lib/context.ts';
import { AppError, BadGatewayError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { listTenants } from '../tenants/index.ts';
import { cardRefundStatus } from './card-refunds.service.ts';
import { paymentMethodHandler, type RefundOutcome } from './payment-methods.ts';
import { loadPaymentConfig } from './payments.config.ts';
import { GatewayError } from './payments.gateway.ts';
import { listOrderPaymentRows, type PaymentRow } from './payments.repository.ts';
import {
  claimPendingRefunds,
  findRefund,
  findRefundByKey,
  insertRefund,
  listRefundRows,
  type RefundRow,
  updateRefund,
} from './refunds.repository.ts';

export type { RefundRow };

/** The order as a refund needs it (the orders module hands it over, its row locked). */
export interface RefundableOrder {
  id: number;
  paymentMethod: PaymentMethod;
  totalCents: number;
  currency: string;
  /** Whether the customer paid (the order was marked paid at some point). */
  paid: boolean;
}

/** What went into and out of an order: paid, sent back (completed refunds), and asked to go back (not failed). */
export interface RefundTotals {
  paidCents: number;
  refundedCents: number;
  requestedCents: number;
  rows: RefundRow[];
}

const ACTIVE: readonly RefundRow['status'][] = ['requested', 'pending', 'succeeded'];

function succeededPayment(payments: PaymentRow[]): PaymentRow | null {
  return payments.find((payment) => payment.status === 'succeeded' && !payment.reviewReason) ?? null;
}

/** The order's money: a card order paid what its succeeded payment took; another method, the order's total. */
export async function refundTotals(ctx: RequestContext, order: RefundableOrder): Promise<RefundTotals> {
  const [rows, payments] = await Promise.all([
    listRefundRows(ctx.scope, order.id),
    order.paymentMethod === 'card_2c2p' ? listOrderPaymentRows(ctx.scope, order.id) : Promise.resolve([]),
  ]);
  const paidCents = !order.paid
    ? 0
    : order.paymentMethod === 'card_2c2p'
      ? (succeededPayment(payments)?.amountCents ?? 0)
      : order.totalCents;
  const sum = (statuses: readonly RefundRow['status'][]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + row.amountCents, 0);
  return { paidCents, refundedCents: sum(['succeeded']), requestedCents: sum(ACTIVE), rows };
}

/** What a refund request asks, as the orders module read it (the amount in minor units). */
export interface RefundRequest {
  amountCents: number;
  reason: string;
  reference: string;
  refundedOn: string | null;
  restock: { product_id: number; variant_id?: number; quantity: number }[];
  idempotencyKey: string | null;
  fingerprint: string;
}

/**
 * The refund an earlier request with the same `Idempotency-Key` made on this order, or null; the same key with
 * another body is refused (409).
 */
export async function findRefundReplay(
  ctx: RequestContext,
  orderId: number,
  key: string | null,
  fingerprint: string,
): Promise<RefundRow | null> {
  if (!key) return null;
  const earlier = await findRefundByKey(ctx.scope, orderId, key);
  if (earlier && earlier.requestFingerprint !== fingerprint) {
    throw new ConflictError(
      'This Idempotency-Key was already used for another refund request.',
      'idempotency_key_reused',
    );
  }
  return earlier;
}

/**
 * Reserves a refund of a paid order (locked by the caller) against what is left to refund (more than is left: 400
 * on `amount`). The reserved refund counts at once, so two requests at the same moment cannot send back more than
 * was paid.
 */
export async function reserveRefund(
  tx: TransactionContext,
  order: RefundableOrder,
  request: RefundRequest,
): Promise<RefundRow> {
  const totals = await refundTotals(tx, order);
  if (totals.paidCents === 0)
    throw new ConflictError('This order has not been paid: there is nothing to refund.', 'not_paid');
  const left = totals.paidCents - totals.requestedCents;
  if (request.amountCents <= 0) throw new ValidationError({ amount: ['A refund is more than 0.00.'] });
  if (request.amountCents > left) {
    throw new ValidationError({
      amount: [`At most ${formatMinor(Math.max(left, 0))} is left to refund on this order.`],
    });
  }
  const payment =
    order.paymentMethod === 'card_2c2p' ? succeededPayment(await listOrderPaymentRows(tx.scope, order.id)) : null;
  const refund = await insertRefund(tx.scope, {
    orderId: order.id,
    paymentId: payment?.id ?? null,
    method: order.paymentMethod,
    kind: paymentMethodHandler(order.paymentMethod).confirmedBy === 'staff' ? 'manual' : 'refund',
    amountCents: request.amountCents,
    currency: order.currency,
    reason: request.reason,
    reference: request.reference,
    refundedOn: request.refundedOn,
    restock: request.restock,
    idempotencyKey: request.idempotencyKey,
    requestFingerprint: request.fingerprint,
    createdBy: tx.user?.id ?? null,
  });
  return refund;
}

/**
 * Sends a reserved refund through its order's payment method: the card gateway voids or refunds it; a method paid
 * outside the shop records what staff did. Throws `GatewayError` when the gateway refuses.
 */
export async function sendRefund(ctx: RequestContext, refundId: number): Promise<RefundOutcome> {
  const refund = await findRefund(ctx.scope, refundId);
  if (!refund) throw new Error(`refund ${refundId} is gone`);
  const payments = refund.paymentId ? await listOrderPaymentRows(ctx.scope, refund.orderId) : [];
  const payment = payments.find((row) => row.id === refund.paymentId) ?? null;
  const earlier = (await listRefundRows(ctx.scope, refund.orderId))
    .filter((row) => row.id !== refund.id && ACTIVE.includes(row.status))
    .reduce((total, row) => total + row.amountCents, 0);
  try {
    return await paymentMethodHandler(refund.method).refund(ctx, await loadPaymentConfig(ctx), {
      amountCents: refund.amountCents,
      refundedBeforeCents: earlier,
      payment: payment && { invoiceNo: payment.invoiceNo, amountCents: payment.amountCents },
      reference: refund.reference,
      refundedOn: refund.refundedOn,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // The refund's failure is recorded with this text (the workflow's compensation); the client reads it too.
    if (error.respCode === 'not_settled') throw new ConflictError(error.message, 'payment_not_settled');
    throw new BadGatewayError(error.message, 'refund_refused');
  }
}

/** Records what the payment method did with a reserved refund (in the caller's transaction). */
export async function recordRefundOutcome(
  tx: TransactionContext,
  refundId: number,
  outcome: RefundOutcome,
  reviewReason?: string,
): Promise<RefundRow> {
  const done = outcome.status === 'succeeded';
  const row = await updateRefund(tx.scope, refundId, ['requested'], {
    status: outcome.status,
    kind: outcome.kind,
    reference: outcome.reference,
    respCode: outcome.respCode,
    respDesc: outcome.respDesc,
    completedAt: done ? new Date() : null,
    ...(reviewReason ? { reviewReason } : {}),
  });
  if (!row) throw new ConflictError('This refund was recorded already.', 'refund_recorded');
  return row;
}

/** A reserved refund the payment method refused (or never reached): it no longer counts against the order. */
export async function failRefund(ctx: RequestContext, refundId: number, failure: unknown): Promise<void> {
  const message =
    failure instanceof AppError
      ? failure.detail
      : failure instanceof Error
        ? failure.message
        : 'The refund could not be made.';
  await updateRefund(ctx.scope, refundId, ['requested'], {
    status: 'failed',
    errorMessage: message.slice(0, 500),
    completedAt: new Date(),
  });
}

/** The order's refunds and totals as its customer reads them. */
export function customerRefunds(totals: RefundTotals): { refunded_amount: string; refunds: OrderRefund[] } {
  return { refunded_amount: formatMinor(totals.refundedCents), refunds: totals.rows.map(orderRefundOf) };
}

function orderRefundOf(row: RefundRow): OrderRefund {
  return {
    id: row.id,
    amount: formatMinor(row.amountCents),
    // A refund not yet answered by its method is on its way, as far as anyone reading it is concerned.
    status: row.status === 'requested' ? 'pending' : row.status,
    kind: row.kind,
    method: row.method,
    method_label: paymentMethodLabel(row.method, ''),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** The order's refunds as staff read them, with what is left to refund. */
export function staffRefunds(totals: RefundTotals): {
  refunded_amount: string;
  refundable_amount: string;
  refunds: AdminRefund[];
} {
  return {
    refunded_amount: formatMinor(totals.refundedCents),
    refundable_amount: formatMinor(Math.max(totals.paidCents - totals.requestedCents, 0)),
    refunds: totals.rows.map((row) => ({
      ...orderRefundOf(row),
      reason: row.reason,
      reference: row.reference,
      refunded_on: row.refundedOn,
      restock: row.restock,
      error_message: row.errorMessage,
      review_reason: row.reviewReason,
    })),
  };
}

const POLL_BATCH = 50;
const POLL_BACKOFF_MS = 5 * 60 * 1000;

/**
 * Asks the gateway (refund status, `RS`) about every pending refund of every shop, and records those that completed
 * or failed: `refund.completed` moves their order and tells the customer; a failed one is flagged for staff. Safe
 * with several instances: each run claims its refunds and skips those another holds. Returns what it did.
 */
export async function pollPendingRefunds(
  deps: ServiceDeps & { database: Database },
  now = new Date(),
): Promise<{ asked: number; completed: number; failed: number }> {
  const totals = { asked: 0, completed: 0, failed: 0 };
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'refund-status');
    const claimed = await claimPendingRefunds(ctx.scope, now, new Date(now.getTime() + POLL_BACKOFF_MS), POLL_BATCH);
    if (claimed.length === 0) continue;
    const config = await loadPaymentConfig(ctx);
    const payments = new Map<number, PaymentRow>();
    for (const refund of claimed) {
      if (!refund.paymentId) continue;
      if (!payments.has(refund.orderId)) {
        for (const row of await listOrderPaymentRows(ctx.scope, refund.orderId)) payments.set(row.id, row);
      }
      const payment = payments.get(refund.paymentId);
      if (!payment) continue;
      totals.asked += 1;
      let result: Awaited<ReturnType<typeof cardRefundStatus>>;
      try {
        result = await cardRefundStatus(ctx, config, { invoiceNo: payment.invoiceNo, amountCents: refund.amountCents });
      } catch (error) {
        if (error instanceof GatewayError) continue;
        throw error;
      }
      if (!result || result.status === 'pending') continue;
      const outcome = result.status;
      await inTransaction(ctx, async (tx) => {
        const done = await updateRefund(tx.scope, refund.id, ['pending'], {
          status: outcome,
          respCode: result.answer.respCode,
          respDesc: result.answer.respDesc,
          completedAt: now,
          ...(outcome === 'failed'
            ? {
                errorMessage: result.answer.respDesc || 'The bank refused the refund.',
                reviewReason: 'The bank refused this refund: send the money back another way.',
              }
            : {}),
        });
        if (!done) return;
        tx.emit({
          name: outcome === 'succeeded' ? 'refund.completed' : 'refund.failed',
          payload: { tenantId: tenant.id, orderId: refund.orderId, refundId: refund.id },
        });
      });
      totals[outcome === 'succeeded' ? 'completed' : 'failed'] += 1;
    }
  }
  return totals;
}
