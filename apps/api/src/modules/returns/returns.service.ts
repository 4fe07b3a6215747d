// Returns and the right of withdrawal (decision 023): the customer's and the guest's withdrawal function, ordinary
// return requests, and what every return is built from. The order is read through the orders module's public
// functions; the period is the contracts' one rule, in the shop's calendar.
import { timingSafeEqual } from 'node:crypto';
import { type Order, orderLineName, parseMinor } from '@platform/contracts';
import { dateInZone } from '@platform/contracts/reports';
import {
  GUEST_LINK_ANSWER,
  GUEST_WITHDRAWAL_ANSWER,
  type GuestAnswer,
  type GuestWithdrawalBody,
  type OrderReturns,
  type Return,
  type ReturnableLine,
  type ReturnKind,
  type ReturnLineInput,
  type WithdrawalBody,
  type WithdrawalLinkBody,
  type WithdrawalOrderQuery,
  type WithdrawalPeriod,
  withdrawalOpen,
  withdrawalPeriod,
} from '@platform/contracts/returns';
import { type RequestContext, requireUser, type TransactionContext } from '../../lib/context.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { shopUrl } from '../../lib/urls.ts';
import { getAccountEmail } from '../accounts/index.ts';
import { queueMail, shopEmailAddress } from '../mail/index.ts';
import { findOrder, findOrderByNumber, refundedUnitsByLine } from '../orders/index.ts';
import { getSellerDetails } from '../site/index.ts';
import {
  dayText,
  type MailLine,
  type ReturnMailInput,
  returnReceiptMail,
  withdrawalLinkMail,
  withdrawalReceiptMail,
  withdrawalRefusedMail,
} from './returns.mail.ts';
import {
  insertReturn,
  listOrderReturns,
  lockOrderReturns,
  type ReturnWithLines,
  returnedQuantities,
  updateReturn,
} from './returns.repository.ts';

/** An order as the returns read it (the orders module's `findOrder`). */
export type ReturnOrder = Order & { userId: number };

/** Orders nothing can go back from: cancelled (nothing was delivered or kept) and refunded in full. */
const CLOSED_STATUSES: readonly string[] = ['cancelled', 'refunded'];

/** How long a link to an order's items works. */
const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A return as its customer (and, extended, staff) reads it. */
export function toReturn(row: ReturnWithLines): Return {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    order_id: row.orderId,
    order_number: row.orderNumber,
    lines: row.lines.map((line) => ({
      line_id: line.orderLineId,
      product_name: line.productName,
      sku: line.sku,
      quantity: line.quantity,
      received_quantity: line.receivedQuantity,
      condition: line.condition,
    })),
    reason: row.reason,
    rejection_reason: row.rejectionReason,
    opened_by: row.openedBy,
    requested_at: row.requestedAt.toISOString(),
    received_at: row.receivedAt?.toISOString() ?? null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    rejected_at: row.rejectedAt?.toISOString() ?? null,
  };
}

/** The seller's details the e-mails and the period need (its calendar is the period's). */
async function shopDetails(ctx: RequestContext) {
  const [seller, email] = await Promise.all([getSellerDetails(ctx), shopEmailAddress(ctx)]);
  return { ...seller, contactEmail: email ?? '' };
}

/** The order's withdrawal period on the shop's calendar, and whether it is open `now`. */
export function periodOf(order: ReturnOrder, timeZone: string, now: Date): WithdrawalPeriod {
  const period = withdrawalPeriod(order, timeZone);
  return { ...period, open: withdrawalOpen(period.last_day, dateInZone(now, timeZone)) };
}

/** Each line of the order and how many of its units may still go back. */
function returnableLines(order: ReturnOrder, returned: ReadonlyMap<number, number>): ReturnableLine[] {
  return order.items.map((item) => ({
    line_id: item.id,
    product_name: orderLineName(item),
    sku: item.variant?.sku ?? null,
    quantity: item.quantity,
    returnable: Math.max(0, item.quantity - (returned.get(item.id) ?? 0)),
  }));
}

/** Why a stated withdrawal or return cannot be recorded, for a person: an error the page (or an e-mail) shows. */
class ReturnRefused extends AppError {}

/** The lines a statement names, checked against the order: each in it, each quantity still returnable. */
function chosenLines(
  order: ReturnOrder,
  returnable: readonly ReturnableLine[],
  wanted: readonly ReturnLineInput[],
): { line: ReturnableLine; quantity: number }[] {
  if (wanted.length === 0) {
    const all = returnable.filter((line) => line.returnable > 0).map((line) => ({ line, quantity: line.returnable }));
    if (all.length === 0) {
      throw new ValidationError({ lines: [`Every item of order ${order.number} has already been returned.`] });
    }
    return all;
  }
  const errors: string[] = [];
  const seen = new Set<number>();
  const chosen: { line: ReturnableLine; quantity: number }[] = [];
  for (const want of wanted) {
    const line = returnable.find((candidate) => candidate.line_id === want.line_id);
    if (!line) {
      errors.push(`Line ${want.line_id} is not part of order ${order.number}.`);
    } else if (seen.has(want.line_id)) {
      errors.push(`"${line.product_name}" (line ${line.line_id}) is named more than once.`);
    } else if (line.returnable === 0) {
      errors.push(`"${line.product_name}" (line ${line.line_id}) has already been returned.`);
    } else if (want.quantity > line.returnable) {
      errors.push(
        line.returnable === line.quantity
          ? `Order ${order.number} holds ${line.quantity} of "${line.product_name}" (line ${line.line_id}), not ${want.quantity}.`
          : `Only ${line.returnable} of "${line.product_name}" (line ${line.line_id}) can still be returned: ` +
              `${line.quantity - line.returnable} already are.`,
      );
    } else {
      chosen.push({ line, quantity: want.quantity });
    }
    seen.add(want.line_id);
  }
  if (errors.length > 0) throw new ValidationError({ lines: errors });
  return chosen;
}

/** Who opens a return, and how. */
export interface Opening {
  kind: ReturnKind;
  openedBy: 'customer' | 'guest' | 'staff';
  openedByUserId: number | null;
  now?: Date;
  /** What else commits with the return (staff's audit entry). */
  alongside?: (
    tx: TransactionContext,
    id: number,
    lines: readonly { lineId: number; quantity: number }[],
  ) => Promise<void>;
}

/**
 * Records a withdrawal or a return of some lines of `order` (none named: every line still returnable) and queues its
 * receipt to the order's own e-mail address, in one transaction: the record and its receipt commit together. A
 * withdrawal outside its period, a closed order, a line not in the order or already returned is refused, naming it.
 */
export async function openReturn(
  ctx: RequestContext,
  order: ReturnOrder,
  body: WithdrawalBody,
  opening: Opening,
): Promise<ReturnWithLines> {
  const now = opening.now ?? new Date();
  const shop = await shopDetails(ctx);
  const period = periodOf(order, shop.timeZone, now);
  if (CLOSED_STATUSES.includes(order.status)) {
    throw new ReturnRefused(
      400,
      'order_not_returnable',
      order.status === 'cancelled'
        ? `Order ${order.number} was cancelled: there is nothing to send back.`
        : `Order ${order.number} has been refunded in full already.`,
    );
  }
  if (opening.kind === 'withdrawal' && !period.open && period.last_day) {
    throw new ReturnRefused(
      400,
      'withdrawal_period_ended',
      `The withdrawal period of order ${order.number} ended on ${dayText(period.last_day, shop)}. You can still ` +
        "ask for a return under the shop's refund policy.",
    );
  }
  const created = await inTransaction(ctx, async (tx) => {
    await lockOrderReturns(tx.scope, order.id);
    const returnable = returnableLines(order, await returnedQuantities(tx.scope, order.id));
    const chosen = chosenLines(order, returnable, body.lines);
    const id = await insertReturn(
      tx.scope,
      {
        orderId: order.id,
        orderNumber: order.number,
        customerUserId: order.userId,
        kind: opening.kind,
        reason: body.reason,
        openedBy: opening.openedBy,
        openedByUserId: opening.openedByUserId,
        periodLastDay: opening.kind === 'withdrawal' ? period.last_day : null,
        requestedAt: now,
      },
      chosen.map(({ line, quantity }) => ({
        orderLineId: line.line_id,
        productName: line.product_name,
        sku: line.sku,
        quantity,
      })),
    );
    await opening.alongside?.(
      tx,
      id,
      chosen.map(({ line, quantity }) => ({ lineId: line.line_id, quantity })),
    );
    const mailInput = await mailInputOf(tx, order);
    if (mailInput) {
      const lines = chosen.map(({ line, quantity }) => ({ quantity, productName: line.product_name, sku: line.sku }));
      const write = opening.kind === 'withdrawal' ? withdrawalReceiptMail : returnReceiptMail;
      await queueMail(
        tx,
        write({ ...mailInput, requestedAt: now, lines, reason: body.reason, byStaff: opening.openedBy === 'staff' }),
      );
    }
    return id;
  });
  const [row] = (await listOrderReturns(ctx.scope, order.id)).filter((candidate) => candidate.id === created);
  if (!row) throw new Error(`return ${created} vanished after it was recorded`);
  return row;
}

/** What every e-mail about an order's return is written from; null when the order's customer has no address. */
export async function mailInputOf(ctx: RequestContext | TransactionContext, order: ReturnOrder) {
  const to = await getAccountEmail(ctx, order.userId);
  if (!to) return null;
  return {
    shopName: ctx.tenant.name,
    to,
    fullname: order.delivery_address.fullname,
    orderNumber: order.number,
    orderPageUrl: shopUrl(ctx, `/account/orders/${order.id}`),
    shop: await shopDetails(ctx),
  } satisfies ReturnMailInput;
}

/** The signed-in customer's own order; anyone else's answers 404. */
async function customersOrder(ctx: RequestContext, orderId: number): Promise<ReturnOrder> {
  const user = requireUser(ctx);
  const order = await findOrder(ctx, orderId);
  if (!order || order.userId !== user.id) throw new NotFoundError('Order not found.', 'order_not_found');
  return order;
}

/** `POST /orders/orders/{id}/withdrawal/`: the signed-in customer withdraws from (some lines of) their order. */
export async function withdrawAsCustomer(ctx: RequestContext, orderId: number, body: WithdrawalBody): Promise<Return> {
  const order = await customersOrder(ctx, orderId);
  const user = requireUser(ctx);
  return toReturn(
    await openReturn(ctx, order, body, { kind: 'withdrawal', openedBy: 'customer', openedByUserId: user.id }),
  );
}

/** `POST /orders/orders/{id}/returns/`: the signed-in customer asks for an ordinary return (the shop's policy). */
export async function requestReturnAsCustomer(
  ctx: RequestContext,
  orderId: number,
  body: WithdrawalBody,
): Promise<Return> {
  const order = await customersOrder(ctx, orderId);
  const user = requireUser(ctx);
  return toReturn(
    await openReturn(ctx, order, body, { kind: 'return', openedBy: 'customer', openedByUserId: user.id }),
  );
}

/** An order's withdrawal period, what may go back, and its returns. */
async function orderReturnsOf(ctx: RequestContext, order: ReturnOrder, now = new Date()): Promise<OrderReturns> {
  const shop = await shopDetails(ctx);
  const returned = await returnedQuantities(ctx.scope, order.id);
  return {
    order_id: order.id,
    order_number: order.number,
    returnable: !CLOSED_STATUSES.includes(order.status),
    withdrawal: periodOf(order, shop.timeZone, now),
    lines: returnableLines(order, returned),
    returns: (await listOrderReturns(ctx.scope, order.id)).map(toReturn),
  };
}

/** `GET /orders/orders/{id}/returns/`: the customer's order's period, returnable lines and returns. */
export async function customerOrderReturns(ctx: RequestContext, orderId: number): Promise<OrderReturns> {
  return orderReturnsOf(ctx, await customersOrder(ctx, orderId));
}

/** The order this number and e-mail address name together (the address compared without case); null otherwise. */
async function orderNamedBy(ctx: RequestContext, number: string, email: string): Promise<ReturnOrder | null> {
  const order = await findOrderByNumber(ctx, number);
  if (!order) return null;
  const address = await getAccountEmail(ctx, order.userId);
  return address && address.trim().toLowerCase() === email.trim().toLowerCase() ? order : null;
}

/**
 * `POST /orders/withdrawal/`: a withdrawal stated with an order's number and e-mail address, without signing in. The
 * answer is the same whatever the pair names (so it tells no one whether an order exists): when the pair names an
 * order, the withdrawal is recorded and its receipt goes to the order's address, or, when it cannot be (the period
 * ended, a line already returned…), the reason goes there instead.
 */
export async function withdrawAsGuest(ctx: RequestContext, body: GuestWithdrawalBody): Promise<GuestAnswer> {
  const now = new Date();
  const order = await orderNamedBy(ctx, body.order_number, body.email);
  if (order) {
    try {
      await openReturn(ctx, order, body, { kind: 'withdrawal', openedBy: 'guest', openedByUserId: null, now });
    } catch (error) {
      const why = refusalText(error);
      if (why === null) throw error;
      const mailInput = await mailInputOf(ctx, order);
      if (mailInput) await queueMail(ctx, withdrawalRefusedMail({ ...mailInput, requestedAt: now, why }));
    }
  }
  return { detail: GUEST_WITHDRAWAL_ANSWER, requested_at: now.toISOString() };
}

/** What a refusal says, in one sentence; null for an error that is not a refusal (it is thrown on). */
function refusalText(error: unknown): string | null {
  if (error instanceof ReturnRefused) return error.detail;
  if (error instanceof ValidationError) return Object.values(error.fields).flat().join(' ');
  return null;
}

/** The key of a link to an order's items for `email`, working until `expires` (seconds since the epoch). */
function linkKey(ctx: RequestContext, orderId: number, email: string, expires: number): string {
  return ctx.deps.tokens.digest(
    'withdrawal-link',
    `${ctx.tenant.id}\n${orderId}\n${email.trim().toLowerCase()}\n${expires}`,
  );
}

/**
 * `POST /orders/withdrawal/link/`: a link to choose an order's items for a withdrawal, e-mailed to the order's own
 * address when the number and address name an order; the same answer whatever they name.
 */
export async function sendWithdrawalLink(ctx: RequestContext, body: WithdrawalLinkBody): Promise<GuestAnswer> {
  const now = new Date();
  const order = await orderNamedBy(ctx, body.order_number, body.email);
  const mailInput = order && (await mailInputOf(ctx, order));
  if (order && mailInput) {
    const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const link = new URL(shopUrl(ctx, '/withdrawal'));
    link.searchParams.set('order', order.number);
    link.searchParams.set('email', mailInput.to);
    link.searchParams.set('expires', String(expires));
    link.searchParams.set('key', linkKey(ctx, order.id, mailInput.to, expires));
    await queueMail(ctx, withdrawalLinkMail({ ...mailInput, link: link.toString(), expiresAt }));
  }
  return { detail: GUEST_LINK_ANSWER, requested_at: now.toISOString() };
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `GET /orders/withdrawal/order/`: what a link to an order's items opens; 404 for a link altered or expired. */
export async function guestOrderReturns(ctx: RequestContext, query: WithdrawalOrderQuery): Promise<OrderReturns> {
  const invalid = new NotFoundError(
    'This link is not valid or has expired: ask for a new one on the withdrawal page.',
    'withdrawal_link_invalid',
  );
  if (query.expires * 1000 < Date.now()) throw invalid;
  const order = await orderNamedBy(ctx, query.order_number, query.email);
  if (!order || !sameKey(query.key, linkKey(ctx, order.id, query.email, query.expires))) throw invalid;
  return orderReturnsOf(ctx, order);
}

/** An order's lines as the e-mails list them. */
export function mailLines(row: ReturnWithLines, received = false): MailLine[] {
  return row.lines
    .map((line) => ({
      quantity: received ? (line.receivedQuantity ?? 0) : line.quantity,
      productName: line.productName,
      sku: line.sku,
    }))
    .filter((line) => line.quantity > 0);
}

/**
 * A refund of the order went through (made at once, or completed later): the order's open returns (requested or
 * received) that refunds cover become refunded. Everything the order was paid gone back covers them all; otherwise
 * refunds by line cover a return when the units they gave back of each of its lines (what came back, once received),
 * less those of the order's returns covered before it (oldest first), reach its own.
 */
export async function settleReturnsByRefund(
  event: { orderId: number; refundId: number },
  tx: TransactionContext,
): Promise<void> {
  const order = await findOrder(tx, event.orderId);
  const refund = order?.refunds.find((candidate) => candidate.id === event.refundId);
  if (!order || refund?.status !== 'succeeded') return;
  const all = (parseMinor(order.refunded_amount) ?? 0) >= (parseMinor(order.total) ?? 0);
  const left = await refundedUnitsByLine(tx, order.id);
  const take = (lines: readonly { lineId: number; units: number }[]) => {
    for (const { lineId, units } of lines) left.set(lineId, (left.get(lineId) ?? 0) - units);
  };
  const now = new Date();
  for (const ret of await listOrderReturns(tx.scope, order.id)) {
    const needs = ret.lines.map((line) => ({
      lineId: line.orderLineId,
      units: ret.status === 'received' ? (line.receivedQuantity ?? 0) : line.quantity,
    }));
    if (ret.status === 'refunded') take(needs);
    if (ret.status !== 'requested' && ret.status !== 'received') continue;
    const covered =
      all ||
      (needs.some((need) => need.units > 0) && needs.every((need) => (left.get(need.lineId) ?? 0) >= need.units));
    if (!covered) continue;
    take(needs);
    await updateReturn(tx.scope, ret.id, ['requested', 'received'], {
      status: 'refunded',
      refundedAt: now,
      refundId: refund.id,
    });
  }
}
