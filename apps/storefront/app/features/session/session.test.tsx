// @vitest-environment happy-dom
import { DetailResponse } from '@platform/contracts';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { browserApi } from '../../lib/browser-api.ts';
import { login, register } from './api/accounts.ts';
import { configureBrowserSession } from './browser-session.ts';
import { REFRESH_LOCK } from './renewal.ts';
import {
  ACCESS_TOKEN_KEY,
  clearTokens,
  getAccessToken,
  getRefreshToken,
  logout,
  REFRESH_TOKEN_KEY,
  saveTokens,
  useIsSignedIn,
} from './session.ts';

/** An unsigned JWT-shaped token expiring `inSeconds` from now (the browser only reads its `exp`). */
function jwt(inSeconds: number, name = 'token'): string {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + inSeconds, name })}.sig`;
}

interface Call {
  path: string;
  authorization: string | null;
  body: unknown;
}

/** Stubs the browser's fetch: `answer` decides each response; every call is recorded. */
function stubFetch(answer: (call: Call) => Promise<{ status: number; body?: unknown }>) {
  const calls: Call[] = [];
  window.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      path: new URL(String(input), 'http://shop.test').pathname.replace(/^\/api/, ''),
      authorization: new Headers(init?.headers).get('Authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const { status, body } = await answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as typeof fetch;
  return calls;
}

function Probe() {
  return <span>{useIsSignedIn() ? 'signed in' : 'signed out'}</span>;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('client session', () => {
  beforeAll(() => {
    configureBrowserSession({ baseUrl: '/api', tenantToken: 'khukuri-demo' });
  });
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('makes exactly one refresh for three requests issued with an expired token, and all use the new token', async () => {
    saveTokens({ access: jwt(10, 'old'), refresh: 'refresh-1' });
    const fresh = jwt(900, 'new');
    const calls = stubFetch(async (call) => {
      if (call.path === '/accounts/token/refresh/') {
        await tick();
        return { status: 200, body: { access: fresh, refresh: 'refresh-2' } };
      }
      return { status: 200, body: { detail: call.authorization } };
    });
    const api = browserApi();
    const schema = DetailResponse;
    const answers = await Promise.all([
      api.get('/orders/cart/', { schema }),
      api.get('/products/products/', { schema }),
      api.post('/products/reviews/', {}, { schema }),
    ]);
    const refreshes = calls.filter((call) => call.path === '/accounts/token/refresh/');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh: 'refresh-1' });
    expect(refreshes[0]?.authorization).toBeNull();
    expect(answers).toEqual([0, 1, 2].map(() => ({ detail: `Bearer ${fresh}` })));
    expect(getAccessToken()).toBe(fresh);
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('waits for another tab refreshing, then uses its fresh token instead of refreshing again', async () => {
    saveTokens({ access: jwt(10, 'old'), refresh: 'refresh-1' });
    const fresh = jwt(900, 'from-the-other-tab');
    // The Web Locks API as browsers give it: one holder at a time, in order.
    let queue = Promise.resolve();
    let taken = 0;
    const locks = {
      request: vi.fn((name: string, work: () => Promise<unknown>) => {
        taken += 1;
        const turn = queue.then(work);
        queue = turn.then(
          () => undefined,
          () => undefined,
        );
        expect(name).toBe(REFRESH_LOCK);
        return turn;
      }),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      // Another tab holds the lock and is refreshing: it stores its new pair before releasing.
      let release = () => undefined as unknown;
      void locks.request(REFRESH_LOCK, () => {
        return new Promise<void>((resolve) => {
          release = () => {
            saveTokens({ access: fresh, refresh: 'refresh-2' });
            resolve();
          };
        });
      });
      const calls = stubFetch(async (call) => ({ status: 200, body: { detail: call.authorization } }));
      const answer = browserApi().get('/orders/cart/', { schema: DetailResponse });
      await tick();
      release();
      expect(await answer).toEqual({ detail: `Bearer ${fresh}` });
      expect(calls.map((call) => call.path)).toEqual(['/orders/cart/']);
      expect(taken).toBe(2);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('fails all three requests and clears the tokens when the refresh fails', async () => {
    saveTokens({ access: jwt(10), refresh: 'stolen-and-revoked' });
    const calls = stubFetch(async (call) => {
      if (call.path === '/accounts/token/refresh/') {
        await tick();
        return { status: 401, body: { detail: 'Token is invalid or expired', code: 'token_not_valid' } };
      }
      return { status: 200, body: { detail: 'ok' } };
    });
    const api = browserApi();
    const schema = DetailResponse;
    const results = await Promise.allSettled([
      api.get('/orders/cart/', { schema }),
      api.get('/products/products/', { schema }),
      api.post('/products/reviews/', {}, { schema }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(calls.map((call) => call.path)).toEqual(['/accounts/token/refresh/']);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('keeps the old refresh token when the refresh answer brings none, and refuses an answer without access', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveTokens({ access: jwt(10), refresh: 'refresh-1' });
    const fresh = jwt(900);
    stubFetch(async (call) =>
      call.path === '/accounts/token/refresh/'
        ? { status: 200, body: { access: fresh } }
        : { status: 200, body: { detail: 'ok' } },
    );
    await browserApi().get('/orders/cart/', { schema: DetailResponse });
    expect(getRefreshToken()).toBe('refresh-1');

    saveTokens({ access: jwt(10), refresh: 'refresh-1' });
    stubFetch(async () => ({ status: 200, body: { refresh: 'only-refresh' } }));
    await expect(browserApi().get('/orders/cart/', { schema: DetailResponse })).rejects.toThrow(
      'Invalid token refresh response.',
    );
    expect(getAccessToken()).toBeNull();
  });

  it('fails with "Refresh token not found." when the access token is expired and there is no refresh token', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, jwt(10));
    const calls = stubFetch(async () => ({ status: 200, body: { detail: 'ok' } }));
    await expect(browserApi().get('/orders/cart/', { schema: DetailResponse })).rejects.toThrow(
      'Refresh token not found.',
    );
    expect(calls).toEqual([]);
    expect(getAccessToken()).toBeNull();
  });

  it('sends no Authorization as a guest, nor on the login, register and token calls', async () => {
    const calls = stubFetch(async () => ({ status: 200, body: { detail: 'ok' } }));
    const schema = DetailResponse;
    await browserApi().get('/products/products/', { schema });
    saveTokens({ access: jwt(900), refresh: 'r' });
    await browserApi().post('/accounts/register/', {}, { schema });
    await browserApi().post('/accounts/login/', {}, { schema });
    await browserApi().post('/accounts/token/refresh/', {}, { schema });
    await browserApi().get('/accounts/me/', { schema });
    expect(calls.map((call) => [call.path, call.authorization !== null])).toEqual([
      ['/products/products/', false],
      ['/accounts/register/', false],
      ['/accounts/login/', false],
      ['/accounts/token/refresh/', false],
      ['/accounts/me/', true],
    ]);
  });

  it('stores both tokens on login, and clears them when a login fails or lacks a token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = { id: 1, email: 'ana@example.com', username: 'ana', display_name: 'Ana', role: 'customer' as const };
    const calls = stubFetch(async () => ({ status: 200, body: { access: 'a1', refresh: 'r1', user } }));
    await expect(login({ loginId: 'ana@example.com', password: 'secret-secret' })).resolves.toMatchObject({ user });
    expect(calls[0]?.body).toEqual({ login_id: 'ana@example.com', password: 'secret-secret' });
    expect([getAccessToken(), getRefreshToken()]).toEqual(['a1', 'r1']);

    stubFetch(async () => ({ status: 401, body: { detail: 'No active account found with the given credentials' } }));
    await expect(login({ loginId: 'ana@example.com', password: 'wrong-wrong' })).rejects.toThrow(
      'No active account found with the given credentials',
    );
    expect(getAccessToken()).toBeNull();

    saveTokens({ access: 'a1', refresh: 'r1' });
    stubFetch(async () => ({ status: 200, body: { access: 'a2', user } }));
    await expect(login({ loginId: 'ana@example.com', password: 'secret-secret' })).rejects.toThrow(
      'Invalid token response from server.',
    );
    expect(getAccessToken()).toBeNull();
  });

  it('sends the register payload of the spec', async () => {
    const calls = stubFetch(async () => ({
      status: 201,
      body: {
        email: 'ana@example.com',
        detail: 'Registration received. Sign in with your e-mail address and password.',
      },
    }));
    await register({ email: 'ana@example.com', password: 'p4ssword!', passwordConfirm: 'p4ssword!' });
    expect(calls[0]?.body).toEqual({ email: 'ana@example.com', password: 'p4ssword!', password_confirm: 'p4ssword!' });
  });

  it('clears the tokens on logout even when the server call fails', async () => {
    saveTokens({ access: jwt(900), refresh: 'r1' });
    const calls = stubFetch(async () => ({ status: 500, body: { detail: 'A server error occurred.' } }));
    await logout();
    expect(calls.map((call) => [call.path, call.body])).toEqual([['/accounts/logout/', { refresh: 'r1' }]]);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('follows a storage event from another tab: the signed-in state flips', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Probe />));
    expect(container.textContent).toBe('signed out');

    // Another tab signs in: it writes local storage, and this tab only hears the storage event.
    await act(async () => {
      window.localStorage.setItem(ACCESS_TOKEN_KEY, jwt(900));
      window.localStorage.setItem(REFRESH_TOKEN_KEY, 'r');
      window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    });
    expect(container.textContent).toBe('signed in');

    await act(async () => {
      window.localStorage.removeItem(ACCESS_TOKEN_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    });
    expect(container.textContent).toBe('signed out');

    // This tab's own changes are announced the same way.
    const heard: (string | null)[] = [];
    window.addEventListener('storage', (event) => heard.push(event.key));
    await act(async () => saveTokens({ access: jwt(900), refresh: 'r' }));
    expect(container.textContent).toBe('signed in');
    await act(async () => clearTokens());
    expect(container.textContent).toBe('signed out');
    expect(heard).toEqual([ACCESS_TOKEN_KEY, ACCESS_TOKEN_KEY]);
    await act(async () => root.unmount());
  });
});
