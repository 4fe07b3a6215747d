// Refunds of an order: staff's `POST /admin/orders/{id}/refunds/` and a cancellation that sends the money back, as
// one workflow (reserve the amount → the payment method sends it back → stock, status, audit and the customer's
// e-mail), and a pending refund that completes later.
import { formatMinor, type OrderTarget, parseMinor } from '@platform/contracts';
import type { CreateRefundBody } from '@platform/contracts/admin';
import type { RequestContext } from '../../lib/context.ts';
import type { Actor } from '../../lib/domain-events.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { runWorkflow, step, workflow } from '../../lib/workflow.ts';
import { recordAudit } from '../audit/index.ts';
import { moveStock } from '../inventory/index.ts';
import {
  failRefund,
  findRefundReplay,
  type RefundOutcome,
  type RefundRequest,
  recordRefundOutcome,
  refundTotals,
  reserveRefund,
  sendRefund,
} from '../payments/index.ts';
import { moveOrder } from './orders.lifecycle.ts';
import { lockOrder, type OrderRow, orderQuantities } from './orders.repository.ts';
import { refundableOf } from './orders.service.ts';

/** A refund as staff ask it (the route's body), the order it is for, and what the workflow may do to the order. */
export interface RefundOrderInput {
  orderId: number;
  body: CreateRefundBody;
  idempotencyKey: string | null;
  /** False when the order is being cancelled: the cancellation puts the stock back and sets its status. */
  moveOrder: boolean;
}

const REFUNDABLE: readonly OrderRow['status'][] = [
  'paid',
  'processing',
  'shipped',
  'delivered',
  'partially_refunded',
  'refunded',
  'cancelled',
];

/** The request's fingerprint: a retry with the same key must ask the same. */
function fingerprintOf(body: CreateRefundBody): string {
  const restock = [...body.restock].sort((a, b) => a.product_id - b.product_id);
  return JSON.stringify([parseMinor(normalizedAmount(body.amount)), body.reason, body.reference, restock]);
}

function normalizedAmount(text: string): string {
  const [units = '0', fraction = ''] = text.split('.');
  return `${units}.${fraction.padEnd(2, '0')}`;
}

/** Restock lines must be units of the order not returned before (a cancelled order's are all back already). */
async function checkRestock(
  tx: RequestContext,
  order: OrderRow,
  input: RefundOrderInput,
  returned: Map<number, number>,
) {
  const lines = input.body.restock;
  if (lines.length === 0) return;
  if (order.status === 'cancelled' || !input.moveOrder) {
    throw new ValidationError({ restock: ["A cancelled order's units are back in stock already."] });
  }
  const ordered = new Map((await orderQuantities(tx.scope, order.id)).map((line) => [line.productId, line.quantity]));
  const asked = new Map<number, number>();
  for (const line of lines) asked.set(line.product_id, (asked.get(line.product_id) ?? 0) + line.quantity);
  for (const [productId, quantity] of asked) {
    const left = (ordered.get(productId) ?? 0) - (returned.get(productId) ?? 0);
    if (!ordered.has(productId)) throw new ValidationError({ restock: [`Product ${productId} is not in this order.`] });
    if (quantity > left) {
      throw new ValidationError({ restock: [`At most ${left} units of product ${productId} can be put back.`] });
    }
  }
}

/** 1. Reserve: the order locked, the amount checked against what is left to refund and recorded as requested. */
const reserve = step(
  'reserve refund',
  async (ctx: RequestContext, input: RefundOrderInput) =>
    inTransaction(ctx, async (tx) => {
      const order = await lockOrder(tx.scope, input.orderId);
      if (!order) throw new NotFoundError('Order not found.', 'order_not_found');
      const amountCents = parseMinor(normalizedAmount(input.body.amount));
      if (amountCents === null) throw new ValidationError({ amount: ['Enter an amount such as 12.50.'] });
      const totals = await refundTotals(tx, refundableOf(order));
      const request: RefundRequest = {
        amountCents,
        reason: input.body.reason,
        reference: input.body.reference,
        refundedOn: input.body.refunded_on ?? null,
        restock: input.body.restock,
        idempotencyKey: input.idempotencyKey,
        fingerprint: fingerprintOf(input.body),
      };
      const replay = await findRefundReplay(tx, order.id, request.idempotencyKey, request.fingerprint);
      if (replay) return { refundId: replay.id, replayed: true };
      checkIsRefundable(order);
      await checkRestock(tx, order, input, returnedUnits(totals.rows));
      const refund = await reserveRefund(tx, refundableOf(order), request);
      return { refundId: refund.id, replayed: false };
    }),
  async (ctx, reserved, failure) => {
    if (!reserved.replayed) await failRefund(ctx, reserved.refundId, failure);
  },
);

function checkIsRefundable(order: OrderRow): void {
  if (!REFUNDABLE.includes(order.status) || !order.paidAt) {
    throw new ValidationError({ amount: ['This order has not been paid: there is nothing to refund.'] });
  }
}

/** Units put back by refunds that did not fail, per product. */
function returnedUnits(rows: { status: string; restock: { product_id: number; quantity: number }[] }[]) {
  const returned = new Map<number, number>();
  for (const row of rows.filter((refund) => refund.status !== 'failed')) {
    for (const line of row.restock) returned.set(line.product_id, (returned.get(line.product_id) ?? 0) + line.quantity);
  }
  return returned;
}

const RECORDING_FAILED =
  "The money went back through the payment method, but recording it on the order failed: check the order's stock and status.";

/**
 * 2. Send: the order's payment method sends the money back (the gateway), or records staff's refund. Nothing after it
 * can take the money back, so when a later step fails, the refund is recorded as done and flagged for staff.
 */
const send = step(
  'send refund',
  async (ctx: RequestContext, refundId: number) => ({ refundId, outcome: await sendRefund(ctx, refundId) }),
  async (ctx, sent) => {
    await inTransaction(ctx, (tx) => recordRefundOutcome(tx, sent.refundId, sent.outcome, RECORDING_FAILED));
  },
);

/**
 * Moves the order to what its completed refunds make it: refunded when all it paid went back, else partially
 * refunded (each further partial refund one more history step). A cancelled order keeps its status.
 */
export async function moveOrderForRefunds(
  ctx: RequestContext,
  orderId: number,
  actor: Actor,
  amountCents: number,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx.scope, orderId);
    if (!order || order.status === 'cancelled' || order.status === 'awaiting_payment') return;
    const totals = await refundTotals(tx, refundableOf(order));
    if (totals.refundedCents === 0) return;
    const to: OrderTarget = totals.refundedCents >= totals.paidCents ? 'refunded' : 'partially_refunded';
    if (to === 'refunded' && order.status === 'refunded') return;
    await moveOrder(tx, { orderId, to, actor, reason: `refund of ${formatMinor(amountCents)}` });
  });
}

/** 3. Record: the outcome, the units back in stock, the order's status, the audit entry, the customer's e-mail. */
const record = step(
  'record refund',
  async (ctx: RequestContext, input: { order: RefundOrderInput; refundId: number; outcome: RefundOutcome }) =>
    inTransaction(ctx, async (tx) => {
      const refund = await recordRefundOutcome(tx, input.refundId, input.outcome);
      if (refund.restock.length > 0) {
        await moveStock(tx, {
          changes: refund.restock.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
          reason: 'return',
          orderId: refund.orderId,
          note: `refund ${refund.id}`,
        });
      }
      if (input.order.moveOrder && refund.status === 'succeeded') {
        await moveOrderForRefunds(tx, refund.orderId, tx.user ? 'staff' : 'system', refund.amountCents);
      }
      await recordAudit(tx, {
        action: 'order.refund',
        entity: 'order',
        entityId: refund.orderId,
        after: {
          refund: refund.id,
          amount: formatMinor(refund.amountCents),
          kind: refund.kind,
          status: refund.status,
          ...(refund.reason ? { reason: refund.reason } : {}),
          ...(refund.restock.length > 0 ? { restock: refund.restock } : {}),
        },
      });
      if (input.order.moveOrder) {
        tx.emit({
          name: 'refund.created',
          payload: { tenantId: tx.tenant.id, orderId: refund.orderId, refundId: refund.id },
        });
      }
      return refund;
    }),
);

const refundOrderFlow = workflow<RefundOrderInput, { refundId: number; created: boolean }>('refund order')
  .step('reserved', reserve, (done) => done.input)
  .endIf((done) => (done.reserved.replayed ? { refundId: done.reserved.refundId, created: false } : null))
  .step('sent', send, (done) => done.reserved.refundId)
  .step('recorded', record, (done) => ({
    order: done.input,
    refundId: done.reserved.refundId,
    outcome: done.sent.outcome,
  }))
  .returns((done) => ({ refundId: done.recorded.id, created: true }));

/**
 * Refunds part or all of a paid order (the workflow above). Returns the refund's id, and whether this call made it
 * (false for a retry with a known `Idempotency-Key`). A gateway's refusal answers 502 with its reason, and leaves a
 * failed refund on the order.
 */
export async function refundOrder(ctx: RequestContext, input: RefundOrderInput) {
  return runWorkflow(refundOrderFlow, ctx, input);
}
