// The session's tokens as spec section 4 keeps them: in local storage under `authToken` and `refreshToken`, with a
// `storage` event on every change; and the session's errors, in the spec's words.
export const ACCESS_TOKEN_KEY = 'authToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const INVALID_LOGIN_RESPONSE = 'Invalid token response from server.';

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
