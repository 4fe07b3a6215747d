// The rules of discounts as pure functions (decision 015): whether one applies to a basket, what it takes off, and
// which of them an order gets together. Money is integer cents; a percentage is in hundredths of a percent.
import { formatMinor } from '@platform/contracts';
import type { DiscountRow } from './discounts.repository.ts';

/** A line of the basket being priced, at the catalog's price. */
export interface DiscountLine {
  productId: number;
  categoryId: number;
  productName: string;
  unitPriceCents: number;
  quantity: number;
}

/** What is being priced: the lines, their subtotal, and the shipping when it is known (null in the cart). */
export interface DiscountBasket {
  lines: DiscountLine[];
  subtotalCents: number;
  shippingCents: number | null;
}

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

/** A discount priced on a basket: what it takes off the items and off the shipping. */
export interface PricedDiscount {
  discount: DiscountRow;
  description: string;
  productCents: number;
  shippingCents: number;
}

/**
 * A percentage of an amount, rounded half up to the cent: `(cents × hundredths + 5000) div 10000`, in integers
 * (BigInt, so a large amount never loses a cent). The one rounding rule of discounts.
 */
export function percentOf(cents: number, hundredthsOfPercent: number): number {
  return Number((BigInt(cents) * BigInt(hundredthsOfPercent) + 5000n) / 10000n);
}

/** The basket's lines the discount applies to: those of its products or categories, or all when it names none. */
function targetedLines(discount: DiscountRow, basket: DiscountBasket): DiscountLine[] {
  if (discount.productIds.length === 0 && discount.categoryIds.length === 0) return basket.lines;
  return basket.lines.filter(
    (line) => discount.productIds.includes(line.productId) || discount.categoryIds.includes(line.categoryId),
  );
}

const isTargeted = (discount: DiscountRow) => discount.productIds.length > 0 || discount.categoryIds.length > 0;

/** Units of each product among the lines, with its name and price. */
function unitsByProduct(lines: DiscountLine[]) {
  const units = new Map<number, { name: string; unitPriceCents: number; quantity: number }>();
  for (const line of lines) {
    const known = units.get(line.productId);
    if (known) known.quantity += line.quantity;
    else
      units.set(line.productId, {
        name: line.productName,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
      });
  }
  return units;
}

/** What the discount takes off the basket, and what it discounted in words (zero when nothing qualifies). */
export function priceDiscount(discount: DiscountRow, basket: DiscountBasket): PricedDiscount {
  const lines = targetedLines(discount, basket);
  const eligibleCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const what = isTargeted(discount) ? [...new Set(lines.map((line) => line.productName))].join(', ') : 'the order';
  const priced = { discount, productCents: 0, shippingCents: 0 };
  switch (discount.kind) {
    case 'percentage': {
      const percent = formatMinor(discount.value).replace(/\.00$/, '');
      return {
        ...priced,
        productCents: percentOf(eligibleCents, discount.value),
        description: `${percent}% off ${what}`,
      };
    }
    case 'fixed':
      return {
        ...priced,
        productCents: Math.min(discount.value, eligibleCents),
        description: `${formatMinor(discount.value)} off ${what}`,
      };
    case 'free_shipping':
      return { ...priced, shippingCents: lines.length > 0 ? (basket.shippingCents ?? 0) : 0, description: 'Shipping' };
    case 'buy_x_get_y': {
      const buy = discount.buyQuantity ?? 1;
      const get = discount.getQuantity ?? 1;
      let productCents = 0;
      const free: string[] = [];
      for (const product of unitsByProduct(lines).values()) {
        const units = Math.floor(product.quantity / (buy + get)) * get;
        if (units === 0) continue;
        productCents += units * product.unitPriceCents;
        free.push(`${units} free of ${product.name}`);
      }
      return { ...priced, productCents, description: free.join(', ') || `Buy ${buy}, get ${get} free` };
    }
  }
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
  basket: DiscountBasket,
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

const savingOf = (priced: PricedDiscount) => priced.productCents + priced.shippingCents;

/** The better of two for the customer: the larger saving; on a tie, the older discount (the lower id). */
function better(a: PricedDiscount | null, b: PricedDiscount): PricedDiscount {
  if (!a) return b;
  const difference = savingOf(b) - savingOf(a);
  return difference > 0 || (difference === 0 && b.discount.id < a.discount.id) ? b : a;
}

/** What the order gets: the discounts applied, in order, and what they take off together. */
export interface DiscountChoice {
  applied: PricedDiscount[];
  /** The applied code lost to a better automatic promotion that does not combine with codes. */
  codeOutdone: PricedDiscount | null;
}

/**
 * The combination rules (decision 015): at most one code and at most one automatic promotion. Without a code, the
 * best automatic promotion that applies. With a code that applies: the code plus the best automatic promotion that
 * combines with codes, unless the best automatic promotion of all saves more on its own, in which case the order
 * gets that one and the code is not used. Every amount is computed on the undiscounted basket; together they take
 * off at most the subtotal and at most the shipping.
 */
export function chooseDiscounts(automatic: PricedDiscount[], code: PricedDiscount | null, basket: DiscountBasket) {
  let best: PricedDiscount | null = null;
  let bestCombining: PricedDiscount | null = null;
  for (const priced of automatic) {
    if (savingOf(priced) === 0) continue;
    best = better(best, priced);
    if (priced.discount.combinesWithCode) bestCombining = better(bestCombining, priced);
  }
  let applied: PricedDiscount[] = best ? [best] : [];
  let codeOutdone: PricedDiscount | null = null;
  if (code) {
    const withCode = bestCombining ? [bestCombining, code] : [code];
    if (best && savingOf(best) > withCode.reduce((sum, priced) => sum + savingOf(priced), 0)) codeOutdone = best;
    else applied = withCode;
  }
  return { applied: capped(applied, basket), codeOutdone } satisfies DiscountChoice;
}

/** The discounts with their amounts lowered, in order, so that together they take off no more than there is. */
function capped(applied: PricedDiscount[], basket: DiscountBasket): PricedDiscount[] {
  let productLeft = basket.subtotalCents;
  let shippingLeft = basket.shippingCents ?? 0;
  return applied.map((priced) => {
    const productCents = Math.min(priced.productCents, productLeft);
    const shippingCents = Math.min(priced.shippingCents, shippingLeft);
    productLeft -= productCents;
    shippingLeft -= shippingCents;
    return { ...priced, productCents, shippingCents };
  });
}
