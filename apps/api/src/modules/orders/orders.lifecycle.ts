import {
  canTransition,
  checkMove,
  checkMoveInput,
  formatMinor,
  invalidTransitionDetail,
  isPaidOrderStatus,
  type MoveInput,
  type MoveRefusal,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type OrderTarget,
} from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { type Actor, ORDER_STATUS_EVENTS } from '../../lib/domain-events.ts';
import { AppError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { reclaimDiscountUses, releaseDiscountUses } from '../discounts/index.ts';
import { recordPurchase, retakeOrderStock, returnOrderStock, withdrawPurchase } from '../inventory/index.ts';
import { acceptPaymentAfterCancel, refundTotals } from '../payments/index.ts';
import { insertOrderHistory, lockOrder, type OrderRow, orderQuantities, updateOrder } from './orders.repository.ts';
import { refundableOf } from './orders.service.ts';

// The table of moves, who makes them and their guards live in `@platform/contracts` (`order-lifecycle.ts`), which the
// admin app reads too; this module enforces it.
export { canTransition, ORDER_TRANSITIONS };

export class InvalidTransitionError extends ConflictError {
  constructor(from: OrderStatus, to: OrderStatus) {
    super(invalidTransitionDetail(from, to), 'invalid_transition');
  }
}

/** The API's answer to a refused move. */
function refusalError(refusal: MoveRefusal, from: OrderStatus | null, to: OrderTarget): Error {
  if (refusal.status === 400) return new ValidationError(refusal.fields);
  if (refusal.code === 'invalid_transition' && from) return new InvalidTransitionError(from, to);
  return new AppError(refusal.status, refusal.code, refusal.detail);
}

/** Why an order is cancelled; an expired one gives its stock back as `expiry` in the ledger. */
export const PAYMENT_TIMEOUT = 'payment_timeout';

export interface TransitionInput {
  orderId: number;
  to: OrderTarget;
  /** Who moves it; by default the signed-in user of the context (customer or staff), else the system. */
  actor?: Actor;
  reason?: string;
  /** A cancellation's reason stays in the history, out of the customer's e-mail. */
  reasonKept?: boolean;
  /**
   * What the mover states with the move (the admin's body): checked by the lifecycle's input guards (staff shipping
   * name the carrier and the tracking number), kept on a move to shipped. A caller replaying a history it knows (the
   * demo seed) states none, and those guards are left out.
   */
  shipment?: MoveInput & { tracking_url?: string | undefined };
  now?: Date;
}

/** A move made: the order as it was (locked) and as it is now. */
export interface OrderMoved {
  before: OrderRow;
  after: OrderRow;
}

function actorOf(ctx: RequestContext): Actor {
  if (!ctx.user) return 'system';
  return ctx.user.role === 'customer' ? 'customer' : 'staff';
}

/**
 * Moves an order along its lifecycle: the order's row is locked (once: the only lock of the move), the move checked
 * against the lifecycle table and its guards for this actor (400, 403 or 409 when refused; what the input lacks is
 * refused before the order is read), the status and its timestamps set (and a shipped order's carrier and tracking),
 * the step added to the history, a paid order's products recorded as the customer's purchases (withdrawn when a paid
 * order is cancelled), a cancelled order's units not yet back put back in stock through the stock ledger, and `order.<status>`
 * published after the commit. Because the row is locked first, two callers at the same moment move an order once:
 * the second sees the new status. Returns the order before and after, or null when the shop has no such order.
 */
export async function moveOrder(ctx: RequestContext, input: TransitionInput): Promise<OrderMoved | null> {
  const now = input.now ?? new Date();
  const actor = input.actor ?? actorOf(ctx);
  const shipment = input.shipment;
  const early = shipment ? checkMoveInput(input.to, actor, shipment) : null;
  if (early) throw refusalError(early, null, input.to);
  return inTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx.scope, input.orderId);
    if (!order) return null;
    const restoring = order.status === 'cancelled' && input.to === 'paid';
    const movable = {
      status: order.status,
      payment_method: order.paymentMethod,
      ...(restoring ? await heldMoney(tx, order) : {}),
    };
    const refusal = checkMove(movable, input.to, actor, shipment);
    if (refusal) throw refusalError(refusal, order.status, input.to);
    const reason = input.reason ?? (restoring ? 'restored: its payment arrived after it was cancelled' : '');
    // A restored order takes its units again (409 naming what is short, before anything else changes), counts its
    // discounts' uses again, and its payment's flag is lifted: it is the order's payment now.
    if (restoring) {
      await retakeOrderStock(tx, order.id);
      await reclaimDiscountUses(tx, order.id);
      await acceptPaymentAfterCancel(tx, order.id);
    }
    const moved = await updateOrder(tx.scope, order.id, {
      status: input.to,
      updatedAt: now,
      ...(input.to === 'paid' ? { paidAt: now, paymentDueAt: null } : {}),
      ...(restoring ? { cancelledAt: null, cancelReason: null } : {}),
      ...(input.to === 'cancelled'
        ? { cancelledAt: now, cancelReason: reason || 'cancelled', paymentDueAt: null }
        : {}),
      ...(input.to === 'shipped' && shipment
        ? {
            carrier: shipment.carrier ?? '',
            trackingNumber: shipment.tracking_number ?? '',
            trackingUrl: shipment.tracking_url ?? '',
          }
        : {}),
    });
    await insertOrderHistory(tx.scope, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: input.to,
      actor,
      actorUserId: actor === 'customer' || actor === 'staff' ? (ctx.user?.id ?? null) : null,
      reason,
      createdAt: now,
    });
    const payload = { tenantId: tx.tenant.id, orderId: order.id, actor };
    // Only paying and cancelling touch what the order holds: its products' purchases and stock.
    const quantities = input.to === 'paid' || input.to === 'cancelled' ? await orderQuantities(tx.scope, order.id) : [];
    const purchase = { userId: order.userId, productIds: [...new Set(quantities.map((line) => line.productId))] };
    if (input.to === 'paid') await recordPurchase(tx, purchase);
    if (input.to === 'cancelled' && isPaidOrderStatus(order.status)) await withdrawPurchase(tx, purchase);
    if (input.to === 'cancelled') {
      // What refunds put back already stays back: the order's units return at most once (`returnOrderStock`).
      await returnOrderStock(tx, {
        changes: quantities,
        reason: reason === PAYMENT_TIMEOUT ? 'expiry' : 'cancellation',
        orderId: order.id,
      });
      // The order's discount uses are counted again for others (once: an order is cancelled once, under its lock).
      await releaseDiscountUses(tx, order.id, now);
      tx.emit({
        name: 'order.cancelled',
        payload: { ...payload, reason: reason || 'cancelled', ...(input.reasonKept ? { reasonKept: true } : {}) },
      });
    } else {
      tx.emit({ name: ORDER_STATUS_EVENTS[input.to], payload });
    }
    return { before: order, after: moved };
  });
}

/** A cancelled order's total and the money it holds still (a payment that arrived after its cancellation). */
async function heldMoney(ctx: RequestContext, order: OrderRow) {
  const totals = await refundTotals(ctx, refundableOf(order));
  return {
    total: formatMinor(order.totalCents),
    refundable_amount: formatMinor(Math.max(totals.paidCents - totals.requestedCents, 0)),
  };
}

/** `moveOrder`, answering the order as it is now (null when the shop has no such order). */
export async function transitionOrder(ctx: RequestContext, input: TransitionInput): Promise<OrderRow | null> {
  return (await moveOrder(ctx, input))?.after ?? null;
}
