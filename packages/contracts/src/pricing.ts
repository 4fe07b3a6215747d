// The one pricing module's pure core (decision 019): from a basket's lines, the discounts an order gets, its shipping
// and its destination's taxes, every figure the shop shows. The cart, the checkout's quote and the order (and through
// the order's rows: documents, the administration, exports and reports) read its answer; nothing else adds money up.
// Money is integer cents; a percentage is in hundredths of a percent.
import { formatMinor } from './minor-units.ts';
import {
  type DestinationRate,
  rateFor,
  shareDiscount,
  shownCents,
  type TaxAmount,
  type TaxDisplay,
  taxesOfNetLines,
} from './tax.ts';

/** How a destination shows and taxes prices (decision 016). */
export interface PricingDestination {
  display: TaxDisplay;
  pricesIncludeTax: boolean;
  rates: readonly DestinationRate[];
}

/** A line as the catalog prices it: its unit price as entered (the variant's or product's, and its texts' extras). */
export interface CatalogLine {
  productId: number;
  categoryId: number;
  productName: string;
  enteredUnitCents: number;
  quantity: number;
}

/** A line of the basket, at the price its destination is shown (as entered without one). */
export interface BasketLine {
  productId: number;
  categoryId: number;
  productName: string;
  unitPriceCents: number;
  quantity: number;
}

/** What is priced: the lines, their subtotal, and the shipping as shown when it is known (null in the cart). */
export interface Basket {
  lines: BasketLine[];
  subtotalCents: number;
  totalItems: number;
  shippingCents: number | null;
}

/** The kinds of discount (decision 015). */
export type DiscountKindName = 'percentage' | 'fixed' | 'free_shipping' | 'buy_x_get_y';

/** What the arithmetic needs of a discount. */
export interface DiscountRule {
  id: number;
  kind: DiscountKindName;
  /** Cents for a fixed amount, hundredths of a percent for a percentage. */
  value: number;
  buyQuantity: number | null;
  getQuantity: number | null;
  productIds: readonly number[];
  categoryIds: readonly number[];
  combinesWithCode: boolean;
}

/** A discount priced on a basket: what it would take off the items (per line) and off the shipping. */
export interface PricedDiscount<D extends DiscountRule = DiscountRule> {
  discount: D;
  description: string;
  productCents: number;
  shippingCents: number;
  /** Its share of each basket line, in the lines' order (what it frees of them for buy X get Y). */
  lineCents: number[];
}

/** A unit price as the destination is shown it: with its tax in it where prices are shown so. */
function shownUnitCents(destination: PricingDestination | null, categoryId: number | null, entered: number): number {
  if (!destination) return entered;
  return shownCents(entered, rateFor(destination.rates, categoryId).basisPoints, destination);
}

/** The basket of catalog lines as `destination` is shown them (null: as entered), its shipping not known yet. */
export function basketOf(lines: readonly CatalogLine[], destination: PricingDestination | null): Basket {
  const priced = lines.map(
    (line): BasketLine => ({
      productId: line.productId,
      categoryId: line.categoryId,
      productName: line.productName,
      unitPriceCents: shownUnitCents(destination, line.categoryId, line.enteredUnitCents),
      quantity: line.quantity,
    }),
  );
  return {
    lines: priced,
    subtotalCents: priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
    totalItems: priced.reduce((sum, line) => sum + line.quantity, 0),
    shippingCents: null,
  };
}

/** The basket with its shipping: the entered charge as the destination is shown it (at its general rate). */
export function withShipping(basket: Basket, enteredCents: number, destination: PricingDestination | null): Basket {
  return { ...basket, shippingCents: shownUnitCents(destination, null, enteredCents) };
}

/**
 * A percentage of an amount, rounded half up to the cent: `(cents × hundredths + 5000) div 10000`, in integers
 * (BigInt, so a large amount never loses a cent). The one rounding rule of discounts.
 */
export function percentOf(cents: number, hundredthsOfPercent: number): number {
  return Number((BigInt(cents) * BigInt(hundredthsOfPercent) + 5000n) / 10000n);
}

const isTargeted = (discount: DiscountRule) => discount.productIds.length > 0 || discount.categoryIds.length > 0;

/** Whether the discount applies to a line: one of its products or categories, or any line when it names none. */
function targets(discount: DiscountRule, line: BasketLine): boolean {
  return (
    !isTargeted(discount) ||
    discount.productIds.includes(line.productId) ||
    discount.categoryIds.includes(line.categoryId)
  );
}

/** The basket's lines the discount applies to. */
export function targetedLines(discount: DiscountRule, basket: Basket): BasketLine[] {
  return basket.lines.filter((line) => targets(discount, line));
}

const lineTotal = (line: BasketLine) => line.unitPriceCents * line.quantity;

/**
 * Buy X get Y: per product (its variants and texts together), every (X + Y)th group of units frees Y, and the units
 * freed are the product's cheapest, whatever the order of the lines; so it never takes off more than they cost.
 */
function freedUnits(discount: DiscountRule, basket: Basket): { lineCents: number[]; free: string[] } {
  const buy = discount.buyQuantity ?? 1;
  const get = discount.getQuantity ?? 1;
  const lineCents = basket.lines.map(() => 0);
  const byProduct = new Map<number, { name: string; indexes: number[] }>();
  basket.lines.forEach((line, index) => {
    if (!targets(discount, line)) return;
    const product = byProduct.get(line.productId) ?? { name: line.productName, indexes: [] };
    product.indexes.push(index);
    byProduct.set(line.productId, product);
  });
  const free: string[] = [];
  for (const product of byProduct.values()) {
    const lines = product.indexes.map((index) => ({ index, line: basket.lines[index] as BasketLine }));
    const units = lines.reduce((sum, { line }) => sum + line.quantity, 0);
    let left = Math.floor(units / (buy + get)) * get;
    if (left === 0) continue;
    free.push(`${left} free of ${product.name}`);
    // The cheapest first; between equal prices, the earlier line.
    lines.sort((a, b) => a.line.unitPriceCents - b.line.unitPriceCents || a.index - b.index);
    for (const { index, line } of lines) {
      const taken = Math.min(left, line.quantity);
      lineCents[index] = taken * line.unitPriceCents;
      left -= taken;
      if (left === 0) break;
    }
  }
  return { lineCents, free };
}

/** What the discount takes off the basket, per line, and what it discounted in words (zero when nothing qualifies). */
export function priceDiscount<D extends DiscountRule>(discount: D, basket: Basket): PricedDiscount<D> {
  const targeted = basket.lines.map((line) => targets(discount, line));
  const eligible = basket.lines.map((line, index) => (targeted[index] ? lineTotal(line) : 0));
  const eligibleCents = eligible.reduce((sum, cents) => sum + cents, 0);
  const names = [...new Set(targetedLines(discount, basket).map((line) => line.productName))].join(', ');
  const what = isTargeted(discount) ? names : 'the order';
  const shared = (productCents: number) => ({ productCents, lineCents: shareDiscount(eligible, productCents) });
  switch (discount.kind) {
    case 'percentage': {
      const percent = formatMinor(discount.value).replace(/\.00$/, '');
      return {
        discount,
        shippingCents: 0,
        ...shared(percentOf(eligibleCents, discount.value)),
        description: `${percent}% off ${what}`,
      };
    }
    case 'fixed':
      return {
        discount,
        shippingCents: 0,
        ...shared(Math.min(discount.value, eligibleCents)),
        description: `${formatMinor(discount.value)} off ${what}`,
      };
    case 'free_shipping':
      return {
        discount,
        productCents: 0,
        lineCents: basket.lines.map(() => 0),
        shippingCents: targeted.some(Boolean) ? (basket.shippingCents ?? 0) : 0,
        description: 'Shipping',
      };
    case 'buy_x_get_y': {
      const { lineCents, free } = freedUnits(discount, basket);
      const buy = discount.buyQuantity ?? 1;
      const get = discount.getQuantity ?? 1;
      return {
        discount,
        shippingCents: 0,
        lineCents,
        productCents: lineCents.reduce((sum, cents) => sum + cents, 0),
        description: free.join(', ') || `Buy ${buy}, get ${get} free`,
      };
    }
  }
}

const savingOf = (priced: PricedDiscount) => priced.productCents + priced.shippingCents;

/** The better of two for the customer: the larger saving; on a tie, the older discount (the lower id). */
function better<D extends DiscountRule>(a: PricedDiscount<D> | null, b: PricedDiscount<D>): PricedDiscount<D> {
  if (!a) return b;
  const difference = savingOf(b) - savingOf(a);
  return difference > 0 || (difference === 0 && b.discount.id < a.discount.id) ? b : a;
}

/** What the order gets: the discounts applied, in order, and the code that lost to a better promotion. */
export interface DiscountChoice<D extends DiscountRule> {
  applied: PricedDiscount<D>[];
  /** The applied code lost to a better automatic promotion that does not combine with codes. */
  codeOutdone: PricedDiscount<D> | null;
}

/**
 * The combination rules (decision 015): at most one code and at most one automatic promotion. Without a code, the
 * best automatic promotion that applies. With a code that applies: the code plus the best automatic promotion that
 * combines with codes, unless the best automatic promotion of all saves more on its own, in which case the order
 * gets that one and the code is not used. Every amount is computed on the undiscounted basket; `settle` then makes
 * them fit what there is.
 */
export function chooseDiscounts<D extends DiscountRule>(
  automatic: readonly PricedDiscount<D>[],
  code: PricedDiscount<D> | null,
): DiscountChoice<D> {
  let best: PricedDiscount<D> | null = null;
  let bestCombining: PricedDiscount<D> | null = null;
  for (const priced of automatic) {
    if (savingOf(priced) === 0) continue;
    best = better(best, priced);
    if (priced.discount.combinesWithCode) bestCombining = better(bestCombining, priced);
  }
  if (!code) return { applied: best ? [best] : [], codeOutdone: null };
  const withCode = bestCombining ? [bestCombining, code] : [code];
  if (best && savingOf(best) > withCode.reduce((sum, priced) => sum + savingOf(priced), 0)) {
    return { applied: [best], codeOutdone: best };
  }
  return { applied: withCode, codeOutdone: null };
}

/** A line of a priced order: its unit price and total as shown, its share of the discounts, and what is left. */
export interface PricedLine extends BasketLine {
  totalCents: number;
  discountCents: number;
  netCents: number;
}

/** A tax of a priced order: per rate, and whether the prices hold it or the total adds it. */
export type PricedTax = TaxAmount & { included: boolean };

/** Every figure of a basket: what the cart, the quote and the order show. */
export interface PricedOrder<D extends DiscountRule = DiscountRule> {
  lines: PricedLine[];
  subtotalCents: number;
  totalItems: number;
  /** The discounts applied, each at what it takes off once they fit together. */
  discounts: PricedDiscount<D>[];
  productDiscountCents: number;
  shippingDiscountCents: number;
  /** Both discounts together: what the order's `discount` says. */
  discountCents: number;
  /** The shipping as shown, before its discount; null while not known (the cart). */
  shippingCents: number | null;
  taxes: PricedTax[];
  /** Tax the total adds (prices shown without it), and tax the prices already hold. */
  taxAddedCents: number;
  taxIncludedCents: number;
  /** `subtotal − discount + shipping + tax added`. */
  totalCents: number;
}

/**
 * Fits the applied discounts to the basket, in order: each takes its share of a line only from what earlier ones
 * left of it (shared out again over what is left when it would take more), and of the shipping only what is left.
 */
function fitDiscounts<D extends DiscountRule>(applied: readonly PricedDiscount<D>[], basket: Basket) {
  const left = basket.lines.map(lineTotal);
  let shippingLeft = basket.shippingCents ?? 0;
  const fitted = applied.map((priced): PricedDiscount<D> => {
    let lineCents = priced.lineCents;
    if (lineCents.some((cents, index) => cents > (left[index] ?? 0))) {
      const room = basket.lines.map((line, index) => (targets(priced.discount, line) ? (left[index] ?? 0) : 0));
      lineCents = shareDiscount(
        room,
        Math.min(
          priced.productCents,
          room.reduce((sum, cents) => sum + cents, 0),
        ),
      );
    }
    lineCents.forEach((cents, index) => {
      left[index] = (left[index] ?? 0) - cents;
    });
    const shippingCents = Math.min(priced.shippingCents, shippingLeft);
    shippingLeft -= shippingCents;
    return { ...priced, lineCents, shippingCents, productCents: lineCents.reduce((sum, cents) => sum + cents, 0) };
  });
  return { fitted, left };
}

/**
 * Every figure of the basket with the discounts chosen for it: each line's total and share of the discounts, the
 * discounts as they fit together, the shipping, the destination's taxes (each line's on what is left of it, the
 * shipping's at the general rate; only once both the destination and the shipping are known) and the total.
 */
export function settle<D extends DiscountRule>(
  basket: Basket,
  applied: readonly PricedDiscount<D>[],
  destination: PricingDestination | null,
): PricedOrder<D> {
  const { fitted, left } = fitDiscounts(applied, basket);
  const lines = basket.lines.map((line, index): PricedLine => {
    const totalCents = lineTotal(line);
    const netCents = left[index] ?? totalCents;
    return { ...line, totalCents, discountCents: totalCents - netCents, netCents };
  });
  const productDiscountCents = fitted.reduce((sum, priced) => sum + priced.productCents, 0);
  const shippingDiscountCents = fitted.reduce((sum, priced) => sum + priced.shippingCents, 0);
  let taxes: PricedTax[] = [];
  let taxAddedCents = 0;
  if (destination && basket.shippingCents !== null) {
    const taxed = (categoryId: number | null, cents: number) => ({ cents, ...rateFor(destination.rates, categoryId) });
    const found = taxesOfNetLines(destination.display, [
      ...lines.map((line) => taxed(line.categoryId, line.netCents)),
      taxed(null, basket.shippingCents - shippingDiscountCents),
    ]);
    const included = destination.display === 'included';
    taxes = found.taxes.map((tax) => ({ ...tax, included }));
    taxAddedCents = found.addedCents;
  }
  const taxIncludedCents = taxes.reduce((sum, tax) => sum + (tax.included ? tax.cents : 0), 0);
  const discountCents = productDiscountCents + shippingDiscountCents;
  return {
    lines,
    subtotalCents: basket.subtotalCents,
    totalItems: basket.totalItems,
    discounts: fitted,
    productDiscountCents,
    shippingDiscountCents,
    discountCents,
    shippingCents: basket.shippingCents,
    taxes,
    taxAddedCents,
    taxIncludedCents,
    totalCents: basket.subtotalCents - discountCents + (basket.shippingCents ?? 0) + taxAddedCents,
  };
}
