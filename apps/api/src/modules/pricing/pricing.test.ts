// One price everywhere (decision 019), through HTTP: for random carts (variants, texts with a price, quantities, every
// kind of discount, destinations whose tax is included or added, free shipping), the cart's total, the quote, the
// order, the staff's order and the invoice agree to the cent, and lines, discounts, shipping and taxes add up to the
// total. Then the worked cases of buy X get Y on variants, in both orders of the lines.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type ShopWithStaff, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addShippingZone,
  createCategory,
  createCustomer,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
  TEST_ADDRESS,
} from '../../../test/builders.ts';
import { cents, expectTotalsHold } from '../../../test/order-totals.ts';
import { pdfText } from '../../../test/pdf.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ADDRESSES = {
  NP: TEST_ADDRESS,
  DE: { ...TEST_ADDRESS, street: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'Germany' },
  US: {
    ...TEST_ADDRESS,
    street: '350 5th Ave',
    city: 'New York',
    postalCode: '10118',
    country: 'US',
    region: 'New York',
  },
} as const;
type Country = keyof typeof ADDRESSES;

async function admin(setup: ShopWithStaff, method: 'GET' | 'POST', url: string, body?: object) {
  const answer = await adminCall(t, setup.shop, setup.owner.accessToken, method, url, body);
  expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300);
  return answer;
}

/**
 * A shop of khukuris: a plain one, sheaths in a category with its own German rate, a pattern in two blade lengths,
 * and a wedding khukuri taking a 15.00 engraving; Nepal (5.00 + 1.00 an item, free from 300.00), Germany (VAT 19 %,
 * 7 % on sheaths, included) and New York (sales tax 8.88 % added); a code of each kind, and an automatic promotion
 * combining with codes when asked.
 */
async function pricingShop(withPromotion = false) {
  const setup = await shopWithStaff(t, 'Pricing shop');
  await setPayments(t, setup.shop);
  await addShippingZone(t, setup.shop, { free_above: '300.00' });
  await addShippingZone(t, setup.shop, { name: 'Europe', countries: ['DE'], flat_rate: '20.00', per_item: '0.00' });
  await addShippingZone(t, setup.shop, { name: 'America', countries: ['US'], flat_rate: '10.00', per_item: '0.00' });
  const knives = await createCategory(t, setup.shop, { name: 'Knives' });
  const sheaths = await createCategory(t, setup.shop, { name: 'Sheaths' });
  await admin(setup, 'POST', '/tax-rates/', { name: 'VAT', rate: '19', country: 'Germany', display: 'included' });
  await admin(setup, 'POST', '/tax-rates/', {
    name: 'VAT',
    rate: '7',
    country: 'Germany',
    category: sheaths.id,
    display: 'included',
  });
  await admin(setup, 'POST', '/tax-rates/', { name: 'Sales tax', rate: '8.88', country: 'US', display: 'added' });
  const plain = await createProduct(t, setup.shop, {
    name: 'Bhojpure',
    priceCents: 9999,
    stock: 10_000,
    categoryId: knives.id,
  });
  const sheath = await createProduct(t, setup.shop, {
    name: 'Sheath',
    priceCents: 3333,
    stock: 10_000,
    categoryId: sheaths.id,
  });
  const angkhola = await createVariantProduct(
    t,
    setup.shop,
    {
      options: [{ name: 'Blade length', values: ['10 inch', '15 inch'] }],
      variants: [
        { options: ['10 inch'], priceCents: 8500, stock: 10_000 },
        { options: ['15 inch'], priceCents: 12500, stock: 10_000 },
      ],
    },
    { name: 'Angkhola', priceCents: 8500, categoryId: knives.id },
  );
  const wedding = await createVariantProduct(
    t,
    setup.shop,
    {
      options: [{ name: 'Size', values: ['12 inch'] }],
      variants: [{ options: ['12 inch'], priceCents: 11500, stock: 10_000 }],
      personalisation: [{ key: 'engraving', label: 'Engraving', maxLength: 20, priceCents: 1500 }],
    },
    { name: 'Wedding khukuri', priceCents: 11500, categoryId: knives.id },
  );
  const codes = {
    TEN: { kind: 'percentage', value: '10.00' },
    SHEATHS: { kind: 'fixed', value: '5.00', category_ids: [sheaths.id] },
    SHIPFREE: { kind: 'free_shipping' },
    TWOFORONE: { kind: 'buy_x_get_y', buy_quantity: 1, get_quantity: 1, product_ids: [angkhola.product.id] },
    BIG: { kind: 'fixed', value: '1000.00' },
  };
  for (const [code, body] of Object.entries(codes)) {
    await admin(setup, 'POST', '/discounts/', { code, name: code, ...body });
  }
  if (withPromotion) {
    await admin(setup, 'POST', '/discounts/', {
      name: 'Spring',
      kind: 'percentage',
      value: '3.00',
      combines_with_code: true,
    });
  }
  const items = [
    { productId: plain.id, variantId: undefined, engraving: false },
    { productId: sheath.id, variantId: undefined, engraving: false },
    { productId: angkhola.product.id, variantId: angkhola.variants[0]?.id, engraving: false },
    { productId: angkhola.product.id, variantId: angkhola.variants[1]?.id, engraving: false },
    { productId: wedding.product.id, variantId: wedding.variants[0]?.id, engraving: true },
    { productId: wedding.product.id, variantId: wedding.variants[0]?.id, engraving: false },
  ];
  return { setup, items, codes: Object.keys(codes) };
}

type Item = Awaited<ReturnType<typeof pricingShop>>['items'][number];

function call(shop: Tenant, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.request(shop, { method, url, token, ...(payload ? { payload } : {}) });
}

async function fill(shop: Tenant, token: string, lines: { item: Item; quantity: number }[]) {
  for (const { item, quantity } of lines) {
    const added = await call(shop, token, 'POST', '/api/orders/cart/add-item/', {
      product_id: item.productId,
      ...(item.variantId ? { variant_id: item.variantId } : {}),
      quantity,
      customization: item.engraving ? { engraving: 'Ayo Gorkhali' } : {},
    });
    expect(added.statusCode, added.body).toBe(200);
  }
}

/** What every view of an order's money says. */
const figures = (answer: Record<string, unknown>) => ({
  subtotal: answer.subtotal,
  discount: answer.discount,
  shipping: answer.shipping,
  tax: answer.tax,
  taxes: answer.taxes,
  total: answer.total,
});

describe('every view of an order agrees to the cent', () => {
  it('for random carts: the cart, the quote, the order, the staff’s order and the invoice', async () => {
    const shop = await pricingShop(true);
    const { setup } = shop;
    await fc.assert(
      fc.asyncProperty(
        // At most 9 units of a product: one order takes at most 10 (the shop's limit).
        fc.array(fc.record({ item: fc.constantFrom(...shop.items), quantity: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.option(fc.constantFrom(...shop.codes), { nil: null }),
        fc.constantFrom<Country>('NP', 'DE', 'US'),
        async (lines, code, country) => {
          const { accessToken: token } = await createCustomer(t, setup.shop);
          await fill(setup.shop, token, lines);
          if (code) {
            const applied = await call(setup.shop, token, 'POST', '/api/orders/cart/discount/', { code });
            expect([200, 400], applied.body).toContain(applied.statusCode);
          }
          const destination = `country=${country}${country === 'US' ? '&region=NY' : ''}`;
          const cart = (await call(setup.shop, token, 'GET', `/api/orders/cart/?${destination}`)).json();
          const lineSum = cart.items.reduce(
            (sum: number, item: { line_total: string }) => sum + cents(item.line_total),
            0,
          );
          expect(lineSum).toBe(cents(cart.total_price));
          expect(cents(cart.total)).toBe(cents(cart.total_price) - cents(cart.discount));

          const quote = await call(setup.shop, token, 'GET', `/api/orders/shipping-quote/?${destination}`);
          expect(quote.statusCode, quote.body).toBe(200);
          const quoted = quote.json();
          expectTotalsHold(quoted);
          expect(quoted.subtotal).toBe(cart.total_price);
          // The cart's savings are those on its items; the quote's add what comes off the shipping.
          const shippingOff = cents(quoted.discount) - cents(cart.discount);
          expect(shippingOff).toBeGreaterThanOrEqual(0);
          expect(shippingOff).toBeLessThanOrEqual(cents(quoted.shipping));

          const placed = await placeOrder(t, setup.shop, token, { delivery_address: ADDRESSES[country] });
          expect(placed.statusCode, placed.body).toBe(201);
          const order = placed.json();
          expect(figures(order)).toEqual(figures(quoted));
          expectTotalsHold(order);
          const discounted = order.discounts.reduce(
            (sum: number, each: { amount: string }) => sum + cents(each.amount),
            0,
          );
          expect(discounted).toBe(cents(order.discount));
          const added = order.taxes
            .filter((tax: { included: boolean }) => !tax.included)
            .reduce((sum: number, tax: { amount: string }) => sum + cents(tax.amount), 0);
          expect(added).toBe(cents(order.tax));

          const forStaff = (await admin(setup, 'GET', `/orders/${order.id}/`)).json();
          expect(figures(forStaff)).toEqual(figures(order));

          await admin(setup, 'POST', `/orders/${order.id}/transition/`, { to: 'paid' });
          const invoice = await adminCall(
            t,
            setup.shop,
            setup.owner.accessToken,
            'GET',
            `/orders/${order.id}/invoice/`,
          );
          expect(invoice.statusCode).toBe(200);
          expect(await pdfText(invoice.rawPayload)).toContain(`Total paid $${order.total} USD`);
        },
      ),
      { numRuns: Number(process.env.PRICING_RUNS ?? 12) },
    );
  });
});

describe('buy X get Y on two variants of one product', () => {
  it('takes off the cheaper variant in both orders of the lines, in the cart and in the order', async () => {
    const shop = await pricingShop();
    const [, , short, long] = shop.items as [Item, Item, Item, Item];
    for (const lines of [
      [long, short],
      [short, long],
    ]) {
      const { accessToken: token } = await createCustomer(t, shop.setup.shop);
      await fill(
        shop.setup.shop,
        token,
        lines.map((item) => ({ item, quantity: 1 })),
      );
      const cart = (
        await call(shop.setup.shop, token, 'POST', '/api/orders/cart/discount/', { code: 'twoforone' })
      ).json();
      expect(cart).toMatchObject({
        total_price: '210.00',
        discount: '85.00',
        total: '125.00',
        discounts: [{ code: 'TWOFORONE', description: '1 free of Angkhola', amount: '85.00' }],
      });
      const placed = await placeOrder(t, shop.setup.shop, token);
      expect(placed.json()).toMatchObject({ subtotal: '210.00', discount: '85.00', shipping: '7.00', total: '132.00' });
    }
  });

  it('frees the cheapest units: one 125.00 and nine 85.00 take 425.00 off, never the dearer one', async () => {
    const shop = await pricingShop();
    const [, , short, long] = shop.items as [Item, Item, Item, Item];
    const { accessToken: token } = await createCustomer(t, shop.setup.shop);
    await fill(shop.setup.shop, token, [
      { item: long, quantity: 1 },
      { item: short, quantity: 9 },
    ]);
    const cart = (
      await call(shop.setup.shop, token, 'POST', '/api/orders/cart/discount/', { code: 'TWOFORONE' })
    ).json();
    expect(cart).toMatchObject({ total_price: '890.00', discount: '425.00', total: '465.00' });
  });
});

describe('a 10 % code in the cart', () => {
  it('gives total = total_price − discount, for the cart as entered and for a destination', async () => {
    const shop = await pricingShop();
    const [plain] = shop.items as [Item];
    const { accessToken: token } = await createCustomer(t, shop.setup.shop);
    await fill(shop.setup.shop, token, [{ item: plain, quantity: 3 }]);
    const cart = (await call(shop.setup.shop, token, 'POST', '/api/orders/cart/discount/', { code: 'TEN' })).json();
    // 3 × 99.99 = 299.97; 10 % is 30.00 (29.997 half up).
    expect(cart).toMatchObject({ total_price: '299.97', discount: '30.00', total: '269.97' });
    const german = (await call(shop.setup.shop, token, 'GET', '/api/orders/cart/?country=DE')).json();
    // 99.99 with 19 % VAT is 118.99 a unit: 356.97; 10 % is 35.70.
    expect(german).toMatchObject({ total_price: '356.97', discount: '35.70', total: '321.27' });
  });
});

describe('a German order', () => {
  it('agrees with its quote on every figure, and staff read the same VAT', async () => {
    const shop = await pricingShop();
    const [plain, sheath] = shop.items as [Item, Item];
    const { accessToken: token } = await createCustomer(t, shop.setup.shop);
    await fill(shop.setup.shop, token, [
      { item: plain, quantity: 1 },
      { item: sheath, quantity: 2 },
    ]);
    await call(shop.setup.shop, token, 'POST', '/api/orders/cart/discount/', { code: 'TEN' });
    const quote = (await call(shop.setup.shop, token, 'GET', '/api/orders/shipping-quote/?country=DE')).json();
    const order = (await placeOrder(t, shop.setup.shop, token, { delivery_address: ADDRESSES.DE })).json();
    expect(figures(order)).toEqual(figures(quote));
    expect(order.tax).toBe('0.00');
    expect(order.taxes.map((tax: { rate: string; included: boolean }) => [tax.rate, tax.included])).toEqual([
      ['19.00', true],
      ['7.00', true],
    ]);
    const forStaff = (await admin(shop.setup, 'GET', `/orders/${order.id}/`)).json();
    expect(forStaff.taxes).toEqual(order.taxes);
  });
});
