import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildServedTestApp, type TestApp } from '../../../test/app.ts';
import {
  addShippingZone,
  addToCart,
  createProduct,
  placeOrder,
  setPayments,
  takeCards,
} from '../../../test/builders.ts';

// The card payment's amount is the order's: a served app, so that the built-in sandbox gateway answers over HTTP.
let t: TestApp;
beforeAll(async () => {
  t = await buildServedTestApp({ NODE_ENV: 'development' });
});
afterAll(() => t.close());

describe('paying a discounted order by card', () => {
  it('charges the order total, net of its discounts', async () => {
    const setup = await shopWithStaff(t, 'Card discount shop');
    await setPayments(t, setup.shop);
    await addShippingZone(t, setup.shop);
    await takeCards(t, setup.shop);
    const product = await createProduct(t, setup.shop, { priceCents: 4000 });
    const created = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', '/discounts/', {
      code: 'CARD5',
      kind: 'fixed',
      value: '5.00',
    });
    expect(created.statusCode).toBe(201);
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, product.id, 1);
    await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/discount/',
      token,
      payload: { code: 'card5' },
    });
    const order = (await placeOrder(t, setup.shop, token, { payment_method: 'card_2c2p' })).json();
    expect(order).toMatchObject({ subtotal: '40.00', discount: '5.00', shipping: '6.00', total: '41.00' });
    const start = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      token,
      payload: { order_id: order.id, currency: 'USD' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const payment = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/payments/history/${start.json().payment_uuid}/`,
      token,
    });
    expect(payment.json()).toMatchObject({ amount: '41.00', currency: 'USD', order_id: order.id });
  });
});
