import type { Database } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { shopUrl } from '../../lib/urls.ts';
import { type RequestContext, type ServiceDeps, systemContext } from '../../plugins/request-context.ts';
import { getAccountEmail } from '../accounts/index.ts';
import { getTenant } from '../tenants/index.ts';
import { PAYMENT_TIMEOUT } from './orders.lifecycle.ts';
import { orderConfirmationMail, orderExpiredMail, orderPaidMail } from './orders.mail.ts';
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
  deps.events.on('order.placed', async (event: DomainEvents['order.placed']) => {
    const found = await orderMailContext(deps, database, event);
    if (!found) return;
    const { ctx, order, to } = found;
    deps.mailer.send(
      orderConfirmationMail({
        shopName: ctx.tenant.name,
        to,
        order,
        orderPageUrl: shopUrl(ctx, `/account/orders/${order.id}`),
      }),
    );
  });

  deps.events.on('payment.succeeded', async (event) => {
    const tenant = await getTenant(database.db, event.tenantId);
    if (tenant)
      await settleCardPayment(systemContext(deps, database, tenant, `event:payment:${event.paymentId}`), event);
  });

  deps.events.on('order.paid', async (event) => {
    const found = await orderMailContext(deps, database, event);
    if (!found) return;
    const { ctx, order, to } = found;
    deps.mailer.send(
      orderPaidMail({
        shopName: ctx.tenant.name,
        to,
        order,
        orderPageUrl: shopUrl(ctx, `/account/orders/${order.id}`),
      }),
    );
  });

  deps.events.on('order.cancelled', async (event) => {
    if (event.reason !== PAYMENT_TIMEOUT) return;
    const found = await orderMailContext(deps, database, event);
    if (!found) return;
    const { ctx, order, to } = found;
    deps.mailer.send(orderExpiredMail({ shopName: ctx.tenant.name, to, order, shopUrl: shopUrl(ctx, '/products') }));
  });
}
