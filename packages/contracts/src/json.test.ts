import { describe, expect, it } from 'vitest';
import { jwtClaims, parseJsonOr, readAnswerBody } from './index.ts';

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
