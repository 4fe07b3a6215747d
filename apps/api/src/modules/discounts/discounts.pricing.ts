// The rules of discounts for customers (decision 015): whether one applies to a basket. What a discount takes off and
// which of them an order gets together are the pricing core's (`@platform/contracts/pricing`, decision 019).
import { formatMinor } from '@platform/contracts';
import { type Basket, priceDiscount, targetedLines } from '@platform/contracts/pricing';
import type { DiscountRow } from './discounts.repository.ts';

/** What the conditions need of the customer: their uses of each discount, and their orders (null: not known yet). */
export interface DiscountCustomer {
  usesOf: (discountId: number) => number;
  placedOrders: number | null;
}

/** Why a discount does not apply: the customer's message and its code. */
export interface DiscountRefusal {
  message: string;
  code: string;
}

/**
 * Why the discount does not apply to this basket for this customer, or null when it does. The conditions in the
 * order the customer meets them: switched off, not yet valid, expired, used up, used by this customer, first order,
 * below the minimum, not for these products. NOTE: a code that is not usable now whatever the customer does (switched
 * off, scheduled, expired, used up) reads as an unknown one, "This code is not valid.": a refusal must not tell a
 * guesser which codes exist, nor when they will work.
 */
export function refusalOf(
  discount: DiscountRow,
  basket: Basket,
  customer: DiscountCustomer,
  now: Date,
): DiscountRefusal | null {
  const notUsableNow =
    !discount.isActive ||
    (discount.startsAt !== null && now < discount.startsAt) ||
    (discount.endsAt !== null && now >= discount.endsAt) ||
    (discount.usageLimit !== null && discount.timesUsed >= discount.usageLimit);
  if (notUsableNow) return { message: 'This code is not valid.', code: 'discount_code_invalid' };
  if (discount.usesPerCustomer !== null && customer.usesOf(discount.id) >= discount.usesPerCustomer) {
    return {
      message:
        discount.usesPerCustomer === 1
          ? 'You have already used this code.'
          : `You have already used this code ${discount.usesPerCustomer} times.`,
      code: 'discount_already_used',
    };
  }
  if (discount.firstOrderOnly && customer.placedOrders !== null && customer.placedOrders > 0) {
    return { message: 'This code is for a first order only.', code: 'discount_first_order_only' };
  }
  if (basket.subtotalCents < discount.minSubtotalCents) {
    const missing = formatMinor(discount.minSubtotalCents - basket.subtotalCents);
    return {
      message: `This code needs a subtotal of at least ${formatMinor(discount.minSubtotalCents)}: add ${missing} more.`,
      code: 'discount_below_minimum',
    };
  }
  if (targetedLines(discount, basket).length === 0) {
    return { message: 'This code does not apply to the products in your cart.', code: 'discount_not_applicable' };
  }
  if (discount.kind === 'buy_x_get_y' && priceDiscount(discount, basket).productCents === 0) {
    const units = (discount.buyQuantity ?? 1) + (discount.getQuantity ?? 1);
    return {
      message: `This code applies when you buy ${units} of the same product.`,
      code: 'discount_not_applicable',
    };
  }
  return null;
}
