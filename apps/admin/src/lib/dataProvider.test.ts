import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from './api.ts';
import { changedFields, createDataProvider, listQuery, orderingOf, SINGLETON_ID } from './dataProvider.ts';
import { ANSWER_UNREADABLE, FORM_ERROR, fieldErrorsOf, NETWORK_ERROR, toHttpError } from './errors.ts';
import { createSessionStore, SESSION_KEYS } from './session.ts';
import { answersUnchecked, fakeFetch, jwt, memoryStorage, type RecordedCall } from './testing.ts';

const NOW = 1_800_000_000_000;
const ACCESS = jwt(NOW / 1000 + 900);

function provider(answer: (call: RecordedCall) => Response | Promise<Response> = () => Response.json({})) {
  const storage = memoryStorage({ [SESSION_KEYS.access]: ACCESS, [SESSION_KEYS.refresh]: 'refresh-1' });
  const session = createSessionStore(storage);
  const http = fakeFetch(answer);
  const api = createApi({ tenantToken: 'khukuri-demo', session, fetch: http.fetch, now: () => NOW });
  return {
    dataProvider: createDataProvider(answersUnchecked(api)),
    checked: createDataProvider(api),
    calls: http.calls,
    storage,
  };
}

const query = (call: RecordedCall | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

describe('list queries', () => {
  it('names the page, its size, the ordering, the search and the filters', () => {
    const built = listQuery({
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'total', order: 'DESC' },
      filter: { q: '  1042 ', status: 'awaiting_payment', payment_method: 'bank_transfer' },
    });
    expect(built.toString()).toBe(
      'page=3&page_size=25&ordering=-total&search=1042&status=awaiting_payment&payment_method=bank_transfer',
    );
  });

  it('orders ascending by the bare field, and not at all without a field', () => {
    expect(orderingOf({ field: 'created_at', order: 'ASC' })).toBe('created_at');
    expect(orderingOf({ field: 'created_at', order: 'DESC' })).toBe('-created_at');
    expect(orderingOf({ field: '', order: 'ASC' })).toBeNull();
    expect(orderingOf(undefined)).toBeNull();
  });

  it('leaves out empty filters and a blank search, repeats list filters and keeps false and 0', () => {
    const built = listQuery({
      pagination: { page: 1, perPage: 10 },
      filter: { q: '   ', status: '', customer: null, payment_method: undefined, tags: ['a', 'b'], flag: false, n: 0 },
    });
    expect([...built]).toEqual([
      ['page', '1'],
      ['page_size', '10'],
      ['tags', 'a'],
      ['tags', 'b'],
      ['flag', 'false'],
      ['n', '0'],
    ]);
  });
});

describe('the data provider', () => {
  it("checks a resource's answers against its contract, and knows no resource the contracts do not", async () => {
    const { checked } = provider(() => Response.json({ count: 1, results: [{ id: 1, number: '1001' }] }));
    const params = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(checked.getList('orders', params)).rejects.toMatchObject({ message: ANSWER_UNREADABLE });
    vi.restoreAllMocks();
    const empty = provider(() => Response.json({ count: 0, results: [] }));
    await expect(empty.checked.getList('audit-log', params)).resolves.toEqual({ data: [], total: 0 });
    await expect(empty.checked.getList('wands', params)).rejects.toThrow('no contract for the page of "wands"');
  });

  it('reads a collection page from /api/admin/<resource>/ as data and total', async () => {
    const { dataProvider, calls } = provider(() => Response.json({ count: 31, results: [{ id: 1, number: '1001' }] }));
    const result = await dataProvider.getList('orders', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'paid', q: 'sita@example.com' },
    });
    expect(result).toEqual({ data: [{ id: 1, number: '1001' }], total: 31 });
    const [call] = calls;
    expect(call?.method).toBe('GET');
    expect(call?.url.pathname).toBe('/api/admin/orders/');
    expect(query(call)).toEqual({
      page: '2',
      page_size: '10',
      ordering: '-created_at',
      search: 'sita@example.com',
      status: 'paid',
    });
  });

  it('sends the access token and the shop on every call', async () => {
    const { dataProvider, calls } = provider(() => Response.json({ count: 0, results: [] }));
    await dataProvider.getList('audit-log', { pagination: { page: 1, perPage: 50 } });
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${ACCESS}`);
    expect(calls[0]?.headers.get('X-Tenant-Token')).toBe('khukuri-demo');
    expect(calls[0]?.url.pathname).toBe('/api/admin/audit-log/');
  });

  it('reads one record at /api/admin/<resource>/<id>/', async () => {
    const { dataProvider, calls } = provider(() => Response.json({ id: 12, number: '1012' }));
    await expect(dataProvider.getOne('orders', { id: 12 })).resolves.toEqual({ data: { id: 12, number: '1012' } });
    expect(calls[0]?.url.pathname).toBe('/api/admin/orders/12/');
  });

  it('reads and changes the payment settings at their one address, sending only what changed', async () => {
    const settings = {
      enable_bank_transfer: true,
      bank_account_details: 'Old bank',
      card_merchant_id: 'JT01',
      card_secret_key_set: true,
    };
    const { dataProvider, calls } = provider((call) =>
      Response.json(call.method === 'PATCH' ? { ...settings, ...(call.body as object) } : settings),
    );
    const read = await dataProvider.getOne('payment-settings', { id: SINGLETON_ID });
    expect(read.data).toEqual({ ...settings, id: SINGLETON_ID });
    expect(calls[0]?.url.pathname).toBe('/api/admin/payment-settings/');

    const saved = await dataProvider.update('payment-settings', {
      id: SINGLETON_ID,
      data: { ...read.data, bank_account_details: 'New bank', card_secret_key: '' },
      previousData: read.data,
    });
    expect(calls[1]?.method).toBe('PATCH');
    expect(calls[1]?.url.pathname).toBe('/api/admin/payment-settings/');
    expect(calls[1]?.body).toEqual({ bank_account_details: 'New bank' });
    expect(saved.data).toMatchObject({ id: SINGLETON_ID, bank_account_details: 'New bank' });
  });

  it('replaces the contact lists without their items ids, which the server gives', async () => {
    const info = {
      branch_locations: [{ id: 4, name: 'Dharan', is_hq: true, address: '', phone_number: '', map_location_url: '' }],
      contact_emails: [{ id: 9, purpose: 'Sales', email_address: 'sales@example.com' }],
      social_media_profiles: [],
    };
    const { dataProvider, calls } = provider(() => Response.json(info));
    const read = await dataProvider.getOne('contact-info', { id: SINGLETON_ID });
    await dataProvider.update('contact-info', {
      id: SINGLETON_ID,
      data: {
        ...read.data,
        contact_emails: [...info.contact_emails, { purpose: 'Press', email_address: 'press@example.com' }],
      },
      previousData: read.data,
    });
    expect(calls[1]?.url.pathname).toBe('/api/admin/contact-info/');
    expect(calls[1]?.body).toEqual({
      contact_emails: [
        { purpose: 'Sales', email_address: 'sales@example.com' },
        { purpose: 'Press', email_address: 'press@example.com' },
      ],
    });
  });

  it('uploads a picture for a media field as multipart with its purpose', async () => {
    const stored = { key: 't1/site/abc.webp', url: '/media/t1/site/abc.webp', thumb_url: '', width: 1, height: 1 };
    const { dataProvider, calls } = provider(() => Response.json(stored, { status: 201 }));
    const file = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
    await expect(dataProvider.uploadMedia(file, 'site')).resolves.toEqual(stored);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/admin/media/');
    expect(calls[0]?.body).toEqual({ purpose: 'site', image: 'logo.png (image/png)' });
    // The browser sets the multipart content type with its boundary.
    expect(calls[0]?.headers.get('content-type')).toBeNull();
  });

  it('moves an order and adds a note through their own addresses', async () => {
    const { dataProvider, calls } = provider(() => Response.json({ id: 5, status: 'shipped' }));
    await dataProvider.transitionOrder(5, { to: 'shipped', carrier: 'DHL', tracking_number: 'JD0001' });
    await dataProvider.addOrderNote(5, { body: 'Called the customer.' });
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/admin/orders/5/transition/',
      'POST /api/admin/orders/5/notes/',
    ]);
    expect(calls[0]?.body).toEqual({ to: 'shipped', carrier: 'DHL', tracking_number: 'JD0001' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[1]?.body).toEqual({ body: 'Called the customer.' });
  });

  it('exports the orders of the list filters as CSV, with the auth headers', async () => {
    const { dataProvider, calls } = provider(
      () =>
        new Response('number,total\n1001,85.00\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="orders.csv"' },
        }),
    );
    const file = await dataProvider.exportOrders({
      filter: { status: 'paid', q: '10' },
      sort: { field: 'number', order: 'ASC' },
    });
    expect(await file.blob.text()).toBe('number,total\n1001,85.00\n');
    expect(file.filename).toBe('orders.csv');
    expect(calls[0]?.url.pathname).toBe('/api/admin/orders/export/');
    expect(query(calls[0])).toEqual({ ordering: 'number', status: 'paid', search: '10' });
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${ACCESS}`);
    expect(calls[0]?.headers.get('X-Tenant-Token')).toBe('khukuri-demo');
  });

  it('reads the dashboard', async () => {
    const dashboard = { orders_today: 2, revenue_today: '170.00', awaiting_payment: 1, low_stock: [] };
    const { dataProvider, calls } = provider(() => Response.json(dashboard));
    await expect(dataProvider.getDashboard()).resolves.toEqual(dashboard);
    expect(calls[0]?.url.pathname).toBe('/api/admin/dashboard/');
  });

  it('asks for the sales report of a range and an interval', async () => {
    const report = { from: '2026-11-01', to: '2026-11-30', interval: 'week', series: [] };
    const { dataProvider, calls } = provider(() => Response.json(report));
    await expect(
      dataProvider.getSalesReport({ from: '2026-11-01', to: '2026-11-30', interval: 'week' }),
    ).resolves.toEqual(report);
    expect(calls[0]?.url.pathname).toBe('/api/admin/reports/sales/');
    expect(query(calls[0])).toEqual({ from: '2026-11-01', to: '2026-11-30', interval: 'week' });
  });
});

describe('errors', () => {
  it("gives the API's detail as the message, with its status", async () => {
    const { dataProvider } = provider(() =>
      Response.json({ detail: 'An order cannot go from paid to delivered.', code: 'conflict' }, { status: 409 }),
    );
    const error = await dataProvider.transitionOrder(5, { to: 'delivered' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: 'An order cannot go from paid to delivered.' });
    expect((error as HttpError).body).toEqual({
      detail: 'An order cannot go from paid to delivered.',
      code: 'conflict',
    });
  });

  it("maps field errors to react-admin's form errors (body.errors), nested fields too", async () => {
    const { dataProvider } = provider(() =>
      Response.json(
        {
          card_merchant_id: ['A merchant id has 1 to 25 letters or digits.'],
          custom_payment_redirect_url: ['Enter a valid URL.', 'Ensure this field has no more than 500 characters.'],
        },
        { status: 400 },
      ),
    );
    const error = (await dataProvider
      .update('payment-settings', {
        id: SINGLETON_ID,
        data: { card_merchant_id: '!' },
        previousData: { id: SINGLETON_ID },
      })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(error.status).toBe(400);
    expect(error.message).toBe(FORM_ERROR);
    expect(error.body.errors).toEqual({
      card_merchant_id: 'A merchant id has 1 to 25 letters or digits.',
      custom_payment_redirect_url: 'Enter a valid URL. Ensure this field has no more than 500 characters.',
    });

    expect(fieldErrorsOf({ delivery_address: { city: ['This field is required.'] } })).toEqual({
      delivery_address: { city: 'This field is required.' },
    });
  });

  it('takes non_field_errors as the message, and a body that is neither shape as a plain failure', () => {
    const general = toHttpError(400, { non_field_errors: ['Nothing to change.'], reason: ['Too long.'] });
    expect(general.message).toBe('Nothing to change.');
    expect(general.body.errors).toEqual({ reason: 'Too long.' });
    const onlyGeneral = toHttpError(400, { non_field_errors: ['Nothing to change.'] });
    expect(onlyGeneral.message).toBe('Nothing to change.');
    expect(onlyGeneral.body.errors).toBeUndefined();

    expect(toHttpError(502, '<html>Bad gateway</html>')).toMatchObject({
      status: 502,
      message: 'The server could not complete the request. Please try again.',
    });
    expect(toHttpError(400, { count: 3 }).body.errors).toBeUndefined();
    expect(toHttpError(403, null).message).toBe('You do not have permission to do this.');
  });

  it('reports a server it could not reach', async () => {
    const { dataProvider } = provider(() => {
      throw new TypeError('fetch failed');
    });
    await expect(dataProvider.getOne('orders', { id: 1 })).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });
});

describe('changedFields', () => {
  it('sends every field but the read-only ones without the record as it was', () => {
    expect(changedFields({ data: { id: 'current', a: 1, card_secret_key_set: true } })).toEqual({ a: 1 });
  });

  it('sends a new secret key, trimmed, and never an empty one', () => {
    const previousData = { id: 'current', card_merchant_id: 'JT01' };
    expect(changedFields({ data: { ...previousData, card_secret_key: '  0123456789abcdef ' }, previousData })).toEqual({
      card_secret_key: '0123456789abcdef',
    });
    expect(changedFields({ data: { ...previousData, card_secret_key: '' }, previousData })).toEqual({});
  });

  it("sends a cleared before-discount price as none, and a product's new stock count and pictures", () => {
    const previousData = { id: 7, price_before_discount: '150.00', stock: 4, images: [{ media: 1, alt_text: 'A' }] };
    expect(
      changedFields({
        data: { ...previousData, price_before_discount: null, stock: 6, images: [{ media: 2, alt_text: 'B' }] },
        previousData,
      }),
    ).toEqual({ price_before_discount: null, stock: 6, images: [{ media: 2, alt_text: 'B' }] });
    expect(changedFields({ data: { ...previousData }, previousData })).toEqual({});
  });

  it('sends a cleared text field as an empty text', () => {
    const previousData = { id: 'current', custom_payment_redirect_url: 'https://pay.example/' };
    expect(changedFields({ data: { ...previousData, custom_payment_redirect_url: null }, previousData })).toEqual({
      custom_payment_redirect_url: '',
    });
  });
});
