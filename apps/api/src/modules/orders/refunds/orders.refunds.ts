// Refunds of an order: staff's `POST /admin/orders/{id}/refunds/` and a cancellation that sends the money back, as
// one workflow (reserve the amount → the payment method sends it back → stock, status, audit and the customer's
// e-mail), and a pending refund that completes later.
import { formatMinor, type OrderTarget, parseMinor } from '@platform/contracts';
import type { CreateRefundBody } from '@platform/contracts/admin';
import { type RequestContext, requirePermission } from '../../../lib/context.ts';
import type { Actor } from '../../../lib/domain-events.ts';
import { NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { runWorkflow, step, workflow } from '../../../lib/workflow.ts';
import { recordAudit } from '../../audit/index.ts';
import { orderStockUnits, orderUnitKey } from '../../inventory/index.ts';
import {
  failRefund,
  findRefundReplay,
  OPEN_REFUND_STATUSES,
  type RefundRequest,
  type RefundTotals,
  recordRefundOutcome,
  redriveOnRetry,
  refundTotals,
  reserveRefund,
  type SentRefund,
  sendRefund,
} from '../../payments/index.ts';
import { moveOrder } from '../orders.lifecycle.ts';
import { findOrderWithLines, lockOrder, type OrderRow, orderQuantities } from '../orders.repository.ts';
import { refundableOf } from '../orders.service.ts';
import { checkLines, lineLabel, refuseBeyondLeft } from './orders.refund-lines.ts';

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
  const restock = [...body.restock].sort(
    (a, b) => a.product_id - b.product_id || (a.variant_id ?? 0) - (b.variant_id ?? 0),
  );
  const amount = body.amount === undefined ? null : parseMinor(normalizedAmount(body.amount));
  const asked: unknown[] = [amount, body.reason, body.reference, restock];
  if (body.lines) {
    const lines = [...body.lines].sort((a, b) => a.line_id - b.line_id);
    asked.push(lines.map((line) => [line.line_id, line.quantity, line.restock]));
  }
  return JSON.stringify(asked);
}

function normalizedAmount(text: string): string {
  const [units = '0', fraction = ''] = text.split('.');
  return `${units}.${fraction.padEnd(2, '0')}`;
}

type RestockLine = RefundRequest['restock'][number];

/** What a restock line puts back: a product's units, or a variant's for a product the order holds in options. */
function restockKey(line: { product_id: number; variant_id?: number | undefined }): string {
  return `${line.product_id}:${line.variant_id ?? ''}`;
}

/** What staff call a restock line in a refusal. */
function restockName(line: RestockLine): string {
  return line.variant_id === undefined
    ? `product ${line.product_id}`
    : `variant ${line.variant_id} of product ${line.product_id}`;
}

/** Where a refusal of the units to put back goes, and how it names units beyond what may come back. */
interface RestockRefusals {
  field: 'restock' | 'lines';
  tooMany: (line: RestockLine, left: number) => string;
}

const RESTOCK_REFUSALS: RestockRefusals = {
  field: 'restock',
  tooMany: (line, left) => `At most ${left} units of ${restockName(line)} can be put back.`,
};

/**
 * Restock lines must be units of the order not returned before (a cancelled order's are all back already), of the
 * variant the order held for a product sold in options: a line without `variant_id` of a product the order holds in
 * one variant is that variant's; in several, it must name one. Per line, what may come back is what the order took
 * less what came back (the stock ledger) and what refunds not finished will put back (`reserved`); more answers 400
 * naming the line. Returns the lines with their variants.
 */
async function checkRestock(
  tx: RequestContext,
  order: OrderRow,
  input: { lines: RefundOrderInput['body']['restock']; moveOrder: boolean },
  reserved: Map<string, number>,
  refusals: RestockRefusals = RESTOCK_REFUSALS,
): Promise<RestockLine[]> {
  const { lines } = input;
  if (lines.length === 0) return [];
  if (order.status === 'cancelled' || !input.moveOrder) {
    throw new ValidationError({ [refusals.field]: ["A cancelled order's units are back in stock already."] });
  }
  const held = await orderQuantities(tx.scope, order.id);
  const ordered = new Map(
    held.map((line) => [restockKey({ product_id: line.productId, variant_id: line.variantId }), line.quantity]),
  );
  const resolved = lines.map((line): RestockLine => {
    const ofProduct = held.filter((heldLine) => heldLine.productId === line.product_id);
    if (ofProduct.length === 0)
      throw new ValidationError({ restock: [`Product ${line.product_id} is not in this order.`] });
    if (line.variant_id !== undefined || ofProduct.every((heldLine) => heldLine.variantId === undefined)) {
      return {
        product_id: line.product_id,
        ...(line.variant_id === undefined ? {} : { variant_id: line.variant_id }),
        quantity: line.quantity,
      };
    }
    const [only, ...others] = ofProduct;
    if (!only || others.length > 0 || only.variantId === undefined) {
      throw new ValidationError({
        restock: [`Product ${line.product_id} is in this order in several options: name the variant_id to put back.`],
      });
    }
    return { product_id: line.product_id, variant_id: only.variantId, quantity: line.quantity };
  });
  const asked = new Map<string, { line: RestockLine; quantity: number }>();
  for (const line of resolved) {
    const key = restockKey(line);
    asked.set(key, { line, quantity: (asked.get(key)?.quantity ?? 0) + line.quantity });
  }
  const units = await orderStockUnits(tx, order.id);
  for (const [key, { line, quantity }] of asked) {
    if (!ordered.has(key))
      throw new ValidationError({ restock: [`${capitalized(restockName(line))} is not in this order.`] });
    const ledger = units.get(orderUnitKey({ productId: line.product_id, variantId: line.variant_id }));
    const took = ledger?.sold ?? 0;
    const left = Math.max(
      Math.min(ordered.get(key) ?? 0, took) - (ledger?.returned ?? 0) - (reserved.get(key) ?? 0),
      0,
    );
    if (quantity > left) throw new ValidationError({ [refusals.field]: [refusals.tooMany(line, left)] });
  }
  return resolved;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a refund gives back and takes: its amount, its units to put back, and what it takes of each line. */
type Asked = Pick<RefundRequest, 'amountCents' | 'restock' | 'lines'>;

/** A free amount (a goodwill refund), with the units staff name to put back. */
async function freeAmount(
  tx: RequestContext,
  order: OrderRow,
  input: RefundOrderInput,
  amountCents: number | null,
  totals: RefundTotals,
): Promise<Asked> {
  if (amountCents === null) throw new ValidationError({ amount: ['This field is required.'] });
  const restock = await checkRestock(
    tx,
    order,
    { lines: input.body.restock, moveOrder: input.moveOrder },
    reservedUnits(totals.rows),
  );
  return { amountCents, restock, lines: [] };
}

/**
 * A refund by line (decision 024): the amount its lines come to (a given `amount` must agree), their units put back
 * each to its line's own variant where asked, within what the order took (decision 021).
 */
async function byLine(
  tx: RequestContext,
  order: OrderRow,
  input: RefundOrderInput,
  amountCents: number | null,
  totals: RefundTotals,
): Promise<Asked> {
  if (input.body.restock.length > 0) {
    throw new ValidationError({
      restock: ['When refunding by line, say on each line whether its units go back in stock.'],
    });
  }
  const withLines = await findOrderWithLines(tx.scope, order.id);
  if (!withLines) throw new NotFoundError('Order not found.', 'order_not_found');
  const checked = checkLines(withLines, totals.rows, input.body.lines ?? []);
  if (amountCents !== null && amountCents !== checked.refund.amountCents) {
    const comes = formatMinor(checked.refund.amountCents);
    throw new ValidationError({
      amount: [`These lines come to ${comes}, not ${formatMinor(amountCents)}: leave the amount out to refund them.`],
    });
  }
  refuseBeyondLeft(totals, checked.refund);
  const labelOf = new Map(
    checked.restock.map(({ line }) => [
      restockKey({ product_id: line.productId ?? 0, variant_id: line.variantId ?? undefined }),
      lineLabel(withLines, line),
    ]),
  );
  const restock = await checkRestock(
    tx,
    order,
    {
      lines: checked.restock.map(({ line, quantity }) => ({
        product_id: line.productId ?? 0,
        ...(line.variantId === null ? {} : { variant_id: line.variantId }),
        quantity,
      })),
      moveOrder: input.moveOrder,
    },
    reservedUnits(totals.rows),
    {
      field: 'lines',
      tooMany: (line, left) =>
        `${labelOf.get(restockKey(line)) ?? restockName(line)}: ${
          left === 0 ? 'its units are back in stock already' : `only ${left} can go back in stock`
        }.`,
    },
  );
  return { amountCents: checked.refund.amountCents, restock, lines: checked.records };
}

/**
 * 1. Reserve: the order locked, the amount (staff's, or what the lines come to) checked against what is left to
 * refund and recorded as requested.
 */
const reserve = step(
  'reserve refund',
  async (ctx: RequestContext, input: RefundOrderInput) =>
    inTransaction(ctx, async (tx) => {
      const order = await lockOrder(tx.scope, input.orderId);
      if (!order) throw new NotFoundError('Order not found.', 'order_not_found');
      const amountCents = input.body.amount === undefined ? null : parseMinor(normalizedAmount(input.body.amount));
      if (input.body.amount !== undefined && amountCents === null) {
        throw new ValidationError({ amount: ['Enter an amount such as 12.50.'] });
      }
      const totals = await refundTotals(tx, refundableOf(order));
      const fingerprint = fingerprintOf(input.body);
      const replay = await findRefundReplay(tx, order.id, input.idempotencyKey, fingerprint);
      if (replay) return { refundId: replay.id, replayed: true };
      checkIsRefundable(order);
      const asked = input.body.lines
        ? await byLine(tx, order, input, amountCents, totals)
        : await freeAmount(tx, order, input, amountCents, totals);
      const refund = await reserveRefund(tx, refundableOf(order), {
        ...asked,
        reason: input.body.reason,
        reference: input.body.reference,
        refundedOn: input.body.refunded_on ?? null,
        idempotencyKey: input.idempotencyKey,
        fingerprint,
      });
      return { refundId: refund.id, replayed: false };
    }),
  async (ctx, reserved, failure) => {
    if (!reserved.replayed) await failRefund(ctx, reserved.refundId, failure);
  },
);

/**
 * An order paid, or cancelled (a card payment may succeed after its order was cancelled: its money goes back in full
 * from the order; whether anything was taken, the payment method's totals say).
 */
function checkIsRefundable(order: OrderRow): void {
  if (!REFUNDABLE.includes(order.status) || (!order.paidAt && order.status !== 'cancelled')) {
    throw new ValidationError({ amount: ['This order has not been paid: there is nothing to refund.'] });
  }
}

/**
 * Units that refunds not finished will put back when they complete, per product (and variant: `restockKey`); a
 * completed refund's are in the stock ledger, a failed one's are never put back.
 */
function reservedUnits(rows: { status: string; restock: RestockLine[] }[]) {
  const returned = new Map<string, number>();
  for (const row of rows.filter((refund) => (OPEN_REFUND_STATUSES as readonly string[]).includes(refund.status))) {
    for (const line of row.restock) {
      returned.set(restockKey(line), (returned.get(restockKey(line)) ?? 0) + line.quantity);
    }
  }
  return returned;
}

const RECORDING_FAILED =
  "The money went back through the payment method, but recording it on the order failed: check the order's stock and status.";

/**
 * 2. Send: the order's payment method sends the money back (the gateway), or records staff's refund; a gateway that
 * does not answer leaves the refund `unknown` (asked about before anything is sent again). Nothing after it can take
 * the money back, so when a later step fails, the refund is recorded as done and flagged for staff.
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
  async (ctx: RequestContext, input: { order: RefundOrderInput; refundId: number; outcome: SentRefund }) =>
    inTransaction(ctx, async (tx) => {
      // The order first, as every move of it: its units come back (a completed refund) under its lock.
      await lockOrder(tx.scope, input.order.orderId);
      const refund = await recordRefundOutcome(tx, input.refundId, input.outcome);
      if (refund.status === 'unknown') return refund;
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
          ...(refund.lines.length > 0
            ? { lines: refund.lines.map(({ line_id, quantity, restock }) => ({ line_id, quantity, restock })) }
            : {}),
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
 * failed refund on the order; a gateway that does not answer leaves it unknown. Staff without the `refund`
 * permission: 403.
 */
export async function refundOrder(ctx: RequestContext, input: RefundOrderInput) {
  // Who may send money back: a role with the `refund` permission (the system's own contexts have no user).
  if (ctx.user) requirePermission(ctx, 'refund');
  const done = await runWorkflow(refundOrderFlow, ctx, input);
  if (!done.created) await redriveStuckRetry(ctx, input.orderId, done.refundId);
  return done;
}

/** A retry of a refund left unanswered or stuck: asked about (and sent once if never received) before answering. */
async function redriveStuckRetry(ctx: RequestContext, orderId: number, refundId: number): Promise<void> {
  const order = await inTransaction(ctx, (tx) => lockOrder(tx.scope, orderId));
  if (!order) return;
  const refund = (await refundTotals(ctx, refundableOf(order))).rows.find((row) => row.id === refundId);
  if (refund && OPEN_REFUND_STATUSES.includes(refund.status)) await redriveOnRetry(ctx, refund);
}
