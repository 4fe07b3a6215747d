// One token renewal for both apps, by the storefront spec's rule (section 4): before a call, an access token that
// needs it (`accessTokenNeedsRefresh`) is renewed through the refresh token, once, while every call that needs one
// meanwhile waits for it and then uses the new token. A renewal that fails — no refresh token, refused, an answer
// without an access token, a server that cannot be reached or answers an error — ends the session: the tokens are
// cleared and every call waiting on it fails with its error. A call answered 401 renews the same way, once for all
// the calls that saw the same token (one revoked before its expiry).
import { accessTokenNeedsRefresh } from './json.ts';

/** Where an app keeps its tokens (the storefront and the administration keep theirs apart). */
export interface TokenStore {
  access(): string | null;
  refresh(): string | null;
  /** Keeps a new access token, and a new refresh token when given (else the old one stays). */
  save(tokens: { access: string; refresh?: string | undefined }): void;
  clear(): void;
}

export interface TokenRenewalOptions {
  store: TokenStore;
  /** Trades a refresh token for new tokens (`POST /accounts/token/refresh/`); throws when that fails. */
  renew(refresh: string): Promise<{ access?: string | null | undefined; refresh?: string | null | undefined }>;
  /** The errors of a renewal without a refresh token, and of an answer without an access token (the spec's texts). */
  errors: { noRefreshToken(): Error; invalidAnswer(): Error };
  /** Runs a renewal alone among the app's tabs (a Web Lock); this tab's calls wait on one renewal in any case. */
  exclusive?: (run: () => Promise<string>) => Promise<string>;
  now?: () => number;
}

export interface TokenRenewal {
  /** The access token to send, renewed first when it needs it; null for a guest (no token at all). */
  accessToken(): Promise<string | null>;
  /** The token to send again after a 401 answered `stale`: renewed, unless another call renewed it meanwhile. */
  renewAfterUnauthorized(stale: string): Promise<string>;
}

export function createTokenRenewal(options: TokenRenewalOptions): TokenRenewal {
  const { store, errors } = options;
  const now = options.now ?? Date.now;
  const exclusive = options.exclusive ?? ((run) => run());
  let renewing: Promise<string> | null = null;

  async function renew(): Promise<string> {
    try {
      const refresh = store.refresh();
      if (!refresh) throw errors.noRefreshToken();
      const answer = await options.renew(refresh);
      if (!answer.access) throw errors.invalidAnswer();
      store.save({ access: answer.access, refresh: answer.refresh ?? undefined });
      return answer.access;
    } catch (error) {
      store.clear();
      throw error;
    }
  }

  /** One renewal at a time; `usable` says whether the token found when its turn comes needs none after all. */
  function renewOnce(usable: (access: string) => boolean): Promise<string> {
    renewing ??= exclusive(async () => {
      // Another tab may have renewed meanwhile: its token is used rather than the refresh token shown twice.
      const access = store.access();
      return access && usable(access) ? access : renew();
    }).finally(() => {
      renewing = null;
    });
    return renewing;
  }

  const fresh = (access: string) => !accessTokenNeedsRefresh(access, now());
  return {
    async accessToken() {
      // A call made while a renewal runs waits for it, and fails with it.
      if (renewing) return renewing;
      const access = store.access();
      if (!access && !store.refresh()) return null;
      return access && fresh(access) ? access : renewOnce(fresh);
    },
    renewAfterUnauthorized: (stale) => renewOnce((access) => access !== stale && fresh(access)),
  };
}
