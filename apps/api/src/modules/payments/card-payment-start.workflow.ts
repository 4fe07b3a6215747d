// Starting a card payment, as a workflow: reuse the order's open attempt, or open a new one, have the gateway issue
// its payment page (Payment Token), keep the page, answer it. No transaction spans the steps (none is held open while
// the gateway answers), so the attempt's row and the gateway's page are effects each step compensates itself.
import { randomUUID } from 'node:crypto';
import type { CardPaymentStart } from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { BadGatewayError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { runWorkflow, step, workflow } from '../../lib/workflow.ts';
import {
  cardGateway,
  expireAttempt,
  gatewayPath,
  PAYMENT_TOKEN_LIFETIME_MS,
  type PayableOrder,
  recordEvent,
  refreshFromGateway,
} from './card-payments.service.ts';
import type { PaymentConfig } from './payments.config.ts';
import { GatewayError, type GatewayPaymentStart, type PaymentGateway } from './payments.gateway.ts';
import {
  countOrderPayments,
  findOpenPayment,
  insertPayment,
  lockPayment,
  type PaymentRow,
  updatePayment,
} from './payments.repository.ts';

/** The gateway refused or failed to start the payment: 502 with its message, which the attempt keeps as well. */
class GatewayStartError extends BadGatewayError {
  constructor(readonly gatewayError: GatewayError) {
    super(`The card payment could not be started: ${gatewayError.message}`, 'gateway_error');
  }
}

/** What starting a payment works with: the order, the shop's card settings and gateway, and the time it started. */
interface PaymentStart {
  order: PayableOrder;
  config: PaymentConfig;
  gateway: PaymentGateway;
  now: Date;
}

/**
 * 1. Reuse the open attempt: hand out the order's open attempt again while its page still works; refuse while it is
 * being started (409 `payment_busy`) or pending (409 `payment_in_progress`), or once the order is paid; otherwise
 * close it (after asking the gateway what became of it) and let a new one start (null).
 */
const reuseOpenAttempt = step(
  'reuse open attempt',
  async (ctx: RequestContext, input: PaymentStart): Promise<CardPaymentStart | null> => {
    const open = await findOpenPayment(ctx.scope, input.order.id);
    if (!open) return null;
    const pageWorks = open.expiresAt.getTime() - input.now.getTime() > 60_000;
    if (open.status === 'initiated' && open.redirectUrl && pageWorks) {
      return { redirectUrl: open.redirectUrl, payment_uuid: open.uuid };
    }
    if (open.status === 'initiated' && !open.redirectUrl && input.now.getTime() - open.createdAt.getTime() < 60_000) {
      throw new ConflictError(
        'A payment for this order is being started. Please try again in a moment.',
        'payment_busy',
      );
    }
    const current = open.redirectUrl ? await refreshFromGateway(ctx, input.gateway, open) : open;
    if (current.status === 'pending') {
      throw new ConflictError(
        'A payment for this order is being processed. Please wait for its result.',
        'payment_in_progress',
      );
    }
    if (current.status === 'succeeded') throw new ConflictError('This order has been paid.', 'order_paid');
    if (current.status === 'initiated') await expireAttempt(ctx, current.id);
    return null;
  },
);

/**
 * Closes an attempt whose start failed, unless something closed it already: status `error` with what went wrong
 * (the gateway's message, or a general one), recorded among its events.
 */
async function closeFailedAttempt(ctx: RequestContext, payment: PaymentRow, failure: unknown): Promise<void> {
  const gatewayError = failure instanceof GatewayStartError ? failure.gatewayError : null;
  const message = gatewayError?.message ?? 'The payment could not be started.';
  const respCode = gatewayError?.respCode ?? null;
  await inTransaction(ctx, async (tx) => {
    const locked = await lockPayment(tx.scope, { id: payment.id });
    if (locked?.status !== 'initiated') return;
    await updatePayment(tx.scope, payment.id, { status: 'error', errorMessage: message, respCode });
    await recordEvent(tx, { paymentId: payment.id, source: 'start', outcome: 'applied', respCode, detail: message });
  });
}

/**
 * 2. Open the attempt: a payment row in status `initiated` with the order's amount and a new invoice number
 * (`<order>A<attempt>`), committed at once so that a concurrent start sees it (409 `payment_busy` while the row of
 * another start is being inserted). Compensation: the attempt is closed as `error` with the failure's message, so
 * that it is not open any more (the customer may start a new one at once) and whatever the gateway says of it later
 * is only recorded, or flagged for staff, never taken as the order's payment.
 */
const openAttempt = step(
  'open payment attempt',
  async (ctx: RequestContext, input: PaymentStart): Promise<PaymentRow> => {
    const { order, config } = input;
    const attempt = (await countOrderPayments(ctx.scope, order.id)) + 1;
    const payment = await insertPayment(ctx.scope, {
      uuid: randomUUID(),
      orderId: order.id,
      userId: order.userId,
      orderNumber: order.number,
      gateway: config.cardGateway,
      merchantId: config.cardMerchantId,
      invoiceNo: `${order.number.replace(/[^A-Za-z0-9]/g, '')}A${attempt}`,
      amountCents: order.amountCents,
      currency: order.currency,
      status: 'initiated',
      expiresAt: new Date(input.now.getTime() + PAYMENT_TOKEN_LIFETIME_MS),
    });
    if (!payment) {
      throw new ConflictError(
        'A payment for this order is being started. Please try again in a moment.',
        'payment_busy',
      );
    }
    return payment;
  },
  closeFailedAttempt,
);

/** A page the gateway issued for an attempt. */
type IssuedPage = GatewayPaymentStart & { paymentId: number };

/** Why an attempt's page issued by the gateway was never handed out, kept among the attempt's events. */
const PAGE_ABANDONED =
  'The gateway issued a payment page that was never handed out; it lapses unused (2C2P cannot withdraw it).';

/**
 * 3. Start at the gateway: its Payment Token request, with the attempt's invoice and amount, and where the shopper and
 * the news come back. A gateway that refuses, fails or times out answers 502 with its message. Compensation: 2C2P
 * cannot withdraw a payment token (PGW 4.3 has no cancel; the token lapses after 30 minutes, and a void applies only
 * to a paid transaction), so the page is abandoned: never handed out, recorded among the attempt's events, and the
 * attempt closed (by the compensation of "open payment attempt"), so that a payment made on it anyway is flagged for
 * staff to refund, not taken as the order's payment.
 */
const startAtGateway = step(
  'start at gateway',
  async (
    ctx: RequestContext,
    input: { gateway: PaymentGateway; payment: PaymentRow; description: string },
  ): Promise<IssuedPage> => {
    const { payment } = input;
    try {
      const page = await input.gateway.createPayment({
        invoiceNo: payment.invoiceNo,
        description: input.description,
        amountCents: payment.amountCents,
        currency: payment.currency,
        frontendReturnUrl: gatewayPath(ctx, `return/${payment.uuid}/`),
        backendReturnUrl: gatewayPath(ctx, 'notify/'),
      });
      return { paymentId: payment.id, ...page };
    } catch (error) {
      if (error instanceof GatewayError) throw new GatewayStartError(error);
      throw error;
    }
  },
  async (ctx, page) => {
    await recordEvent(ctx, {
      paymentId: page.paymentId,
      source: 'start',
      outcome: 'refused',
      respCode: '0000',
      detail: PAGE_ABANDONED,
    });
  },
);

/**
 * 4. Keep the page: the attempt's token and page address, and its `start` event, in one transaction; only then is the
 * page handed out. Its failure leaves nothing of it to undo.
 */
const keepPaymentPage = step('keep payment page', async (ctx: RequestContext, page: IssuedPage): Promise<void> => {
  await inTransaction(ctx, async (tx) => {
    await updatePayment(tx.scope, page.paymentId, { paymentToken: page.paymentToken, redirectUrl: page.webPaymentUrl });
    await recordEvent(tx, { paymentId: page.paymentId, source: 'start', outcome: 'applied', respCode: '0000' });
  });
});

/** Starting a card payment for an order; its answer is the page the shopper pays on and the attempt's id. */
const cardPaymentStartWorkflow = workflow<PaymentStart, CardPaymentStart>('start card payment')
  .step('reused', reuseOpenAttempt, ({ input }) => input)
  .endIf(({ reused }) => reused)
  .step('payment', openAttempt, ({ input }) => input)
  .step('page', startAtGateway, ({ input, payment }) => ({
    gateway: input.gateway,
    payment,
    description: input.order.description,
  }))
  .step('kept', keepPaymentPage, ({ page }) => page)
  .returns(({ payment, page }) => ({ redirectUrl: page.webPaymentUrl, payment_uuid: payment.uuid }));

/**
 * Starts a card payment attempt for an order (the card method's `start`): the shop must take cards (409
 * `card_payments_off` otherwise), then the workflow above runs. A gateway failure leaves the attempt in status
 * `error` with its message and answers 502 with it.
 */
export async function startCardPayment(ctx: RequestContext, order: PayableOrder): Promise<CardPaymentStart> {
  const { config, gateway } = await cardGateway(ctx).catch((error: unknown) => {
    if (error instanceof NotFoundError) {
      throw new ConflictError('This shop does not take card payments at the moment.', 'card_payments_off');
    }
    throw error;
  });
  return runWorkflow(cardPaymentStartWorkflow, ctx, { order, config, gateway, now: new Date() });
}
