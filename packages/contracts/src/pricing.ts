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
  type TaxedLine,
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

/** A tax rate as a line pays it: its name and hundredths of a percent. */
export interface LineRate {
  name: string;
  basisPoints: number;
}

/**
 * A line of a priced order: its unit price and total as shown, its share of the discounts, what is left, and its tax
 * on what is left (in it where prices include tax, on top where it is added; 0 and no rate while not taxed).
 */
export interface PricedLine extends BasketLine {
  totalCents: number;
  discountCents: number;
  netCents: number;
  taxCents: number;
  rate: LineRate | null;
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
  /** The shipping's tax, on the shipping less its discount (0 while not taxed). */
  shippingTaxCents: number;
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
  let lines = basket.lines.map((line, index): PricedLine => {
    const totalCents = lineTotal(line);
    const netCents = left[index] ?? totalCents;
    return { ...line, totalCents, discountCents: totalCents - netCents, netCents, taxCents: 0, rate: null };
  });
  const productDiscountCents = fitted.reduce((sum, priced) => sum + priced.productCents, 0);
  const shippingDiscountCents = fitted.reduce((sum, priced) => sum + priced.shippingCents, 0);
  let taxes: PricedTax[] = [];
  let taxAddedCents = 0;
  let shippingTaxCents = 0;
  if (destination && basket.shippingCents !== null) {
    const taxed = (categoryId: number | null, cents: number) => ({ cents, ...rateFor(destination.rates, categoryId) });
    const taxedLines = lines.map((line) => taxed(line.categoryId, line.netCents));
    const found = taxesOfNetLines(destination.display, [
      ...taxedLines,
      taxed(null, basket.shippingCents - shippingDiscountCents),
    ]);
    const included = destination.display === 'included';
    taxes = found.taxes.map((tax) => ({ ...tax, included }));
    taxAddedCents = found.addedCents;
    lines = lines.map((line, index) => {
      const rate = taxedLines[index] as TaxedLine;
      return {
        ...line,
        taxCents: found.lineCents[index] ?? 0,
        rate: rate.basisPoints === 0 ? null : { name: rate.name, basisPoints: rate.basisPoints },
      };
    });
    shippingTaxCents = found.lineCents[lines.length] ?? 0;
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
    shippingTaxCents,
    taxAddedCents,
    taxIncludedCents,
    totalCents: basket.subtotalCents - discountCents + (basket.shippingCents ?? 0) + taxAddedCents,
  };
}

// ── Refunds by line ─────────────────────────────────────────────────────────────────────────────────────────────────

/** An order line as a refund by line reads it: the figures the order was sold with. */
export interface SoldLine {
  id: number;
  quantity: number;
  /** The line after its share of the order's discounts, as shown (its tax in it where the prices include tax). */
  netCents: number;
  /** Its tax: inside `netCents` where the prices include tax, on top of it where the total adds tax. */
  taxCents: number;
  /** The rate it paid; null when not known (an order placed before its lines kept their figures), or none. */
  rate: LineRate | null;
}

/** An order as a refund by line reads it: its total, how it holds tax, its lines and its taxes per rate. */
export interface SoldOrder {
  totalCents: number;
  /** True: the prices hold the tax; false: the total adds it. */
  taxIncluded: boolean;
  lines: readonly SoldLine[];
  /** The order's taxes per rate, the lines' and the shipping's together. */
  taxes: readonly TaxAmount[];
}

/** What refunds (every one not failed) took of one line so far: units, and their part of its net and tax. */
export interface RefundedLine {
  lineId: number;
  quantity: number;
  netCents: number;
  taxCents: number;
}

/** Units of one line a refund takes. */
export interface AskedLine {
  lineId: number;
  quantity: number;
}

/** A line's part of a refund: its units, their net and tax, and what they come to (the net, plus added tax). */
export interface LineRefundPart extends RefundedLine {
  amountCents: number;
  rate: LineRate | null;
}

/** A refund by line: its lines, the shipping when the whole order has come back, its tax and its amount. */
export interface LineRefund {
  lines: LineRefundPart[];
  /** The shipping (less its discount), with its tax, given back with the order's last units; null before. */
  shipping: { amountCents: number; taxCents: number } | null;
  /** The tax in the refund per rate; null when a line's rate is not known (an order from before lines kept it). */
  taxes: TaxAmount[] | null;
  taxCents: number;
  amountCents: number;
}

/**
 * `k` of the `m` units still to refund of a line take `remaining × k / m` of what is left of it, rounded half up;
 * the last units (`k = m`) take exactly what is left. So the refunds of a line, in any steps, add up to the line
 * (decision 024), and none takes more than is left of it.
 */
export function shareOfRemaining(remainingCents: number, units: number, unitsLeft: number): number {
  if (units >= unitsLeft) return remainingCents;
  if (units <= 0 || remainingCents <= 0) return 0;
  const numerator = BigInt(remainingCents) * BigInt(units) * 2n + BigInt(unitsLeft);
  return Number(numerator / (BigInt(unitsLeft) * 2n));
}

/** What earlier refunds took of each line, summed per line. */
function takenByLine(earlier: readonly RefundedLine[]): Map<number, RefundedLine> {
  const taken = new Map<number, RefundedLine>();
  for (const part of earlier) {
    const kept = taken.get(part.lineId) ?? { lineId: part.lineId, quantity: 0, netCents: 0, taxCents: 0 };
    taken.set(part.lineId, {
      lineId: part.lineId,
      quantity: kept.quantity + part.quantity,
      netCents: kept.netCents + part.netCents,
      taxCents: kept.taxCents + part.taxCents,
    });
  }
  return taken;
}

/** The units of each line of the order still to refund, by line id (what earlier refunds took is gone). */
export function unitsLeftToRefund(order: SoldOrder, earlier: readonly RefundedLine[]): Map<number, number> {
  const taken = takenByLine(earlier);
  return new Map(
    order.lines.map((line) => [line.id, Math.max(line.quantity - (taken.get(line.id)?.quantity ?? 0), 0)]),
  );
}

const rateKey = (rate: LineRate) => `${rate.name}\n${rate.basisPoints}`;

/** What a line's figures come to: its net, and its tax where the total adds it. */
const amountOf = (order: SoldOrder, netCents: number, taxCents: number) =>
  netCents + (order.taxIncluded ? 0 : taxCents);

/**
 * The shipping's tax per rate: what each of the order's taxes holds beyond its lines' (only once every line's rate
 * is known; null otherwise).
 */
function shippingTaxes(order: SoldOrder): TaxAmount[] | null {
  if (order.lines.some((line) => line.rate === null && line.taxCents !== 0)) return null;
  const ofLines = new Map<string, number>();
  for (const line of order.lines) {
    if (line.rate) ofLines.set(rateKey(line.rate), (ofLines.get(rateKey(line.rate)) ?? 0) + line.taxCents);
  }
  return order.taxes
    .map((tax) => ({ ...tax, cents: tax.cents - (ofLines.get(rateKey(tax)) ?? 0) }))
    .filter((tax) => tax.cents !== 0);
}

/**
 * The tax a refund by line gives back per rate: its lines' at the rates they paid, and the shipping's when it gives
 * the shipping back; null when a line's rate is not known (an order from before lines kept it).
 */
export function taxesOfLineRefund(
  order: SoldOrder,
  parts: readonly { lineId: number; taxCents: number }[],
  withShipping: boolean,
): TaxAmount[] | null {
  const rates = new Map(order.lines.map((line) => [line.id, line.rate]));
  const ofShipping = withShipping ? shippingTaxes(order) : [];
  if (!ofShipping || parts.some((part) => !rates.get(part.lineId) && part.taxCents !== 0)) return null;
  const byRate = new Map<string, TaxAmount>();
  const add = (rate: LineRate, cents: number) => {
    if (cents === 0) return;
    const kept = byRate.get(rateKey(rate));
    if (kept) kept.cents += cents;
    else byRate.set(rateKey(rate), { name: rate.name, basisPoints: rate.basisPoints, cents });
  };
  for (const part of parts) {
    const rate = rates.get(part.lineId);
    if (rate) add(rate, part.taxCents);
  }
  for (const tax of ofShipping) add(tax, tax.cents);
  return [...byRate.values()];
}

/**
 * A refund of some units of an order's lines, after the refunds before it (`earlier`): each line's units take their
 * share of what is left of the line's net and of its tax (`shareOfRemaining`), and the refund that takes the order's
 * last units takes the shipping too: what the order's total holds beyond its lines. So refunding every unit, in any
 * number of refunds, gives back the order's total to the cent, and no refund gives back more than is left. A line not
 * in the order or more units than are left of it throw (callers check with `unitsLeftToRefund` and name the line).
 */
export function refundOfLines(
  order: SoldOrder,
  earlier: readonly RefundedLine[],
  asked: readonly AskedLine[],
): LineRefund {
  const taken = takenByLine(earlier);
  const byId = new Map(order.lines.map((line) => [line.id, line]));
  const askedUnits = new Map<number, number>();
  for (const each of asked) askedUnits.set(each.lineId, (askedUnits.get(each.lineId) ?? 0) + each.quantity);
  const lines = [...askedUnits].map(([lineId, quantity]): LineRefundPart => {
    const line = byId.get(lineId);
    if (!line) throw new RangeError(`line ${lineId} is not in the order`);
    const before = taken.get(lineId) ?? { lineId, quantity: 0, netCents: 0, taxCents: 0 };
    const unitsLeft = line.quantity - before.quantity;
    if (quantity < 1 || quantity > unitsLeft) throw new RangeError(`line ${lineId} has ${unitsLeft} units left`);
    const netCents = shareOfRemaining(line.netCents - before.netCents, quantity, unitsLeft);
    const taxCents = shareOfRemaining(line.taxCents - before.taxCents, quantity, unitsLeft);
    return { lineId, quantity, netCents, taxCents, amountCents: amountOf(order, netCents, taxCents), rate: line.rate };
  });
  const wholeOrderBack = order.lines.every(
    (line) => (taken.get(line.id)?.quantity ?? 0) + (askedUnits.get(line.id) ?? 0) >= line.quantity,
  );
  const linesCents = order.lines.reduce((sum, line) => sum + amountOf(order, line.netCents, line.taxCents), 0);
  const linesTaxCents = order.lines.reduce((sum, line) => sum + line.taxCents, 0);
  const orderTaxCents = order.taxes.reduce((sum, tax) => sum + tax.cents, 0);
  const shipping = wholeOrderBack
    ? { amountCents: order.totalCents - linesCents, taxCents: orderTaxCents - linesTaxCents }
    : null;

  const taxes = taxesOfLineRefund(order, lines, shipping !== null);
  const taxCents = lines.reduce((sum, part) => sum + part.taxCents, 0) + (shipping?.taxCents ?? 0);
  const amountCents = lines.reduce((sum, part) => sum + part.amountCents, 0) + (shipping?.amountCents ?? 0);
  return { lines, shipping, taxes, taxCents, amountCents };
}

/** An order line as the order's rows keep it: its total, and its share of the discounts and its tax when kept. */
export interface KeptLine {
  id: number;
  quantity: number;
  totalCents: number;
  /** Null on an order placed before its lines kept their figures. */
  discountCents: number | null;
  taxCents: number | null;
  rate: LineRate | null;
}

/**
 * The lines of an order as a refund by line reads them. An order placed since its lines keep their share of the
 * discounts and their tax is read as kept. One placed before is read by proportion, the one rounding rule of shares
 * (largest remainder): the discount on its products over the lines by their totals, and all its tax over the lines
 * and the shipping by what is left of them; its lines' rates are not known.
 */
export function soldLinesOf(order: {
  lines: readonly KeptLine[];
  /** What the order's discounts took off its products (its discount less what came off the shipping). */
  productDiscountCents: number;
  /** The shipping less its discount. */
  shippingNetCents: number;
  /** All of the order's tax, included or added. */
  taxCents: number;
}): SoldLine[] {
  if (order.lines.every((line) => line.discountCents !== null && line.taxCents !== null)) {
    return order.lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      netCents: line.totalCents - (line.discountCents ?? 0),
      taxCents: line.taxCents ?? 0,
      rate: line.rate,
    }));
  }
  const discounts = shareDiscount(
    order.lines.map((line) => line.totalCents),
    order.productDiscountCents,
  );
  const nets = order.lines.map((line, index) => line.totalCents - (discounts[index] ?? 0));
  const taxes = shareDiscount([...nets, Math.max(order.shippingNetCents, 0)], order.taxCents);
  return order.lines.map((line, index) => ({
    id: line.id,
    quantity: line.quantity,
    netCents: nets[index] ?? 0,
    taxCents: taxes[index] ?? 0,
    rate: null,
  }));
}
