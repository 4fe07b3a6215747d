// Refunds by line (decision 024): worked examples a person can check, then properties over orders priced by `settle`
// and every way of giving their units back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AskedLine,
  basketOf,
  type CatalogLine,
  type DiscountRule,
  type LineRefund,
  type PricedOrder,
  type PricingDestination,
  priceDiscount,
  type RefundedLine,
  refundOfLines,
  type SoldOrder,
  settle,
  shareOfRemaining,
  soldLinesOf,
  unitsLeftToRefund,
  withShipping,
} from './pricing.ts';

const germany: PricingDestination = {
  display: 'included',
  pricesIncludeTax: false,
  rates: [
    { categoryId: null, name: 'VAT', basisPoints: 1900 },
    { categoryId: 2, name: 'VAT', basisPoints: 700 },
  ],
};
const newYork: PricingDestination = {
  display: 'added',
  pricesIncludeTax: false,
  rates: [{ categoryId: null, name: 'Sales tax', basisPoints: 888 }],
};

function rule(overrides: Partial<DiscountRule>): DiscountRule {
  return {
    id: 1,
    kind: 'fixed',
    value: 0,
    buyQuantity: null,
    getQuantity: null,
    productIds: [],
    categoryIds: [],
    combinesWithCode: false,
    ...overrides,
  };
}

const line = (overrides: Partial<CatalogLine>): CatalogLine => ({
  productId: 1,
  categoryId: 1,
  productName: 'Angkhola',
  enteredUnitCents: 10_000,
  quantity: 1,
  ...overrides,
});

/** An order priced by `settle` (with its shipping), and the same as a refund by line reads it. */
function priced(
  lines: CatalogLine[],
  options: { destination?: PricingDestination | null; shippingCents?: number; discounts?: Partial<DiscountRule>[] },
): { order: PricedOrder; sold: SoldOrder } {
  const destination = options.destination ?? null;
  const basket = withShipping(basketOf(lines, destination), options.shippingCents ?? 0, destination);
  const applied = (options.discounts ?? []).map((spec, index) =>
    priceDiscount(rule({ ...spec, id: index + 1 }), basket),
  );
  const order = settle(basket, applied, destination);
  return { order, sold: soldOrderOf(order, destination) };
}

function soldOrderOf(order: PricedOrder, destination: PricingDestination | null): SoldOrder {
  return {
    totalCents: order.totalCents,
    taxIncluded: destination?.display === 'included',
    lines: order.lines.map((each, index) => ({
      id: index + 1,
      quantity: each.quantity,
      netCents: each.netCents,
      taxCents: each.taxCents,
      rate: each.rate,
    })),
    taxes: order.taxes,
  };
}

/** Refunds `steps` one after the other, each after the ones before it. */
function refundInSteps(sold: SoldOrder, steps: AskedLine[][]): LineRefund[] {
  const earlier: RefundedLine[] = [];
  return steps.map((asked) => {
    const refund = refundOfLines(sold, earlier, asked);
    earlier.push(...refund.lines);
    return refund;
  });
}

describe('the share of what is left of a line', () => {
  it('rounds k of m half up, and the last units take exactly what is left', () => {
    expect(shareOfRemaining(1000, 1, 3)).toBe(333); // 333.33
    expect(shareOfRemaining(1000, 2, 3)).toBe(667); // 666.67
    expect(shareOfRemaining(1001, 1, 2)).toBe(501); // 500.5 → 501
    expect(shareOfRemaining(667, 2, 2)).toBe(667);
    expect(shareOfRemaining(0, 1, 2)).toBe(0);
    expect(shareOfRemaining(900_719_925_474_099, 1, 3)).toBe(300_239_975_158_033);
  });
});

describe('a refund by line, worked', () => {
  it('a 10 % code: two of three 100.00 units give back 180.00; the last unit and the shipping give back the rest', () => {
    const { order, sold } = priced([line({ quantity: 3 })], {
      shippingCents: 1500,
      discounts: [{ kind: 'percentage', value: 1000 }],
    });
    expect(order.totalCents).toBe(27_000 + 1500);
    const [first, last] = refundInSteps(sold, [[{ lineId: 1, quantity: 2 }], [{ lineId: 1, quantity: 1 }]]);
    expect(first).toMatchObject({ amountCents: 18_000, shipping: null, taxCents: 0 });
    expect(last).toMatchObject({ amountCents: 9000 + 1500, shipping: { amountCents: 1500, taxCents: 0 } });
  });

  it('a fixed 10.00 code shared by two lines in proportion: 100.00 and 50.00 lines give back 93.33 and 46.67', () => {
    const { sold } = priced([line({}), line({ productId: 2, productName: 'Sheath', enteredUnitCents: 5000 })], {
      discounts: [{ kind: 'fixed', value: 1000 }],
    });
    expect(refundOfLines(sold, [], [{ lineId: 1, quantity: 1 }]).amountCents).toBe(9333);
    expect(refundOfLines(sold, [], [{ lineId: 2, quantity: 1 }]).amountCents).toBe(4667);
  });

  it('German VAT in the prices: a line gives back its price with its VAT inside, the shipping with the last unit', () => {
    // 2 × 119.00 (19 % VAT: 19.00 each), a sheath at 7 % (53.50), shipping 23.80 with 3.80 VAT.
    const { order, sold } = priced(
      [line({ quantity: 2 }), line({ productId: 2, categoryId: 2, productName: 'Sheath', enteredUnitCents: 5000 })],
      { destination: germany, shippingCents: 2000 },
    );
    expect(order.totalCents).toBe(23_800 + 5350 + 2380);
    const [knife, rest] = refundInSteps(sold, [
      [{ lineId: 1, quantity: 1 }],
      [
        { lineId: 1, quantity: 1 },
        { lineId: 2, quantity: 1 },
      ],
    ]);
    expect(knife).toMatchObject({
      amountCents: 11_900,
      taxCents: 1900,
      taxes: [{ name: 'VAT', basisPoints: 1900, cents: 1900 }],
    });
    expect(rest).toMatchObject({ amountCents: 11_900 + 5350 + 2380, shipping: { amountCents: 2380, taxCents: 380 } });
    expect(rest?.taxes).toEqual([
      { name: 'VAT', basisPoints: 1900, cents: 1900 + 380 },
      { name: 'VAT', basisPoints: 700, cents: 350 },
    ]);
  });

  it('New York sales tax added: a line gives back its price and its tax on top', () => {
    // 100.00 less a 10.00 code, 8.88 % on 90.00 = 7.99; shipping 10.00 with 0.89.
    const { order, sold } = priced([line({ quantity: 1 })], {
      destination: newYork,
      shippingCents: 1000,
      discounts: [{ kind: 'fixed', value: 1000 }],
    });
    expect(order.totalCents).toBe(9000 + 799 + 1000 + 89);
    const refund = refundOfLines(sold, [], [{ lineId: 1, quantity: 1 }]);
    expect(refund).toMatchObject({
      amountCents: order.totalCents,
      lines: [{ lineId: 1, quantity: 1, netCents: 9000, taxCents: 799, amountCents: 9799 }],
      shipping: { amountCents: 1089, taxCents: 89 },
      taxCents: 888,
    });
  });

  it('counts the units left of each line, and refuses more than are left', () => {
    const { sold } = priced([line({ quantity: 2 })], {});
    const earlier = refundOfLines(sold, [], [{ lineId: 1, quantity: 1 }]).lines;
    expect(unitsLeftToRefund(sold, earlier)).toEqual(new Map([[1, 1]]));
    expect(() => refundOfLines(sold, earlier, [{ lineId: 1, quantity: 2 }])).toThrow(RangeError);
    expect(() => refundOfLines(sold, [], [{ lineId: 9, quantity: 1 }])).toThrow(RangeError);
  });

  it('reads an order placed before its lines kept their figures by proportion, and still gives back its total', () => {
    const sold: SoldOrder = {
      totalCents: 20_000 - 1000 + 1000 + 1769,
      taxIncluded: false,
      lines: soldLinesOf({
        lines: [
          { id: 1, quantity: 1, totalCents: 15_000, discountCents: null, taxCents: null, rate: null },
          { id: 2, quantity: 2, totalCents: 5000, discountCents: null, taxCents: null, rate: null },
        ],
        productDiscountCents: 1000,
        shippingNetCents: 1000,
        taxCents: 1769,
      }),
      taxes: [{ name: 'Sales tax', basisPoints: 888, cents: 1769 }],
    };
    expect(sold.lines.map((each) => each.netCents)).toEqual([14_250, 4750]);
    const steps = refundInSteps(sold, [
      [{ lineId: 2, quantity: 1 }],
      [
        { lineId: 1, quantity: 1 },
        { lineId: 2, quantity: 1 },
      ],
    ]);
    expect(steps.map((step) => step.taxes)).toEqual([null, null]);
    expect(steps.reduce((sum, step) => sum + step.amountCents, 0)).toBe(sold.totalCents);
  });
});

/** Random orders priced by `settle`: a few lines of two categories, a discount or two, shipping, a destination. */
const orders = fc.record({
  lines: fc.array(
    fc.record({
      productId: fc.integer({ min: 1, max: 4 }),
      categoryId: fc.integer({ min: 1, max: 2 }),
      enteredUnitCents: fc.integer({ min: 1, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 6 }),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  discounts: fc.array(
    fc.record({
      kind: fc.constantFrom('percentage', 'fixed', 'free_shipping', 'buy_x_get_y') as fc.Arbitrary<
        DiscountRule['kind']
      >,
      value: fc.integer({ min: 1, max: 10_000 }),
      buyQuantity: fc.integer({ min: 1, max: 3 }),
      getQuantity: fc.integer({ min: 1, max: 2 }),
      productIds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
    }),
    { maxLength: 2 },
  ),
  shippingCents: fc.integer({ min: 0, max: 10_000 }),
  destination: fc.constantFrom(null, germany, newYork),
  /** Which refund each unit goes back with (refunds are numbered 0 to 4, some numbers may go unused). */
  seed: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 30, maxLength: 30 }),
});

/** Every unit of every line, each put in one of the refunds the seed names, the refunds in order. */
function partition(sold: SoldOrder, seed: number[]): AskedLine[][] {
  const steps: Map<number, AskedLine>[] = Array.from({ length: 5 }, () => new Map());
  let unit = 0;
  for (const each of sold.lines) {
    for (let index = 0; index < each.quantity; index += 1) {
      const step = steps[seed[unit % seed.length] ?? 0] as Map<number, AskedLine>;
      unit += 1;
      const kept = step.get(each.id);
      step.set(each.id, { lineId: each.id, quantity: (kept?.quantity ?? 0) + 1 });
    }
  }
  return steps.map((step) => [...step.values()]).filter((step) => step.length > 0);
}

describe('refunds by line of any order', () => {
  it('any partition of the units into successive refunds gives back the total to the cent, each at most what is left', () => {
    fc.assert(
      fc.property(orders, (input) => {
        const { order, sold } = priced(
          input.lines.map((spec) => line({ ...spec, productName: `P${spec.productId}` })),
          {
            destination: input.destination,
            shippingCents: input.shippingCents,
            discounts: input.discounts.map((spec) => ({
              ...spec,
              value: spec.kind === 'percentage' ? spec.value % 10_001 : spec.value,
            })),
          },
        );
        const steps = refundInSteps(sold, partition(sold, input.seed));
        let left = order.totalCents;
        for (const [index, step] of steps.entries()) {
          expect(step.amountCents).toBeGreaterThanOrEqual(0);
          expect(step.amountCents).toBeLessThanOrEqual(left);
          left -= step.amountCents;
          // The shipping comes back with the last refund only.
          expect(step.shipping === null).toBe(index < steps.length - 1);
          // Its tax per rate adds up to its tax.
          expect((step.taxes ?? []).reduce((sum, tax) => sum + tax.cents, 0)).toBe(step.taxCents);
        }
        expect(left).toBe(0);
        const orderTax = order.taxes.reduce((sum, tax) => sum + tax.cents, 0);
        expect(steps.reduce((sum, step) => sum + step.taxCents, 0)).toBe(orderTax);
      }),
    );
  });

  it('an order read by proportion gives back its total too, in any steps', () => {
    fc.assert(
      fc.property(orders, (input) => {
        const { order } = priced(
          input.lines.map((spec) => line({ ...spec, productName: `P${spec.productId}` })),
          { destination: input.destination, shippingCents: input.shippingCents },
        );
        const taxCents = order.taxes.reduce((sum, tax) => sum + tax.cents, 0);
        const sold: SoldOrder = {
          totalCents: order.totalCents,
          taxIncluded: input.destination?.display === 'included',
          taxes: order.taxes,
          lines: soldLinesOf({
            lines: order.lines.map((each, index) => ({
              id: index + 1,
              quantity: each.quantity,
              totalCents: each.totalCents,
              discountCents: null,
              taxCents: null,
              rate: null,
            })),
            productDiscountCents: order.productDiscountCents,
            shippingNetCents: (order.shippingCents ?? 0) - order.shippingDiscountCents,
            taxCents,
          }),
        };
        const steps = refundInSteps(sold, partition(sold, input.seed));
        let left = order.totalCents;
        for (const step of steps) {
          expect(step.amountCents).toBeLessThanOrEqual(left);
          left -= step.amountCents;
        }
        expect(left).toBe(0);
      }),
    );
  });
});
