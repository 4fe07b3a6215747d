// Selling abroad (issue 48) on the demo shop, as its bar reads: the public settings list euros, pounds and Australian
// dollars with their rates; the Angkhola answers its HS code, origin and that only adults may buy it; an order of it
// without the buyer's confirmation is refused naming 18, and with it, placed in euros, it keeps the total in US dollars
// and as shown in euros; its customs declaration names its HS code and Nepal; once the owner closes Singapore to it,
// an order to Singapore is refused with the owner's words.
import { formatMinor, parseMinor } from '@platform/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall } from '../../../test/admin.ts';
import { buildDemoTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, placeOrder } from '../../../test/builders.ts';
import { pdfText } from '../../../test/pdf.ts';
import { DEMO_OWNER } from '../../seed/demo/accounts.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
let shop: Tenant;
beforeAll(async () => {
  ({ t, shop } = await buildDemoTestApp());
});
afterAll(() => t.close());

const BERLIN = {
  street: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  fullname: 'Lena Vogel',
  contact_number: '+49 30 1234567',
};
const SINGAPORE = {
  street: '1 Raffles Place',
  city: 'Singapore',
  postalCode: '048616',
  country: 'SG',
  fullname: 'Tan Wei Ming',
  contact_number: '+65 6123 4567',
};

it('meets the bar of selling abroad on the demo’s Angkhola', async () => {
  const settings = (await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' })).json();
  const rates = Object.fromEntries(
    (settings.currencies as { code: string; rate: string }[]).map((currency) => [currency.code, currency.rate]),
  );
  expect(Object.keys(rates)).toEqual(expect.arrayContaining(['EUR', 'GBP', 'AUD']));
  const euro = rates.EUR as string;
  expect(euro).toMatch(/^\d+(\.\d+)?$/);

  const page = (await t.request(shop, { method: 'GET', url: '/api/products/products/angkhola-khukuri/' })).json();
  expect(page).toMatchObject({
    hs_code: expect.stringMatching(/^8211/),
    country_of_origin: 'NP',
    age_restricted: true,
  });

  const customer = await createCustomer(t, shop);
  await addToCart(t, shop, customer.accessToken, page.id, 1);
  const refused = await placeOrder(t, shop, customer.accessToken, { delivery_address: BERLIN, currency: 'EUR' });
  expect(refused.statusCode).toBe(400);
  expect(refused.body).toContain('18');
  const placed = await placeOrder(t, shop, customer.accessToken, {
    delivery_address: BERLIN,
    currency: 'EUR',
    age_confirmed: true,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  expect(order).toMatchObject({ currency: 'USD', presentment_currency: 'EUR', presentment_rate: euro });
  // The total times the rate, to the cent (euros are shown to the cent): integers, rounded half up.
  const [units = '0', decimals = ''] = euro.split('.');
  const rateMillionths = BigInt(units) * 1_000_000n + BigInt(decimals.padEnd(6, '0'));
  const totalCents = BigInt(parseMinor(order.total) ?? Number.NaN);
  const euroCents = (totalCents * rateMillionths * 2n + 1_000_000n) / 2_000_000n;
  expect(order.presentment_total).toBe(formatMinor(Number(euroCents)));

  const sign = await t.request(shop, {
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { login_id: DEMO_OWNER.email, password: DEMO_OWNER.password },
  });
  expect(sign.statusCode, sign.body).toBe(200);
  const owner = sign.json().access as string;
  const declaration = await adminCall(t, shop, owner, 'GET', `/orders/${order.id}/customs-declaration/`);
  expect(declaration.statusCode).toBe(200);
  const text = await pdfText(declaration.rawPayload);
  expect(text).toContain(page.hs_code);
  expect(text).toContain('Nepal');

  const message = 'Singapore does not let khukuris in: we cannot send the Angkhola there.';
  const closed = await adminCall(t, shop, owner, 'POST', '/shipping-restrictions/', {
    country: 'SG',
    product_ids: [page.id],
    message,
  });
  expect(closed.statusCode, closed.body).toBe(201);
  await addToCart(t, shop, customer.accessToken, page.id, 1);
  const toSingapore = await placeOrder(t, shop, customer.accessToken, {
    delivery_address: SINGAPORE,
    age_confirmed: true,
  });
  expect(toSingapore.statusCode).toBe(400);
  expect(toSingapore.body).toContain(message);
});
