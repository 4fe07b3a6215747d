import { createHmac, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { TokenClaims, TokenClient, TokenService, TokenType } from '../../lib/services.ts';

export type { TokenClaims, TokenClient, TokenType };

class InvalidTokenError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

const ALGORITHM = 'HS256';
const ISSUER = 'platform';

/** Signs and verifies the platform's JWTs. The algorithm is pinned: `alg: none` and others are refused. */
export class TokenSigner implements TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    readonly refreshTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(input: { userId: number; tenantId: number; type: TokenType; role: string; family?: string }) {
    const jti = randomUUID();
    const ttl = input.type === 'access' ? this.accessTtlSeconds : this.refreshTtlSeconds;
    const exp = Math.floor(Date.now() / 1000) + ttl;
    const token = await new SignJWT({
      tid: input.tenantId,
      typ: input.type,
      role: input.role,
      ...(input.family ? { fam: input.family } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(input.userId))
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, jti, exp };
  }

  /**
   * A keyed digest of a client (address and user agent), kept with a rotated refresh token so that its grace answer
   * goes only to the client that rotated it; the address itself is not stored, and without the key the digest cannot
   * be matched against guessed addresses.
   */
  clientDigest(client: TokenClient): string {
    return createHmac('sha256', this.key)
      .update(`refresh-client\n${client.address}\n${client.userAgent}`)
      .digest('base64url');
  }

  /** A keyed digest of `text` for `purpose`: another purpose's digest of the same text differs. */
  digest(purpose: string, text: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${text}`).digest('base64url');
  }

  /** Verifies signature, expiry, type and shop; throws InvalidTokenError otherwise. */
  async verify(token: string, expected: { type: TokenType; tenantId: number }): Promise<TokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER }));
    } catch (error) {
      throw new InvalidTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
    }
    const userId = Number(payload.sub);
    if (payload.typ !== expected.type) throw new InvalidTokenError('wrong_type');
    if (payload.tid !== expected.tenantId) throw new InvalidTokenError('wrong_tenant');
    if (!Number.isSafeInteger(userId) || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
      throw new InvalidTokenError('invalid');
    }
    return {
      userId,
      tenantId: expected.tenantId,
      type: expected.type,
      role: typeof payload.role === 'string' ? payload.role : 'customer',
      jti: payload.jti,
      exp: payload.exp,
      ...(typeof payload.fam === 'string' ? { family: payload.fam } : {}),
    };
  }
}
