import { CompactSign, compactVerify, decodeProtectedHeader } from 'jose';

/**
 * A decimal number written into JSON as it is, digits for digits (`85.00`, not the float `85`): amounts go to a
 * payment gateway as JSON numbers without ever passing through floating point.
 */
export class JsonDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal number: ${text}`);
  }
}

const DECIMAL_MARK = '\u0000decimal:';

/** `JSON.stringify` that writes each `JsonDecimal` as a bare number. */
export function stringifyWithDecimals(value: object): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof JsonDecimal ? `${DECIMAL_MARK}${item.text}` : item,
  );
  return text.replace(/"\\u0000decimal:(-?\d+(?:\.\d+)?)"/g, '$1');
}

const encoder = new TextEncoder();

/** A JWT over `claims`, HS256 with the UTF-8 bytes of `secret` (as 2C2P signs and expects). */
export async function signHs256(claims: object, secret: string): Promise<string> {
  return new CompactSign(encoder.encode(stringifyWithDecimals(claims)))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(encoder.encode(secret));
}

export class SignatureError extends Error {
  constructor(message = 'signature verification failed') {
    super(message);
    this.name = 'SignatureError';
  }
}

/**
 * The claims of a JWT signed HS256 with `secret`; the algorithm is pinned (a token naming any other, `none`
 * included, is refused) and the claims must be a JSON object. Throws `SignatureError` otherwise.
 */
export async function verifyHs256(token: string, secret: string): Promise<Record<string, unknown>> {
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, encoder.encode(secret), { algorithms: ['HS256'] }));
  } catch {
    throw new SignatureError();
  }
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    throw new SignatureError('claims are not JSON');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims))
    throw new SignatureError('claims are not an object');
  return claims as Record<string, unknown>;
}

/** The claims of a JWT read without checking its signature: only to learn whom it claims to be from. */
export function unverifiedClaims(token: string): Record<string, unknown> | null {
  try {
    decodeProtectedHeader(token);
    const part = token.split('.')[1] ?? '';
    const claims: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
