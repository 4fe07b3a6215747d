// Display rates fetched from the European Central Bank (decision 028), against a recorded copy of its daily file
// (`test/fixtures/ecb-eurofxref-daily-2022-07-08.xml`, as published that day) served on loopback: no test reaches the
// network. The parse and the cross rates against the US dollar; a shop that takes the published rates gets them once a
// day for the currencies the bank publishes, keeping its typed rate for the others; a failure is kept for staff.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { saveSiteSettings } from '../site/index.ts';
import { parseEcbDaily, ratesAgainst, updatePublishedRates } from './currencies.rates.ts';

const FIXTURE = fs.readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../test/fixtures/ecb-eurofxref-daily-2022-07-08.xml',
  ),
  'utf8',
);

describe('the ECB’s daily file', () => {
  it('is read as its day and every currency’s units for one euro', () => {
    const published = parseEcbDaily(FIXTURE);
    expect(published.date).toBe('2022-07-08');
    // The 31 currencies published, and the euro itself.
    expect(published.perEuro.size).toBe(32);
    expect(published.perEuro.get('USD')).toBe('1.0163');
    expect(published.perEuro.get('GBP')).toBe('0.84585');
    expect(published.perEuro.get('INR')).toBe('80.5280');
    expect(published.perEuro.get('EUR')).toBe('1');
    expect(published.perEuro.has('NPR')).toBe(false);
  });

  it('gives rates against the US dollar, exact to the millionth: 1 / 1.0163, 0.84585 / 1.0163…', () => {
    const rates = ratesAgainst(parseEcbDaily(FIXTURE), 'USD');
    expect(rates.get('EUR')).toBe(983_961);
    expect(rates.get('GBP')).toBe(832_284);
    expect(rates.get('AUD')).toBe(1_463_249);
    expect(rates.get('INR')).toBe(79_236_446);
    expect(rates.get('JPY')).toBe(135_835_875);
    expect(rates.has('USD')).toBe(false);
    expect(ratesAgainst(parseEcbDaily(FIXTURE), 'NPR').size).toBe(0);
  });

  it('is refused when it holds no dated rates', () => {
    expect(() => parseEcbDaily('<html>Service unavailable</html>')).toThrow('its answer held no dated rates');
    expect(() => parseEcbDaily(FIXTURE.replace(/time='[^']*'/, ''))).toThrow('its answer held no dated rates');
  });
});

describe('a shop that takes the published rates', () => {
  let t: TestApp;
  let server: http.Server;
  let answer: { status: number; body: string } = { status: 200, body: FIXTURE };
  let asked = 0;
  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      asked += 1;
      response.writeHead(answer.status, { 'content-type': 'text/xml' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await buildTestApp({ CURRENCY_RATES_URL: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function shopTaking(source: 'ecb' | 'manual', name: string) {
    const setup = await shopWithStaff(t, name);
    await saveSiteSettings(t.context(setup.shop), { siteTitle: name });
    const saved = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      rate_source: source,
      currencies: [
        { code: 'EUR', rate: '0.9', rounding: 'none' },
        { code: 'NPR', rate: '133.6', rounding: 'whole' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return setup;
  }

  it('gets the rates of the currencies the bank publishes, keeps its own for the others, once a day', async () => {
    answer = { status: 200, body: FIXTURE };
    const setup = await shopTaking('ecb', 'Fetching shop');
    const manual = await shopTaking('manual', 'Typing shop');
    const before = asked;
    const now = new Date('2031-05-04T10:00:00Z');
    // One fetch for every shop that is due; the shop whose rates are typed is left alone.
    expect(await updatePublishedRates(t.app.deps, { now })).toMatchObject({ updated: 1, failed: 0 });
    expect(asked).toBe(before + 1);
    const settings = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/currency-settings/')).json();
    expect(settings).toMatchObject({ rate_source: 'ecb', fetched_at: now.toISOString(), fetch_error: '' });
    expect(settings.currencies).toEqual([
      { code: 'EUR', rate: '0.983961', rounding: 'none', decimals: 2, rate_date: '2022-07-08' },
      { code: 'NPR', rate: '133.6', rounding: 'whole', decimals: 2, rate_date: null },
    ]);
    const shown = (await t.request(setup.shop, { method: 'GET', url: '/api/pages/settings/public/' })).json();
    expect(shown.currencies[0]).toMatchObject({ code: 'EUR', rate: '0.983961' });
    const typed = (await adminCall(t, manual.shop, manual.owner.accessToken, 'GET', '/currency-settings/')).json();
    expect(typed.currencies[0]).toMatchObject({ code: 'EUR', rate: '0.9', rate_date: null });
    // The change is in the audit log, as the system's.
    const log = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/audit-log/?entity=currency_settings');
    expect(log.json().results[0]).toMatchObject({
      action: 'currency_rates.fetch',
      actor_role: 'system',
      summary: { before: { EUR: '0.9' }, after: { EUR: '0.983961', date: '2022-07-08' } },
    });

    // Not due again within the day: nothing is fetched.
    expect(await updatePublishedRates(t.app.deps, { now: new Date('2031-05-04T20:00:00Z') })).toEqual({
      updated: 0,
      failed: 0,
    });
    expect(asked).toBe(before + 1);
    // Saved unchanged by the owner, a fetched rate keeps its day; typed anew, it is the owner's.
    await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/currency-settings/', {
      currencies: [
        { code: 'EUR', rate: '0.983961', rounding: 'none' },
        { code: 'NPR', rate: '140', rounding: 'whole' },
      ],
    });
    const kept = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/currency-settings/')).json();
    expect(kept.currencies.map((currency: { rate_date: string | null }) => currency.rate_date)).toEqual([
      '2022-07-08',
      null,
    ]);
  });

  it('keeps why a fetch failed for staff, keeps its rates, and tries again an hour later', async () => {
    const setup = await shopTaking('ecb', 'Failing shop');
    answer = { status: 503, body: 'Service unavailable' };
    // Now: the other shop's rates, fetched "in 2031" above, are not due.
    expect(await updatePublishedRates(t.app.deps, { now: new Date() })).toEqual({ updated: 0, failed: 1 });
    const failed = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/currency-settings/')).json();
    expect(failed).toMatchObject({
      fetched_at: null,
      fetch_error: 'The rates could not be fetched: the source answered 503.',
    });
    expect(failed.currencies[0]).toMatchObject({ code: 'EUR', rate: '0.9' });

    answer = { status: 200, body: '<html>maintenance</html>' };
    const soon = await updatePublishedRates(t.app.deps, { now: new Date(Date.now() + 10 * 60_000) });
    expect(soon.failed).toBe(0);
    const later = await updatePublishedRates(t.app.deps, { now: new Date(Date.now() + 2 * 3_600_000) });
    expect(later.failed).toBe(1);
    const unreadable = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/currency-settings/')).json();
    expect(unreadable.fetch_error).toBe('The rates could not be fetched: its answer held no dated rates.');

    answer = { status: 200, body: FIXTURE };
    await updatePublishedRates(t.app.deps, { now: new Date(Date.now() + 4 * 3_600_000) });
    const fetched = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/currency-settings/')).json();
    expect(fetched).toMatchObject({ fetch_error: '' });
    expect(fetched.currencies[0]).toMatchObject({ code: 'EUR', rate: '0.983961' });
  });
});
