// 2C2P's Payment Maintenance API (`PaymentAction/2.0/action`): refunds, voids, refund status and inquiry of a card
// transaction. Each message is the XML `PaymentProcessRequest` (answer: `PaymentProcessResponse`), encrypted as a
// JWE (RSA-OAEP, A256GCM) with the receiver's public key, inside a JWS signed PS256 with the sender's private key
// (facts and what is unverified: docs/payments-2c2p.md, "Refunds").
import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { formatMinor } from '@platform/contracts';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { CompactEncrypt, CompactSign, compactDecrypt, compactVerify } from 'jose';
import { amountToCents } from './twoc2p.gateway.ts';

/** The process types the platform sends: refund, void, refund status, inquiry (settle is not used). */
export type ProcessType = 'R' | 'V' | 'RS' | 'I';

export const MAINTENANCE_PATH = '/PaymentAction/2.0/action';
const VERSION = '3.8';
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A PEM key pair (PKCS#8 private, SPKI public). */
export interface PemKeyPair {
  privateKey: string;
  publicKey: string;
}

/** A new RSA key pair for one side of the exchange (2048 bits, as 2C2P's certificates). */
export async function generateMaintenanceKeys(): Promise<PemKeyPair> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** A key of a PEM text: a private key, or a public key or certificate. */
export const privateKeyOf = (pem: string): KeyObject => createPrivateKey(pem);
export const publicKeyOf = (pem: string): KeyObject => createPublicKey(pem);

/** The sender's keys for one message: its private key signs, the receiver's public key encrypts. */
export interface SealKeys {
  signWith: KeyObject;
  encryptFor: KeyObject;
}

/** The receiver's keys for one message: the sender's public key verifies, its own private key decrypts. */
export interface OpenKeys {
  verifyWith: KeyObject;
  decryptWith: KeyObject;
}

/** `xml` as 2C2P sends it: a JWE for the receiver, signed by the sender (the JWS payload is the JWE's compact form). */
export async function sealMessage(xml: string, keys: SealKeys): Promise<string> {
  const jwe = await new CompactEncrypt(encoder.encode(xml))
    .setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A256GCM' })
    .encrypt(keys.encryptFor);
  return new CompactSign(encoder.encode(jwe)).setProtectedHeader({ alg: 'PS256', typ: 'JWT' }).sign(keys.signWith);
}

/** The XML inside a sealed message; throws when its signature or its encryption is not the expected one. */
export async function openMessage(token: string, keys: OpenKeys): Promise<string> {
  const { payload } = await compactVerify(token.trim(), keys.verifyWith, { algorithms: ['PS256'] });
  const { plaintext } = await compactDecrypt(decoder.decode(payload), keys.decryptWith, {
    keyManagementAlgorithms: ['RSA-OAEP'],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  return decoder.decode(plaintext);
}

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false });
const parser = new XMLParser({ parseTagValue: false, trimValues: true, ignoreDeclaration: true });

/** `<root><field>value</field>…</root>`; values are escaped by the builder. */
export function buildXml(root: string, fields: Record<string, string>): string {
  return builder.build({ [root]: fields }) as string;
}

/** The fields of `<root>` as text (nested elements left out), or null when the document has no such root. */
export function parseXml(root: string, xml: string): Record<string, string> | null {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return null;
  }
  const element = document && typeof document === 'object' ? (document as Record<string, unknown>)[root] : undefined;
  if (!element || typeof element !== 'object') return null;
  return Object.fromEntries(
    Object.entries(element as Record<string, unknown>).flatMap(([name, value]) =>
      typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
    ),
  );
}

/** A maintenance request's fields, as `PaymentProcessRequest` carries them. */
export function maintenanceRequest(input: {
  merchantId: string;
  invoiceNo: string;
  processType: ProcessType;
  amountCents?: number | undefined;
  /** The merchant's own reference of a refund or void (one per refund), so that a resend is the same refund. */
  reference?: string | undefined;
}): Record<string, string> {
  return {
    version: VERSION,
    timeStamp: compactStamp(new Date()),
    merchantID: input.merchantId,
    processType: input.processType,
    invoiceNo: input.invoiceNo,
    actionAmount: input.amountCents === undefined ? '' : formatMinor(input.amountCents),
    // NOTE: the field's name is not confirmed by 2C2P's public pages (docs/payments-2c2p.md): kept here only.
    ...(input.reference ? { [REFUND_REFERENCE_FIELD]: input.reference } : {}),
  };
}

/** The request field that carries the merchant's own reference of a refund. */
export const REFUND_REFERENCE_FIELD = 'idempotencyID';

/** `ddMMyyHHmmss`, the stamp 2C2P's maintenance samples carry (informational: 2C2P does not check it). */
function compactStamp(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/**
 * What a transaction's money is now, as the platform reads a maintenance answer's `status`: `A` approved (not yet
 * settled: it may be voided), `S` settled (it may be refunded), `V` voided, `RP` a refund pending at the bank, `RF`
 * refunded, `RR` a refund the bank refused. Anything else is `unknown`.
 */
export type MaintenanceStatus = 'approved' | 'settled' | 'voided' | 'refund_pending' | 'refunded' | 'refund_failed';
const STATUSES: Record<string, MaintenanceStatus> = {
  A: 'approved',
  S: 'settled',
  V: 'voided',
  RP: 'refund_pending',
  RF: 'refunded',
  RR: 'refund_failed',
};

/** A maintenance answer: `respCode` "00" is success; `status` what the transaction's money is now. */
export interface MaintenanceAnswer {
  respCode: string;
  respDesc: string;
  status: MaintenanceStatus | 'unknown';
  invoiceNo: string;
  amountCents: number | null;
  /** The gateway's reference of the refund (its `referenceNo`), '' when none. */
  reference: string;
  fields: Record<string, string>;
}

export function readMaintenanceAnswer(fields: Record<string, string>): MaintenanceAnswer {
  return {
    respCode: fields.respCode ?? '',
    respDesc: fields.respDesc ?? '',
    status: STATUSES[fields.status ?? ''] ?? 'unknown',
    invoiceNo: fields.invoiceNo ?? '',
    amountCents: amountToCents(fields.amount ?? ''),
    reference: fields.referenceNo ?? '',
    fields,
  };
}

/** The status code a sandbox answer gives for a state (the inverse of `STATUSES`). */
export function statusCode(status: MaintenanceStatus): string {
  return Object.entries(STATUSES).find(([, value]) => value === status)?.[0] ?? '';
}
