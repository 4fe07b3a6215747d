import { describe, expect, it } from 'vitest';
import { chooseDiscounts, percentOf, priceDiscount } from './discounts.pricing.ts';
import type { DiscountRow } from './discounts.repository.ts';

const at = new Date('2026-01-01T00:00:00Z');

function discount(overrides: Partial<DiscountRow>): DiscountRow {
  return {
    tenantId: 1,
    id: 1,
    code: null,
    name: '',
    kind: 'fixed',
    value: 0,
    buyQuantity: null,
    getQuantity: null,
    productIds: [],
    categoryIds: [],
    minSubtotalCents: 0,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    usesPerCustomer: null,
    firstOrderOnly: false,
    combinesWithCode: false,
    isActive: true,
    timesUsed: 0,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const basket = {
  lines: [{ productId: 7, categoryId: 3, productName: 'Shawl', unitPriceCents: 1000, quantity: 3 }],
  subtotalCents: 3000,
  shippingCents: 500,
};

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
    const big = priceDiscount(discount({ id: 1, kind: 'fixed', value: 2500, combinesWithCode: true }), basket);
    const code = priceDiscount(discount({ id: 2, code: 'X', kind: 'percentage', value: 5000 }), basket);
    const shipping = priceDiscount(discount({ id: 3, kind: 'free_shipping' }), basket);
    const chosen = chooseDiscounts([big, shipping], code, basket);
    expect(chosen.applied.map((priced) => [priced.productCents, priced.shippingCents])).toEqual([
      [2500, 0],
      [500, 0],
    ]);
    expect(chosen.codeOutdone).toBeNull();
  });

  it('picks the older of two automatic promotions that save the same', () => {
    const newer = priceDiscount(discount({ id: 9, kind: 'fixed', value: 500 }), basket);
    const older = priceDiscount(discount({ id: 4, kind: 'percentage', value: 1667 }), basket);
    expect(chooseDiscounts([newer, older], null, basket).applied.map((priced) => priced.discount.id)).toEqual([4]);
  });
});
