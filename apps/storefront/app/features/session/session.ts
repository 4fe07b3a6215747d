// The browser session exactly as spec section 4 keeps it: tokens in local storage under `authToken` and
// `refreshToken`, a `storage` event on every change, one refresh at a time with the other requests queued behind it
// (in this tab, and across the shop's tabs through a Web Lock).
import type { LoginResponse, RefreshResponse } from '@platform/contracts';
import { createTokenRenewal } from '@platform/contracts/plain';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { ApiContractError } from '../../lib/api-client.ts';

export const ACCESS_TOKEN_KEY = 'authToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** A token that expires within this margin counts as expired (spec section 9). */

export const INVALID_LOGIN_RESPONSE = 'Invalid token response from server.';
const REFRESH_TOKEN_NOT_FOUND = 'Refresh token not found.';
const INVALID_REFRESH_RESPONSE = 'Invalid token refresh response.';

/** A session rule broke (a token missing in an answer, no refresh token): the message is the spec's text. */
export class SessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionError';
  }
}

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

export function isSignedIn(): boolean {
  return Boolean(getAccessToken());
}

/** Browsers fire `storage` only in the other tabs: this tab is told by hand, so every part reacts alike. */
function announce(key: string): void {
  window.dispatchEvent(new StorageEvent('storage', { key }));
}

/** Stores a new access token and, when given, a new refresh token (else the old one is kept). */
export function saveTokens(tokens: { access: string; refresh?: string | undefined }): void {
  const store = storage();
  if (!store) return;
  store.setItem(ACCESS_TOKEN_KEY, tokens.access);
  if (tokens.refresh) store.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
  announce(ACCESS_TOKEN_KEY);
}

/** Forgets both tokens and tells every listener. */
export function clearTokens(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(ACCESS_TOKEN_KEY);
  store.removeItem(REFRESH_TOKEN_KEY);
  announce(ACCESS_TOKEN_KEY);
}

/** The call that trades a refresh token for new tokens (`POST /accounts/token/refresh/`). */
type RefreshCall = (refresh: string) => Promise<RefreshResponse>;

let refreshCall: RefreshCall | undefined;

/** Set once by `configureBrowserSession`: the session refreshes through the browser's API client. */
export function setRefreshCall(call: RefreshCall): void {
  refreshCall = call;
}

/** The name of the lock the shop's tabs take to refresh one at a time (the Web Locks API). */
export const REFRESH_LOCK = 'session-refresh';

// The session's one refresh at a time (the platform's token renewal, one rule with the administration): in this tab,
// and across the shop's tabs through a Web Lock; a failed refresh logs out and fails every request waiting on it.
const renewal = createTokenRenewal({
  store: { access: getAccessToken, refresh: getRefreshToken, save: saveTokens, clear: clearTokens },
  async renew(refresh) {
    if (!refreshCall) throw new Error('The session has no refresh call configured.');
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

/**
 * The access token to send, refreshed first when it is expired. Only one refresh runs at a time, in this tab and
 * across tabs: requests that arrive meanwhile wait for it and then use the new token, or all fail with it. A guest
 * (no token at all) sends none.
 */
export function getFreshAccessToken(): Promise<string | null> {
  return renewal.accessToken();
}

/** Stores the tokens of a login answer; an answer with an empty access token is refused. */
export function acceptLogin(login: LoginResponse): LoginResponse {
  if (!login.access) throw new SessionError(INVALID_LOGIN_RESPONSE);
  saveTokens({ access: login.access, refresh: login.refresh });
  return login;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** Signed in = an access token is present; re-read on `storage` events. The server always renders signed out. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}

/** The logout call; set by `configureBrowserSession` so that the header's Logout reaches the server. */
let logoutCall: ((refresh: string) => Promise<unknown>) | undefined;

export function setLogoutCall(call: (refresh: string) => Promise<unknown>): void {
  logoutCall = call;
}

/** Logs out: tells the server (best effort) and clears the tokens even when that call fails. */
export async function logout(): Promise<void> {
  try {
    // The call refreshes an expired access token first: read the refresh token after that, not the rotated one.
    await getFreshAccessToken();
    const refresh = getRefreshToken();
    if (refresh && logoutCall) await logoutCall(refresh);
  } catch {
    // The local session ends regardless (spec section 4).
  } finally {
    clearTokens();
  }
}

/** Logout as the header offers it: end the session, then go home. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    void logout().finally(() => navigate('/'));
  };
}
