import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Basket,
  basketOf,
  type CatalogLine,
  chooseDiscounts,
  type DiscountRule,
  type PricingDestination,
  percentOf,
  priceDiscount,
  settle,
  withShipping,
} from './pricing.ts';

function discount(overrides: Partial<DiscountRule>): DiscountRule {
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
  productId: 7,
  categoryId: 3,
  productName: 'Shawl',
  enteredUnitCents: 1000,
  quantity: 1,
  ...overrides,
});

const shawls: Basket = withShipping(basketOf([line({ quantity: 3 })], null), 500, null);

describe('the rounding rule of percentages', () => {
  it('rounds half up to the cent, in integers, without losing a cent on large amounts', () => {
    expect(percentOf(9999, 1000)).toBe(1000); // 999.9 → 1000
    expect(percentOf(1005, 5000)).toBe(503); // 502.5 → 503
    expect(percentOf(1004, 5000)).toBe(502); // 502.0
    expect(percentOf(1, 4999)).toBe(0); // 0.4999 → 0
    expect(percentOf(900_719_925_474_099, 3333)).toBe(300_209_951_160_517);
  });
});

describe('choosing the discounts of an order', () => {
  it('never takes off more than the subtotal and the shipping, together', () => {
    const big = priceDiscount(discount({ id: 1, kind: 'fixed', value: 2500, combinesWithCode: true }), shawls);
    const code = priceDiscount(discount({ id: 2, kind: 'percentage', value: 5000 }), shawls);
    const shipping = priceDiscount(discount({ id: 3, kind: 'free_shipping' }), shawls);
    const chosen = chooseDiscounts([big, shipping], code);
    expect(chosen.codeOutdone).toBeNull();
    const order = settle(shawls, chosen.applied, null);
    expect(order.discounts.map((priced) => [priced.productCents, priced.shippingCents])).toEqual([
      [2500, 0],
      [500, 0],
    ]);
    expect(order).toMatchObject({ subtotalCents: 3000, discountCents: 3000, shippingCents: 500, totalCents: 500 });
  });

  it('picks the older of two automatic promotions that save the same', () => {
    const newer = priceDiscount(discount({ id: 9, kind: 'fixed', value: 500 }), shawls);
    const older = priceDiscount(discount({ id: 4, kind: 'percentage', value: 1667 }), shawls);
    expect(chooseDiscounts([newer, older], null).applied.map((priced) => priced.discount.id)).toEqual([4]);
  });
});

describe('buy X get Y', () => {
  const angkhola = (enteredUnitCents: number, quantity = 1) =>
    line({ productId: 1, productName: 'Angkhola', enteredUnitCents, quantity });
  const buyOneGetOne = discount({ kind: 'buy_x_get_y', buyQuantity: 1, getQuantity: 1 });

  it('frees the cheaper variant of a product whatever the order of the lines', () => {
    for (const lines of [
      [angkhola(12500), angkhola(8500)],
      [angkhola(8500), angkhola(12500)],
    ]) {
      const priced = priceDiscount(buyOneGetOne, basketOf(lines, null));
      expect(priced.productCents).toBe(8500);
      expect(priced.description).toBe('1 free of Angkhola');
    }
  });

  it('never takes off more than the units it frees cost: one 115.00 and nine 85.00 free five 85.00 units', () => {
    const priced = priceDiscount(buyOneGetOne, basketOf([angkhola(11500), angkhola(8500, 9)], null));
    expect(priced.productCents).toBe(5 * 8500);
    expect(priced.lineCents).toEqual([0, 5 * 8500]);
  });

  it('frees nothing until the units of one product reach X + Y', () => {
    const basket = basketOf([angkhola(8500), line({ productId: 2, quantity: 1 })], null);
    expect(priceDiscount(buyOneGetOne, basket).productCents).toBe(0);
  });
});

describe('the figures of a basket', () => {
  const germany: PricingDestination = {
    display: 'included',
    pricesIncludeTax: false,
    rates: [{ categoryId: null, name: 'VAT', basisPoints: 1900 }],
  };
  const us: PricingDestination = {
    display: 'added',
    pricesIncludeTax: false,
    rates: [
      { categoryId: null, name: 'Sales tax', basisPoints: 888 },
      { categoryId: 2, name: 'Sales tax', basisPoints: 400 },
    ],
  };

  it('a 10 % code on 405.00: the total is the subtotal less the discount', () => {
    const basket = basketOf([line({ enteredUnitCents: 13500, quantity: 3 })], null);
    const order = settle(basket, [priceDiscount(discount({ kind: 'percentage', value: 1000 }), basket)], null);
    expect(order).toMatchObject({ subtotalCents: 40500, discountCents: 4050, totalCents: 36450, taxes: [] });
  });

  it('shows German prices with their VAT and totals them without adding it again', () => {
    const basket = withShipping(basketOf([line({ enteredUnitCents: 10000, quantity: 2 })], germany), 2000, germany);
    const order = settle(basket, [], germany);
    // 2 × 119.00 + shipping 23.80 = 261.80, of which VAT 19 % is 41.80.
    expect(order).toMatchObject({
      subtotalCents: 23800,
      shippingCents: 2380,
      taxAddedCents: 0,
      taxIncludedCents: 4180,
      totalCents: 26180,
    });
  });

  /** Random baskets: lines of a few products and categories, a discount or two, shipping, a destination. */
  const baskets = fc.record({
    lines: fc.array(
      fc.record({
        productId: fc.integer({ min: 1, max: 4 }),
        categoryId: fc.integer({ min: 1, max: 3 }),
        enteredUnitCents: fc.integer({ min: 1, max: 500_000 }),
        quantity: fc.integer({ min: 1, max: 12 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    discounts: fc.array(
      fc.record({
        kind: fc.constantFrom('percentage', 'fixed', 'free_shipping', 'buy_x_get_y') as fc.Arbitrary<
          DiscountRule['kind']
        >,
        value: fc.integer({ min: 1, max: 100_000 }),
        buyQuantity: fc.integer({ min: 1, max: 3 }),
        getQuantity: fc.integer({ min: 1, max: 2 }),
        productIds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
      }),
      { maxLength: 2 },
    ),
    shippingCents: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    destination: fc.constantFrom(null, germany, us),
  });

  it('adds up for any basket: lines less discounts, plus shipping and added tax, is the total; no line below zero', () => {
    fc.assert(
      fc.property(baskets, (input) => {
        const lines = input.lines.map((spec) => line({ ...spec, productName: `P${spec.productId}` }));
        let basket = basketOf(lines, input.destination);
        if (input.shippingCents !== null) basket = withShipping(basket, input.shippingCents, input.destination);
        const applied = input.discounts.map((spec, index) =>
          priceDiscount(
            discount({ ...spec, id: index + 1, value: spec.kind === 'percentage' ? spec.value % 10_001 : spec.value }),
            basket,
          ),
        );
        const order = settle(basket, applied, input.destination);
        const linesNet = order.lines.reduce((sum, each) => sum + each.netCents, 0);
        const shipping = order.shippingCents ?? 0;
        expect(order.totalCents).toBe(linesNet + shipping - order.shippingDiscountCents + order.taxAddedCents);
        expect(order.totalCents).toBe(order.subtotalCents - order.discountCents + shipping + order.taxAddedCents);
        expect(order.productDiscountCents).toBe(order.lines.reduce((sum, each) => sum + each.discountCents, 0));
        for (const each of order.lines) expect(each.netCents).toBeGreaterThanOrEqual(0);
        expect(order.shippingDiscountCents).toBeLessThanOrEqual(shipping);
        expect(order.taxes.reduce((sum, tax) => sum + tax.cents, 0)).toBe(order.taxAddedCents + order.taxIncludedCents);
      }),
    );
  });

  it('prices buy X get Y the same in every order of the lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cents: fc.integer({ min: 1, max: 50_000 }), quantity: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        (specs, buyQuantity, getQuantity) => {
          const rule = discount({ kind: 'buy_x_get_y', buyQuantity, getQuantity });
          const lines = specs.map((spec) => line({ enteredUnitCents: spec.cents, quantity: spec.quantity }));
          const forward = priceDiscount(rule, basketOf(lines, null)).productCents;
          const backward = priceDiscount(rule, basketOf([...lines].reverse(), null)).productCents;
          expect(forward).toBe(backward);
          // Never more than the cheapest units it frees.
          const units = specs
            .flatMap((spec) => Array(spec.quantity).fill(spec.cents) as number[])
            .sort((a, b) => a - b);
          const freed = Math.floor(units.length / (buyQuantity + getQuantity)) * getQuantity;
          expect(forward).toBe(units.slice(0, freed).reduce((sum, cents) => sum + cents, 0));
        },
      ),
    );
  });
});
