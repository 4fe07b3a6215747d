// Card payments of orders once started (`card-payment-start.workflow.ts` starts them): learning their outcome (signed
// notifications, inquiries), the customer's status record, and reconciliation of attempts left open.
import { formatMinor, type PaymentStatus, type PaymentStatusRecord } from '@platform/contracts';
import type { Database } from '../../db/client.ts';
import type { TransactionContext } from '../../lib/context.ts';
import { type RequestContext, requireUser, type ServiceDeps, systemContext } from '../../lib/context.ts';
import { type AppError, AuthenticationError, BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { SANDBOX_GATEWAY_PREFIX, shopUrl } from '../../lib/urls.ts';
import { listTenants } from '../tenants/index.ts';
import { loadPaymentConfig, type PaymentConfig, takesCards } from './payments.config.ts';
import {
  GatewayError,
  GatewayMessageError,
  type GatewayResult,
  type PaymentGateway,
  statusOfResponseCode,
} from './payments.gateway.ts';
import {
  claimExpiredOpenPayments,
  claimInquiry,
  countRefusedNotification,
  findPaymentByUuid,
  hasOtherSucceededPayment,
  insertPaymentEvent,
  listOrderPaymentRows,
  listUnnotifiedSucceededPayments,
  lockPayment,
  markOrderNotified,
  type NewPaymentEvent,
  type PaymentRow,
  updatePayment,
} from './payments.repository.ts';
import { TwoC2PGateway } from './twoc2p.gateway.ts';

/** A 2C2P payment token lives 30 minutes; an attempt still open past it is asked about by reconciliation. */
export const PAYMENT_TOKEN_LIFETIME_MS = 30 * 60 * 1000;
/** A succeeded payment whose order has not confirmed after this long is announced again. */
const NOTIFY_RETRY_AFTER_MS = 60 * 1000;
/** How long a reconciliation run holds an attempt it asked about before asking again. */
const RECONCILE_BACKOFF_MS = 10 * 60 * 1000;
const RECONCILE_BATCH = 50;
/** A shopper's requests ask the gateway about one payment at most this often; in between, the stored state answers. */
const INQUIRY_INTERVAL_SECONDS = 5;

const OPEN_STATUSES: readonly PaymentStatus[] = ['initiated', 'pending'];
const EXPIRED_MESSAGE = 'The payment page expired before the payment was completed.';

/** The order being paid, as the orders module hands it over: the amount is the order's, never the client's. */
export interface PayableOrder {
  id: number;
  number: string;
  userId: number;
  amountCents: number;
  currency: string;
  description: string;
}

/** The gateway of the shop's configuration: 2C2P (its sandbox or production) or the built-in sandbox. */
export function gatewayOf(ctx: RequestContext, config: PaymentConfig): PaymentGateway {
  const { config: platform } = ctx.deps;
  const baseUrl =
    config.cardGateway === 'sandbox'
      ? shopUrl(ctx, `${SANDBOX_GATEWAY_PREFIX}/${encodeURIComponent(ctx.tenant.token)}`)
      : config.cardEnvironment === 'production'
        ? platform.TWOC2P_PRODUCTION_URL
        : platform.TWOC2P_SANDBOX_URL;
  return new TwoC2PGateway({
    merchantId: config.cardMerchantId,
    secretKey: config.cardSecretKey,
    baseUrl,
    timeoutMs: platform.PAYMENT_GATEWAY_TIMEOUT_MS,
  });
}

/** The shop's card gateway, or 404 when the shop takes no cards (its notification address does not exist). */
export async function cardGateway(ctx: RequestContext): Promise<{ config: PaymentConfig; gateway: PaymentGateway }> {
  const config = await loadPaymentConfig(ctx);
  if (!takesCards(ctx, config)) throw new NotFoundError('This shop does not take card payments.', 'card_payments_off');
  return { config, gateway: gatewayOf(ctx, config) };
}

/** The shop's address the gateway calls back at (`notify/`, `return/<uuid>/`), the shop named in the path. */
export function gatewayPath(ctx: RequestContext, rest: string): string {
  return shopUrl(ctx, `/api/payments/2c2p/${encodeURIComponent(ctx.tenant.token)}/${rest}`);
}

/** One entry of a payment's history (what happened to it, from which source, and whether it changed it). */
export async function recordEvent(ctx: RequestContext, event: NewPaymentEvent): Promise<void> {
  await insertPaymentEvent(ctx.scope, event);
}

/** Closes an attempt that was never completed (its page expired, or its start never finished). */
export async function expireAttempt(ctx: RequestContext, paymentId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const payment = await lockPayment(tx.scope, { id: paymentId });
    if (payment?.status !== 'initiated') return;
    await updatePayment(tx.scope, payment.id, { status: 'canceled', errorMessage: EXPIRED_MESSAGE });
    await recordEvent(tx, { paymentId, source: 'inquiry', outcome: 'applied', detail: EXPIRED_MESSAGE });
  });
}

/** Why a gateway's result cannot be about this payment, or null when merchant, invoice, amount and currency match. */
function mismatch(payment: PaymentRow, result: GatewayResult): string | null {
  if (result.merchantId !== payment.merchantId) return 'The merchant does not match the payment.';
  if (result.invoiceNo !== payment.invoiceNo) return 'The invoice does not match the payment.';
  if (result.amountCents !== payment.amountCents) return 'The amount does not match the payment.';
  if (result.currency.toUpperCase() !== payment.currency) return 'The currency does not match the payment.';
  return null;
}

function errorMessageOf(status: PaymentStatus, result: GatewayResult): string | null {
  if (status !== 'failed' && status !== 'canceled') return null;
  return result.respDesc || (status === 'failed' ? 'The payment was declined.' : 'The payment was cancelled.');
}

/**
 * Applies a genuine gateway result to its (locked) payment: an open attempt moves to the result's status; the same
 * news again, news of an attempt already closed, and news that only says "pending" after an outcome change nothing.
 * A success announces `payment.succeeded`, which marks the order paid. A success for an attempt already closed, or
 * of an order another attempt has paid, is flagged for staff.
 */
async function applyResult(
  tx: TransactionContext,
  payment: PaymentRow,
  result: GatewayResult,
  source: 'notification' | 'inquiry',
): Promise<PaymentRow> {
  const next = statusOfResponseCode(result.respCode);
  const event = { paymentId: payment.id, source, respCode: result.respCode, payload: result.fields };
  if (next === null || next === payment.status) {
    await recordEvent(tx, { ...event, outcome: 'unchanged' });
    return payment;
  }
  if (!OPEN_STATUSES.includes(payment.status) || (payment.status === 'pending' && next === 'pending')) {
    if (next !== 'succeeded') {
      await recordEvent(tx, { ...event, outcome: 'unchanged', detail: `already ${payment.status}` });
      return payment;
    }
    const reason = `The gateway reported this payment paid after it was ${payment.status}: check it and refund it.`;
    await recordEvent(tx, { ...event, outcome: 'flagged', detail: reason });
    return updatePayment(tx.scope, payment.id, { reviewReason: reason });
  }
  const paidTwice = next === 'succeeded' && (await hasOtherSucceededPayment(tx.scope, payment.orderId, payment.id));
  const reviewReason = paidTwice ? 'The order was already paid by another payment: refund one of them.' : undefined;
  const updated = await updatePayment(tx.scope, payment.id, {
    status: next,
    respCode: result.respCode,
    respDesc: result.respDesc,
    gatewayTransactionRef: result.transactionRef ?? payment.gatewayTransactionRef,
    errorMessage: errorMessageOf(next, result),
    ...(reviewReason ? { reviewReason, orderNotifiedAt: new Date() } : {}),
  });
  await recordEvent(tx, { ...event, outcome: reviewReason ? 'flagged' : 'applied', detail: reviewReason ?? '' });
  if (next === 'succeeded' && !reviewReason) {
    tx.emit({
      name: 'payment.succeeded',
      payload: { tenantId: tx.tenant.id, orderId: payment.orderId, paymentId: payment.id },
    });
  }
  return updated;
}

/**
 * Asks the gateway (Payment Inquiry) what became of an open attempt and applies the answer. A gateway that cannot
 * answer leaves the attempt as it is (the next status check or reconciliation asks again).
 */
export async function refreshFromGateway(ctx: RequestContext, gateway: PaymentGateway, payment: PaymentRow) {
  let result: GatewayResult | null;
  try {
    result = await gateway.inquire(payment.invoiceNo);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await recordEvent(ctx, { paymentId: payment.id, source: 'inquiry', outcome: 'refused', detail: error.message });
    return payment;
  }
  if (!result) return payment;
  const answer = result;
  const wrong = mismatch(payment, answer);
  if (wrong) {
    await recordEvent(ctx, {
      paymentId: payment.id,
      source: 'inquiry',
      outcome: 'refused',
      respCode: answer.respCode,
      detail: wrong,
      payload: answer.fields,
    });
    return payment;
  }
  return inTransaction(ctx, async (tx) => {
    const locked = await lockPayment(tx.scope, { id: payment.id });
    return locked ? applyResult(tx, locked, answer, 'inquiry') : payment;
  });
}

/**
 * The payment as the gateway now sees it, for a shopper's request (the status call, the browser return): an open
 * attempt is asked about (Payment Inquiry) at most once every `INQUIRY_INTERVAL_SECONDS`, across requests and
 * instances; in between, and for an attempt that is closed or never reached the gateway, the stored state answers.
 */
async function currentForShopper(ctx: RequestContext, payment: PaymentRow): Promise<PaymentRow> {
  if (!OPEN_STATUSES.includes(payment.status) || !payment.redirectUrl) return payment;
  const config = await loadPaymentConfig(ctx);
  if (!takesCards(ctx, config)) return payment;
  if (!(await claimInquiry(ctx.scope, payment.id, INQUIRY_INTERVAL_SECONDS))) return payment;
  return refreshFromGateway(ctx, gatewayOf(ctx, config), payment);
}

/**
 * A server-to-server notification (`POST /payments/2c2p/{shop}/notify/`): its JWT is verified with the shop's
 * secret (HS256 only), then merchant, invoice, amount and currency are matched against the stored payment; only then
 * is the result applied. Anything else answers an error and changes nothing: a verified notification that does not
 * match is recorded in the payment's events; one that does not verify is only counted (anyone can send those).
 */
export async function acceptNotification(ctx: RequestContext, body: unknown): Promise<void> {
  const { config, gateway } = await cardGateway(ctx);
  let result: GatewayResult;
  try {
    result = await gateway.readNotification(body);
  } catch (error) {
    if (!(error instanceof GatewayMessageError)) throw error;
    await countRefusedNotification(ctx.scope, error.message);
    if (error.reason === 'signature') throw new AuthenticationError('Invalid signature.', 'invalid_signature');
    throw new BadRequestError(error.message, 'malformed_notification');
  }
  const refusal: AppError | null = await inTransaction(ctx, async (tx) => {
    if (result.merchantId !== config.cardMerchantId) {
      return new BadRequestError('The notification is for another merchant.', 'payment_mismatch');
    }
    const payment = await lockPayment(tx.scope, { invoiceNo: result.invoiceNo });
    if (!payment) return new NotFoundError('No payment has this invoice number.', 'unknown_invoice');
    const wrong = mismatch(payment, result);
    if (wrong) return new BadRequestError(wrong, 'payment_mismatch');
    await applyResult(tx, payment, result, 'notification');
    return null;
  });
  if (refusal) {
    await recordEvent(ctx, {
      paymentId: null,
      source: 'notification',
      outcome: 'refused',
      respCode: result.respCode,
      detail: `${refusal.detail} (invoice ${result.invoiceNo})`,
      payload: result.fields,
    });
    throw refusal;
  }
}

/**
 * The shopper's browser coming back from the gateway (`POST /payments/2c2p/{shop}/return/{uuid}/`). What it posts is
 * unsigned: it is recorded, never believed. The gateway is asked (Payment Inquiry) instead. Returns where to send
 * the browser: the payment return page.
 */
export async function returnFromGateway(ctx: RequestContext, uuid: string, posted: unknown): Promise<string> {
  const location = shopUrl(ctx, `/payment/return?paymentId=${encodeURIComponent(uuid)}`);
  const payment = isUuid(uuid) ? await findPaymentByUuid(ctx.scope, uuid) : null;
  if (!payment) return location;
  await recordEvent(ctx, {
    paymentId: payment.id,
    source: 'browser_return',
    outcome: 'unchanged',
    payload: decodedBrowserReturn(posted),
  });
  await currentForShopper(ctx, payment);
  return location;
}

/** The fields 2C2P's browser return carries (PGW v4.3): only these are kept, each cut to a field's length. */
const BROWSER_RETURN_FIELDS = ['locale', 'invoiceNo', 'channelCode', 'respCode', 'respDesc'] as const;
const BROWSER_RETURN_FIELD_LENGTH = 255;

/** The browser return's `paymentResponse` (base64 JSON), decoded for the record; whatever it says is not trusted. */
function decodedBrowserReturn(posted: unknown): Record<string, unknown> {
  const raw = posted && typeof posted === 'object' ? (posted as Record<string, unknown>).paymentResponse : undefined;
  if (typeof raw !== 'string') return {};
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (!decoded || typeof decoded !== 'object') return { paymentResponse: raw.slice(0, 500) };
  const fields = decoded as Record<string, unknown>;
  return Object.fromEntries(
    BROWSER_RETURN_FIELDS.filter((name) => name in fields).map((name) => {
      const value = fields[name];
      const text = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
      return [name, text?.slice(0, BROWSER_RETURN_FIELD_LENGTH) ?? null];
    }),
  );
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * `GET /payments/history/{uuid}/`: the payment's status record, for the customer who started it (anyone else: 404).
 * While the attempt is open, the gateway is asked first (at most once every few seconds), so the answer catches up
 * with a notification still on its way.
 */
export async function getPaymentStatus(ctx: RequestContext, uuid: string): Promise<PaymentStatusRecord> {
  const user = requireUser(ctx);
  const found = isUuid(uuid) ? await findPaymentByUuid(ctx.scope, uuid) : null;
  if (!found || found.userId !== user.id) throw new NotFoundError('Payment transaction not found.', 'not_found');
  const payment = await currentForShopper(ctx, found);
  return {
    status: payment.status,
    order_identifier: payment.orderNumber,
    gateway_transaction_ref: payment.gatewayTransactionRef,
    amount: formatMinor(payment.amountCents),
    currency: payment.currency,
    error_message: payment.errorMessage,
    order_id: payment.orderId,
  };
}

/**
 * The order has learned of the payment's success (it is paid now, or was already); with `reviewReason` the payment
 * is flagged for staff at the same time (a payment for an order that was cancelled meanwhile).
 */
export async function acknowledgeOrderPayment(
  ctx: RequestContext,
  input: { paymentId: number; reviewReason?: string },
): Promise<void> {
  await markOrderNotified(ctx.scope, input.paymentId, new Date(), input.reviewReason);
  if (input.reviewReason) {
    await recordEvent(ctx, {
      paymentId: input.paymentId,
      source: 'order',
      outcome: 'flagged',
      detail: input.reviewReason,
    });
  }
}

/** The flag of a card payment that succeeded after its order was cancelled: staff refund it or restore the order. */
export const PAID_AFTER_CANCEL_REVIEW =
  'The payment succeeded after its order was cancelled: refund it or restore the order.';

/**
 * A cancelled order is restored with the payment that arrived after its cancellation: that payment's flag is lifted
 * (it is the order's payment now), in the restore's transaction. False when the order has no such payment.
 */
export async function acceptPaymentAfterCancel(tx: TransactionContext, orderId: number): Promise<boolean> {
  const payment = (await listOrderPaymentRows(tx.scope, orderId)).find(
    (row) => row.status === 'succeeded' && row.reviewReason === PAID_AFTER_CANCEL_REVIEW,
  );
  if (!payment) return false;
  await updatePayment(tx.scope, payment.id, { reviewReason: null });
  await recordEvent(tx, { paymentId: payment.id, source: 'order', outcome: 'applied', detail: 'order restored' });
  return true;
}

/** What the job works with. */
export type PaymentJobDeps = ServiceDeps & { database: Database };

/**
 * The reconciliation job, over every shop: open attempts past their token's lifetime are asked about (Payment
 * Inquiry) and an attempt that was never paid is closed; succeeded payments whose order has not confirmed are
 * announced again. Safe with several instances: each attempt is claimed (`SKIP LOCKED`, then held for a while)
 * before the gateway is asked, outside any transaction.
 */
export async function reconcilePayments(
  deps: PaymentJobDeps,
  now = new Date(),
): Promise<{ asked: number; closed: number; announced: number }> {
  const totals = { asked: 0, closed: 0, announced: 0 };
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'payment-reconciliation');
    const unnotified = await listUnnotifiedSucceededPayments(
      ctx.scope,
      new Date(now.getTime() - NOTIFY_RETRY_AFTER_MS),
      RECONCILE_BATCH,
    );
    // Announced again through the outbox (decision 021), like the first time: delivered after the commit, once.
    if (unnotified.length > 0) {
      await inTransaction(ctx, async (tx) => {
        for (const payment of unnotified) {
          tx.emit({
            name: 'payment.succeeded',
            payload: { tenantId: tenant.id, orderId: payment.orderId, paymentId: payment.id },
          });
        }
      });
    }
    totals.announced += unnotified.length;
    const claimed = await claimExpiredOpenPayments(
      ctx.scope,
      now,
      new Date(now.getTime() + RECONCILE_BACKOFF_MS),
      RECONCILE_BATCH,
    );
    if (claimed.length === 0) continue;
    const config = await loadPaymentConfig(ctx);
    const gateway = takesCards(ctx, config) ? gatewayOf(ctx, config) : null;
    for (const payment of claimed) {
      totals.asked += 1;
      const current = gateway && payment.redirectUrl ? await refreshFromGateway(ctx, gateway, payment) : payment;
      if (current.status === 'initiated') {
        await expireAttempt(ctx, current.id);
        totals.closed += 1;
      }
    }
  }
  return totals;
}
