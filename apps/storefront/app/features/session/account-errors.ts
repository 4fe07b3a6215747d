import { ApiError } from '../../lib/api-client.ts';

export const LOGIN_FALLBACK = 'An unknown error occurred during login.';
export const REGISTER_FALLBACK = 'An unknown error occurred during registration.';

/** Spec section 8 for login and register: the detail; else each field as 'field: messages' joined with '; '; else
 * the message; else the fallback. */
export function accountErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.fieldErrors) {
      return Object.entries(error.fieldErrors)
        .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
        .join('; ');
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The `redirect` parameter when it names a path of this site; anything else (another site, `//host`) gives '/'. */
export function safeRedirect(target: string | null, origin: string): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, origin);
    if (url.origin !== new URL(origin).origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
