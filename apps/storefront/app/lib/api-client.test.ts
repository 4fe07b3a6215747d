import { Cart, Category, DetailResponse, listAnswer, ProductPage } from '@platform/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiContractError, ApiError, createApiClient, errorText, RuleError } from './api-client.ts';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

function clientAnswering(status: number, body: unknown, getAccessToken?: () => string | null) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status });
  };
  const api = createApiClient({ baseUrl: 'http://api.test/api/', tenantToken: 'shop-1', fetch, getAccessToken });
  return { api, calls };
}

describe('createApiClient', () => {
  it('sends the tenant token and JSON on every request, with the query in the URL', async () => {
    const { api, calls } = clientAnswering(200, { detail: 'ok' });
    await expect(
      api.post('/contact/messages/', { name: 'A' }, { schema: DetailResponse, query: { a: 1, b: undefined } }),
    ).resolves.toEqual({ detail: 'ok' });
    const [call] = calls;
    expect(call?.url).toBe('http://api.test/api/contact/messages/?a=1');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('X-Tenant-Token')).toBe('shop-1');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toBe('{"name":"A"}');
  });

  it('adds the bearer token, except on the login, register and token calls', async () => {
    const { api, calls } = clientAnswering(200, { detail: 'ok' }, () => 'access-1');
    const schema = DetailResponse;
    await api.get('/orders/cart/', { schema });
    await api.post('/accounts/login/', {}, { schema });
    await api.post('/accounts/token/refresh/', {}, { schema });
    await api.post('/accounts/register/', {}, { schema });
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual(['Bearer access-1', null, null, null]);
  });

  it("sends a call's own headers, without letting them replace the tenant token", async () => {
    const { api, calls } = clientAnswering(201, { detail: 'created' });
    await api.post(
      '/orders/orders/',
      {},
      { schema: DetailResponse, headers: { 'Idempotency-Key': 'k-1', 'X-Tenant-Token': 'other' } },
    );
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('k-1');
    expect(calls[0]?.headers.get('X-Tenant-Token')).toBe('shop-1');
  });

  it('reads an empty body as null, which only a contract that allows it accepts', async () => {
    const { api } = clientAnswering(204, null);
    await expect(api.delete('/orders/cart/clear/', { schema: Cart.nullable() })).resolves.toBeNull();
  });

  it('turns a failure with a detail into an ApiError carrying status and detail', async () => {
    const { api } = clientAnswering(404, { detail: 'Not found.', code: 'not_found' });
    const error = await api.get('/products/products/x/', { schema: ProductPage }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, detail: 'Not found.', message: 'Not found.', fieldErrors: undefined });
  });

  it('keeps per-field errors and the body of a validation failure', async () => {
    const body = { email: ['Enter a valid email.'], password: ['Too short.'] };
    const { api } = clientAnswering(400, body);
    const error = await api
      .post('/accounts/register/', {}, { schema: DetailResponse })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 400,
      detail: undefined,
      fieldErrors: body,
      body,
      message: 'Request failed with status code 400',
    });
  });

  it('tells the call the address that answered when the fetch followed a redirect', async () => {
    const followed: string[] = [];
    const fetch: typeof globalThis.fetch = async () => {
      const response = new Response(JSON.stringify({ detail: 'ok' }), { status: 200 });
      Object.defineProperty(response, 'redirected', { value: true });
      Object.defineProperty(response, 'url', { value: 'http://api.test/api/products/products/new/?variant=3' });
      return response;
    };
    const api = createApiClient({ baseUrl: 'http://api.test/api', tenantToken: 'shop-1', fetch });
    await api.get('/products/products/old/', { schema: DetailResponse, onRedirected: (url) => followed.push(url) });
    expect(followed).toEqual(['http://api.test/api/products/products/new/?variant=3']);
    await clientAnswering(200, { detail: 'ok' }).api.get('/x/', {
      schema: DetailResponse,
      onRedirected: (url) => followed.push(url),
    });
    expect(followed).toHaveLength(1);
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    const api = createApiClient({
      baseUrl: '/api',
      tenantToken: 't',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.get('/x/', { schema: DetailResponse })).rejects.toMatchObject({
      status: 0,
      message: 'Failed to fetch',
    });
  });
});

describe('answers and their contracts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('resolves to the answer parsed with the contract of the call', async () => {
    const category = { id: 1, slug: 'kukri', name: 'Kukri', description: '', unknown_field: true };
    const { api } = clientAnswering(200, { count: 1, next: null, previous: null, results: [category] });
    await expect(api.get('/products/categories/', { schema: listAnswer(Category) })).resolves.toEqual([
      { id: 1, slug: 'kukri', name: 'Kukri', description: '' },
    ]);
  });

  it('rejects an answer that does not match its contract, logged once however often the call is made', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = { count: 1, next: null, previous: null, results: [{ id: 'seven', name: 'Kukri' }] };
    const { api } = clientAnswering(200, answer);
    const failures = await Promise.all(
      [1, 2, 3].map(() => api.get('/products/products/', { schema: ProductPage }).catch((caught: unknown) => caught)),
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ApiContractError);
      expect(failure).toMatchObject({ status: 200, answer, detail: undefined, fieldErrors: undefined });
    }
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('GET /products/products/');
  });

  it('treats a mismatch as the call failing: the screen shows its own fallback, never a detail of the answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = clientAnswering(200, { detail: 'Not the product you asked for.' });
    const failure = await api
      .get('/products/products/kukri/', { schema: ProductPage })
      .catch((caught: unknown) => caught);
    expect(errorText(failure, 'Failed to load product details.')).toBe('Failed to load product details.');
    expect(errorText(failure, 'Failed to load products.', { message: false })).toBe('Failed to load products.');
  });
});

describe('errorText', () => {
  const fields = { email: ['Enter a valid email address.'], password: ['Too short.', 'Too common.'] };

  it("prefers the server's detail, then the message, then the fallback", () => {
    expect(errorText(new ApiError(400, { detail: 'Out of stock.' }), 'fallback')).toBe('Out of stock.');
    expect(errorText(new Error('Boom'), 'fallback')).toBe('Boom');
    expect(errorText(new Error(''), 'fallback')).toBe('fallback');
    expect(errorText('not an error', 'fallback')).toBe('fallback');
  });

  it('gives some statuses their own text', () => {
    const options = { byStatus: { 404: 'Product not found.' } };
    expect(errorText(new ApiError(404, { detail: 'Not found.' }), 'fallback', options)).toBe('Product not found.');
    expect(errorText(new ApiError(503, { detail: 'Resting.' }), 'fallback', options)).toBe('Resting.');
  });

  it("renders every field as 'field: messages' joined with '; ', or only the first message", () => {
    expect(errorText(new ApiError(400, fields), 'fallback', { fields: 'all' })).toBe(
      'email: Enter a valid email address.; password: Too short. Too common.',
    );
    expect(errorText(new ApiError(400, fields), 'fallback', { fields: 'first', message: false })).toBe(
      'Enter a valid email address.',
    );
    expect(
      errorText(new ApiError(400, fields), 'fallback', { fields: 'first', fieldNames: ['password'], message: false }),
    ).toBe('Too short.');
    expect(errorText(new ApiError(400, fields), 'fallback', { message: false })).toBe('fallback');
  });

  it('shows the JSON text of an object body after the detail', () => {
    expect(errorText(new ApiError(400, fields), 'fallback', { body: true })).toBe(JSON.stringify(fields));
    expect(errorText(new ApiError(400, { detail: 'Your cart is empty.' }), 'fallback', { body: true })).toBe(
      'Your cart is empty.',
    );
    expect(errorText(new ApiError(500, 'Internal'), 'fallback', { body: true, message: false })).toBe('fallback');
    expect(errorText(new ApiError(0, null, 'Failed to fetch'), 'fallback', { body: true })).toBe('Failed to fetch');
  });

  it("leaves the message out when told, and always shows a storefront rule's own text", () => {
    expect(errorText(new ApiError(0, null, 'Failed to fetch'), 'fallback', { message: false })).toBe('fallback');
    expect(errorText(new RuleError('Please log in to add items to your cart.'), 'fallback', { message: false })).toBe(
      'Please log in to add items to your cart.',
    );
  });
});
