// The browser session as the spec keeps it: tokens in local storage, a `storage` event on every change.
// NOTE: the accounts work replaces the bodies (login, refresh queue); components rely only on these exports.
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

export const ACCESS_TOKEN_KEY = 'authToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export function getAccessToken(): string | null {
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function isSignedIn(): boolean {
  return Boolean(getAccessToken());
}

/** Forgets both tokens and tells every listener (this tab included: browsers fire `storage` only in other tabs). */
export function clearTokens(): void {
  window.localStorage.removeItem(ACCESS_TOKEN_KEY);
  window.localStorage.removeItem(REFRESH_TOKEN_KEY);
  window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** Signed in = an access token is present; re-read on `storage` events. The server always renders signed out. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}

/** Logout as the header offers it: forget the tokens, then go home. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    clearTokens();
    navigate('/');
  };
}
