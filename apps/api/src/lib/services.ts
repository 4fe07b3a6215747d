// The platform services every request context carries (`ServiceDeps` in `context.ts`), as interfaces: the modules that
// implement them (media, mail, accounts) sit above this layer, and everything below only knows these shapes.
import type { Readable } from 'node:stream';

/** A stored file, as it is read back: its bytes as a stream, and what the answer's headers need. */
export interface StoredMedia {
  body: Readable;
  contentType: string;
  size: number;
  etag: string;
}

/** Where media files live: local disk by default, or an S3-compatible bucket; both behave alike. */
export interface MediaStorage {
  /** Stores a file under its key (replacing one with the same key; keys are content hashes, so it is the same). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file and its stored content type; null when there is none (or the key is not one we make). */
  get(key: string): Promise<StoredMedia | null>;
  /** The public URL path of a stored file, e.g. `/media/t1/favicon.svg`. */
  url(key: string): string;
}

/**
 * Delivers the shop's queued mail (`queueMail` puts it in the `mail_queue` table). Every instance runs it: a pass
 * claims due messages shop by shop (row locks skipped by the others, then a lease), sends each, and marks it sent,
 * or retries it later with a doubling delay, or gives it up after the last attempt with an error in the log.
 */
export interface Mailer {
  /** Asks for a delivery pass soon (a message was just queued). */
  nudge(): void;
  /** One pass over every shop's due messages. */
  deliverDue(): Promise<DeliveryTotals>;
  /** Resolves when no message is due now: what was queued has been sent, retried for later, or given up. */
  idle(): Promise<void>;
}

export interface DeliveryTotals {
  sent: number;
  retried: number;
  failed: number;
}

/** The two kinds of token: an access token authorizes requests; a refresh token only buys new tokens. */
export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  tenantId: number;
  type: TokenType;
  role: string;
  jti: string;
  /**
   * The sign-in (session) a token belongs to: the rotation family of its refresh tokens, revoked whole on logout,
   * password reset, disabling, or when a rotated token is reused. Access tokens carry it so that they end with it.
   */
  family?: string;
  /** Seconds since the epoch. */
  exp: number;
}

/** Who presents a refresh token, as the request shows it: its address (`request.ip`) and its user agent. */
export interface TokenClient {
  address: string;
  userAgent: string;
}

/** Signs and verifies the platform's tokens (`TokenSigner` in the accounts module). */
export interface TokenService {
  sign(input: {
    userId: number;
    tenantId: number;
    type: TokenType;
    role: string;
    family?: string;
  }): Promise<{ token: string; jti: string; exp: number }>;
  /** A keyed digest of a client, kept with a rotated refresh token. */
  clientDigest(client: TokenClient): string;
  /** A keyed digest of `text` for one `purpose` (a link's key): it cannot be made or checked without the secret. */
  digest(purpose: string, text: string): string;
  /** The claims of a valid token of the expected type and shop; throws otherwise. */
  verify(token: string, expected: { type: TokenType; tenantId: number }): Promise<TokenClaims>;
}
