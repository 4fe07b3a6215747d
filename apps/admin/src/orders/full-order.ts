import type { AdminOrder } from '@platform/contracts/admin';

/** Whether the record is the order in full: coming from the list, the show page first has its summary only. */
export function isFullOrder(order: Partial<AdminOrder>): order is AdminOrder {
  return Array.isArray(order.items) && Array.isArray(order.history) && Array.isArray(order.payments);
}
