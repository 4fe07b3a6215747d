import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer, DEFAULT_TEST_PASSWORD } from '../../../test/builders.ts';
import { lastResetToken, mailsTo } from '../../../test/outbox.ts';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import type { Tenant } from '../tenants/tenants.service.ts';
import { ACCOUNT_RATE_LIMITS, NAMED_ACCOUNT_RATE_LIMITS } from './accounts.routes.ts';
import { resolveJwtSecret } from './secret.ts';
import { TokenSigner } from './tokens.ts';

const GOOD_PASSWORD = 'Kami-forged-1994';
let emailCounter = 0;
const uniqueEmail = (name = 'buyer') => `${name}.${++emailCounter}.${Date.now()}@example.com`;

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (tenant: Tenant, url: string, payload: object, token?: string) =>
    t.request(tenant, { method: 'POST', url, payload, ...(token ? { token } : {}) });
  const me = (tenant: Tenant, token: string) => t.request(tenant, { method: 'GET', url: '/api/accounts/me/', token });
  const register = (tenant: Tenant, email: string, password = GOOD_PASSWORD, confirm = password) =>
    post(tenant, '/api/accounts/register/', { email, password, password_confirm: confirm });
  const login = (tenant: Tenant, loginId: string, password = GOOD_PASSWORD) =>
    post(tenant, '/api/accounts/login/', { login_id: loginId, password });
  const refresh = (tenant: Tenant, token: string) => post(tenant, '/api/accounts/token/refresh/', { refresh: token });

  /**
   * Another app instance on the test's data, as another server process would be: its own PostgreSQL pool, or the
   * shared in-process PGlite handle (which it must not close).
   */
  async function otherInstance(overrides: Partial<Config> = {}, logger?: { stream: { write(line: string): void } }) {
    const database = t.testDb.url
      ? await openDatabase({ url: t.testDb.url, poolSize: 2 })
      : { ...t.testDb.database, close: async () => undefined };
    const app = await buildApp({
      config: { ...t.config, ...overrides },
      database,
      media: t.media,
      ...(logger ? { logger: { level: 'trace', ...logger } } : {}),
    });
    await app.ready();
    return app;
  }
  const on = (app: FastifyInstance, tenant: Tenant, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { 'x-tenant-token': tenant.token }, payload });
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());

  async function signedIn(tenant: Tenant) {
    const email = uniqueEmail();
    expect((await register(tenant, email)).statusCode).toBe(201);
    const response = await login(tenant, email);
    expect(response.statusCode).toBe(200);
    return { email, ...(response.json() as { access: string; refresh: string; user: { id: number } }) };
  }

  describe('registration', () => {
    it('creates an account that can sign in with its e-mail or its username', async () => {
      const shop = await t.createTenant();
      const email = uniqueEmail('Ana');
      const created = await register(shop, email.toUpperCase());
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        email: email.toLowerCase(),
        detail: 'Registration received. Sign in with your e-mail address and password.',
      });

      const byEmail = await login(shop, email);
      expect(byEmail.statusCode).toBe(200);
      const user = byEmail.json().user;
      expect(byEmail.json()).toEqual({
        access: expect.any(String),
        refresh: expect.any(String),
        user: {
          id: expect.any(Number),
          email: email.toLowerCase(),
          username: expect.any(String),
          display_name: expect.stringMatching(/^Customer \d{4}$/),
          role: 'customer',
          marketing_consent: false,
          marketing_consent_at: null,
        },
      });
      expect(user.username).not.toContain('@');
      expect((await login(shop, user.username.toUpperCase())).statusCode).toBe(200);
    });

    it('stores only an argon2id hash of the password', async () => {
      const shop = await t.createTenant();
      const email = uniqueEmail();
      expect((await register(shop, email)).statusCode).toBe(201);
      const rows = await t.testDb.database.raw.query<{ password_hash: string }>(
        'select password_hash from users where tenant_id = $1 and email = $2',
        [shop.id, email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
      expect(rows[0]?.password_hash).not.toContain(GOOD_PASSWORD);
    });

    it('never writes a password to the log', async () => {
      const lines: string[] = [];
      const logged = await otherInstance({ NODE_ENV: 'production' }, { stream: { write: (line) => lines.push(line) } });
      try {
        const shop = await t.createTenant();
        const email = uniqueEmail();
        const secret = 'Logged-nowhere-4821';
        const send = (url: string, payload: object) => on(logged, shop, url, payload);
        expect(
          (await send('/api/accounts/register/', { email, password: secret, password_confirm: secret })).statusCode,
        ).toBe(201);
        await send('/api/accounts/register/', {
          email: 'bad',
          password: 'Weak-but-8',
          password_confirm: 'Other-one-8',
        });
        expect((await send('/api/accounts/login/', { login_id: email, password: secret })).statusCode).toBe(200);
        await send('/api/accounts/login/', { login_id: email, password: 'Wrong-guess-9917' });
        await send('/api/accounts/password-reset/confirm/', {
          token: 'x',
          password: 'Reset-attempt-5530',
          password_confirm: 'Reset-attempt-5530',
        });
        const log = lines.join('');
        // The requests were logged, their passwords were not.
        expect(log).toContain('/api/accounts/login/');
        for (const password of [secret, 'Weak-but-8', 'Other-one-8', 'Wrong-guess-9917', 'Reset-attempt-5530']) {
          expect(log).not.toContain(password);
        }
      } finally {
        await logged.close();
      }
    });

    it('answers an address that already has an account like a new one, and tells its owner instead', async () => {
      const shop = await t.createTenant();
      const email = uniqueEmail();
      const first = await register(shop, email);
      const again = await register(shop, email.toUpperCase(), 'Someone-else-2024');
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      // No second account, and the first keeps its password.
      const rows = await t.testDb.database.raw.query('select id from users where tenant_id = $1', [shop.id]);
      expect(rows).toHaveLength(1);
      expect((await login(shop, email, 'Someone-else-2024')).statusCode).toBe(401);
      expect((await login(shop, email)).statusCode).toBe(200);
      await t.settled();
      const mails = mailsTo(t.config.DATA_DIR, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.raw).toContain('Subject: Someone tried to register at Test shop with your address');
      expect(mails[0]?.body).toContain('/forgot-password');
    });

    it('lets the same e-mail register with two shops as two separate accounts', async () => {
      const shopA = await t.createTenant();
      const shopB = await t.createTenant();
      const email = uniqueEmail();
      expect((await register(shopA, email, 'first-shop-secret')).statusCode).toBe(201);
      expect((await register(shopB, email, 'second-shop-secret')).statusCode).toBe(201);
      expect((await login(shopA, email, 'first-shop-secret')).statusCode).toBe(200);
      expect((await login(shopB, email, 'first-shop-secret')).statusCode).toBe(401);
      expect((await login(shopB, email, 'second-shop-secret')).statusCode).toBe(200);
    });

    it('names each broken rule under its field', async () => {
      const shop = await t.createTenant();
      const mismatch = await register(shop, 'not-an-email', GOOD_PASSWORD, `${GOOD_PASSWORD}x`);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({
        email: ['Enter a valid email address.'],
        password_confirm: ['Passwords do not match.'],
      });
      const short = await register(shop, uniqueEmail(), 'short7!');
      expect(short.json()).toEqual({
        password: ['This password is too short. It must contain at least 8 characters.'],
      });
      const common = await register(shop, uniqueEmail(), 'Password123');
      expect(common.json()).toEqual({ password: ['This password is too common.'] });
      const missing = await post(shop, '/api/accounts/register/', { email: uniqueEmail() });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        password: ['This field is required.'],
        password_confirm: ['This field is required.'],
      });
    });
  });

  describe('login', () => {
    it('answers a wrong password and an unknown account alike, in about the same time', async () => {
      const shop = await t.createTenant();
      const { email } = await signedIn(shop);
      const wrong = await login(shop, email, 'not-the-password');
      const unknown = await login(shop, uniqueEmail('nobody'), 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({
        detail: 'No active account found with the given credentials',
        code: 'no_active_account',
      });

      // Both verify an argon2id hash: an unknown account is not answered any faster.
      const timed = async (loginId: string) => {
        const started = performance.now();
        await login(shop, loginId, 'not-the-password');
        return performance.now() - started;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const wrongTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        wrongTimes.push(await timed(email));
        unknownTimes.push(await timed(uniqueEmail('nobody')));
      }
      // Without the dummy hash an unknown account answers ~50 times faster; the wide margin keeps a loaded machine
      // from failing the test while still catching that.
      expect(median(unknownTimes)).toBeGreaterThan(median(wrongTimes) * 0.25);
    });

    it('requires both fields', async () => {
      const shop = await t.createTenant();
      const response = await post(shop, '/api/accounts/login/', {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ login_id: ['This field is required.'], password: ['This field is required.'] });
    });

    it('gives an access token that opens /me/ and a refresh token that does not', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const mine = await me(shop, session.access);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({
        id: session.user.id,
        email: session.email,
        username: expect.any(String),
        display_name: expect.any(String),
        role: 'customer',
        marketing_consent: false,
        marketing_consent_at: null,
      });
      expect((await me(shop, session.refresh)).statusCode).toBe(401);
      expect((await refresh(shop, session.access)).statusCode).toBe(401);
    });

    it('answers /me/ with 401 to a guest, and each customer with their own account', async () => {
      const shop = await t.createTenant();
      expect((await t.request(shop, { method: 'GET', url: '/api/accounts/me/' })).statusCode).toBe(401);
      const ana = await createCustomer(t, shop);
      const bir = await createCustomer(t, shop);
      expect((await me(shop, ana.accessToken)).json().id).toBe(ana.user.id);
      expect((await me(shop, bir.accessToken)).json().id).toBe(bir.user.id);
    });

    it("keeps shops apart: one shop's account, access and refresh tokens do nothing on another", async () => {
      const shopA = await t.createTenant();
      const shopB = await t.createTenant();
      const session = await signedIn(shopA);
      expect((await login(shopB, session.email)).statusCode).toBe(401);
      expect((await me(shopB, session.access)).statusCode).toBe(401);
      expect((await refresh(shopB, session.refresh)).statusCode).toBe(401);
      expect((await post(shopB, '/api/accounts/logout/', { refresh: session.refresh })).statusCode).toBe(401);
      // The refused attempts on shop B left the session on shop A whole.
      expect((await refresh(shopA, session.refresh)).statusCode).toBe(200);
    });

    it('signs tokens naming the shop, the user, their type and an id, for 15 minutes and 14 days by default', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const header = JSON.parse(Buffer.from(session.access.split('.')[0] ?? '', 'base64url').toString());
      expect(header.alg).toBe('HS256');
      const access = claimsOf(session.access);
      const refresh = claimsOf(session.refresh);
      for (const [claims, type] of [
        [access, 'access'],
        [refresh, 'refresh'],
      ]) {
        expect(claims).toMatchObject({
          sub: String(session.user.id),
          tid: shop.id,
          typ: type,
          jti: expect.any(String),
        });
      }
      expect(access.jti).not.toBe(refresh.jti);
      expect(Math.abs(access.exp - access.iat - 15 * 60)).toBeLessThanOrEqual(1);
      expect(Math.abs(refresh.exp - refresh.iat - 14 * 24 * 3600)).toBeLessThanOrEqual(1);
    });

    it('takes the token lifetimes from the configuration', async () => {
      const configured = await otherInstance({ ACCESS_TOKEN_TTL_SECONDS: 300, REFRESH_TOKEN_TTL_SECONDS: 7200 });
      try {
        const shop = await t.createTenant();
        const email = uniqueEmail();
        await register(shop, email);
        const pair = (
          await on(configured, shop, '/api/accounts/login/', { login_id: email, password: GOOD_PASSWORD })
        ).json();
        const access = claimsOf(pair.access);
        const refresh = claimsOf(pair.refresh);
        expect(Math.abs(access.exp - access.iat - 300)).toBeLessThanOrEqual(1);
        expect(Math.abs(refresh.exp - refresh.iat - 7200)).toBeLessThanOrEqual(1);
      } finally {
        await configured.close();
      }
    });

    it('rejects alg:none, wrongly signed and expired refresh tokens', async () => {
      const shop = await t.createTenant();
      const { user } = await createCustomer(t, shop);
      const claims = {
        sub: String(user.id),
        tid: shop.id,
        typ: 'refresh',
        role: 'customer',
        iss: 'platform',
        jti: crypto.randomUUID(),
        fam: crypto.randomUUID(),
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
      const expired = await new TokenSigner(t.config.JWT_SECRET ?? '', 900, -60).sign({
        userId: user.id,
        tenantId: shop.id,
        type: 'refresh',
        role: 'customer',
        family: crypto.randomUUID(),
      });
      for (const token of [none, forged, otherAlgorithm, expired.token, 'garbage']) {
        const response = await refresh(shop, token);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
      }
    });
  });

  describe('refresh and logout', () => {
    /** Moves the shop's rotations back past the grace window, as if that time had passed. */
    async function pastGrace(tenant: Tenant) {
      await t.testDb.database.raw.query(
        `update refresh_tokens set rotated_at = rotated_at - interval '1 hour' where tenant_id = $1`,
        [tenant.id],
      );
    }

    it('rotates: the new pair works; the old token answers the same pair for a moment, then stops working', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const rotated = await refresh(shop, session.refresh);
      expect(rotated.statusCode).toBe(200);
      const pair = rotated.json();
      expect(pair).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      expect(pair.refresh).not.toBe(session.refresh);
      expect((await me(shop, pair.access)).statusCode).toBe(200);
      // Another tab presenting the same token just after gets the same pair, and the sign-in lives on.
      const late = await refresh(shop, session.refresh);
      expect(late.statusCode).toBe(200);
      expect(late.json()).toEqual(pair);
      await pastGrace(shop);
      expect((await refresh(shop, session.refresh)).statusCode).toBe(401);
    });

    it('two tabs refreshing at the same moment both get the one new pair, and stay signed in', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const [a, b] = await Promise.all([refresh(shop, session.refresh), refresh(shop, session.refresh)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
      expect((await me(shop, a.json().access)).statusCode).toBe(200);
      expect((await refresh(shop, a.json().refresh)).statusCode).toBe(200);
    });

    it.each([
      ['another address', { remoteAddress: '203.0.113.9' }],
      ['another browser', { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' } }],
    ])(
      'a rotated token replayed by another client within the grace window revokes the sign-in (%s)',
      async (_name, client) => {
        const shop = await t.createTenant();
        const session = await signedIn(shop);
        const rotated = await refresh(shop, session.refresh);
        expect(rotated.statusCode).toBe(200);
        const pair = rotated.json();
        // Within the grace window, from elsewhere: a stolen copy, not a second tab. It gets nothing.
        const replay = await t.request(shop, {
          method: 'POST',
          url: '/api/accounts/token/refresh/',
          payload: { refresh: session.refresh },
          ...client,
        });
        expect(replay.statusCode).toBe(401);
        expect(replay.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
        // The whole sign-in ends: the pair the customer got, and the rotated token for the customer too.
        expect((await me(shop, pair.access)).statusCode).toBe(401);
        expect((await refresh(shop, pair.refresh)).statusCode).toBe(401);
        expect((await refresh(shop, session.refresh)).statusCode).toBe(401);
        // Another login of the same account is another family and keeps working.
        const other = (await login(shop, session.email)).json();
        expect((await refresh(shop, other.refresh)).statusCode).toBe(200);
      },
    );

    it('revokes the whole token family when a rotated refresh token is reused after the grace window', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const first = (await refresh(shop, session.refresh)).json();
      const second = (await refresh(shop, first.refresh)).json();
      await pastGrace(shop);
      // Someone replays the first, already rotated token: the thief and the customer both lose this login.
      expect((await refresh(shop, first.refresh)).statusCode).toBe(401);
      expect((await refresh(shop, second.refresh)).statusCode).toBe(401);
      // Another login of the same account is another family and keeps working.
      const other = (await login(shop, session.email)).json();
      expect((await refresh(shop, other.refresh)).statusCode).toBe(200);
    });

    it('revokes the refresh token on logout, and only that one', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const otherDevice = (await login(shop, session.email)).json();
      const out = await post(shop, '/api/accounts/logout/', { refresh: session.refresh });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ detail: 'Successfully logged out.' });
      expect((await refresh(shop, session.refresh)).statusCode).toBe(401);
      expect((await refresh(shop, otherDevice.refresh)).statusCode).toBe(200);
    });

    it('ends the whole sign-in on logout, even with a token a concurrent refresh already rotated', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const rotated = (await refresh(shop, session.refresh)).json();
      expect((await post(shop, '/api/accounts/logout/', { refresh: session.refresh })).statusCode).toBe(200);
      expect((await refresh(shop, rotated.refresh)).statusCode).toBe(401);
    });

    it('holds a logout on every instance: the revocations live in the database', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const other = await otherInstance();
      try {
        const out = await on(other, shop, '/api/accounts/logout/', { refresh: session.refresh });
        expect(out.statusCode).toBe(200);
        expect((await refresh(shop, session.refresh)).statusCode).toBe(401);
        // And a rotation on this instance is seen there: the rotated token is refused by the other one.
        const again = await signedIn(shop);
        expect((await refresh(shop, again.refresh)).statusCode).toBe(200);
        await pastGrace(shop);
        expect((await on(other, shop, '/api/accounts/token/refresh/', { refresh: again.refresh })).statusCode).toBe(
          401,
        );
      } finally {
        await other.close();
      }
    });

    it('answers logout with a bad token with 401', async () => {
      const shop = await t.createTenant();
      const response = await post(shop, '/api/accounts/logout/', { refresh: 'garbage' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    it('answers before looking the address up: the same work before the answer, known address or not', async () => {
      const shop = await t.createTenant();
      const { email } = await signedIn(shop);
      // Hold the background work: the answers must come while it waits.
      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const seen: string[] = [];
      t.app.deps.events.on('account.password_reset_requested', async (event) => {
        if (event.tenantId !== shop.id) return;
        seen.push(event.email);
        await gate;
      });
      const nobody = uniqueEmail('nobody');
      const known = await post(shop, '/api/accounts/password-reset/', { email });
      const unknown = await post(shop, '/api/accounts/password-reset/', { email: nobody });
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(seen).toEqual([email, nobody]);
      open();
      await t.settled();
      expect(mailsTo(t.config.DATA_DIR, email)).toHaveLength(1);
    });

    it('always answers 202 and mails a link only to an existing account', async () => {
      const shop = await t.createTenant();
      const { email } = await signedIn(shop);
      const nobody = uniqueEmail('nobody');
      const known = await post(shop, '/api/accounts/password-reset/', { email: email.toUpperCase() });
      const unknown = await post(shop, '/api/accounts/password-reset/', { email: nobody });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual(known.json());
      const headersOf = (answer: typeof known) =>
        Object.keys(answer.headers)
          .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
          .sort();
      expect(headersOf(unknown)).toEqual(headersOf(known));
      await t.settled();
      const [mail] = mailsTo(t.config.DATA_DIR, email);
      expect(mail?.raw).toContain('Subject: Reset your password at Test shop');
      expect(mail?.body).toMatch(/http:\/\/localhost(:\d+)?\/reset-password\?token=[\w-]{43}/);
      expect(mailsTo(t.config.DATA_DIR, nobody)).toEqual([]);
    });

    it('sets the new password once, and signs the account out everywhere', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      await post(shop, '/api/accounts/password-reset/', { email: session.email });
      await t.settled();
      const token = lastResetToken(t.config.DATA_DIR, session.email);
      expect(token).toBeDefined();
      const body = { token, password: 'Bhojpur-steel-2024', password_confirm: 'Bhojpur-steel-2024' };

      const done = await post(shop, '/api/accounts/password-reset/confirm/', body);
      expect(done.statusCode).toBe(200);
      expect((await login(shop, session.email, 'Bhojpur-steel-2024')).statusCode).toBe(200);
      expect((await login(shop, session.email, GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await refresh(shop, session.refresh)).statusCode).toBe(401);
      // The access token of the old sign-in stops at once too, not when it expires.
      const me = await t.request(shop, { method: 'GET', url: '/api/accounts/me/', token: session.access });
      expect(me.statusCode).toBe(401);

      const again = await post(shop, '/api/accounts/password-reset/confirm/', {
        ...body,
        password: 'Another-one-2025',
        password_confirm: 'Another-one-2025',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        detail: 'This password reset link is invalid or has expired.',
        code: 'invalid_reset_token',
      });
    });

    it('makes the link expire one hour after it was asked for', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      const askedAt = Date.now();
      await post(shop, '/api/accounts/password-reset/', { email: session.email });
      // The link is made after the answer.
      await t.settled();
      const rows = await t.testDb.database.raw.query<{ expires_at: string | Date }>(
        'select expires_at from password_reset_tokens where tenant_id = $1',
        [shop.id],
      );
      expect(rows).toHaveLength(1);
      const lifetime = new Date(rows[0]?.expires_at ?? 0).getTime() - askedAt;
      expect(lifetime).toBeGreaterThan(3_600_000 - 5_000);
      expect(lifetime).toBeLessThan(3_600_000 + 5_000);
    });

    it('refuses an expired link, and a weak password without using the link up', async () => {
      const shop = await t.createTenant();
      const session = await signedIn(shop);
      await post(shop, '/api/accounts/password-reset/', { email: session.email });
      await t.settled();
      const token = lastResetToken(t.config.DATA_DIR, session.email);

      const weak = await post(shop, '/api/accounts/password-reset/confirm/', {
        token,
        password: 'qwertyuiop',
        password_confirm: 'qwertyuio',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({
        password: ['This password is too common.'],
        password_confirm: ['Passwords do not match.'],
      });

      await t.testDb.database.raw.query(
        `update password_reset_tokens set expires_at = now() - interval '1 second' where tenant_id = $1`,
        [shop.id],
      );
      const late = await post(shop, '/api/accounts/password-reset/confirm/', {
        token,
        password: 'Bhojpur-steel-2024',
        password_confirm: 'Bhojpur-steel-2024',
      });
      expect(late.statusCode).toBe(400);
      expect((await login(shop, session.email)).statusCode).toBe(200);
    });

    it("does not accept one shop's reset link on another shop", async () => {
      const shopA = await t.createTenant();
      const shopB = await t.createTenant();
      const session = await signedIn(shopA);
      await post(shopA, '/api/accounts/password-reset/', { email: session.email });
      await t.settled();
      const token = lastResetToken(t.config.DATA_DIR, session.email);
      const body = { token, password: 'Bhojpur-steel-2024', password_confirm: 'Bhojpur-steel-2024' };
      expect((await post(shopB, '/api/accounts/password-reset/confirm/', body)).statusCode).toBe(400);
      expect((await post(shopA, '/api/accounts/password-reset/confirm/', body)).statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    const cases = [
      { url: '/api/accounts/login/', limit: ACCOUNT_RATE_LIMITS.login.max },
      { url: '/api/accounts/register/', limit: ACCOUNT_RATE_LIMITS.register.max },
      { url: '/api/accounts/token/refresh/', limit: ACCOUNT_RATE_LIMITS.refresh.max },
      { url: '/api/accounts/password-reset/', limit: ACCOUNT_RATE_LIMITS.passwordReset.max },
      { url: '/api/accounts/password-reset/confirm/', limit: ACCOUNT_RATE_LIMITS.passwordReset.max },
    ];
    for (const { url, limit } of cases) {
      it(`answers ${url} with 429 past ${limit} requests of one address and shop`, async () => {
        const shop = await t.createTenant();
        for (let i = 0; i < limit; i += 1) expect((await post(shop, url, {})).statusCode).toBe(400);
        const throttled = await post(shop, url, {});
        expect(throttled.statusCode).toBe(429);
        expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
        expect(throttled.json()).toEqual({ detail: expect.stringContaining('throttled'), code: 'throttled' });
        // Another address is counted apart.
        const elsewhere = await t.request(shop, { method: 'POST', url, payload: {}, remoteAddress: '203.0.113.9' });
        expect(elsewhere.statusCode).toBe(400);
      });
    }

    /** A request reaching `app` from the peer `proxy` with the `X-Forwarded-For` it wrote. */
    const forwarded = (
      app: FastifyInstance,
      shop: Tenant,
      url: string,
      payload: object,
      proxy: string,
      chain: string,
    ) =>
      app.inject({
        method: 'POST',
        url,
        remoteAddress: proxy,
        headers: { 'x-tenant-token': shop.token, 'x-forwarded-for': chain },
        payload,
      });
    const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode);
    const times = (count: number, status: number) => Array.from({ length: count }, () => status);
    const perAccount = NAMED_ACCOUNT_RATE_LIMITS;

    it('refuses the eleventh sign-in of one account within a quarter of an hour, each from another address', async () => {
      const behindProxy = await otherInstance({ TRUST_PROXY: 1 });
      try {
        const shop = await t.createTenant();
        const { user } = await createCustomer(t, shop);
        const signIn = (loginId: string, password: string, client: string) =>
          forwarded(behindProxy, shop, '/api/accounts/login/', { login_id: loginId, password }, '10.0.0.1', client);
        const answers = [];
        for (let i = 1; i <= 12; i += 1) answers.push(await signIn(user.email, 'not-the-password', `198.51.100.${i}`));
        expect(statuses(answers)).toEqual([...times(perAccount.login.max, 401), 429, 429]);
        const throttled = answers.at(-1);
        expect(Number(throttled?.headers['retry-after'])).toBeGreaterThan(0);
        expect(throttled?.json()).toEqual({ detail: expect.stringContaining('throttled'), code: 'throttled' });
        // Other spellings of the address are the same account; the right password waits for the window too.
        expect(
          (await signIn(`  ${user.email.toUpperCase()} `, DEFAULT_TEST_PASSWORD, '198.51.100.13')).statusCode,
        ).toBe(429);
        // Another account of the shop, and the same address at another shop, are counted apart.
        const other = await createCustomer(t, shop);
        expect((await signIn(other.user.email, DEFAULT_TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
        const otherShop = await t.createTenant();
        const elsewhere = await forwarded(
          behindProxy,
          otherShop,
          '/api/accounts/login/',
          { login_id: user.email, password: 'not-the-password' },
          '10.0.0.1',
          '198.51.100.1',
        );
        expect(elsewhere.statusCode).toBe(401);
      } finally {
        await behindProxy.close();
      }
    });

    it('counts sign-ins by e-mail address and by username of one account together', async () => {
      const behindProxy = await otherInstance({ TRUST_PROXY: 1 });
      try {
        const shop = await t.createTenant();
        const { user } = await createCustomer(t, shop, { username: `guessed-${shop.id}` });
        const signIn = (loginId: string, password: string, client: string) =>
          forwarded(behindProxy, shop, '/api/accounts/login/', { login_id: loginId, password }, '10.0.0.1', client);
        const answers = [];
        for (let i = 1; i <= perAccount.login.max + 1; i += 1) {
          const loginId = i % 2 === 0 ? user.username : user.email;
          answers.push(await signIn(loginId, 'not-the-password', `198.51.100.${i}`));
        }
        // Counted apart, alternating names would reach 429 only after twenty.
        expect(statuses(answers)).toEqual([...times(perAccount.login.max, 401), 429]);
        expect((await signIn(user.username, DEFAULT_TEST_PASSWORD, '198.51.100.50')).statusCode).toBe(429);
      } finally {
        await behindProxy.close();
      }
    });

    it('counts sign-ins naming an account that does not exist like those naming one that does', async () => {
      const shop = await t.createTenant();
      const nobody = uniqueEmail('nobody');
      const answers = [];
      for (let i = 1; i <= perAccount.login.max + 1; i += 1) {
        const loginId = i % 2 === 0 ? nobody.toUpperCase() : nobody;
        const payload = { login_id: loginId, password: 'not-the-password' };
        answers.push(
          await t.request(shop, {
            method: 'POST',
            url: '/api/accounts/login/',
            payload,
            remoteAddress: `198.51.100.${i}`,
          }),
        );
      }
      expect(statuses(answers)).toEqual([...times(perAccount.login.max, 401), 429]);
    });

    it('counts parallel sign-ins of one account as they arrive: of twelve at once, two meet a 429', async () => {
      const shop = await t.createTenant();
      const { user } = await createCustomer(t, shop);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.request(shop, {
            method: 'POST',
            url: '/api/accounts/login/',
            payload: { login_id: user.email, password: 'not-the-password' },
            remoteAddress: `198.51.100.${i + 1}`,
          }),
        ),
      );
      expect(statuses(answers).sort()).toEqual([...times(perAccount.login.max, 401), 429, 429]);
    });

    it('refuses the sixth password reset request and the sixth registration of one e-mail address within an hour, from any address', async () => {
      const shop = await t.createTenant();
      const email = uniqueEmail();
      const ask = (url: string, payload: object, i: number) =>
        t.request(shop, { method: 'POST', url, payload, remoteAddress: `198.51.100.${i}` });
      const resets = [];
      for (let i = 1; i <= perAccount.passwordReset.max + 1; i += 1) {
        resets.push(
          await ask('/api/accounts/password-reset/', { email: i === 1 ? ` ${email.toUpperCase()}` : email }, i),
        );
      }
      expect(statuses(resets)).toEqual([...times(perAccount.passwordReset.max, 202), 429]);
      const registrations = [];
      const body = { email, password: GOOD_PASSWORD, password_confirm: GOOD_PASSWORD };
      for (let i = 1; i <= perAccount.register.max + 1; i += 1) {
        registrations.push(await ask('/api/accounts/register/', body, i));
      }
      expect(statuses(registrations)).toEqual([...times(perAccount.register.max, 201), 429]);
      // Another address of the shop may still register.
      const other = uniqueEmail();
      const registered = await ask('/api/accounts/register/', { ...body, email: other }, 1);
      expect(registered.statusCode).toBe(201);
    });

    it('counts the client the nearest proxy saw with TRUST_PROXY=1, whatever the client wrote left of it', async () => {
      const behindProxy = await otherInstance({ TRUST_PROXY: 1 });
      try {
        const shop = await t.createTenant();
        const signIn = (chain: string) =>
          forwarded(
            behindProxy,
            shop,
            '/api/accounts/login/',
            { login_id: uniqueEmail('nobody'), password: 'not-the-password' },
            '10.0.0.1',
            chain,
          );
        const answers = [];
        for (let i = 1; i <= ACCOUNT_RATE_LIMITS.login.max + 1; i += 1) {
          answers.push(await signIn(`192.0.2.${i}, 198.51.100.${i}, 203.0.113.7`));
        }
        expect(statuses(answers)).toEqual([...times(ACCOUNT_RATE_LIMITS.login.max, 401), 429]);
        // Another client behind the same proxy has its own count.
        expect((await signIn('192.0.2.1, 203.0.113.8')).statusCode).toBe(401);
      } finally {
        await behindProxy.close();
      }
    });

    it('believes X-Forwarded-For only from the proxies of a TRUST_PROXY list of addresses and ranges', async () => {
      const behindProxies = await otherInstance({ TRUST_PROXY: ['10.0.0.0/8', '127.0.0.1'] });
      try {
        const shop = await t.createTenant();
        const signIn = (proxy: string, chain: string) =>
          forwarded(
            behindProxies,
            shop,
            '/api/accounts/login/',
            { login_id: uniqueEmail('nobody'), password: 'not-the-password' },
            proxy,
            chain,
          );
        const limit = ACCOUNT_RATE_LIMITS.login.max;
        // Two listed proxies in a row: the client is the address the outer one saw.
        const throughTwo = [];
        for (let i = 1; i <= limit + 1; i += 1) {
          throughTwo.push(await signIn(`10.1.2.${i}`, `192.0.2.${i}, 203.0.113.20, 10.9.9.9`));
        }
        expect(statuses(throughTwo)).toEqual([...times(limit, 401), 429]);
        expect((await signIn('10.1.2.3', '203.0.113.21')).statusCode).toBe(401);
        // A peer that is not listed is the client itself, whatever it forwards.
        const direct = [];
        for (let i = 1; i <= limit + 1; i += 1) direct.push(await signIn('198.51.100.77', `203.0.113.${100 + i}`));
        expect(statuses(direct)).toEqual([...times(limit, 401), 429]);
      } finally {
        await behindProxies.close();
      }
    });
  });

  describe('token signing secret', () => {
    it('is generated once on the embedded database, kept in the data folder for the next start', () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
      try {
        const first = resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }));
        expect(first.length).toBeGreaterThanOrEqual(32);
        const file = path.join(dataDir, 'jwt-secret');
        expect(fs.readFileSync(file, 'utf8').trim()).toBe(first);
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        expect(resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
        expect(resolveJwtSecret(loadConfig({ DATA_DIR: otherDir }))).not.toBe(first);
        const configured = 'configured-secret-configured-secret-0123';
        expect(resolveJwtSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: configured }))).toBe(configured);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
        fs.rmSync(otherDir, { recursive: true, force: true });
      }
    });

    it('must be configured with DATABASE_URL, where every instance signs with the same one', () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
      try {
        expect(() =>
          resolveJwtSecret(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/shop' })),
        ).toThrow(/JWT_SECRET/);
        expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  it('creates customers with the shared test builder that can log in with the default password', async () => {
    const shop = await t.createTenant();
    const { user } = await createCustomer(t, shop);
    expect((await login(shop, user.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
  });
});
