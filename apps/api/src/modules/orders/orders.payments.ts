// Paying an order by card: the orders module hands the order to the payments module, and learns of a succeeded
// payment through its event, marking the order paid through the lifecycle.
import { type CardPaymentRequest, type CardPaymentStart, parseMinor } from '@platform/contracts';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { acknowledgeOrderPayment, PAID_AFTER_CANCEL_REVIEW, paymentMethodHandler } from '../payments/index.ts';
import { InvalidTransitionError, transitionOrder } from './orders.lifecycle.ts';
import { findOrder } from './orders.service.ts';

/**
 * `POST /payments/card/initiate/`: a card payment attempt for one of the signed-in customer's orders (anyone
 * else's: 404), which must await payment and be paid by a method that starts at a gateway (409). The amount and
 * currency are the order's; the order's payment method starts the attempt.
 */
export async function payOrderByCard(ctx: RequestContext, body: CardPaymentRequest): Promise<CardPaymentStart> {
  const user = requireUser(ctx);
  const order = await findOrder(ctx, body.order_id);
  if (!order || order.userId !== user.id) throw new NotFoundError('Order not found.', 'order_not_found');
  const { start } = paymentMethodHandler(order.payment_method);
  if (!start) throw new ConflictError('This order is not paid by card.', 'not_a_card_order');
  if (order.status !== 'awaiting_payment')
    throw new ConflictError('This order is not awaiting payment.', 'not_payable');
  if (order.currency !== body.currency) {
    throw new ConflictError(`This order is priced in ${order.currency}.`, 'currency_mismatch');
  }
  const amountCents = parseMinor(order.total);
  if (amountCents === null || amountCents <= 0)
    throw new ConflictError('This order has nothing to pay.', 'not_payable');
  return start(ctx, {
    id: order.id,
    number: order.number,
    userId: order.userId,
    amountCents,
    currency: order.currency,
    description: `Order ${order.number} at ${ctx.tenant.name}`,
  });
}

/**
 * A card payment succeeded: the order becomes paid (actor: the gateway), once, and the payment is told so. An order
 * cancelled meanwhile is not revived: the payment is flagged for staff instead.
 */
export async function settleCardPayment(ctx: RequestContext, event: DomainEvents['payment.succeeded']): Promise<void> {
  try {
    await inTransaction(ctx, async (tx) => {
      const paid = await transitionOrder(tx, {
        orderId: event.orderId,
        to: 'paid',
        actor: 'gateway',
        reason: 'card payment',
      });
      await acknowledgeOrderPayment(tx, {
        paymentId: event.paymentId,
        ...(paid ? {} : { reviewReason: 'The order of this payment no longer exists: refund it.' }),
      });
    });
  } catch (error) {
    // The order moved on meanwhile: a move the table does not have, or one only staff make (restoring a cancelled order).
    if (!(error instanceof InvalidTransitionError || (error instanceof AppError && error.code === 'permission_denied')))
      throw error;
    const order = await findOrder(ctx, event.orderId);
    await acknowledgeOrderPayment(ctx, {
      paymentId: event.paymentId,
      ...(order?.status === 'cancelled' ? { reviewReason: PAID_AFTER_CANCEL_REVIEW } : {}),
    });
  }
}
