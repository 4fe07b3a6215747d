// Customers for staff: the list, one account, and disabling it, which ends its sessions at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer, DEFAULT_TEST_PASSWORD } from '../../../test/builders.ts';
import { lastResetToken, mailsTo } from '../../../test/outbox.ts';

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
      family: randomUUID(),
    });
    const cart = await t.request(shop, { method: 'GET', url: '/api/orders/cart/', token });
    expect(cart.statusCode).toBe(401);
  });
});

describe('staff for the owner', () => {
  async function shop() {
    const setup = await shopWithStaff(t, 'Staff admin shop');
    const call = (token: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.request(setup.shop, { method, url: `/api/admin${url}`, token, ...(payload ? { payload } : {}) });
    return { ...setup, call };
  }

  it('is the owner’s only: guests 401, customers and staff 403, another shop’s owner 401', async () => {
    const { call, customer, staff } = await shop();
    const theirs = await shopWithStaff(t, 'Other staff shop');
    const routes: ['GET' | 'POST' | 'PATCH', string, object?][] = [
      ['GET', '/staff/'],
      ['POST', '/staff/', { email: 'new@example.com', role: 'staff' }],
      ['GET', `/staff/${staff.user.id}/`],
      ['PATCH', `/staff/${staff.user.id}/`, { role: 'owner' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(customer.accessToken, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(staff.accessToken, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(theirs.owner.accessToken, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('invites a member of staff, who chooses a password from the mailed link and signs in; audited', async () => {
    const { call, owner, customer, shop: tenant } = await shop();
    const other = await shopWithStaff(t, 'Other staff shop');
    const email = `smith.${Date.now()}@example.com`;
    const invited = await call(owner.accessToken, 'POST', '/staff/', { email: email.toUpperCase(), role: 'staff' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, role: 'staff', is_active: true, last_login_at: null });
    const list = (await call(owner.accessToken, 'GET', '/staff/')).json();
    const emails = list.results.map((member: { email: string }) => member.email);
    expect(emails).toHaveLength(3);
    expect(emails).toEqual(expect.arrayContaining([email, owner.user.email]));
    expect(emails).not.toContain(customer.user.email);

    // No password yet: the invitation's link sets it.
    expect((await call(owner.accessToken, 'GET', `/staff/${invited.json().id}/`)).json()).toEqual(invited.json());
    const login = (shopToUse: typeof tenant, password: string) =>
      t.request(shopToUse, { method: 'POST', url: '/api/accounts/login/', payload: { login_id: email, password } });
    await t.app.deps.mailer.idle();
    const [mail] = mailsTo(t.config.DATA_DIR, email);
    expect(mail?.raw).toContain('Subject: You are invited to run Staff admin shop');
    expect(mail?.body).toContain('/admin');
    const token = lastResetToken(t.config.DATA_DIR, email);
    const password = 'Chitlang-forge-2025';
    const confirm = (shopToUse: typeof tenant) =>
      t.request(shopToUse, {
        method: 'POST',
        url: '/api/accounts/password-reset/confirm/',
        payload: { token, password, password_confirm: password },
      });
    expect((await login(tenant, password)).statusCode).toBe(401);
    // The link belongs to its own shop.
    expect((await confirm(other.shop)).statusCode).toBe(400);
    expect((await confirm(tenant)).statusCode).toBe(200);
    const signedIn = await login(tenant, password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email, role: 'staff' });

    const again = await call(owner.accessToken, 'POST', '/staff/', { email, role: 'owner' });
    expect(again.statusCode).toBe(400);
    expect(again.json().email).toEqual(['An account with this e-mail address already exists.']);
    expect((await call(owner.accessToken, 'POST', '/staff/', { email, role: 'admin' })).statusCode).toBe(400);
    expect(
      (await call(owner.accessToken, 'POST', '/staff/', { email: 'x@example.com', role: 'staff', tenant_id: 1 }))
        .statusCode,
    ).toBe(400);

    const audit = (await call(owner.accessToken, 'GET', '/audit-log/?entity=staff')).json();
    expect(audit.results).toEqual([
      expect.objectContaining({ action: 'staff.invite', summary: { after: { email, role: 'staff' } } }),
    ]);
  });

  it('a new role applies to the account’s next request; disabling ends its sessions; an owner always remains', async () => {
    const { call, owner, staff, shop: tenant } = await shop();
    // Staff may not read the audit log; promoted, the same token may at once.
    expect((await call(staff.accessToken, 'GET', '/audit-log/')).statusCode).toBe(403);
    const promoted = await call(owner.accessToken, 'PATCH', `/staff/${staff.user.id}/`, { role: 'owner' });
    expect(promoted.json()).toMatchObject({ role: 'owner', is_active: true });
    expect((await call(staff.accessToken, 'GET', '/audit-log/')).statusCode).toBe(200);

    // The first owner steps down: another owner remains.
    const down = await call(owner.accessToken, 'PATCH', `/staff/${owner.user.id}/`, { role: 'staff' });
    expect(down.statusCode).toBe(200);
    expect((await call(owner.accessToken, 'GET', '/staff/')).statusCode).toBe(403);
    // The last owner cannot step down nor be disabled.
    for (const body of [{ role: 'staff' }, { is_active: false }]) {
      const refused = await call(staff.accessToken, 'PATCH', `/staff/${staff.user.id}/`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe('The shop needs an active owner: make someone else owner first.');
    }

    const disabled = await call(staff.accessToken, 'PATCH', `/staff/${owner.user.id}/`, { is_active: false });
    expect(disabled.json()).toMatchObject({ role: 'staff', is_active: false });
    const me = await t.request(tenant, {
      method: 'GET',
      url: '/api/accounts/me/',
      token: owner.accessToken,
    });
    expect(me.statusCode).toBe(401);
    expect((await call(staff.accessToken, 'PATCH', `/staff/${owner.user.id}/`, { role: 'admin' })).statusCode).toBe(
      400,
    );
    expect((await call(staff.accessToken, 'GET', '/customers/999999/')).statusCode).toBe(404);
  });
});

describe('a member of staff’s own name', () => {
  it('is set by the member through /accounts/me/ and signs the posts they publish and their comments', async () => {
    const { shop, staff } = await shopWithStaff(t, 'Staff name shop');
    const me = await t.request(shop, { method: 'GET', url: '/api/accounts/me/', token: staff.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: staff.user.id,
      role: 'staff',
      display_name: expect.stringMatching(/^Customer /),
    });

    const renamed = await t.request(shop, {
      method: 'PATCH',
      url: '/api/accounts/me/',
      token: staff.accessToken,
      payload: { display_name: '  Kiran of the forge  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ role: 'staff', display_name: 'Kiran of the forge' });
    const refused = await t.request(shop, {
      method: 'PATCH',
      url: '/api/accounts/me/',
      token: staff.accessToken,
      payload: { display_name: 'kiran@example.com' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ display_name: ['A display name may not contain "@".'] });

    const post = await t.request(shop, {
      method: 'POST',
      url: '/api/admin/posts/',
      token: staff.accessToken,
      payload: { title: 'From the forge', slug: 'from-the-forge', status: 'published', content: '<p>Hot.</p>' },
    });
    expect(post.statusCode).toBe(201);
    const comment = await t.request(shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: staff.accessToken,
      payload: { post: post.json().id, content: 'Thank you for reading.' },
    });
    expect(comment.statusCode).toBe(201);
    const shown = await t.request(shop, { method: 'GET', url: '/api/blog/posts/from-the-forge/' });
    expect(shown.json().author).toEqual({ username: 'Kiran of the forge' });
    const comments = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${post.json().id}` });
    expect(JSON.stringify(comments.json())).toContain('Kiran of the forge');
    expect(JSON.stringify(comments.json())).not.toContain(staff.user.username);
  });
});
