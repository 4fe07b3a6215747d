import type { Order } from '@platform/contracts';
import type { Database } from '../../db/client.ts';
import { shopUrl } from '../../lib/urls.ts';
import { type RequestContext, type ServiceDeps, systemContext } from '../../plugins/request-context.ts';
import { getAccountEmail } from '../accounts/index.ts';
import { type MailMessage, queueMail } from '../mail/index.ts';
import { getTenant } from '../tenants/index.ts';
import { PAYMENT_TIMEOUT } from './orders.lifecycle.ts';
import {
  orderCancelledMail,
  orderConfirmationMail,
  orderExpiredMail,
  orderPaidMail,
  orderShippedMail,
} from './orders.mail.ts';
import { settleCardPayment } from './orders.payments.ts';
import { findOrder } from './orders.service.ts';

/** The shop's context for a handler of an order event, with the order and its customer's address; null if gone. */
async function orderMailContext(deps: ServiceDeps, database: Database, event: { tenantId: number; orderId: number }) {
  const tenant = await getTenant(database.db, event.tenantId);
  if (!tenant) return null;
  const ctx: RequestContext = systemContext(deps, database, tenant, `event:${event.orderId}`);
  const order = await findOrder(ctx, event.orderId);
  const to = order && (await getAccountEmail(ctx, order.userId));
  return order && to ? { ctx, order, to } : null;
}

/** The orders module's reactions to domain events: a succeeded card payment pays its order; the customer's e-mails. */
export function subscribeOrderEvents(deps: ServiceDeps, database: Database): void {
  /** Mails the order's customer what `compose` writes, once the order and the customer's address are found. */
  const mailCustomer =
    (compose: (found: { ctx: RequestContext; order: Order; to: string; orderPageUrl: string }) => MailMessage) =>
    async (event: { tenantId: number; orderId: number }) => {
      const found = await orderMailContext(deps, database, event);
      if (!found) return;
      await queueMail(
        found.ctx,
        compose({ ...found, orderPageUrl: shopUrl(found.ctx, `/account/orders/${found.order.id}`) }),
      );
    };
  const shopName = (ctx: RequestContext) => ctx.tenant.name;

  deps.events.on(
    'order.placed',
    mailCustomer(({ ctx, ...mail }) => orderConfirmationMail({ shopName: shopName(ctx), ...mail })),
  );

  deps.events.on('payment.succeeded', async (event) => {
    const tenant = await getTenant(database.db, event.tenantId);
    if (!tenant) return;
    await settleCardPayment(systemContext(deps, database, tenant, `event:payment:${event.paymentId}`), event);
  });

  deps.events.on(
    'order.paid',
    mailCustomer(({ ctx, ...mail }) => orderPaidMail({ shopName: shopName(ctx), ...mail })),
  );

  const expiredMail = mailCustomer(({ ctx, order, to }) =>
    orderExpiredMail({ shopName: shopName(ctx), to, order, shopUrl: shopUrl(ctx, '/products') }),
  );
  deps.events.on(
    'order.shipped',
    mailCustomer(({ ctx, ...mail }) => orderShippedMail({ shopName: shopName(ctx), ...mail })),
  );

  deps.events.on('order.cancelled', async (event) => {
    if (event.reason === PAYMENT_TIMEOUT) return expiredMail(event);
    // A cancellation by the shop's staff is told to the customer.
    if (event.actor === 'staff') {
      await mailCustomer(({ ctx, ...mail }) =>
        orderCancelledMail({
          shopName: shopName(ctx),
          ...mail,
          reason: event.reason === 'cancelled' ? '' : event.reason,
        }),
      )(event);
    }
  });
}
