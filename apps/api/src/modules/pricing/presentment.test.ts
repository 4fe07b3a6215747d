// What the shopper saw (decision 028), through HTTP: an order placed in one of the shop's display currencies answers
// its total in the shop's currency (what it is charged) and, beside it, the currency, its rate and the total as shown,
// rounded as the shop rounds that currency; an unknown currency is refused with a message for a person. The
// confirmation e-mail and the invoice say both; a card payment is taken in the shop's currency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildServedTestApp, type TestApp } from '../../../test/app.ts';
import {
  addShippingZone,
  addToCart,
  createCategory,
  createProduct,
  placeOrder,
  setPayments,
  takeCards,
} from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { pdfText } from '../../../test/pdf.ts';

// Served on loopback: the built-in sandbox gateway that takes the card payment calls it back.
let t: TestApp;
beforeAll(async () => {
  t = await buildServedTestApp();
});
afterAll(() => t.close());

/**
 * A shop selling a khukuri at 101.22, shipped to Nepal for 5.00 + 1.00 an item (an order of one: 107.22), showing
 * prices in euros to the cent, pounds up to .99, rupees to whole units and yen (no minor units).
 */
async function currencyShop() {
  const setup = await shopWithStaff(t, 'Currency shop');
  // Each test's customer places several orders, all awaiting payment.
  await setPayments(t, setup.shop, { enableBankTransfer: true, bankAccountDetails: 'Test Bank', maxUnpaidOrders: 50 });
  await addShippingZone(t, setup.shop);
  const category = await createCategory(t, setup.shop);
  const product = await createProduct(t, setup.shop, { categoryId: category.id, stock: 50, priceCents: 10_122 });
  const saved = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
    currencies: [
      { code: 'EUR', rate: '0.92', rounding: 'none' },
      { code: 'GBP', rate: '0.79', rounding: 'ninety_nine' },
      { code: 'INR', rate: '83.5', rounding: 'whole' },
      { code: 'JPY', rate: '155.3', rounding: 'none' },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...setup, product };
}
type Shop = Awaited<ReturnType<typeof currencyShop>>;

async function orderIn(setup: Shop, currency: string | undefined, headers: Record<string, string> = {}) {
  await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id);
  return placeOrder(t, setup.shop, setup.customer.accessToken, currency === undefined ? {} : { currency }, headers);
}

describe('an order placed in a display currency', () => {
  let setup: Shop;
  beforeAll(async () => {
    setup = await currencyShop();
  });

  it('answers its total in USD, and in euros as shown: 107.22 × 0.92 = 98.6424, to the cent 98.64', async () => {
    const placed = await orderIn(setup, 'EUR');
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({
      currency: 'USD',
      total: '107.22',
      presentment_currency: 'EUR',
      presentment_rate: '0.92',
      presentment_total: '98.64',
    });
    // The customer's order, the list's entry and the staff's order say the same.
    const read = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${order.id}/`,
      token: setup.customer.accessToken,
    });
    expect(read.json()).toMatchObject({ presentment_currency: 'EUR', presentment_total: '98.64', total: '107.22' });
    const staff = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/orders/${order.id}/`);
    expect(staff.json()).toMatchObject({
      currency: 'USD',
      total: '107.22',
      presentment_currency: 'EUR',
      presentment_rate: '0.92',
      presentment_total: '98.64',
    });
  });

  it('rounds as the shop rounds each currency: pounds up to .99, rupees to whole units, yen without minor units', async () => {
    // 107.22 × 0.79 = 84.7038 → 84.70 → 84.99; × 83.5 = 8952.87 → 8953; × 155.3 = 16651.266 → 16651.
    expect((await orderIn(setup, 'GBP')).json()).toMatchObject({
      presentment_currency: 'GBP',
      presentment_rate: '0.79',
      presentment_total: '84.99',
    });
    expect((await orderIn(setup, 'INR')).json()).toMatchObject({
      presentment_currency: 'INR',
      presentment_rate: '83.5',
      presentment_total: '8953.00',
    });
    expect((await orderIn(setup, 'JPY')).json()).toMatchObject({
      presentment_currency: 'JPY',
      presentment_rate: '155.3',
      presentment_total: '16651',
    });
  });

  it('takes a code in any letter case, and the shop’s own currency or none as the shop’s own', async () => {
    expect((await orderIn(setup, ' eur ')).json()).toMatchObject({ presentment_currency: 'EUR' });
    for (const currency of ['USD', undefined]) {
      expect((await orderIn(setup, currency)).json()).toMatchObject({
        currency: 'USD',
        total: '107.22',
        presentment_currency: 'USD',
        presentment_rate: '1',
        presentment_total: '107.22',
      });
    }
  });

  it('refuses a currency the shop does not list with a message for a person, and places nothing', async () => {
    for (const [currency, named] of [
      ['CHF', 'in CHF'],
      ['XYZ', 'in XYZ'],
      ['euros', 'in that currency'],
    ] as const) {
      const refused = await orderIn(setup, currency);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        currency: [`This shop does not show prices ${named}: choose USD, EUR, GBP, INR or JPY.`],
      });
    }
    const cart = await t.request(setup.shop, {
      method: 'GET',
      url: '/api/orders/cart/',
      token: setup.customer.accessToken,
    });
    // Each refused request left its unit in the cart.
    expect(cart.json().items[0].quantity).toBe(3);
    // 3 × 101.22 + 5.00 + 3 × 1.00 = 311.66; × 0.92 = 286.7272.
    const placed = await placeOrder(t, setup.shop, setup.customer.accessToken, { currency: 'EUR' });
    expect(placed.json()).toMatchObject({ total: '311.66', presentment_total: '286.73' });
  });

  it('keeps what the shopper saw when the rate changes later', async () => {
    const order = (await orderIn(setup, 'EUR')).json();
    await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      currencies: [{ code: 'EUR', rate: '0.5', rounding: 'whole' }],
    });
    const read = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${order.id}/`,
      token: setup.customer.accessToken,
    });
    expect(read.json()).toMatchObject({ presentment_rate: '0.92', presentment_total: '98.64' });
  });
});

describe('a repeated order request', () => {
  it('with the same key and another currency is another request', async () => {
    const setup = await currencyShop();
    const key = { 'Idempotency-Key': 'currency-key-1' };
    const first = await orderIn(setup, 'EUR', key);
    expect(first.statusCode).toBe(201);
    const again = await placeOrder(t, setup.shop, setup.customer.accessToken, { currency: 'EUR' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const other = await placeOrder(t, setup.shop, setup.customer.accessToken, { currency: 'GBP' }, key);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });
});

describe('what the customer reads of an order placed in euros', () => {
  it('the confirmation e-mail and the invoice give the total in USD and as shown in euros', async () => {
    const setup = await currencyShop();
    const order = (await orderIn(setup, 'EUR')).json();
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).at(-1);
    expect(mail?.body).toContain('Total: $107.22 USD');
    // The outbox's decoding leaves the euro sign's UTF-8 bytes as they are.
    expect(mail?.body).toMatch(/Shown at checkout in EUR: .+98\.64 \(1 USD = 0\.92 EUR\); charged in USD\./);
    const paid = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', `/orders/${order.id}/transition/`, {
      to: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const invoice = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', `/orders/${order.id}/invoice/`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('Total paid $107.22 USD');
    expect(text).toContain('Shown at checkout in EUR: €98.64 (1 USD = 0.92 EUR); charged in USD.');
  });

  it('a card payment of it is taken in USD, for the order’s total', async () => {
    const setup = await currencyShop();
    await takeCards(t, setup.shop);
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id);
    const order = (
      await placeOrder(t, setup.shop, setup.customer.accessToken, {
        payment_method: 'card_2c2p',
        currency: 'EUR',
      })
    ).json();
    expect(order).toMatchObject({ presentment_currency: 'EUR', presentment_total: '98.64' });
    const start = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      token: setup.customer.accessToken,
      payload: { order_id: order.id, currency: 'USD' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const payment = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/payments/history/${start.json().payment_uuid}/`,
      token: setup.customer.accessToken,
    });
    expect(payment.json()).toMatchObject({ amount: '107.22', currency: 'USD' });
    const inEuros = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      token: setup.customer.accessToken,
      payload: { order_id: order.id, currency: 'EUR' },
    });
    expect(inEuros.statusCode).toBe(400);
  });
});
