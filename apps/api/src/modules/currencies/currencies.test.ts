// Display currencies (decision 028), through HTTP: the public settings list a shop's currencies with their rates,
// symbols, decimals and rounding; the owner edits the list (code, rate, rounding) and its source, checked line by line
// and audited; staff read it, customers and other shops never see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildDemoTestApp, buildTestApp, type TestApp } from '../../../test/app.ts';
import { saveSiteSettings } from '../site/index.ts';
import type { Tenant } from '../tenants/index.ts';

describe('the demo shop', () => {
  let t: TestApp;
  let shop: Tenant;
  beforeAll(async () => {
    ({ t, shop } = await buildDemoTestApp());
  });
  afterAll(() => t.close());

  it('lists euros, pounds, Australian dollars and rupees with their rates in its public settings', async () => {
    const settings = (await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' })).json();
    expect(settings.currencies).toEqual([
      { code: 'EUR', rate: '0.92', symbol: '€', decimals: 2, rounding: 'none' },
      { code: 'GBP', rate: '0.79', symbol: '£', decimals: 2, rounding: 'ninety_nine' },
      { code: 'AUD', rate: '1.52', symbol: 'A$', decimals: 2, rounding: 'ninety_nine' },
      { code: 'INR', rate: '83.5', symbol: '₹', decimals: 2, rounding: 'whole' },
      { code: 'NPR', rate: '133.6', symbol: 'NPR', decimals: 2, rounding: 'whole' },
    ]);
  });
});

describe('the administration of display currencies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const publicCurrencies = async (shop: Tenant) =>
    (await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' })).json().currencies;

  /** A shop with staff and its site settings (a shop without them has no public settings). */
  async function shopWithSettings(name: string) {
    const setup = await shopWithStaff(t, name);
    await saveSiteSettings(t.context(setup.shop), { siteTitle: name });
    return setup;
  }

  it('starts with none, typed rates; the owner lists currencies and the public settings show them at once', async () => {
    const setup = await shopWithSettings('Currencies shop');
    const start = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/currency-settings/');
    expect(start.json()).toEqual({
      shop_currency: 'USD',
      rate_source: 'manual',
      currencies: [],
      fetched_at: null,
      fetch_error: '',
    });
    // Read once, so that a cached answer would be there to go stale.
    expect(await publicCurrencies(setup.shop)).toEqual([]);
    const saved = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      currencies: [
        { code: 'eur', rate: '0.9200', rounding: 'ninety_nine' },
        { code: 'JPY', rate: 155.3 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().currencies).toEqual([
      { code: 'EUR', rate: '0.92', rounding: 'ninety_nine', decimals: 2, rate_date: null },
      { code: 'JPY', rate: '155.3', rounding: 'none', decimals: 0, rate_date: null },
    ]);
    expect(await publicCurrencies(setup.shop)).toEqual([
      { code: 'EUR', rate: '0.92', symbol: '€', decimals: 2, rounding: 'ninety_nine' },
      { code: 'JPY', rate: '155.3', symbol: '¥', decimals: 0, rounding: 'none' },
    ]);
    // The list is replaced as given, in its order.
    await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      currencies: [{ code: 'GBP', rate: '0.79', rounding: 'whole' }],
    });
    expect((await publicCurrencies(setup.shop)).map((currency: { code: string }) => currency.code)).toEqual(['GBP']);
  });

  it('refuses, line by line, what is not a currency, the shop’s own, one listed twice and a rate that is not one', async () => {
    const setup = await shopWithSettings('Refusing currencies shop');
    const refused = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      currencies: [
        { code: 'XYZ', rate: '1' },
        { code: 'EUR', rate: '0' },
        { code: 'GBP', rate: '0.1234567' },
        { code: 'AUD', rate: 'cheap' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      'currencies.0.code': ['Not a currency code: use its ISO 4217 code, such as EUR.'],
      'currencies.1.rate': ['Enter a rate above 0 with at most six decimals, such as 0.92.'],
      'currencies.2.rate': ['Enter a rate above 0 with at most six decimals, such as 0.92.'],
      'currencies.3.rate': ['Enter a rate above 0 with at most six decimals, such as 0.92.'],
    });
    const twice = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      currencies: [
        { code: 'USD', rate: '1' },
        { code: 'EUR', rate: '0.92' },
        { code: 'eur', rate: '0.93' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({
      'currencies.0.code': ["USD is the shop's own currency: its prices need no rate."],
      'currencies.2.code': ['EUR is listed twice.'],
    });
    const rounding = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      rate_source: 'somewhere',
      currencies: [{ code: 'EUR', rate: '0.92', rounding: 'up' }],
    });
    expect(rounding.statusCode).toBe(400);
    expect(Object.keys(rounding.json()).sort()).toEqual(['currencies.0.rounding', 'rate_source']);
    expect(await publicCurrencies(setup.shop)).toEqual([]);
  });

  it('records each change in the audit log, with the list before and after', async () => {
    const setup = await shopWithSettings('Audited currencies shop');
    await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      rate_source: 'ecb',
      currencies: [{ code: 'EUR', rate: '0.92' }],
    });
    const log = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/audit-log/?entity=currency_settings');
    const [entry] = log.json().results;
    expect(entry).toMatchObject({ action: 'currency_settings.update', actor_user_id: setup.owner.user.id });
    expect(entry.summary).toEqual({
      before: { rate_source: 'manual', currencies: [] },
      after: {
        rate_source: 'ecb',
        currencies: [{ code: 'EUR', rate: '0.92', rounding: 'none', decimals: 2, rate_date: null }],
      },
    });
  });

  it('lets staff read the list and only the owner change it; customers and visitors neither', async () => {
    const setup = await shopWithSettings('Guarded currencies shop');
    expect((await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/currency-settings/')).statusCode).toBe(
      200,
    );
    const body = { currencies: [{ code: 'EUR', rate: '0.92' }] };
    const byStaff = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', '/currency-settings/', body);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().detail).toBe("Your role may not manage the shop's settings or staff.");
    const byCustomer = await adminCall(t, setup.shop, setup.customer.accessToken, 'GET', '/currency-settings/');
    expect(byCustomer.statusCode).toBe(403);
    const anonymous = await t.request(setup.shop, { method: 'GET', url: '/api/admin/currency-settings/' });
    expect(anonymous.statusCode).toBe(401);
    expect(await publicCurrencies(setup.shop)).toEqual([]);
  });

  it('keeps each shop’s currencies to itself', async () => {
    const a = await shopWithSettings('Currencies shop A');
    const b = await shopWithSettings('Currencies shop B');
    await adminCall(t, a.shop, a.owner.accessToken, 'PATCH', '/currency-settings/', {
      rate_source: 'ecb',
      currencies: [{ code: 'EUR', rate: '0.92' }],
    });
    expect(await publicCurrencies(b.shop)).toEqual([]);
    expect((await adminCall(t, b.shop, b.owner.accessToken, 'GET', '/currency-settings/')).json()).toMatchObject({
      rate_source: 'manual',
      currencies: [],
    });
    // A's owner signed in at B is no one there.
    const crossed = await adminCall(t, b.shop, a.owner.accessToken, 'GET', '/currency-settings/');
    expect(crossed.statusCode).toBe(401);
  });
});
