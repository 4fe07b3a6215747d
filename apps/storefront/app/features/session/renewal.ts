// The session's one refresh at a time, by the platform's token renewal (one rule with the administration): in this
// tab, and across the shop's tabs through a Web Lock; a failed refresh logs out and fails every request waiting on
// it. Loaded when a refresh is first due: a guest's calls, and those with a fresh token, need none of it.
import type { RefreshResponse } from '@platform/contracts';
import { createTokenRenewal, type TokenRenewal } from '@platform/contracts/token-renewal';
import { ApiContractError } from '../../lib/api-client.ts';
import { clearTokens, getAccessToken, getRefreshToken, SessionError, saveTokens } from './tokens.ts';

const REFRESH_TOKEN_NOT_FOUND = 'Refresh token not found.';
const INVALID_REFRESH_RESPONSE = 'Invalid token refresh response.';

/** The name of the lock the shop's tabs take to refresh one at a time (the Web Locks API). */
export const REFRESH_LOCK = 'session-refresh';

/** The renewal of the session's tokens through `refreshCall` (`POST /accounts/token/refresh/`). */
export function sessionRenewal(refreshCall: (refresh: string) => Promise<RefreshResponse>): TokenRenewal {
  return createTokenRenewal({
    store: { access: getAccessToken, refresh: getRefreshToken, save: saveTokens, clear: clearTokens },
    async renew(refresh) {
      try {
        return await refreshCall(refresh);
      } catch (error) {
        throw error instanceof ApiContractError ? new SessionError(INVALID_REFRESH_RESPONSE) : error;
      }
    },
    errors: {
      noRefreshToken: () => new SessionError(REFRESH_TOKEN_NOT_FOUND),
      invalidAnswer: () => new SessionError(INVALID_REFRESH_RESPONSE),
    },
    exclusive: async (run) => {
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      return locks ? await locks.request(REFRESH_LOCK, run) : run();
    },
  });
}
