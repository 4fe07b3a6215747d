// The order lifecycle, once for the API (which enforces it) and the admin app (which offers only the moves it allows).
import type { FieldErrors } from './errors.ts';
import { isPaidThroughGateway, ORDER_STATUS_LABELS, type OrderStatus, type PaymentMethod } from './orders.ts';

/** Who moves an order: its customer, a member of staff, the platform itself (jobs, the demo), or a payment gateway. */
export const ORDER_ACTORS = ['customer', 'staff', 'system', 'gateway'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** A status an order can be moved to: every order starts awaiting payment and never goes back to it. */
export type OrderTarget = Exclude<OrderStatus, 'awaiting_payment'>;

/** One move of the lifecycle and who may make it. */
export interface OrderMove {
  from: OrderStatus;
  to: OrderTarget;
  by: readonly OrderActor[];
}

/** Who records a refund's move: staff, the platform (a cancellation that refunds) and the gateway (a pending refund). */
const REFUNDERS: readonly OrderActor[] = ['staff', 'system', 'gateway'];

/**
 * The order lifecycle, in one table: each allowed move and who may make it. Any other move is refused.
 *
 *   awaiting_payment ─▶ paid ─▶ processing ─▶ shipped ─▶ delivered
 *          │             │ └──────────┬───▶┘
 *          │             │          │  (a paid order may ship at once, without a "processing" step)
 *          └─────────────┴──────────┴─▶ cancelled (stock back, once)
 *
 *   paid, processing, shipped, delivered ─▶ partially_refunded ─▶ refunded (and straight to refunded)
 *
 * A refund moves the order once its money went back (staff's refund, or the gateway completing a pending one); a
 * further partial refund is one more step of partially_refunded, so each refund has its history entry. A partially
 * refunded order still ships and is delivered, or staff cancel it (its units not yet back return, never more).
 *
 * The system makes every move (the expiry job cancels; seeds and imports replay a history); a customer may cancel
 * until the order is being prepared; the gateway only confirms payments. `ORDER_MOVE_GUARDS` adds what a move needs.
 */
export const ORDER_MOVES: readonly OrderMove[] = [
  { from: 'awaiting_payment', to: 'paid', by: ['gateway', 'staff', 'system'] },
  { from: 'awaiting_payment', to: 'cancelled', by: ['customer', 'staff', 'system'] },
  { from: 'paid', to: 'processing', by: ['staff', 'system'] },
  { from: 'paid', to: 'shipped', by: ['staff', 'system'] },
  { from: 'paid', to: 'cancelled', by: ['customer', 'staff', 'system'] },
  { from: 'processing', to: 'shipped', by: ['staff', 'system'] },
  { from: 'processing', to: 'cancelled', by: ['staff', 'system'] },
  { from: 'shipped', to: 'delivered', by: ['staff', 'system'] },
  ...(['paid', 'processing', 'shipped', 'delivered', 'partially_refunded'] as const).flatMap((from) => [
    { from, to: 'partially_refunded' as const, by: REFUNDERS },
    { from, to: 'refunded' as const, by: REFUNDERS },
  ]),
  { from: 'partially_refunded', to: 'shipped', by: ['staff', 'system'] },
  { from: 'partially_refunded', to: 'delivered', by: ['staff', 'system'] },
  // Staff may still cancel an order refunded in part: only its units not yet back return (decision 021).
  { from: 'partially_refunded', to: 'cancelled', by: ['staff', 'system'] },
  // Restoring an order whose payment arrived after it was cancelled (its guard): its units are taken again.
  { from: 'cancelled', to: 'paid', by: ['staff', 'system'] },
];

const nextOf = (from: OrderStatus): OrderTarget[] =>
  ORDER_MOVES.filter((move) => move.from === from).map((move) => move.to);

/** Where each status may go next (by anyone), from `ORDER_MOVES`. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderTarget[]>> = {
  awaiting_payment: nextOf('awaiting_payment'),
  paid: nextOf('paid'),
  processing: nextOf('processing'),
  shipped: nextOf('shipped'),
  delivered: nextOf('delivered'),
  cancelled: nextOf('cancelled'),
  partially_refunded: nextOf('partially_refunded'),
  refunded: nextOf('refunded'),
};

/** Whether an order in status `from` may move to `to` (by someone). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to as OrderTarget);
}

/** What a move looks at of the order. */
export interface MovableOrder {
  status: OrderStatus;
  payment_method: PaymentMethod;
  /** Its total and what of its money may still go back: a cancelled order holding all of it may be restored. */
  total?: string | undefined;
  refundable_amount?: string | undefined;
}

/** Whether a cancelled order holds its whole payment (it arrived after the cancellation, none of it sent back). */
export function holdsPaymentAfterCancel(order: MovableOrder): boolean {
  return (
    order.status === 'cancelled' &&
    order.total !== undefined &&
    order.refundable_amount !== undefined &&
    order.refundable_amount !== '0.00' &&
    order.refundable_amount === order.total
  );
}

/** Why a cancelled order cannot be restored (becomes paid again), or null when it holds its whole late payment. */
function restoreRefusal(order: MovableOrder): MoveRefusal | null {
  return holdsPaymentAfterCancel(order)
    ? null
    : {
        status: 409,
        code: 'not_restorable',
        detail: 'Only an order whose payment arrived after it was cancelled, none of it refunded, can be restored.',
      };
}

/** What the mover says with a move (`OrderTransitionBody`'s fields). */
export interface MoveInput {
  carrier?: string | undefined;
  tracking_number?: string | undefined;
}

/** Why a move is refused: an answer of the API (its status, code and text, or its field errors). */
export type MoveRefusal =
  | { status: 400; fields: FieldErrors }
  | { status: 403; code: 'permission_denied'; detail: string }
  | { status: 409; code: 'invalid_transition' | 'card_order' | 'not_restorable'; detail: string };

/** A rule of the moves to one status made by one actor, beside the table. */
export interface MoveGuard {
  to: OrderTarget;
  actor: OrderActor;
  /** What the mover must say; checked before the order is read. */
  input?: (input: MoveInput) => MoveRefusal | null;
  /** What the order must be; checked before the table, so that its reason is the one given. */
  order?: (order: MovableOrder) => MoveRefusal | null;
}

/**
 * What staff moves need: a card order is marked paid by its card payment only (the gateway confirms it, so no order
 * shows paid without the money); a cancelled order becomes paid again (is restored) only while it holds the whole
 * payment that arrived after its cancellation; shipping names the carrier and the tracking number, which the customer
 * sees.
 */
export const ORDER_MOVE_GUARDS: readonly MoveGuard[] = [
  // The system restores no order that does not hold its payment either.
  { to: 'paid', actor: 'system', order: (order) => (order.status === 'cancelled' ? restoreRefusal(order) : null) },
  {
    to: 'paid',
    actor: 'staff',
    order: (order) => {
      if (order.status === 'cancelled') return restoreRefusal(order);
      return isPaidThroughGateway(order.payment_method)
        ? { status: 409, code: 'card_order', detail: 'A card order is marked paid by its card payment.' }
        : null;
    },
  },
  {
    to: 'shipped',
    actor: 'staff',
    input: (input) =>
      input.carrier && input.tracking_number
        ? null
        : {
            status: 400,
            fields: {
              ...(input.carrier ? {} : { carrier: ['A shipped order needs its carrier.'] }),
              ...(input.tracking_number ? {} : { tracking_number: ['A shipped order needs its tracking number.'] }),
            },
          },
  },
];

function guardsOf(to: OrderTarget, actor: OrderActor): MoveGuard[] {
  return ORDER_MOVE_GUARDS.filter((guard) => guard.to === to && guard.actor === actor);
}

/** The refusal of a move the table does not have. */
export function invalidTransitionDetail(from: OrderStatus, to: OrderStatus): string {
  return `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[to].toLowerCase()}.`;
}

/** Why `actor` may not move to `to` with this input, whatever the order (null: the input is enough). */
export function checkMoveInput(to: OrderTarget, actor: OrderActor, input: MoveInput = {}): MoveRefusal | null {
  for (const guard of guardsOf(to, actor)) {
    const refusal = guard.input?.(input) ?? null;
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Why `actor` may not move `order` to `to`, or null when the move is allowed: first what the input lacks, then what
 * the order is not (the guards), then a move the table does not have, then a mover the move does not name. `input`
 * is what the mover states with the move (a request's body); a caller replaying a history it knows (the demo seed)
 * states none, and only the input guards are then left out.
 */
export function checkMove(
  order: MovableOrder,
  to: OrderTarget,
  actor: OrderActor,
  input?: MoveInput,
): MoveRefusal | null {
  const refusal = input ? checkMoveInput(to, actor, input) : null;
  if (refusal) return refusal;
  for (const guard of guardsOf(to, actor)) {
    const orderRefusal = guard.order?.(order) ?? null;
    if (orderRefusal) return orderRefusal;
  }
  const move = ORDER_MOVES.find((candidate) => candidate.from === order.status && candidate.to === to);
  if (!move) return { status: 409, code: 'invalid_transition', detail: invalidTransitionDetail(order.status, to) };
  if (!move.by.includes(actor)) {
    return { status: 403, code: 'permission_denied', detail: 'You do not have permission to perform this action.' };
  }
  return null;
}

/** The moves `actor` may make of `order` now, in the table's order (what the input must say aside). */
export function allowedMoves(order: MovableOrder, actor: OrderActor): OrderTarget[] {
  return ORDER_MOVES.filter(
    (move) =>
      move.from === order.status &&
      move.by.includes(actor) &&
      guardsOf(move.to, actor).every((guard) => !guard.order?.(order)),
  ).map((move) => move.to);
}
