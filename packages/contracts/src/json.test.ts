import { describe, expect, it } from 'vitest';
import { accessTokenNeedsRefresh, jwtClaims, parseJsonOr, readAnswerBody, TOKEN_REFRESH_MARGIN_MS } from './index.ts';

const base64url = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('reading JSON that may not be JSON', () => {
  it('reads an answer as its JSON, its text when it is not JSON, null when it is empty', async () => {
    expect(await readAnswerBody(new Response('{"detail":"Not found."}'))).toEqual({ detail: 'Not found.' });
    expect(await readAnswerBody(new Response('<html>Bad gateway</html>'))).toBe('<html>Bad gateway</html>');
    expect(await readAnswerBody(new Response(null, { status: 204 }))).toBeNull();
  });

  it('parses text or answers the fallback', () => {
    expect(parseJsonOr('{"id":1}', null)).toEqual({ id: 1 });
    expect(parseJsonOr('{broken', null)).toBeNull();
  });

  it("reads a JWT's claims, and nothing from what is not a JWT", () => {
    const payload = { exp: 1_800_000_000, user_id: 7, kind: '?>?' };
    expect(jwtClaims(`h.${base64url(payload)}.s`)).toEqual(payload);
    expect(jwtClaims('not-a-token')).toBeNull();
    expect(jwtClaims('h.%%%.s')).toBeNull();
    expect(jwtClaims(`h.${base64url([1, 2])}.s`)).toBeNull();
    expect(jwtClaims(`h.${base64url(null)}.s`)).toBeNull();
  });
});

describe('the one rule of both apps for renewing an access token', () => {
  const now = 1_800_000_000_000;
  const token = (exp: unknown) => `${base64url({ alg: 'HS256' })}.${base64url({ exp })}.signature`;

  it('renews one that is missing, not a JWT, or has no readable expiry', () => {
    expect(accessTokenNeedsRefresh(null, now)).toBe(true);
    expect(accessTokenNeedsRefresh('', now)).toBe(true);
    expect(accessTokenNeedsRefresh('opaque', now)).toBe(true);
    expect(accessTokenNeedsRefresh('a.%%%.c', now)).toBe(true);
    expect(accessTokenNeedsRefresh(token('soon'), now)).toBe(true);
  });

  it('renews one expiring less than a minute from now, and keeps one with a minute or more', () => {
    expect(TOKEN_REFRESH_MARGIN_MS).toBe(60_000);
    expect(accessTokenNeedsRefresh(token(now / 1000 - 1), now)).toBe(true);
    expect(accessTokenNeedsRefresh(token(now / 1000 + 59), now)).toBe(true);
    expect(accessTokenNeedsRefresh(token(now / 1000 + 60), now)).toBe(false);
    expect(accessTokenNeedsRefresh(token(now / 1000 + 900), now)).toBe(false);
  });
});
