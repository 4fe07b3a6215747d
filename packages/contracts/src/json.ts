// Reading JSON that may not be JSON: answers of the API (or of a proxy in front of it), stored values, token claims.

/** JSON text as its value, or `fallback` when the text is not JSON. */
export function parseJsonOr<T>(text: string, fallback: T): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/**
 * An answer's body: its JSON; the text itself when it is not JSON (an HTML error page of a proxy); null when it is
 * empty (204).
 */
export async function readAnswerBody(response: Pick<Response, 'text'>): Promise<unknown> {
  const text = await response.text();
  return text ? parseJsonOr(text, text) : null;
}

/**
 * The claims of a JWT (its base64url JSON payload), or null when the token is not one. Not verified: only the server
 * trusts claims; a client reads them to know when its token expires.
 */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
  let json: string;
  try {
    json = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  } catch {
    return null;
  }
  const claims = parseJsonOr(json, null);
  return claims !== null && typeof claims === 'object' && !Array.isArray(claims)
    ? (claims as Record<string, unknown>)
    : null;
}

/** How long before its expiry an access token is replaced: the spec's 60 seconds, for the shop and the admin alike. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

/**
 * The one rule of both apps for an access token about to be sent: it is renewed first (through the refresh token)
 * when it is missing, is not a JWT with a readable `exp`, or expires less than `TOKEN_REFRESH_MARGIN_MS` after `now`.
 */
export function accessTokenNeedsRefresh(token: string | null | undefined, now: number): boolean {
  if (!token) return true;
  const exp = jwtClaims(token)?.exp;
  return typeof exp !== 'number' || !Number.isFinite(exp) || exp * 1000 - now < TOKEN_REFRESH_MARGIN_MS;
}

// Calls whose answer did not match its contract and was logged: once per call, however often it is made again
// (retries, renders); bounded, as paths carry slugs and ids: past the limit it starts over rather than grow.
const reportedMismatches = new Set<string>();
const MAX_REPORTED_MISMATCHES = 500;

/** Logs, once per call (its method and path), that its answer does not match its contract, with what differs. */
export function reportMismatchOnce(call: string, issues: unknown): void {
  if (reportedMismatches.has(call)) return;
  if (reportedMismatches.size >= MAX_REPORTED_MISMATCHES) reportedMismatches.clear();
  reportedMismatches.add(call);
  console.error(`The answer of ${call} does not match its contract:`, issues);
}
