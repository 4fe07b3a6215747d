// Returns and the right of withdrawal (issue 43, decision 023): the wire shapes of the customer's withdrawal function,
// the guest's, and staff's returns, and the one rule of the withdrawal period, shared by the API (which enforces it)
// and the storefront (which offers the function only while it runs).
import './browser.ts';
import { z } from 'zod';
import { EMAIL_PATTERN } from './accounts.ts';
import { RowId } from './ids.ts';
import { addDays, dateInZone } from './reports.ts';

/** A withdrawal (the EU's 14-day right, no reason needed) or an ordinary return (under the shop's own policy). */
export const RETURN_KINDS = ['withdrawal', 'return'] as const;
export const ReturnKind = z.enum(RETURN_KINDS);
export type ReturnKind = z.infer<typeof ReturnKind>;

/** requested → received (staff saw what came back) → refunded; or rejected, with a reason the customer is told. */
export const RETURN_STATUSES = ['requested', 'received', 'refunded', 'rejected'] as const;
export const ReturnStatus = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Requested',
  received: 'Received',
  refunded: 'Refunded',
  rejected: 'Rejected',
};

export const RETURN_KIND_LABELS: Readonly<Record<ReturnKind, string>> = {
  withdrawal: 'Withdrawal',
  return: 'Return',
};

/** Who opened a return: the signed-in customer, someone with the order's number and e-mail address, or staff. */
export const RETURN_OPENERS = ['customer', 'guest', 'staff'] as const;
export const ReturnOpener = z.enum(RETURN_OPENERS);

/** The state staff find an item in when it comes back. */
export const RETURN_CONDITIONS = ['as_new', 'used', 'damaged'] as const;
export const ReturnCondition = z.enum(RETURN_CONDITIONS, { error: 'Choose as new, used or damaged.' });
export type ReturnCondition = z.infer<typeof ReturnCondition>;

export const RETURN_CONDITION_LABELS: Readonly<Record<ReturnCondition, string>> = {
  as_new: 'As new',
  used: 'Used',
  damaged: 'Damaged',
};

/** How long the withdrawal period runs, in days, from the day of delivery (Directive 2011/83/EU, article 9). */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/** What the period is counted from: the delivery, the order (goods never shipped), or not yet (goods on their way). */
export type WithdrawalStart = 'delivery' | 'order' | 'awaiting_delivery';

/** An order as the withdrawal period reads it: when it was placed and its status history. */
export interface OrderForWithdrawal {
  created_at: string;
  history: readonly { status: string; at: string }[];
}

/**
 * The withdrawal period of an order, in the shop's calendar (`timeZone`): it ends with the 14th day after the day of
 * delivery (the order's first move to `delivered`); for goods never shipped, after the day of the order; for goods
 * shipped and not yet delivered it has not begun, so it is open with no last day yet.
 */
export function withdrawalPeriod(
  order: OrderForWithdrawal,
  timeZone: string,
): { starts: WithdrawalStart; last_day: string | null } {
  const delivered = order.history.find((entry) => entry.status === 'delivered');
  if (delivered) {
    return {
      starts: 'delivery',
      last_day: addDays(dateInZone(new Date(delivered.at), timeZone), WITHDRAWAL_PERIOD_DAYS),
    };
  }
  if (order.history.some((entry) => entry.status === 'shipped')) return { starts: 'awaiting_delivery', last_day: null };
  return {
    starts: 'order',
    last_day: addDays(dateInZone(new Date(order.created_at), timeZone), WITHDRAWAL_PERIOD_DAYS),
  };
}

/** Whether a period with this last day is still open on `today` (both YYYY-MM-DD of the shop's calendar). */
export function withdrawalOpen(lastDay: string | null, today: string): boolean {
  return lastDay === null || today <= lastDay;
}

/** A line of an order and how many of its units a withdrawal or return takes back. */
export const ReturnLineInput = z.object({
  line_id: RowId,
  quantity: z.number({ error: 'A valid integer is required.' }).int().min(1).max(10_000),
});
export type ReturnLineInput = z.infer<typeof ReturnLineInput>;

/** What a withdrawal or a return states: lines and quantities (none: the whole order) and an optional reason. */
export const WithdrawalBody = z.object({
  lines: z.array(ReturnLineInput).max(200).default([]),
  reason: z.string().trim().max(1000).default(''),
});
export type WithdrawalBody = z.infer<typeof WithdrawalBody>;

const OrderNumber = z.string().trim().min(1, { error: 'Enter the order number.' }).max(32);
const OrderEmail = z.string().trim().max(254).regex(EMAIL_PATTERN, { error: 'Enter a valid email address.' });

/** `POST /orders/withdrawal/`: a withdrawal by whoever holds the order's number and its e-mail address. */
export const GuestWithdrawalBody = WithdrawalBody.extend({ order_number: OrderNumber, email: OrderEmail });
export type GuestWithdrawalBody = z.infer<typeof GuestWithdrawalBody>;

/** `POST /orders/withdrawal/link/`: a link to the order's items, sent to the order's own e-mail address. */
export const WithdrawalLinkBody = z.object({ order_number: OrderNumber, email: OrderEmail });
export type WithdrawalLinkBody = z.infer<typeof WithdrawalLinkBody>;

/** `GET /orders/withdrawal/order/`: what such a link opens (its key signs the order, the address and the expiry). */
export const WithdrawalOrderQuery = z.object({
  order_number: OrderNumber,
  email: OrderEmail,
  expires: z.coerce.number().int().positive(),
  key: z.string().trim().min(1).max(200),
});
export type WithdrawalOrderQuery = z.infer<typeof WithdrawalOrderQuery>;

/**
 * The answer to a guest's withdrawal or link request, the same whether or not the order and address match (nothing
 * tells an order's existence): when it was stated, and where the receipt goes.
 */
export const GuestAnswer = z.object({ detail: z.string(), requested_at: z.string() });
export type GuestAnswer = z.infer<typeof GuestAnswer>;

/** The answer every guest withdrawal gets. */
export const GUEST_WITHDRAWAL_ANSWER = 'If this order exists, a receipt is on its way to its e-mail address.';
/** The answer every guest link request gets. */
export const GUEST_LINK_ANSWER =
  'If this order exists, a link to choose its items is on its way to its e-mail address.';

export const ReturnLine = z.object({
  line_id: z.number().int(),
  product_name: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  received_quantity: z.number().int().nullable(),
  condition: ReturnCondition.nullable(),
});
export type ReturnLine = z.infer<typeof ReturnLine>;

/** A return as its customer reads it. */
export const Return = z.object({
  id: z.number().int(),
  kind: ReturnKind,
  status: ReturnStatus,
  order_id: z.number().int(),
  order_number: z.string(),
  lines: z.array(ReturnLine),
  reason: z.string(),
  rejection_reason: z.string(),
  opened_by: ReturnOpener,
  requested_at: z.string(),
  received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
});
export type Return = z.infer<typeof Return>;

/** The withdrawal period of an order: what it runs from, its last day (null: not begun) and whether it is open today. */
export const WithdrawalPeriod = z.object({
  starts: z.enum(['delivery', 'order', 'awaiting_delivery']),
  last_day: z.string().nullable(),
  open: z.boolean(),
});
export type WithdrawalPeriod = z.infer<typeof WithdrawalPeriod>;

/** A line of the order and how many of its units may still be sent back. */
export const ReturnableLine = z.object({
  line_id: z.number().int(),
  product_name: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  returnable: z.number().int(),
});
export type ReturnableLine = z.infer<typeof ReturnableLine>;

/** `GET /orders/orders/{id}/returns/`: an order's withdrawal period, what may go back, and its returns. */
export const OrderReturns = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  /** Whether the order can be withdrawn from or returned at all (not cancelled, not refunded in full). */
  returnable: z.boolean(),
  withdrawal: WithdrawalPeriod,
  lines: z.array(ReturnableLine),
  returns: z.array(Return),
});
export type OrderReturns = z.infer<typeof OrderReturns>;
