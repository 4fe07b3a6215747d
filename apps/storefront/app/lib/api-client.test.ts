import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, errorText, listResults } from './api-client.ts';

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
    const { api, calls } = clientAnswering(200, { ok: true });
    await expect(api.post('/contact/messages/', { name: 'A' }, { query: { a: 1, b: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [call] = calls;
    expect(call?.url).toBe('http://api.test/api/contact/messages/?a=1');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('X-Tenant-Token')).toBe('shop-1');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toBe('{"name":"A"}');
  });

  it('adds the bearer token, except on the login, register and token calls', async () => {
    const { api, calls } = clientAnswering(200, {}, () => 'access-1');
    await api.get('/orders/cart/');
    await api.post('/accounts/login/', {});
    await api.post('/accounts/token/refresh/', {});
    await api.post('/accounts/register/', {});
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual(['Bearer access-1', null, null, null]);
  });

  it("sends a call's own headers, without letting them replace the tenant token", async () => {
    const { api, calls } = clientAnswering(201, {});
    await api.post('/orders/orders/', {}, { headers: { 'Idempotency-Key': 'k-1', 'X-Tenant-Token': 'other' } });
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('k-1');
    expect(calls[0]?.headers.get('X-Tenant-Token')).toBe('shop-1');
  });

  it('answers null for an empty body', async () => {
    const { api } = clientAnswering(204, null);
    await expect(api.delete('/orders/cart/clear/')).resolves.toBeNull();
  });

  it('turns a failure with a detail into an ApiError carrying status and detail', async () => {
    const { api } = clientAnswering(404, { detail: 'Not found.', code: 'not_found' });
    const error = await api.get('/products/products/x/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, detail: 'Not found.', message: 'Not found.', fieldErrors: undefined });
  });

  it('keeps per-field errors and the body of a validation failure', async () => {
    const body = { email: ['Enter a valid email.'], password: ['Too short.'] };
    const { api } = clientAnswering(400, body);
    const error = await api.post('/accounts/register/', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 400,
      detail: undefined,
      fieldErrors: body,
      body,
      message: 'Request failed with status code 400',
    });
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    const api = createApiClient({
      baseUrl: '/api',
      tenantToken: 't',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.get('/x/')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});

describe('errorText', () => {
  it("prefers the server's detail, then the message, then the fallback", () => {
    expect(errorText(new ApiError(400, { detail: 'Out of stock.' }), 'fallback')).toBe('Out of stock.');
    expect(errorText(new Error('Boom'), 'fallback')).toBe('Boom');
    expect(errorText(new Error(''), 'fallback')).toBe('fallback');
    expect(errorText('not an error', 'fallback')).toBe('fallback');
  });
});

describe('listResults', () => {
  it('reads a plain list and a paginated one alike', () => {
    expect(listResults([1, 2])).toEqual([1, 2]);
    expect(listResults({ results: [3] })).toEqual([3]);
  });
});
