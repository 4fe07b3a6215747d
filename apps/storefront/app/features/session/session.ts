// The browser session exactly as spec section 4 keeps it: tokens in local storage under `authToken` and
// `refreshToken` (tokens.ts), a `storage` event on every change, one refresh at a time with the other requests queued
// behind it (in this tab, and across the shop's tabs through a Web Lock: renewal.ts).
import type { LoginResponse, RefreshResponse } from '@platform/contracts';
import { accessTokenNeedsRefresh } from '@platform/contracts/plain';
import type { TokenRenewal } from '@platform/contracts/token-renewal';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  INVALID_LOGIN_RESPONSE,
  isSignedIn,
  SessionError,
  saveTokens,
} from './tokens.ts';

export {
  ACCESS_TOKEN_KEY,
  clearTokens,
  getAccessToken,
  getRefreshToken,
  INVALID_LOGIN_RESPONSE,
  isSignedIn,
  REFRESH_TOKEN_KEY,
  SessionError,
  saveTokens,
} from './tokens.ts';

/** The call that trades a refresh token for new tokens (`POST /accounts/token/refresh/`). */
type RefreshCall = (refresh: string) => Promise<RefreshResponse>;

let refreshCall: RefreshCall | undefined;

/** Set once by `configureBrowserSession`: the session refreshes through the browser's API client. */
export function setRefreshCall(call: RefreshCall): void {
  refreshCall = call;
}

/** The refresh through the call `configureBrowserSession` set. */
function refresh(token: string): Promise<RefreshResponse> {
  if (!refreshCall) throw new Error('The session has no refresh call configured.');
  return refreshCall(token);
}

let renewal: Promise<TokenRenewal> | undefined;

/**
 * The access token to send, refreshed first when it is expired. Only one refresh runs at a time, in this tab and
 * across tabs: requests that arrive meanwhile wait for it and then use the new token, or all fail with it. A guest
 * (no token at all) sends none.
 */
export async function getFreshAccessToken(): Promise<string | null> {
  const access = getAccessToken();
  if (!access && !getRefreshToken()) return null;
  // Until it is about to expire, the stored token is sent as it is (while a refresh runs, the stored one is the old).
  if (!accessTokenNeedsRefresh(access, Date.now())) return access;
  renewal ??= import('./renewal.ts').then(({ sessionRenewal }) => sessionRenewal(refresh));
  return (await renewal).accessToken();
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
