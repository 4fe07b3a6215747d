// The customer's own account through HTTP: the display name shown with reviews and comments, the password change
// that ends every other sign-in, and the saved delivery addresses (ownership and shop isolation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer, createProduct, DEFAULT_TEST_PASSWORD } from '../../../test/builders.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Chirau-forged-2031';
let counter = 0;

function call(
  shop: Tenant,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) {
  return t.request(shop, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
}

/** A customer registered and signed in through the API, as the storefront does it. */
async function registeredCustomer(shop: Tenant, name = 'ashok.thapa') {
  const email = `${name}.${++counter}.${Date.now()}@example.com`;
  expect(
    (
      await call(shop, 'POST', '/api/accounts/register/', undefined, {
        email,
        password: DEFAULT_TEST_PASSWORD,
        password_confirm: DEFAULT_TEST_PASSWORD,
      })
    ).statusCode,
  ).toBe(201);
  return { email, ...(await signIn(shop, email)) };
}

async function signIn(shop: Tenant, email: string, password = DEFAULT_TEST_PASSWORD) {
  const response = await call(shop, 'POST', '/api/accounts/login/', undefined, { login_id: email, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { access: string; refresh: string; user: { id: number; display_name: string } };
}

describe('the display name', () => {
  it('starts as a neutral name that reveals nothing of the e-mail address', async () => {
    const shop = await t.createTenant();
    const customer = await registeredCustomer(shop, 'ashok.thapa');
    expect(customer.user.display_name).toMatch(/^Customer \d{4}$/);
    expect(customer.user.display_name.toLowerCase()).not.toContain('ashok');
  });

  it('is set by the signed-in customer, trimmed, and shown with their new reviews and comments', async () => {
    const shop = await t.createTenant();
    const product = await createProduct(t, shop, { slug: 'named-review' });
    const customer = await registeredCustomer(shop);
    const changed = await call(shop, 'PATCH', '/api/accounts/me/', customer.access, { display_name: '  Ashok T.  ' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: customer.user.id, display_name: 'Ashok T.' });
    expect((await call(shop, 'GET', '/api/accounts/me/', customer.access)).json().display_name).toBe('Ashok T.');

    const review = await call(shop, 'POST', '/api/products/reviews/', customer.access, {
      product: product.id,
      rating: 4,
      comment: 'Balanced and sharp.',
    });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().user).toEqual({ username: 'Ashok T.' });
    const page = (await call(shop, 'GET', '/api/products/products/named-review/')).json();
    expect(page.reviews.map((r: { user: { username: string } }) => r.user.username)).toEqual(['Ashok T.']);
    expect(JSON.stringify(page)).not.toContain(customer.email.split('@')[0]);
  });

  it('changes the name on reviews written before, and announces the change for the pages that show it', async () => {
    const shop = await t.createTenant();
    const product = await createProduct(t, shop, { slug: 'renamed-review' });
    const customer = await registeredCustomer(shop);
    await call(shop, 'POST', '/api/products/reviews/', customer.access, {
      product: product.id,
      rating: 5,
      comment: 'Good.',
    });
    const announced: { tenantId: number; userId: number }[] = [];
    t.app.deps.events.on('account.display_name_changed', (payload) => {
      announced.push(payload);
    });

    await call(shop, 'PATCH', '/api/accounts/me/', customer.access, { display_name: 'Kami of Dharan' });
    const page = (await call(shop, 'GET', '/api/products/products/renamed-review/')).json();
    expect(page.reviews[0].user).toEqual({ username: 'Kami of Dharan' });
    await t.settled();
    expect(announced).toEqual([{ tenantId: shop.id, userId: customer.user.id }]);
    // The same name again changes nothing, and is not announced again.
    await call(shop, 'PATCH', '/api/accounts/me/', customer.access, { display_name: 'Kami of Dharan' });
    await t.settled();
    expect(announced).toHaveLength(1);
  });

  it('refuses a blank, a too long, or an e-mail-like name, and keeps the old one', async () => {
    const shop = await t.createTenant();
    const customer = await registeredCustomer(shop);
    const refusals: [string, string][] = [
      ['   ', 'This field may not be blank.'],
      ['x'.repeat(51), 'Ensure this field has no more than 50 characters.'],
      ['ashok@example.com', 'A display name may not contain "@".'],
      ['Tab\there', 'A display name may not contain control characters.'],
    ];
    for (const [name, message] of refusals) {
      const refused = await call(shop, 'PATCH', '/api/accounts/me/', customer.access, { display_name: name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ display_name: [message] });
    }
    const unknown = await call(shop, 'PATCH', '/api/accounts/me/', customer.access, {
      display_name: 'A',
      role: 'owner',
    });
    expect(unknown.statusCode).toBe(400);
    const me = (await call(shop, 'GET', '/api/accounts/me/', customer.access)).json();
    expect(me).toMatchObject({ display_name: customer.user.display_name, role: 'customer' });
  });

  it('is changed by a signed-in customer only, and only their own', async () => {
    const shop = await t.createTenant();
    expect((await call(shop, 'PATCH', '/api/accounts/me/', undefined, { display_name: 'Guest' })).statusCode).toBe(401);
    const ana = await registeredCustomer(shop);
    const bir = await registeredCustomer(shop);
    await call(shop, 'PATCH', '/api/accounts/me/', ana.access, { display_name: 'Ana' });
    expect((await call(shop, 'GET', '/api/accounts/me/', bir.access)).json().display_name).toBe(bir.user.display_name);
    // Another shop's token is no token here.
    const elsewhere = await t.createTenant();
    const stranger = await registeredCustomer(elsewhere);
    expect((await call(shop, 'PATCH', '/api/accounts/me/', stranger.access, { display_name: 'X' })).statusCode).toBe(
      401,
    );
  });
});

describe('changing the password', () => {
  const change = (shop: Tenant, token: string | undefined, body: object) =>
    call(shop, 'POST', '/api/accounts/password/change/', token, body);

  it('ends every other sign-in of the account at once, while the one that changed it goes on', async () => {
    const shop = await t.createTenant();
    const here = await registeredCustomer(shop);
    const phone = await signIn(shop, here.email);
    const laptop = await signIn(shop, here.email);
    // Another account's sign-in is not touched.
    const neighbour = await registeredCustomer(shop);

    const changed = await change(shop, here.access, {
      current_password: DEFAULT_TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      detail: 'Your password has been changed. Every other sign-in of your account has ended.',
    });

    for (const other of [phone, laptop]) {
      expect((await call(shop, 'GET', '/api/accounts/me/', other.access)).statusCode).toBe(401);
      const refreshed = await call(shop, 'POST', '/api/accounts/token/refresh/', undefined, { refresh: other.refresh });
      expect(refreshed.statusCode).toBe(401);
    }
    // This sign-in keeps its tokens: its access token works, and its refresh token still rotates.
    expect((await call(shop, 'GET', '/api/accounts/me/', here.access)).statusCode).toBe(200);
    const rotated = await call(shop, 'POST', '/api/accounts/token/refresh/', undefined, { refresh: here.refresh });
    expect(rotated.statusCode).toBe(200);
    expect((await call(shop, 'GET', '/api/accounts/me/', rotated.json().access)).statusCode).toBe(200);
    expect((await call(shop, 'GET', '/api/accounts/me/', neighbour.access)).statusCode).toBe(200);

    // The old password no longer signs in; the new one does.
    const old = await call(shop, 'POST', '/api/accounts/login/', undefined, {
      login_id: here.email,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    await signIn(shop, here.email, NEW_PASSWORD);
  });

  it('needs the current password and a new one that follows the rules; a refusal changes nothing', async () => {
    const shop = await t.createTenant();
    const here = await registeredCustomer(shop);
    const other = await signIn(shop, here.email);
    const wrong = await change(shop, here.access, {
      current_password: 'not-my-password',
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ['Your current password is incorrect.'] });
    const weak = await change(shop, here.access, {
      current_password: DEFAULT_TEST_PASSWORD,
      password: 'short',
      password_confirm: 'shorter',
    });
    expect(weak.json()).toEqual({
      password: ['This password is too short. It must contain at least 8 characters.'],
      password_confirm: ['Passwords do not match.'],
    });
    const missing = await change(shop, here.access, {});
    expect(missing.json()).toEqual({
      current_password: ['This field is required.'],
      password: ['This field is required.'],
      password_confirm: ['This field is required.'],
    });
    // Nothing changed: the other sign-in works, and so does the old password.
    expect((await call(shop, 'GET', '/api/accounts/me/', other.access)).statusCode).toBe(200);
    await signIn(shop, here.email);
  });

  it('answers 401 to a guest and to a sign-in that has ended', async () => {
    const shop = await t.createTenant();
    const body = { current_password: DEFAULT_TEST_PASSWORD, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD };
    expect((await change(shop, undefined, body)).statusCode).toBe(401);
    const here = await registeredCustomer(shop);
    await call(shop, 'POST', '/api/accounts/logout/', undefined, { refresh: here.refresh });
    expect((await change(shop, here.access, body)).statusCode).toBe(401);
    await signIn(shop, here.email);
  });
});

describe('saved addresses', () => {
  const address = (fullname: string) => ({
    street: 'Lazimpat 12',
    city: 'Kathmandu',
    postalCode: '44600',
    country: 'Nepal',
    fullname,
    contact_number: '+977 1 4410000',
  });

  it('are kept, listed oldest first, replaced and forgotten by their owner', async () => {
    const shop = await t.createTenant();
    const owner = await createCustomer(t, shop);
    const token = owner.accessToken;
    expect((await call(shop, 'GET', '/api/accounts/addresses/', token)).json()).toEqual([]);

    const home = await call(shop, 'POST', '/api/accounts/addresses/', token, {
      ...address('  Sita Gurung '),
      city: ' Pokhara ',
    });
    expect(home.statusCode, home.body).toBe(201);
    expect(home.json()).toEqual({ id: expect.any(Number), ...address('Sita Gurung'), city: 'Pokhara' });
    const work = (await call(shop, 'POST', '/api/accounts/addresses/', token, address('Sita at work'))).json();
    const listed = await call(shop, 'GET', '/api/accounts/addresses/', token);
    expect(listed.json().map((a: { fullname: string }) => a.fullname)).toEqual(['Sita Gurung', 'Sita at work']);

    const changed = await call(shop, 'PATCH', `/api/accounts/addresses/${work.id}/`, token, {
      fullname: ' Sita Gurung Rai ',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ id: work.id, ...address('Sita Gurung Rai') });
    const blanked = await call(shop, 'PATCH', `/api/accounts/addresses/${work.id}/`, token, { street: '  ' });
    expect(blanked.statusCode).toBe(400);
    expect(blanked.json()).toEqual({ street: ['This field may not be blank.'] });

    expect((await call(shop, 'DELETE', `/api/accounts/addresses/${home.json().id}/`, token)).statusCode).toBe(204);
    expect((await call(shop, 'GET', '/api/accounts/addresses/', token)).json()).toEqual([
      { id: work.id, ...address('Sita Gurung Rai') },
    ]);
    expect((await call(shop, 'DELETE', `/api/accounts/addresses/${home.json().id}/`, token)).statusCode).toBe(404);
  });

  it('refuses blank fields, unknown fields, and more than twenty addresses', async () => {
    const shop = await t.createTenant();
    const { accessToken: token } = await createCustomer(t, shop);
    const blank = await call(shop, 'POST', '/api/accounts/addresses/', token, { ...address(' '), city: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      city: ['This field may not be blank.'],
      fullname: ['This field may not be blank.'],
    });
    const extra = await call(shop, 'POST', '/api/accounts/addresses/', token, { ...address('A'), user_id: 1 });
    expect(extra.statusCode).toBe(400);
    for (let i = 0; i < 20; i += 1) {
      expect((await call(shop, 'POST', '/api/accounts/addresses/', token, address(`Name ${i}`))).statusCode).toBe(201);
    }
    const tooMany = await call(shop, 'POST', '/api/accounts/addresses/', token, address('One more'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ detail: 'You can keep at most 20 addresses.', code: 'too_many_addresses' });
    expect((await call(shop, 'GET', '/api/accounts/addresses/', token)).json()).toHaveLength(20);
  });

  it('take a country and a phone number only as the checkout does, the country kept by its name', async () => {
    const shop = await t.createTenant();
    const { accessToken: token } = await createCustomer(t, shop);
    const byCode = await call(shop, 'POST', '/api/accounts/addresses/', token, { ...address('Asha'), country: 'np' });
    expect(byCode.statusCode, byCode.body).toBe(201);
    expect(byCode.json().country).toBe('Nepal');

    const wrong = await call(shop, 'POST', '/api/accounts/addresses/', token, {
      ...address('Asha'),
      country: 'Neverland',
      contact_number: '12',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      country: ['Choose a country from the list.'],
      contact_number: ['Enter a valid phone number (with its country code if it is not from this country).'],
    });
    // A change is checked with the fields it keeps: a local number must be one of the address's country.
    const local = await call(shop, 'PATCH', `/api/accounts/addresses/${byCode.json().id}/`, token, {
      contact_number: '01-4410000',
    });
    expect(local.statusCode, local.body).toBe(200);
    const moved = await call(shop, 'PATCH', `/api/accounts/addresses/${byCode.json().id}/`, token, {
      country: 'Atlantis',
    });
    expect(moved.statusCode).toBe(400);
    // The kept local number cannot be told right without a country either.
    expect(moved.json()).toEqual({
      country: ['Choose a country from the list.'],
      contact_number: ['Enter a valid phone number (with its country code if it is not from this country).'],
    });
    expect((await call(shop, 'GET', '/api/accounts/addresses/', token)).json()).toEqual([
      { ...address('Asha'), id: byCode.json().id, contact_number: '01-4410000' },
    ]);
  });

  it("are another customer's to see and change only as 404, and need a signed-in customer", async () => {
    const shop = await t.createTenant();
    const owner = await createCustomer(t, shop);
    const neighbour = await createCustomer(t, shop);
    const kept = (await call(shop, 'POST', '/api/accounts/addresses/', owner.accessToken, address('Owner'))).json();

    expect((await call(shop, 'GET', '/api/accounts/addresses/', neighbour.accessToken)).json()).toEqual([]);
    const changed = await call(
      shop,
      'PATCH',
      `/api/accounts/addresses/${kept.id}/`,
      neighbour.accessToken,
      address('Thief'),
    );
    expect(changed.statusCode).toBe(404);
    expect(changed.json()).toEqual({ detail: 'Address not found.', code: 'address_not_found' });
    expect((await call(shop, 'DELETE', `/api/accounts/addresses/${kept.id}/`, neighbour.accessToken)).statusCode).toBe(
      404,
    );
    for (const method of ['GET', 'POST'] as const) {
      const payload = method === 'POST' ? address('Guest') : undefined;
      expect((await call(shop, method, '/api/accounts/addresses/', undefined, payload)).statusCode).toBe(401);
    }
    expect((await call(shop, 'DELETE', `/api/accounts/addresses/${kept.id}/`)).statusCode).toBe(401);
    expect((await call(shop, 'GET', '/api/accounts/addresses/', owner.accessToken)).json()).toEqual([kept]);
  });

  it("belong to their shop: another shop's customer finds none of them, and its token is refused", async () => {
    const shop = await t.createTenant();
    const elsewhere = await t.createTenant();
    const owner = await createCustomer(t, shop);
    const stranger = await createCustomer(t, elsewhere);
    const kept = (await call(shop, 'POST', '/api/accounts/addresses/', owner.accessToken, address('Owner'))).json();
    const theirs = (
      await call(elsewhere, 'POST', '/api/accounts/addresses/', stranger.accessToken, address('Other'))
    ).json();

    // In their own shop, the id names nothing of theirs.
    expect((await call(elsewhere, 'GET', '/api/accounts/addresses/', stranger.accessToken)).json()).toEqual([theirs]);
    const changed = await call(
      elsewhere,
      'PATCH',
      `/api/accounts/addresses/${kept.id}/`,
      stranger.accessToken,
      address('X'),
    );
    expect(changed.statusCode).toBe(404);
    expect(
      (await call(elsewhere, 'DELETE', `/api/accounts/addresses/${kept.id}/`, stranger.accessToken)).statusCode,
    ).toBe(404);
    // In the owner's shop, their token is no token.
    expect((await call(shop, 'GET', '/api/accounts/addresses/', stranger.accessToken)).statusCode).toBe(401);
    expect((await call(shop, 'GET', '/api/accounts/addresses/', owner.accessToken)).json()).toEqual([kept]);
  });
});
