import { ORDER_STATUS_LABELS, type OrderStatus } from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { type Actor, ORDER_STATUS_EVENTS } from '../../lib/domain-events.ts';
import { ConflictError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { moveStock, recordPurchase, withdrawPurchase } from '../inventory/index.ts';
import { insertOrderHistory, lockOrder, type OrderRow, orderQuantities, updateOrder } from './orders.repository.ts';

/**
 * The order lifecycle, in one table: where each status may go next. Every status change of every order goes through
 * `transitionOrder`, which checks this table, records the change in the order's history and announces it.
 *
 *   awaiting_payment ─▶ paid ─▶ processing ─▶ shipped ─▶ delivered
 *          │             │          │
 *          └─────────────┴──────────┴─▶ cancelled (stock back, once)
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Whether an order in status `from` may move to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export class InvalidTransitionError extends ConflictError {
  constructor(from: OrderStatus, to: OrderStatus) {
    super(
      `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
      'invalid_transition',
    );
  }
}

/** Statuses of an order its customer has paid for (its products are their purchases). */
const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

/** Why an order is cancelled; an expired one gives its stock back as `expiry` in the ledger. */
export const PAYMENT_TIMEOUT = 'payment_timeout';

export interface TransitionInput {
  orderId: number;
  to: Exclude<OrderStatus, 'awaiting_payment'>;
  /** Who moves it; by default the signed-in user of the context (customer or staff), else the system. */
  actor?: Actor;
  reason?: string;
  now?: Date;
}

function actorOf(ctx: RequestContext): Actor {
  if (!ctx.user) return 'system';
  return ctx.user.role === 'customer' ? 'customer' : 'staff';
}

/**
 * Moves an order along its lifecycle: the order's row is locked, the move checked against `ORDER_TRANSITIONS`
 * (409 when not allowed), the status and its timestamps set, the step added to the history, a paid order's products
 * recorded as the customer's purchases (withdrawn when a paid order is cancelled), a cancelled order's units put back
 * in stock through the stock ledger, and `order.<status>` published after the commit. Because the row
 * is locked first, two callers at the same moment move an order once: the second sees the new status. Returns null
 * when the shop has no such order.
 */
export async function transitionOrder(ctx: RequestContext, input: TransitionInput): Promise<OrderRow | null> {
  const now = input.now ?? new Date();
  const actor = input.actor ?? actorOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx.scope, input.orderId);
    if (!order) return null;
    if (!canTransition(order.status, input.to)) throw new InvalidTransitionError(order.status, input.to);
    const reason = input.reason ?? '';
    const moved = await updateOrder(tx.scope, order.id, {
      status: input.to,
      updatedAt: now,
      ...(input.to === 'paid' ? { paidAt: now, paymentDueAt: null } : {}),
      ...(input.to === 'cancelled'
        ? { cancelledAt: now, cancelReason: reason || 'cancelled', paymentDueAt: null }
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
    const purchase = { userId: order.userId, productIds: quantities.map((line) => line.productId) };
    if (input.to === 'paid') await recordPurchase(tx, purchase);
    if (input.to === 'cancelled' && PAID_STATUSES.includes(order.status)) await withdrawPurchase(tx, purchase);
    if (input.to === 'cancelled') {
      await moveStock(tx, {
        changes: quantities,
        reason: reason === PAYMENT_TIMEOUT ? 'expiry' : 'cancellation',
        orderId: order.id,
      });
      tx.emit({ name: 'order.cancelled', payload: { ...payload, reason: reason || 'cancelled' } });
    } else {
      tx.emit({ name: ORDER_STATUS_EVENTS[input.to], payload });
    }
    return moved;
  });
}
