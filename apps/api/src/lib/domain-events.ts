// The platform's domain events: their names and payloads. Pure types, at the bottom of the import graph.
import type { OrderActor, OrderStatus } from '@platform/contracts';

/** Who moved something: a customer, a member of staff, the platform itself (jobs), or a payment gateway. */
export type Actor = OrderActor;

interface OrderEvent {
  tenantId: number;
  orderId: number;
}

/**
 * Every domain event and its payload. Events carry ids, not rows: a handler reads what it needs, so an event can be
 * stored (an outbox row) and replayed elsewhere without change.
 */
export interface DomainEvents {
  'order.placed': OrderEvent;
  'order.paid': OrderEvent & { actor: Actor };
  'order.processing': OrderEvent & { actor: Actor };
  'order.shipped': OrderEvent & { actor: Actor };
  'order.delivered': OrderEvent & { actor: Actor };
  /** `reasonKept`: staff kept the reason in the order's history, out of the customer's e-mail. */
  'order.cancelled': OrderEvent & { actor: Actor; reason: string; reasonKept?: boolean };
  'order.partially_refunded': OrderEvent & { actor: Actor };
  'order.refunded': OrderEvent & { actor: Actor };
  'stock.changed': { tenantId: number; productIds: number[] };
  /**
   * Units came into stock (a correction, a refund's or a cancellation's return, an opening count): the products and
   * variants (null: the product's own stock) whose stock rose. Waiting back-in-stock alerts are mailed through it.
   */
  'stock.replenished': { tenantId: number; items: { productId: number; variantId: number | null }[] };
  /** Someone asked for a password reset link for an address (known or not: the handler finds out, in the background). */
  'account.password_reset_requested': { tenantId: number; email: string };
  /** Someone tried to register an address that already has an account: its owner is told. */
  'account.registration_for_existing': { tenantId: number; userId: number };
  /** A customer changed their display name: the pages that show their reviews and comments show another name. */
  'account.display_name_changed': { tenantId: number; userId: number };
  /** A refund of an order was made (done, or pending at the bank): its customer is told. */
  'refund.created': OrderEvent & { refundId: number };
  /** A refund pending at the bank completed: the order moves and its customer is told. */
  'refund.completed': OrderEvent & { refundId: number };
  /** A refund pending at the bank failed: staff must send the money back another way. */
  'refund.failed': OrderEvent & { refundId: number };
  /** A card payment attempt succeeded (announced again by reconciliation until the order confirms it learned). */
  'payment.succeeded': OrderEvent & { paymentId: number };
  /**
   * Something a shop's public pages may show changed: an administration write (`entity` as in the audit log), or a
   * customer's review or comment. Stock changes have their own event.
   */
  'shop.changed': { tenantId: number; entity: string };
}

export type DomainEventName = keyof DomainEvents;
export type DomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEvents[K] } }[DomainEventName];
export type EventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => Promise<void> | void;

/** The domain event each order status is announced with. */
export const ORDER_STATUS_EVENTS = {
  paid: 'order.paid',
  processing: 'order.processing',
  shipped: 'order.shipped',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
  partially_refunded: 'order.partially_refunded',
  refunded: 'order.refunded',
} as const satisfies Partial<Record<OrderStatus, DomainEventName>>;
