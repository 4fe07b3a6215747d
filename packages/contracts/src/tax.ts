// Tax by destination (decision 016): the rates a shop charges where it delivers, how prices are shown there, and the
// one arithmetic the storefront (to show prices) and the server (to charge them) share, in integer cents.
//
// - A rate is in hundredths of a percent (19 % is 1900), "19.00" on the wire.
// - **Display.** A destination shows prices with its tax `included` (VAT, GST: Europe, the UK) or has it `added` at
//   checkout (US sales tax). A shop enters its prices without tax, or with it (`prices_include_tax`): entered with
//   tax, a price is what every `included` destination pays; an `added` destination always treats the entered price
//   as without tax and adds its tax.
// - **Rounding**, one rule: per line, half up to the cent. A shown unit price is the entered one plus its tax (per
//   unit); a line's tax is taken on the line after its share of the order's discount; shipping is a line of its own
//   at the destination's general rate. Tax included in a line is `line − round(line × 10000 / (10000 + rate))`.
import './browser.ts';
import { z } from 'zod';
import { formatMinor, Money } from './money.ts';

/** A rate as a percent with up to two decimals, "19.00" or "8.875" is not one (two decimals at most). */
export const TaxPercent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'Enter a percent with at most two decimals, such as 19 or 7.50.' })
  .refine((text) => Number(text) <= 100, { error: 'A rate is at most 100%.' });

/** "19.00" or "19" to hundredths of a percent (1900). */
export function percentToBasisPoints(percent: string): number {
  const [units = '0', fraction = ''] = percent.trim().split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** 1900 to "19.00". */
export function basisPointsToPercent(basisPoints: number): string {
  return formatMinor(basisPoints);
}

/** How a destination shows prices: with its tax in them, or with it added at checkout. */
export const TaxDisplay = z.enum(['included', 'added']);
export type TaxDisplay = z.infer<typeof TaxDisplay>;

/** `numerator / denominator`, rounded half up (both non-negative). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** The tax on an amount without tax: `round(cents × rate / 10000)`, half up. */
export function taxOnNet(cents: number, basisPoints: number): number {
  return divideHalfUp(BigInt(cents) * BigInt(basisPoints), 10_000n);
}

/** The tax inside an amount that includes it: `cents − round(cents × 10000 / (10000 + rate))`. */
export function taxInGross(cents: number, basisPoints: number): number {
  return cents - divideHalfUp(BigInt(cents) * 10_000n, BigInt(10_000 + basisPoints));
}

/** What a destination is shown and charged for an entered amount (a unit price, or the shipping). */
export function shownCents(
  enteredCents: number,
  basisPoints: number,
  view: { display: TaxDisplay; pricesIncludeTax: boolean },
): number {
  if (view.display === 'included' && !view.pricesIncludeTax) return enteredCents + taxOnNet(enteredCents, basisPoints);
  return enteredCents;
}

/** A rate of a destination: for one category's products, or (null) for the others and the shipping. */
export interface DestinationRate {
  categoryId: number | null;
  name: string;
  basisPoints: number;
}

/** The rate a product of `categoryId` pays: its category's, else the general one; none (0) when neither exists. */
export function rateFor(
  rates: readonly DestinationRate[],
  categoryId: number | null,
): { name: string; basisPoints: number } {
  const own = categoryId === null ? undefined : rates.find((rate) => rate.categoryId === categoryId);
  return own ?? rates.find((rate) => rate.categoryId === null) ?? { name: '', basisPoints: 0 };
}

/** One line of an order for its tax: the amount shown (units × shown unit price), and its rate. */
export interface TaxedLine {
  cents: number;
  name: string;
  basisPoints: number;
}

/** Tax of one rate on an order. */
export interface TaxAmount {
  name: string;
  basisPoints: number;
  cents: number;
}

/**
 * Shares `discountCents` out over `amounts` in proportion to them, exactly (largest remainder; on a tie, the
 * earlier amount): the shares add up to the discount, and none exceeds its amount.
 */
export function shareDiscount(amounts: readonly number[], discountCents: number): number[] {
  const total = amounts.reduce((sum, cents) => sum + cents, 0);
  if (total === 0 || discountCents === 0) return amounts.map(() => 0);
  const capped = Math.min(discountCents, total);
  const exact = amounts.map((cents) => (BigInt(cents) * BigInt(capped)) / BigInt(total));
  const shares = exact.map(Number);
  let left = capped - shares.reduce((sum, cents) => sum + cents, 0);
  const remainders = amounts
    .map((cents, index) => ({ index, remainder: (BigInt(cents) * BigInt(capped)) % BigInt(total) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] = (shares[index] as number) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * The taxes of an order, per rate (in the order the rates first appear; rates of 0 are left out): each line's tax
 * on its amount less its share of `productDiscountCents`, and the shipping's on the shipping less its discount.
 * `addedCents` is what the total adds (0 when the tax is included in the prices shown).
 */
export function orderTaxes(input: {
  display: TaxDisplay;
  lines: readonly TaxedLine[];
  productDiscountCents: number;
  shipping: TaxedLine;
}): { taxes: TaxAmount[]; addedCents: number } {
  const shares = shareDiscount(
    input.lines.map((line) => line.cents),
    input.productDiscountCents,
  );
  const { taxes, addedCents } = taxesOfNetLines(input.display, [
    ...input.lines.map((line, index) => ({ ...line, cents: line.cents - (shares[index] ?? 0) })),
    input.shipping,
  ]);
  return { taxes, addedCents };
}

/** The tax of one line already net of its discounts, rounded on its own (0 at a rate of 0 or on nothing). */
export function lineTax(display: TaxDisplay, line: TaxedLine): number {
  if (line.basisPoints === 0 || line.cents <= 0) return 0;
  return display === 'included' ? taxInGross(line.cents, line.basisPoints) : taxOnNet(line.cents, line.basisPoints);
}

/**
 * The taxes of lines already net of their discounts (the shipping among them), per rate in the order the rates first
 * appear, each line's tax rounded on its own (`lineCents`, in the lines' order); `addedCents` is what the total adds
 * (0 where the prices include it).
 */
export function taxesOfNetLines(
  display: TaxDisplay,
  lines: readonly TaxedLine[],
): { taxes: TaxAmount[]; addedCents: number; lineCents: number[] } {
  const byRate = new Map<string, TaxAmount>();
  const lineCents = lines.map((line) => {
    const cents = lineTax(display, line);
    if (cents === 0) return 0;
    const key = `${line.name}\n${line.basisPoints}`;
    const kept = byRate.get(key);
    if (kept) kept.cents += cents;
    else byRate.set(key, { name: line.name, basisPoints: line.basisPoints, cents });
    return cents;
  });
  const taxes = [...byRate.values()];
  const sum = taxes.reduce((total, tax) => total + tax.cents, 0);
  return { taxes, addedCents: display === 'added' ? sum : 0, lineCents };
}

/** A tax of an order, a quote or an invoice: its name and rate, what it comes to, and whether the prices hold it. */
export const OrderTax = z.object({
  name: z.string(),
  /** The percent, "19.00". */
  rate: z.string(),
  amount: Money,
  /** True: already in the prices (and the total adds nothing for it); false: added to the total. */
  included: z.boolean(),
});
export type OrderTax = z.infer<typeof OrderTax>;

/** What the customer reads of a tax: "VAT 19% (included)", "Sales tax 8.88%". */
export function taxLabel(tax: { name: string; rate: string; included: boolean }): string {
  const percent = tax.rate.replace(/\.?0+$/, '');
  return `${tax.name} ${percent}%${tax.included ? ' (included)' : ''}`;
}

/** `GET /api/tax/destination/?country=&region=`: the country's code or English name, and its region if any. */
export const TaxDestinationQuery = z.object({
  country: z.string({ error: 'This field is required.' }).trim().min(1, { error: 'This field is required.' }).max(200),
  region: z.string().trim().max(100).optional(),
});
export type TaxDestinationQuery = z.infer<typeof TaxDestinationQuery>;

/** How a destination's prices are shown and taxed, for the storefront to show them as the order will charge. */
export const TaxDestination = z.object({
  country: z.string(),
  country_name: z.string(),
  display: TaxDisplay,
  prices_include_tax: z.boolean(),
  /** The destination's rates: per category (`category_id`), and the general one (null), which shipping pays too. */
  rates: z.array(z.object({ category_id: z.number().int().nullable(), name: z.string(), rate: z.string() })),
  /** What the storefront says beside prices: "Delivery to Germany: prices include VAT." */
  notice: z.string(),
});
export type TaxDestination = z.infer<typeof TaxDestination>;

/** A destination's rates as the arithmetic takes them. */
export function destinationRates(destination: TaxDestination): DestinationRate[] {
  return destination.rates.map((rate) => ({
    categoryId: rate.category_id,
    name: rate.name,
    basisPoints: percentToBasisPoints(rate.rate),
  }));
}

/** The notice beside prices for a destination: what the prices hold, in the destination's terms. */
export function taxNotice(input: { display: TaxDisplay; countryName: string; taxName: string | null }): string {
  if (input.taxName === null) return `Delivery to ${input.countryName}: no tax is charged.`;
  return input.display === 'included'
    ? `Delivery to ${input.countryName}: prices include ${input.taxName}.`
    : `Delivery to ${input.countryName}: prices exclude ${input.taxName}, added at checkout.`;
}
