import { describe, expect, it } from 'vitest';
import { createTokenRenewal, type TokenStore } from './token-renewal.ts';

const NOW = 1_800_000_000_000;
const token = (expSeconds: number, name = 'a') =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ exp: expSeconds, name }))}.signature`;
const fresh = (name: string) => token(NOW / 1000 + 900, name);
const expiring = token(NOW / 1000 + 30);

function memoryStore(initial: { access?: string; refresh?: string }) {
  const tokens = { ...initial };
  const store: TokenStore = {
    access: () => tokens.access ?? null,
    refresh: () => tokens.refresh ?? null,
    save: ({ access, refresh }) => {
      tokens.access = access;
      if (refresh) tokens.refresh = refresh;
    },
    clear: () => {
      delete tokens.access;
      delete tokens.refresh;
    },
  };
  return { store, tokens };
}

const errors = {
  noRefreshToken: () => new Error('Refresh token not found.'),
  invalidAnswer: () => new Error('Invalid token refresh response.'),
};

describe('the token renewal of both apps', () => {
  it('sends a fresh token as it is, none for a guest, and renews one about to expire once for every call waiting', async () => {
    const asked: string[] = [];
    const { store, tokens } = memoryStore({ access: expiring, refresh: 'r1' });
    const renewal = createTokenRenewal({
      store,
      renew: async (refresh) => {
        asked.push(refresh);
        return { access: fresh('b'), refresh: 'r2' };
      },
      errors,
      now: () => NOW,
    });
    const sent = await Promise.all([renewal.accessToken(), renewal.accessToken(), renewal.accessToken()]);
    expect(sent).toEqual([fresh('b'), fresh('b'), fresh('b')]);
    expect(asked).toEqual(['r1']);
    expect(tokens).toEqual({ access: fresh('b'), refresh: 'r2' });
    expect(await renewal.accessToken()).toBe(fresh('b'));
    expect(asked).toHaveLength(1);

    const guest = createTokenRenewal({ store: memoryStore({}).store, renew: async () => ({}), errors });
    expect(await guest.accessToken()).toBeNull();
  });

  it('keeps the refresh token when the answer brings none, and uses a token another tab renewed meanwhile', async () => {
    const { store, tokens } = memoryStore({ access: expiring, refresh: 'r1' });
    let renewed = 0;
    const renewal = createTokenRenewal({
      store,
      renew: async () => {
        renewed += 1;
        return { access: fresh('b') };
      },
      errors,
      now: () => NOW,
      // The lock is granted after another tab renewed: its token is fresh when this tab's turn comes.
      exclusive: async (run) => {
        store.save({ access: fresh('other tab') });
        return run();
      },
    });
    expect(await renewal.accessToken()).toBe(fresh('other tab'));
    expect(renewed).toBe(0);
    expect(tokens.refresh).toBe('r1');
  });

  it('ends the session when the renewal fails in any way, failing every call that waited on it', async () => {
    for (const failure of ['refused', 'server error', 'no access', 'no refresh token'] as const) {
      const { store, tokens } = memoryStore({
        access: expiring,
        ...(failure === 'no refresh token' ? {} : { refresh: 'r1' }),
      });
      const renewal = createTokenRenewal({
        store,
        renew: async () => {
          if (failure === 'no access') return { refresh: 'r2' };
          throw new Error(failure);
        },
        errors,
        now: () => NOW,
      });
      const calls = await Promise.allSettled([renewal.accessToken(), renewal.accessToken()]);
      const expected =
        failure === 'no access'
          ? 'Invalid token refresh response.'
          : failure === 'no refresh token'
            ? 'Refresh token not found.'
            : failure;
      expect(
        calls.map((call) => (call.status === 'rejected' ? (call.reason as Error).message : 'sent')),
        failure,
      ).toEqual([expected, expected]);
      expect(tokens, failure).toEqual({});
    }
  });

  it('after a 401, renews once for every call that saw the same token, and not when another call renewed it', async () => {
    const { store } = memoryStore({ access: fresh('a'), refresh: 'r1' });
    let renewed = 0;
    const renewal = createTokenRenewal({
      store,
      renew: async () => {
        renewed += 1;
        return { access: fresh(`renewed ${renewed}`) };
      },
      errors,
      now: () => NOW,
    });
    const stale = fresh('a');
    const again = await Promise.all([renewal.renewAfterUnauthorized(stale), renewal.renewAfterUnauthorized(stale)]);
    expect(again).toEqual([fresh('renewed 1'), fresh('renewed 1')]);
    // A call that saw the old token after the renewal finished gets the new one, without renewing again.
    expect(await renewal.renewAfterUnauthorized(stale)).toBe(fresh('renewed 1'));
    expect(renewed).toBe(1);
  });
});
