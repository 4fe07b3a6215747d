import { type Order, parseMinor } from '@platform/contracts';
import type { RequestContext, ServiceDeps, TransactionContext } from '../../lib/context.ts';
import { shopUrl } from '../../lib/urls.ts';
import { getAccountEmail } from '../accounts/index.ts';
import { type MailMessage, queueMail } from '../mail/index.ts';
import { getSellerDetails } from '../site/index.ts';
import { issueCreditNote, issueInvoice } from './documents/index.ts';
import { PAYMENT_TIMEOUT } from './orders.lifecycle.ts';
import {
  orderCancelledMail,
  orderConfirmationMail,
  orderExpiredMail,
  orderPaidMail,
  orderShippedMail,
  payByText,
  refundCompletedMail,
  refundMadeMail,
} from './orders.mail.ts';
import { settleCardPayment } from './orders.payments.ts';
import { findOrder } from './orders.service.ts';
import { moveOrderForRefunds } from './refunds/index.ts';

/**
 * The orders module's reactions to domain events. The customer's e-mails about an order are queued inside the
 * transaction that placed or moved it (`beforeCommit`): the order and its e-mail commit together, so a crash right
 * after the commit loses neither. A succeeded card payment pays its order, and a refund completed later moves its
 * order and tells the customer, through the outbox: after the commit, once, even across a crash.
 */
export function subscribeOrderEvents(deps: ServiceDeps): void {
  /** Queues to the order's customer what `compose` writes, once the order and the customer's address are found. */
  const mailCustomer =
    (compose: (found: { ctx: RequestContext; order: Order; to: string; orderPageUrl: string }) => MailMessage | null) =>
    async (event: { orderId: number }, tx: TransactionContext) => {
      const order = await findOrder(tx, event.orderId);
      const to = order && (await getAccountEmail(tx, order.userId));
      if (!order || !to) return;
      const message = compose({ ctx: tx, order, to, orderPageUrl: shopUrl(tx, `/account/orders/${order.id}`) });
      if (message) await queueMail(tx, message);
    };
  const shopName = (ctx: RequestContext) => ctx.tenant.name;

  deps.events.beforeCommit('order.placed', async (event, tx) => {
    // Until when the order waits for its payment, as the shop writes a moment (its locale and zone).
    const shop = await getSellerDetails(tx);
    await mailCustomer(({ ctx, ...mail }) =>
      orderConfirmationMail({ shopName: shopName(ctx), ...mail, payBy: payByText(mail.order, shop) }),
    )(event, tx);
  });

  // Through the outbox (decision 021): a payment recorded as succeeded pays its order after the commit, even across a
  // crash.
  deps.events.durable('payment.succeeded', 'orders.settle-card-payment', (event, tx) => settleCardPayment(tx, event));

  // The invoice is issued in the transaction that pays the order (its number taken there, so none is lost), and
  // goes with the customer's e-mail.
  deps.events.beforeCommit('order.paid', async (event, tx) => {
    const order = await findOrder(tx, event.orderId);
    if (!order) return;
    const to = await getAccountEmail(tx, order.userId);
    const invoice = await issueInvoice(tx, order, to);
    if (!to) return;
    const orderPageUrl = shopUrl(tx, `/account/orders/${order.id}`);
    await queueMail(tx, {
      ...orderPaidMail({ shopName: shopName(tx), to, order, orderPageUrl }),
      attachments: [{ filename: invoice.filename, contentType: 'application/pdf', content: invoice.pdf }],
    });
  });

  const expiredMail = mailCustomer(({ ctx, order, to }) =>
    orderExpiredMail({ shopName: shopName(ctx), to, order, shopUrl: shopUrl(ctx, '/products') }),
  );
  deps.events.beforeCommit(
    'order.shipped',
    mailCustomer(({ ctx, ...mail }) => orderShippedMail({ shopName: shopName(ctx), ...mail })),
  );

  // A refund made is told in its own transaction; one completing later moves the order first, then is told.
  // A refund that went through gets its credit note, issued with it and sent with the e-mail.
  const refundMail =
    (write: typeof refundMadeMail) => async (event: { orderId: number; refundId: number }, tx: TransactionContext) => {
      const order = await findOrder(tx, event.orderId);
      const refund = order?.refunds.find((candidate) => candidate.id === event.refundId);
      if (!order || !refund) return;
      const to = await getAccountEmail(tx, order.userId);
      const creditNote = refund.status === 'succeeded' ? await issueCreditNote(tx, order, refund, to) : null;
      if (!to) return;
      const orderPageUrl = shopUrl(tx, `/account/orders/${order.id}`);
      await queueMail(tx, {
        ...write({ shopName: shopName(tx), to, order, orderPageUrl, refund }),
        ...(creditNote
          ? {
              attachments: [{ filename: creditNote.filename, contentType: 'application/pdf', content: creditNote.pdf }],
            }
          : {}),
      });
    };
  deps.events.beforeCommit('refund.created', refundMail(refundMadeMail));
  // Through the outbox (decision 021): written with the refund's completion, run once after the commit, even across a
  // crash.
  deps.events.durable('refund.completed', 'orders.refund-completed', async (event, tx) => {
    const refund = (await findOrder(tx, event.orderId))?.refunds.find((candidate) => candidate.id === event.refundId);
    if (!refund) return;
    await moveOrderForRefunds(tx, event.orderId, 'gateway', parseMinor(refund.amount) ?? 0);
    await refundMail(refundCompletedMail)(event, tx);
  });

  deps.events.beforeCommit('order.cancelled', async (event, tx) => {
    if (event.reason === PAYMENT_TIMEOUT) return expiredMail(event, tx);
    // A cancellation by the shop's staff is told to the customer.
    if (event.actor === 'staff') {
      await mailCustomer(({ ctx, ...mail }) =>
        orderCancelledMail({
          shopName: shopName(ctx),
          ...mail,
          reason: event.reason === 'cancelled' || event.reasonKept ? '' : event.reason,
        }),
      )(event, tx);
    }
  });
}
