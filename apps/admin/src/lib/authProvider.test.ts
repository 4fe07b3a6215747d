import { DetailResponse } from '@platform/contracts';
import { AdminOrderPage, AuditPage } from '@platform/contracts/admin';
import { describe, expect, it, vi } from 'vitest';
import { createApi, filenameOf } from './api.ts';
import { canRoleAccess, createAuthProvider, NO_ACCESS_MESSAGE } from './authProvider.ts';
import { ANSWER_UNREADABLE } from './errors.ts';
import { createSessionStore, SESSION_KEYS } from './session.ts';
import { fakeFetch, jwt, memoryStorage, type RecordedCall } from './testing.ts';

const NOW = 1_800_000_000_000;
const nowSeconds = NOW / 1000;

function setup(answer: (call: RecordedCall) => Response | Promise<Response>, initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const session = createSessionStore(storage);
  const http = fakeFetch(answer);
  const api = createApi({ tenantToken: 'khukuri-demo', session, fetch: http.fetch, now: () => NOW });
  return { api, session, storage, calls: http.calls, auth: createAuthProvider(api, session) };
}

const DONE = { detail: 'Done.' };

const paths = (calls: RecordedCall[]) => calls.map((call) => `${call.method} ${call.url.pathname}`);

function loginAnswer(role: string) {
  return {
    access: jwt(nowSeconds + 900),
    refresh: `refresh-of-${role}`,
    user: { id: 3, email: `${role}@khukuri.example`, username: role, display_name: role, role },
  };
}

describe('signing in', () => {
  it('lets staff and owners in, keeping the tokens in keys of its own', async () => {
    for (const role of ['staff', 'owner']) {
      const { auth, storage, calls } = setup(() => Response.json(loginAnswer(role)));
      await auth.login({ username: ` ${role}@khukuri.example `, password: 'Sagarmatha-8848' });
      expect(paths(calls)).toEqual(['POST /api/accounts/login/']);
      expect(calls[0]?.body).toEqual({ login_id: `${role}@khukuri.example`, password: 'Sagarmatha-8848' });
      expect(calls[0]?.headers.get('X-Tenant-Token')).toBe('khukuri-demo');
      expect(calls[0]?.headers.has('Authorization')).toBe(false);
      expect(storage.map.get(SESSION_KEYS.refresh)).toBe(`refresh-of-${role}`);
      expect(storage.map.has('authToken')).toBe(false);
      expect(storage.map.has('refreshToken')).toBe(false);
      await expect(auth.checkAuth({})).resolves.toBeUndefined();
      await expect(auth.getPermissions?.({})).resolves.toBe(role);
    }
  });

  it('refuses a customer with a clear message, ends that sign-in on the server and keeps nothing', async () => {
    const { auth, storage, calls } = setup((call) =>
      call.url.pathname.endsWith('/login/')
        ? Response.json(loginAnswer('customer'))
        : Response.json({ detail: 'Successfully logged out.' }),
    );
    await expect(auth.login({ username: 'customer@khukuri.example', password: 'x' })).rejects.toThrow(
      NO_ACCESS_MESSAGE,
    );
    expect(paths(calls)).toEqual(['POST /api/accounts/login/', 'POST /api/accounts/logout/']);
    expect(calls[1]?.body).toEqual({ refresh: 'refresh-of-customer' });
    expect(storage.map.size).toBe(0);
    await expect(auth.checkAuth({})).rejects.toThrow();
  });

  it("passes the API's refusal of wrong credentials on", async () => {
    const { auth, storage } = setup(() =>
      Response.json(
        { detail: 'No active account found with the given credentials', code: 'authentication_failed' },
        {
          status: 401,
        },
      ),
    );
    await expect(auth.login({ username: 'owner@khukuri.example', password: 'wrong' })).rejects.toThrow(
      'No active account found with the given credentials',
    );
    expect(storage.map.size).toBe(0);
  });

  it('signs out on the server with the refresh token and forgets the session', async () => {
    const { auth, storage, calls } = setup(() => Response.json({ detail: 'Successfully logged out.' }), {
      [SESSION_KEYS.access]: jwt(nowSeconds + 900),
      [SESSION_KEYS.refresh]: 'refresh-1',
      [SESSION_KEYS.user]: JSON.stringify({ id: 1, email: 'o@x', username: 'o', role: 'owner' }),
    });
    await auth.logout({});
    expect(paths(calls)).toEqual(['POST /api/accounts/logout/']);
    expect(calls[0]?.body).toEqual({ refresh: 'refresh-1' });
    expect(storage.map.size).toBe(0);
  });

  it('ends the session on a 401, but not on a 403 (one refused action)', async () => {
    const { auth, storage } = setup(() => Response.json({ detail: 'ok' }), {
      [SESSION_KEYS.access]: jwt(nowSeconds + 900),
      [SESSION_KEYS.refresh]: 'refresh-1',
      [SESSION_KEYS.user]: JSON.stringify({ id: 1, email: 's@x', username: 's', role: 'staff' }),
    });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(storage.map.size).toBe(3);
    await expect(auth.checkError({ status: 401 })).rejects.toThrow();
    expect(storage.map.size).toBe(0);
  });
});

describe('access', () => {
  it('keeps the payment settings, the audit log and the staff for the owner', () => {
    expect(canRoleAccess('owner', 'staff')).toBe(true);
    expect(canRoleAccess('staff', 'staff')).toBe(false);
    expect(canRoleAccess('owner', 'payment-settings')).toBe(true);
    expect(canRoleAccess('owner', 'audit-log')).toBe(true);
    expect(canRoleAccess('staff', 'payment-settings')).toBe(false);
    expect(canRoleAccess('staff', 'audit-log')).toBe(false);
    expect(canRoleAccess('staff', 'orders')).toBe(true);
    expect(canRoleAccess(null, 'orders')).toBe(false);
    for (const setting of ['site-settings', 'shipping-zones', 'tax-rates'])
      expect(canRoleAccess('staff', setting)).toBe(false);
  });
});

describe('token refresh', () => {
  const user = JSON.stringify({ id: 1, email: 'o@x', username: 'o', role: 'owner' });

  it('renews an access token less than 60 s from its expiry first, once for calls made together, keeping the rotation', async () => {
    const renewed = jwt(nowSeconds + 900, 'renewed');
    const { api, storage, calls } = setup(
      (call) =>
        call.url.pathname.endsWith('/token/refresh/')
          ? Response.json({ access: renewed, refresh: 'refresh-2' })
          : Response.json({ count: 0, results: [] }),
      { [SESSION_KEYS.access]: jwt(nowSeconds + 30), [SESSION_KEYS.refresh]: 'refresh-1', [SESSION_KEYS.user]: user },
    );
    await Promise.all([api.request('/admin/orders/', AdminOrderPage), api.request('/admin/audit-log/', AuditPage)]);
    expect(paths(calls)).toEqual([
      'POST /api/accounts/token/refresh/',
      'GET /api/admin/orders/',
      'GET /api/admin/audit-log/',
    ]);
    expect(calls[0]?.body).toEqual({ refresh: 'refresh-1' });
    expect(calls[1]?.headers.get('Authorization')).toBe(`Bearer ${renewed}`);
    expect(calls[2]?.headers.get('Authorization')).toBe(`Bearer ${renewed}`);
    expect(storage.map.get(SESSION_KEYS.access)).toBe(renewed);
    expect(storage.map.get(SESSION_KEYS.refresh)).toBe('refresh-2');
  });

  it('keeps the refresh token when the answer brings no new one', async () => {
    const renewed = jwt(nowSeconds + 900, 'renewed');
    const { api, storage } = setup(
      (call) =>
        call.url.pathname.endsWith('/token/refresh/') ? Response.json({ access: renewed }) : Response.json(DONE),
      { [SESSION_KEYS.access]: jwt(nowSeconds - 5), [SESSION_KEYS.refresh]: 'refresh-1', [SESSION_KEYS.user]: user },
    );
    await api.request('/accounts/me/', DetailResponse);
    expect(storage.map.get(SESSION_KEYS.refresh)).toBe('refresh-1');
    expect(storage.map.get(SESSION_KEYS.access)).toBe(renewed);
  });

  it('renews once and retries a call answered 401, and ends the session when the refresh token is refused', async () => {
    const renewed = jwt(nowSeconds + 900, 'renewed');
    let refreshes = 0;
    const { api, calls } = setup(
      (call) => {
        if (call.url.pathname.endsWith('/token/refresh/')) {
          refreshes += 1;
          return Response.json({ access: renewed, refresh: 'refresh-2' });
        }
        return call.headers.get('Authorization') === `Bearer ${renewed}`
          ? Response.json(DONE)
          : Response.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 });
      },
      { [SESSION_KEYS.access]: jwt(nowSeconds + 900), [SESSION_KEYS.refresh]: 'refresh-1', [SESSION_KEYS.user]: user },
    );
    await expect(api.request('/admin/dashboard/', DetailResponse)).resolves.toEqual(DONE);
    expect(refreshes).toBe(1);
    expect(paths(calls)).toEqual([
      'GET /api/admin/dashboard/',
      'POST /api/accounts/token/refresh/',
      'GET /api/admin/dashboard/',
    ]);

    const refused = setup(
      () => Response.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 }),
      { [SESSION_KEYS.access]: jwt(nowSeconds + 10), [SESSION_KEYS.refresh]: 'refresh-1', [SESSION_KEYS.user]: user },
    );
    await expect(refused.api.request('/admin/dashboard/', DetailResponse)).rejects.toMatchObject({ status: 401 });
    expect(refused.storage.map.size).toBe(0);
    expect(refused.calls[1]?.headers.has('Authorization')).toBe(false);
  });

  it('ends the session when the renewal fails at the server too (one rule with the storefront), and signs out on its 401', async () => {
    const { api, storage, calls } = setup(
      (call) =>
        call.url.pathname.endsWith('/token/refresh/')
          ? Response.json({ detail: 'Service unavailable' }, { status: 503 })
          : Response.json({ detail: 'Authentication credentials were not provided.' }, { status: 401 }),
      { [SESSION_KEYS.access]: jwt(nowSeconds + 10), [SESSION_KEYS.refresh]: 'refresh-1', [SESSION_KEYS.user]: user },
    );
    await expect(api.request('/admin/dashboard/', DetailResponse)).rejects.toMatchObject({ status: 401 });
    expect(storage.map.size).toBe(0);
    expect(paths(calls)).toEqual(['POST /api/accounts/token/refresh/', 'GET /api/admin/dashboard/']);
    expect(calls[1]?.headers.has('Authorization')).toBe(false);
  });
});

describe('answers checked against their contracts', () => {
  it('gives an answer that matches as the API sent it, and refuses one that does not with words for a person', async () => {
    const user = JSON.stringify({ id: 1, email: 'o@x', username: 'o', role: 'owner' });
    const tokens = {
      [SESSION_KEYS.access]: jwt(nowSeconds + 900),
      [SESSION_KEYS.refresh]: 'refresh-1',
      [SESSION_KEYS.user]: user,
    };
    const page = { count: 1, results: [{ id: 7 }], next: null };
    const matching = setup(() => Response.json({ count: 0, results: [] }), tokens);
    await expect(matching.api.request('/admin/audit-log/', AuditPage)).resolves.toEqual({ count: 0, results: [] });
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const wrong = setup(() => Response.json(page), tokens);
    await expect(wrong.api.request('/admin/audit-log/', AuditPage)).rejects.toMatchObject({
      status: 200,
      message: ANSWER_UNREADABLE,
    });
    await expect(wrong.api.request('/admin/audit-log/', AuditPage)).rejects.toMatchObject({
      message: ANSWER_UNREADABLE,
    });
    spy.mockRestore();
    // Told once per call, however often it is made.
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as unknown[])[0])).toContain('GET /admin/audit-log/');
  });
});

describe('filenameOf', () => {
  it('reads both forms of Content-Disposition', () => {
    expect(filenameOf('attachment; filename="orders-2026.csv"')).toBe('orders-2026.csv');
    expect(filenameOf("attachment; filename*=UTF-8''orders%20today.csv")).toBe('orders today.csv');
    expect(filenameOf('attachment; filename=orders.csv')).toBe('orders.csv');
    expect(filenameOf(null)).toBeNull();
  });
});
