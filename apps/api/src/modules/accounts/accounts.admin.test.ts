// Customers for staff: the list, one account, and disabling it, which ends its sessions at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer, DEFAULT_TEST_PASSWORD } from '../../../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('customers for staff', () => {
  it('lists the shop’s customers (not its staff), searched and filtered; customers may not look', async () => {
    const shop = await t.createTenant();
    const owner = await createCustomer(t, shop, { role: 'owner' });
    const ana = await createCustomer(t, shop, { email: `ana.${Date.now()}@example.com` });
    await createCustomer(t, shop);
    const list = async (query = '') =>
      (
        await t.request(shop, { method: 'GET', url: `/api/admin/customers/?${query}`, token: owner.accessToken })
      ).json();
    expect((await list()).count).toBe(2);
    expect((await list('search=ana.')).results).toEqual([
      expect.objectContaining({ id: ana.user.id, email: ana.user.email, is_active: true }),
    ]);
    expect((await list('is_active=false')).count).toBe(0);
    const asCustomer = await t.request(shop, { method: 'GET', url: '/api/admin/customers/', token: ana.accessToken });
    expect(asCustomer.statusCode).toBe(403);
    const staffRecord = await t.request(shop, {
      method: 'GET',
      url: `/api/admin/customers/${owner.user.id}/`,
      token: owner.accessToken,
    });
    expect(staffRecord.statusCode).toBe(404);
  });

  it('disabling an account ends its sessions at once: its access token, its refresh token, its sign-in', async () => {
    const shop = await t.createTenant();
    const staff = await createCustomer(t, shop, { role: 'staff' });
    const customer = await createCustomer(t, shop);
    const login = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { login_id: customer.user.email, password: DEFAULT_TEST_PASSWORD },
    });
    const { access, refresh } = login.json();
    const cart = (token: string) => t.request(shop, { method: 'GET', url: '/api/orders/cart/', token });
    expect((await cart(access)).statusCode).toBe(200);

    const disabled = await t.request(shop, {
      method: 'PATCH',
      url: `/api/admin/customers/${customer.user.id}/`,
      token: staff.accessToken,
      payload: { is_active: false },
    });
    expect(disabled.json()).toMatchObject({ id: customer.user.id, is_active: false });
    expect((await cart(access)).statusCode).toBe(401);
    expect((await cart(customer.accessToken)).statusCode).toBe(401);
    const refreshed = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      payload: { refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    const again = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { login_id: customer.user.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(401);

    await t.request(shop, {
      method: 'PATCH',
      url: `/api/admin/customers/${customer.user.id}/`,
      token: staff.accessToken,
      payload: { is_active: true },
    });
    const back = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { login_id: customer.user.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(back.statusCode).toBe(200);
    const owner = await createCustomer(t, shop, { role: 'owner' });
    const audit = await t.request(shop, {
      method: 'GET',
      url: `/api/admin/audit-log/?entity=customer&entity_id=${customer.user.id}`,
      token: owner.accessToken,
    });
    expect(audit.json().results.map((entry: { action: string }) => entry.action)).toEqual([
      'customer.enable',
      'customer.disable',
    ]);
  });

  it('answers 401 to a token of an account that no longer exists', async () => {
    const shop = await t.createTenant();
    const { token } = await t.app.deps.tokens.sign({
      userId: 999_999,
      tenantId: shop.id,
      type: 'access',
      role: 'customer',
    });
    const cart = await t.request(shop, { method: 'GET', url: '/api/orders/cart/', token });
    expect(cart.statusCode).toBe(401);
  });
});
