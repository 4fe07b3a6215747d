import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/builders.ts';
import { upsertSettings } from '../site/site.repository.ts';
import { openSession } from './index.ts';

/** The sign-in an access token belongs to (its `fam` claim). */
function sessionOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).fam;
}

describe('access token authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function shopWithSettings() {
    const shop = await t.createTenant();
    await upsertSettings(t.scope(shop), { siteTitle: 'x' });
    return shop;
  }

  it('accepts a valid access token of the same shop', async () => {
    const shop = await shopWithSettings();
    const { accessToken } = await createCustomer(t, shop);
    const response = await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/', token: accessToken });
    expect(response.statusCode).toBe(200);
  });

  it("rejects another shop's token with 401", async () => {
    const shopA = await shopWithSettings();
    const shopB = await shopWithSettings();
    const { accessToken } = await createCustomer(t, shopA);
    const response = await t.request(shopB, { method: 'GET', url: '/api/pages/settings/public/', token: accessToken });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token_not_valid');
  });

  it('rejects a refresh token where an access token is expected', async () => {
    const shop = await shopWithSettings();
    const { user } = await createCustomer(t, shop);
    const { token } = await t.app.deps.tokens.sign({
      userId: user.id,
      tenantId: shop.id,
      type: 'refresh',
      role: 'customer',
    });
    const response = await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/', token });
    expect(response.statusCode).toBe(401);
  });

  it('rejects alg:none, wrongly signed and other-algorithm tokens', async () => {
    const shop = await shopWithSettings();
    const { user, accessToken } = await createCustomer(t, shop);
    const claims = {
      sub: String(user.id),
      tid: shop.id,
      typ: 'access',
      role: 'customer',
      iss: 'platform',
      jti: 'x',
      fam: sessionOf(accessToken),
    };
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 600;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp })}.`;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    // The right secret under another algorithm: the algorithm is pinned.
    const otherAlgorithm = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET ?? ''));
    const valid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET ?? ''));
    // The same claims signed as the platform signs are accepted: the refusals below are for the reason given.
    expect(
      (await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/', token: valid })).statusCode,
    ).toBe(200);
    for (const token of [none, forged, otherAlgorithm, 'garbage']) {
      const response = await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/', token });
      expect(response.statusCode).toBe(401);
    }
  });

  it('ends with its sign-in: logout, password reset and a token without a live sign-in answer 401 at once', async () => {
    const shop = await shopWithSettings();
    const customer = await createCustomer(t, shop);
    const other = await openSession(t.context(shop), customer.user.id);
    const ask = (token: string) => t.request(shop, { method: 'GET', url: '/api/orders/cart/', token });
    expect((await ask(customer.accessToken)).statusCode).toBe(200);

    // Logging out ends this sign-in's access token at once; another sign-in of the account stays.
    const logout = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/logout/',
      token: customer.accessToken,
      payload: { refresh: customer.refreshToken },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const ended = await ask(customer.accessToken);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('user_inactive');
    expect((await ask(other.access)).statusCode).toBe(200);

    // A token naming no sign-in, or one that is not an id, is refused (never a server error).
    for (const fam of [randomUUID(), 'not-a-uuid', undefined]) {
      const { token } = await t.app.deps.tokens.sign({
        userId: customer.user.id,
        tenantId: shop.id,
        type: 'access',
        role: 'customer',
        ...(fam ? { family: fam } : {}),
      });
      expect((await ask(token)).statusCode, String(fam)).toBe(401);
    }
  });
});
