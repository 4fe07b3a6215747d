// Refunds of an order's payment: what is left to refund, a refund reserved against it (idempotent), sent through the
// order's payment method (its handler: the card gateway, or staff's own record), completed later when the bank takes
// its time (a status poll), and the refunds as the customer and staff read them.
import {
  formatMinor,
  isPaidThroughGateway,
  type OrderRefund,
  type PaymentMethod,
  paymentMethodLabel,
} from '@platform/contracts';
import type { AdminRefund } from '@platform/contracts/admin';
import type { Database } from '../../db/client.ts';
import type { RefundLineRecord } from '../../db/schema/index.ts';
import { type RequestContext, type ServiceDeps, systemContext, type TransactionContext } from '../../lib/context.ts';
import { AppError, BadGatewayError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { returnOrderStock } from '../inventory/index.ts';
import { listTenants } from '../tenants/index.ts';
import { type GatewayRefundStatus, GatewayUnansweredError } from './card-refunds.service.ts';
import { paymentMethodHandler, type RefundOutcome } from './payment-methods.ts';
import { loadPaymentConfig } from './payments.config.ts';
import { GatewayError } from './payments.gateway.ts';
import { listOrderPaymentRows, type PaymentRow, updatePayment } from './payments.repository.ts';
import {
  claimOpenRefunds,
  claimRefund,
  findRefund,
  findRefundByKey,
  insertRefund,
  listRefundRows,
  lockRefund,
  type RefundRow,
  updateRefund,
} from './refunds.repository.ts';

export type { RefundLineRecord, RefundRow };

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

/** Refunds not finished: their amount and their units to put back are reserved; the re-drive looks after them. */
export const OPEN: readonly RefundRow['status'][] = ['requested', 'sending', 'pending', 'unknown'];
/** Refunds whose amount counts against what is left to refund: all but the failed. */
const RESERVED: readonly RefundRow['status'][] = [...OPEN, 'succeeded'];

/**
 * The card payment a refund goes back through: the one that paid the order; for an order never paid (cancelled
 * before its payment succeeded), a payment that succeeded all the same, flagged for staff: its money was taken.
 */
function succeededPayment(payments: PaymentRow[], orderPaid: boolean): PaymentRow | null {
  const succeeded = payments.filter((payment) => payment.status === 'succeeded');
  return orderPaid ? (succeeded.find((payment) => !payment.reviewReason) ?? null) : (succeeded[0] ?? null);
}

/** The order's money: paid, sent back, and asked to go back. */
export async function refundTotals(ctx: RequestContext, order: RefundableOrder): Promise<RefundTotals> {
  const [rows, payments] = await Promise.all([
    listRefundRows(ctx.scope, order.id),
    isPaidThroughGateway(order.paymentMethod) ? listOrderPaymentRows(ctx.scope, order.id) : Promise.resolve([]),
  ]);
  // A card order paid what its payment took (one that succeeded after the order was cancelled included); another
  // method, the order's total once marked paid.
  const paidCents = isPaidThroughGateway(order.paymentMethod)
    ? (succeededPayment(payments, order.paid)?.amountCents ?? 0)
    : order.paid
      ? order.totalCents
      : 0;
  const sum = (statuses: readonly RefundRow['status'][]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + row.amountCents, 0);
  return { paidCents, refundedCents: sum(['succeeded']), requestedCents: sum(RESERVED), rows };
}

/** What a refund request asks, as the orders module read it (the amount in minor units). */
export interface RefundRequest {
  amountCents: number;
  reason: string;
  reference: string;
  refundedOn: string | null;
  restock: { product_id: number; variant_id?: number; quantity: number }[];
  /** What a refund by line takes of each line (empty for a free amount). */
  lines: RefundLineRecord[];
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
  const payment = isPaidThroughGateway(order.paymentMethod)
    ? succeededPayment(await listOrderPaymentRows(tx.scope, order.id), order.paid)
    : null;
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
    lines: request.lines,
    idempotencyKey: request.idempotencyKey,
    requestFingerprint: request.fingerprint,
    createdBy: tx.user?.id ?? null,
  });
  return refund;
}

/** The refund's own reference at the gateway: one per refund (its id is unique), sent with it and asked by it. */
export function gatewayReferenceOf(refund: { id: number }): string {
  return `refund-${refund.id}`;
}

/** What a payment method did with a refund, or `unknown`: the gateway did not answer, ask it before sending again. */
export type SentRefund = RefundOutcome | { status: 'unknown'; reason: string };

const UNANSWERED_REVIEW =
  'The payment gateway did not answer: the shop is asking it what became of this refund, and sends nothing again before it knows.';

/**
 * Calls the refund's payment method once. A gateway that did not answer (a timeout, a transport failure) gives
 * `unknown`, never a failure: the money may have gone. A refusal throws (`GatewayError`, mapped for staff).
 */
async function dispatchRefund(ctx: RequestContext, refund: RefundRow): Promise<SentRefund> {
  const payments = refund.paymentId ? await listOrderPaymentRows(ctx.scope, refund.orderId) : [];
  const payment = payments.find((row) => row.id === refund.paymentId) ?? null;
  const earlier = (await listRefundRows(ctx.scope, refund.orderId))
    .filter((row) => row.id !== refund.id && RESERVED.includes(row.status))
    .reduce((total, row) => total + row.amountCents, 0);
  try {
    return await paymentMethodHandler(refund.method).refund(ctx, await loadPaymentConfig(ctx), {
      amountCents: refund.amountCents,
      refundedBeforeCents: earlier,
      payment: payment && { invoiceNo: payment.invoiceNo, amountCents: payment.amountCents },
      reference: refund.reference,
      refundedOn: refund.refundedOn,
      gatewayReference: gatewayReferenceOf(refund),
    });
  } catch (error) {
    if (error instanceof GatewayUnansweredError) return { status: 'unknown', reason: error.message };
    throw error;
  }
}

function refusalOf(error: GatewayError): AppError {
  // The refund's failure is recorded with this text (the workflow's compensation); the client reads it too.
  if (error.respCode === 'not_settled') return new ConflictError(error.message, 'payment_not_settled');
  return new BadGatewayError(error.message, 'refund_refused');
}

/**
 * Sends a reserved refund through its order's payment method: the card gateway voids or refunds it (under the
 * refund's own reference); a method paid outside the shop records what staff did. The refund is `sending` (committed)
 * before the call, so a crash during it leaves a refund the re-drive asks about. Answers `unknown` when the gateway
 * did not answer; throws when it refused.
 */
export async function sendRefund(ctx: RequestContext, refundId: number): Promise<SentRefund> {
  const refund = await updateRefund(ctx.scope, refundId, ['requested'], { status: 'sending' });
  if (!refund) throw new ConflictError('This refund is being sent already.', 'refund_recorded');
  try {
    return await dispatchRefund(ctx, refund);
  } catch (error) {
    if (error instanceof GatewayError) throw refusalOf(error);
    throw error;
  }
}

/**
 * Records what the payment method did with a refund being sent (or asked about), in the caller's transaction: a
 * completed refund puts its units back in stock now (bounded by what the order took: `returnOrderStock`), a pending
 * one when it completes, a failed one never; an unknown one stays reserved, flagged for staff.
 */
export async function recordRefundOutcome(
  tx: TransactionContext,
  refundId: number,
  outcome: SentRefund,
  reviewReason?: string,
): Promise<RefundRow> {
  const row =
    outcome.status === 'unknown'
      ? await updateRefund(tx.scope, refundId, ['sending', 'unknown'], {
          status: 'unknown',
          errorMessage: outcome.reason.slice(0, 500),
          reviewReason: UNANSWERED_REVIEW,
        })
      : await updateRefund(tx.scope, refundId, OPEN, {
          status: outcome.status,
          kind: outcome.kind,
          reference: outcome.reference,
          respCode: outcome.respCode,
          respDesc: outcome.respDesc,
          errorMessage: null,
          completedAt: outcome.status === 'succeeded' ? new Date() : null,
          reviewReason: reviewReason ?? null,
        });
  if (!row) throw new ConflictError('This refund was recorded already.', 'refund_recorded');
  if (row.status === 'succeeded') {
    await restockRefund(tx, row);
    await clearSettledFlag(tx, row);
  }
  return row;
}

/**
 * A flagged card payment (it succeeded after its order was cancelled, or paid an order paid already) whose money all
 * went back needs staff no more: its flag is lifted.
 */
async function clearSettledFlag(tx: TransactionContext, refund: RefundRow): Promise<void> {
  if (!refund.paymentId) return;
  const payment = (await listOrderPaymentRows(tx.scope, refund.orderId)).find((row) => row.id === refund.paymentId);
  if (!payment?.reviewReason) return;
  const back = (await listRefundRows(tx.scope, refund.orderId))
    .filter((row) => row.paymentId === payment.id && row.status === 'succeeded')
    .reduce((total, row) => total + row.amountCents, 0);
  if (back >= payment.amountCents) await updatePayment(tx.scope, payment.id, { reviewReason: null });
}

/** A completed refund's units back in stock, never more than the order took less what came back before. */
async function restockRefund(tx: TransactionContext, refund: RefundRow): Promise<void> {
  if (refund.restock.length === 0) return;
  await returnOrderStock(tx, {
    orderId: refund.orderId,
    changes: refund.restock.map((line) => ({
      productId: line.product_id,
      variantId: line.variant_id,
      quantity: line.quantity,
    })),
    reason: 'return',
    note: `refund ${refund.id}`,
  });
}

/** A reserved refund the payment method refused (or never reached): it no longer counts against the order. */
export async function failRefund(ctx: RequestContext, refundId: number, failure: unknown): Promise<void> {
  const message =
    failure instanceof AppError
      ? failure.detail
      : failure instanceof Error
        ? failure.message
        : 'The refund could not be made.';
  await updateRefund(ctx.scope, refundId, ['requested', 'sending'], {
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
    // A refund not yet answered by its method is on its way, as far as its customer is concerned.
    status: row.status === 'requested' || row.status === 'sending' || row.status === 'unknown' ? 'pending' : row.status,
    kind: row.kind,
    method: row.method,
    method_label: paymentMethodLabel(row.method, ''),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    lines: row.lines.map((line) => ({ line_id: line.line_id, quantity: line.quantity })),
  };
}

/** What a refund by line gave back beyond its lines: the shipping, with the order's last units (else null). */
function shippingOf(row: RefundRow): string | null {
  const cents = row.amountCents - row.lines.reduce((sum, line) => sum + line.amount_cents, 0);
  return cents === 0 ? null : formatMinor(cents);
}

/** A refund as the shop's notices tell of it: its amount and what the bank said; null when there is none. */
export async function refundNotice(
  ctx: RequestContext,
  refundId: number,
): Promise<{ amount: string; status: RefundRow['status']; error: string } | null> {
  const row = await findRefund(ctx.scope, refundId);
  return row && { amount: formatMinor(row.amountCents), status: row.status, error: row.errorMessage ?? '' };
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
      // Staff see a refund the shop is asking the gateway about as such.
      ...(row.status === 'unknown' ? { status: 'unknown' as const } : {}),
      reason: row.reason,
      reference: row.reference,
      refunded_on: row.refundedOn,
      restock: row.restock,
      lines: row.lines.map((line) => ({
        line_id: line.line_id,
        quantity: line.quantity,
        restock: line.restock,
        amount: formatMinor(line.amount_cents),
        tax: formatMinor(line.tax_cents),
      })),
      shipping: row.lines.length === 0 ? null : shippingOf(row),
      error_message: row.errorMessage,
      review_reason: row.reviewReason,
    })),
  };
}

const POLL_BATCH = 50;
const POLL_BACKOFF_MS = 5 * 60 * 1000;
/**
 * How old a refund left `requested` or `sending` must be before the re-drive takes it over: its calls are surely over
 * (four times the gateway's timeout at least). A pending or unknown one is the re-drive's at once.
 */
function redriveAge(deps: ServiceDeps): number {
  // A card refund is up to three calls (the certificate, the inquiry, the refund), each bounded by the timeout.
  return Math.max(deps.config.REFUND_REDRIVE_AFTER_SECONDS * 1000, 4 * deps.config.PAYMENT_GATEWAY_TIMEOUT_MS);
}

/** What the re-drive did with one refund. */
type Redriven = 'completed' | 'failed' | 'pending' | 'unknown' | 'unchanged';

/**
 * Finds out what became of one refund not finished and records it: a method paid outside the shop records staff's
 * refund; a card refund is asked about by its own reference (`RS`): completed (units back, `refund.completed` moves
 * the order and tells the customer), failed (its amount and units released, flagged, `refund.failed`), still pending,
 * or never received — then it is sent, once (under the same reference). A gateway that does not answer leaves it as
 * it is, for the next run.
 */
export async function redriveRefund(ctx: RequestContext, refundId: number, now = new Date()): Promise<Redriven> {
  const refund = await findRefund(ctx.scope, refundId);
  if (!refund || !OPEN.includes(refund.status)) return 'unchanged';
  let sent: SentRefund | { status: 'failed'; respCode: string | null; respDesc: string };
  const refundStatus = paymentMethodHandler(refund.method).refundStatus;
  if (!refundStatus || !refund.paymentId) {
    sent = await sendAgain(ctx, refund);
  } else {
    const payment = (await listOrderPaymentRows(ctx.scope, refund.orderId)).find((row) => row.id === refund.paymentId);
    if (!payment) return 'unchanged';
    let known: GatewayRefundStatus | null;
    try {
      const config = await loadPaymentConfig(ctx);
      const asked = { invoiceNo: payment.invoiceNo, amountCents: refund.amountCents };
      known = await refundStatus(ctx, config, { ...asked, reference: gatewayReferenceOf(refund) });
      // A refund pending since before refunds carried their own reference is known by its amount only.
      if (known?.status === 'not_found' && refund.status === 'pending') known = await refundStatus(ctx, config, asked);
    } catch (error) {
      if (error instanceof GatewayError) return 'unchanged';
      throw error;
    }
    if (!known) return 'unchanged';
    if (known.status === 'not_found') {
      // NOTE: only a refund the gateway never received is sent; a pending one it does not know is left to staff.
      if (refund.status === 'pending') return 'unchanged';
      sent = await sendAgain(ctx, refund);
    } else if (known.status === 'failed') {
      sent = { status: 'failed', respCode: known.answer.respCode, respDesc: known.answer.respDesc };
    } else {
      sent = {
        kind: known.kind,
        status: known.status,
        reference: known.answer.reference,
        respCode: known.answer.respCode,
        respDesc: known.answer.respDesc,
      };
    }
  }
  const outcome = sent;
  return inTransaction(ctx, async (tx) => {
    // Locked: a recording of this refund by another run (the first request's, a retry's) is waited for, then seen.
    const current = await lockRefund(tx.scope, refund.id);
    if (!current || !OPEN.includes(current.status)) return 'unchanged';
    if (outcome.status === 'failed') {
      const failed = await updateRefund(tx.scope, refund.id, OPEN, {
        status: 'failed',
        respCode: outcome.respCode,
        respDesc: outcome.respDesc,
        completedAt: now,
        errorMessage: outcome.respDesc || 'The bank refused the refund.',
        reviewReason: 'The bank refused this refund: send the money back another way.',
      });
      if (!failed) return 'unchanged';
      tx.emit({
        name: 'refund.failed',
        payload: { tenantId: tx.tenant.id, orderId: refund.orderId, refundId: refund.id },
      });
      return 'failed';
    }
    if (outcome.status === 'unknown') {
      if (current.status === 'requested') await updateRefund(tx.scope, refund.id, ['requested'], { status: 'sending' });
      await recordRefundOutcome(tx, refund.id, outcome);
      return 'unknown';
    }
    if (outcome.status === 'pending' && current.status === 'pending') return 'unchanged';
    const recorded = await recordRefundOutcome(tx, refund.id, outcome);
    if (recorded.status === 'succeeded') {
      tx.emit({
        name: 'refund.completed',
        payload: { tenantId: tx.tenant.id, orderId: refund.orderId, refundId: refund.id },
      });
      return 'completed';
    }
    return 'pending';
  });
}

/** Sends a refund the gateway never received (or a method paid outside the shop records), once; refused: failed. */
async function sendAgain(
  ctx: RequestContext,
  refund: RefundRow,
): Promise<SentRefund | { status: 'failed'; respCode: string | null; respDesc: string }> {
  const sending =
    refund.status === 'requested'
      ? await updateRefund(ctx.scope, refund.id, ['requested'], { status: 'sending' })
      : refund;
  if (!sending) return { status: 'unknown', reason: 'The refund moved on meanwhile.' };
  try {
    return await dispatchRefund(ctx, sending);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { status: 'failed', respCode: error.respCode, respDesc: error.message };
  }
}

/**
 * The re-drive of refunds (on the reconciliation job's beat), in every shop: refunds pending at the bank, refunds the
 * gateway did not answer (`unknown`), and refunds left `requested` or `sending` by a crash, past a short age, are
 * asked about and recorded (`redriveRefund`). Safe with several instances: each run claims its refunds and skips
 * those another holds. Returns what it did.
 */
export async function pollPendingRefunds(
  deps: ServiceDeps & { database: Database },
  now = new Date(),
): Promise<{ asked: number; completed: number; failed: number }> {
  const totals = { asked: 0, completed: 0, failed: 0 };
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'refund-redrive');
    const claimed = await claimOpenRefunds(ctx.scope, {
      now,
      settledBefore: new Date(now.getTime() - redriveAge(deps)),
      claimUntil: new Date(now.getTime() + POLL_BACKOFF_MS),
      limit: POLL_BATCH,
    });
    for (const refund of claimed) {
      totals.asked += 1;
      const done = await redriveRefund(ctx, refund.id, now);
      if (done === 'completed') totals.completed += 1;
      if (done === 'failed') totals.failed += 1;
    }
  }
  return totals;
}

/**
 * A retry (same `Idempotency-Key`) of a refund not finished: one the gateway did not answer is asked about now, one
 * left being sent once its call is surely over; never sent twice (`redriveRefund`).
 */
export async function redriveOnRetry(ctx: RequestContext, refund: RefundRow, now = new Date()): Promise<void> {
  const old = now.getTime() - refund.updatedAt.getTime() >= redriveAge(ctx.deps);
  if (refund.status !== 'unknown' && !((refund.status === 'requested' || refund.status === 'sending') && old)) return;
  // Claimed as the re-drive claims it: while the job (or another retry) asks about this refund, this one leaves it.
  const claimUntil = new Date(now.getTime() + redriveAge(ctx.deps));
  if (await claimRefund(ctx.scope, refund.id, { now, claimUntil })) await redriveRefund(ctx, refund.id, now);
}
