// Card money going back through the shop's gateway (2C2P's Payment Maintenance API, or the built-in sandbox that
// speaks it): a void while the payment is not settled, a refund once it is, and the status of a pending refund.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestContext } from '../../lib/context.ts';
import { SANDBOX_GATEWAY_PREFIX, shopUrl } from '../../lib/urls.ts';
import type { PaymentConfig } from './payments.config.ts';
import { GatewayError } from './payments.gateway.ts';
import { storeSandboxMerchantKeys } from './refunds.repository.ts';
import {
  buildXml,
  generateMaintenanceKeys,
  MAINTENANCE_PATH,
  type MaintenanceAnswer,
  maintenanceRequest,
  type OpenKeys,
  openMessage,
  type ProcessType,
  parseXml,
  privateKeyOf,
  publicKeyOf,
  readMaintenanceAnswer,
  type SealKeys,
  sealMessage,
} from './twoc2p.maintenance.ts';

/** The sandbox's path that publishes its public key (its half of the certificate exchange). */
export const SANDBOX_CERTIFICATE_PATH = '/PaymentAction/2.0/certificate';

/** The merchant's key pair for the built-in sandbox: generated on first use and kept with the shop's settings. */
export async function sandboxMerchantKeys(ctx: RequestContext, config: PaymentConfig) {
  if (config.sandboxMaintenancePrivateKey) {
    return { privateKey: config.sandboxMaintenancePrivateKey, publicKey: config.sandboxMaintenancePublicKey };
  }
  return storeSandboxMerchantKeys(ctx.scope, await generateMaintenanceKeys());
}

interface MaintenanceKeys {
  seal: SealKeys;
  open: OpenKeys;
}

/**
 * The gateway gave no answer the shop can read (a timeout, a transport failure, a server error, an answer that does
 * not open): what it did with the request is unknown, and must be asked before anything is sent again.
 */
export class GatewayUnansweredError extends GatewayError {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnansweredError';
  }
}

async function fetchText(url: string, init: RequestInit, timeoutMs: number): Promise<string> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    body = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new GatewayUnansweredError(
      timedOut ? 'The payment gateway did not answer in time.' : 'The payment gateway could not be reached.',
    );
  }
  if (response.status >= 500) {
    throw new GatewayUnansweredError(`The payment gateway failed to answer (HTTP ${response.status}).`);
  }
  if (!response.ok) throw new GatewayError(`The payment gateway refused the request (HTTP ${response.status}).`);
  return body;
}

/** The keys of a 2C2P merchant, from the server's secret files; a clear refusal when they are not there. */
async function merchantKeyFiles(dir: string, merchantId: string): Promise<MaintenanceKeys> {
  const missing = new GatewayError(
    `Refunds through 2C2P need the merchant's Payment Maintenance keys on the server (TWOC2P_MAINTENANCE_KEYS_DIR/${merchantId}/).`,
  );
  if (!dir) throw missing;
  try {
    const [own, theirs] = await Promise.all([
      fs.readFile(path.join(dir, merchantId, 'merchant-private.pem'), 'utf8'),
      fs.readFile(path.join(dir, merchantId, '2c2p-public.pem'), 'utf8'),
    ]);
    const privateKey = privateKeyOf(own);
    const gatewayKey = publicKeyOf(theirs);
    return {
      seal: { signWith: privateKey, encryptFor: gatewayKey },
      open: { verifyWith: gatewayKey, decryptWith: privateKey },
    };
  } catch {
    throw missing;
  }
}

/** The shop's Payment Maintenance endpoint and keys. */
async function maintenanceEndpoint(ctx: RequestContext, config: PaymentConfig) {
  const platform = ctx.deps.config;
  const timeoutMs = platform.PAYMENT_GATEWAY_TIMEOUT_MS;
  if (config.cardGateway === 'sandbox') {
    const base = shopUrl(ctx, `${SANDBOX_GATEWAY_PREFIX}/${encodeURIComponent(ctx.tenant.token)}`);
    const own = await sandboxMerchantKeys(ctx, config);
    const gatewayKey = publicKeyOf(await fetchText(`${base}${SANDBOX_CERTIFICATE_PATH}`, {}, timeoutMs));
    const privateKey = privateKeyOf(own.privateKey);
    return {
      url: `${base}${MAINTENANCE_PATH}`,
      keys: {
        seal: { signWith: privateKey, encryptFor: gatewayKey },
        open: { verifyWith: gatewayKey, decryptWith: privateKey },
      },
      timeoutMs,
    };
  }
  const base =
    config.cardEnvironment === 'production'
      ? platform.TWOC2P_MAINTENANCE_PRODUCTION_URL
      : platform.TWOC2P_MAINTENANCE_SANDBOX_URL;
  return {
    url: `${base.replace(/\/+$/, '')}${MAINTENANCE_PATH}`,
    keys: await merchantKeyFiles(platform.TWOC2P_MAINTENANCE_KEYS_DIR, config.cardMerchantId),
    timeoutMs,
  };
}

/** One Payment Maintenance request and its opened answer; a transport or crypto failure is a `GatewayError`. */
export async function askMaintenance(
  ctx: RequestContext,
  config: PaymentConfig,
  request: { processType: ProcessType; invoiceNo: string; amountCents?: number; reference?: string },
): Promise<MaintenanceAnswer> {
  const endpoint = await maintenanceEndpoint(ctx, config);
  const xml = buildXml('PaymentProcessRequest', maintenanceRequest({ merchantId: config.cardMerchantId, ...request }));
  const token = await sealMessage(xml, endpoint.keys.seal);
  const answer = await fetchText(
    endpoint.url,
    { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'text/plain' }, body: token },
    endpoint.timeoutMs,
  );
  let opened: string;
  try {
    opened = await openMessage(answer, endpoint.keys.open);
  } catch {
    throw new GatewayUnansweredError("The payment gateway's answer failed its signature or encryption check.");
  }
  const fields = parseXml('PaymentProcessResponse', opened);
  if (!fields) throw new GatewayUnansweredError('The payment gateway gave an unreadable answer.');
  return readMaintenanceAnswer(fields);
}

/** What the gateway did with a card refund: done now (a void or a refund), or pending at the bank. */
export interface CardRefundOutcome {
  kind: 'refund' | 'void';
  status: 'succeeded' | 'pending';
  reference: string;
  respCode: string;
  respDesc: string;
}

function refused(answer: MaintenanceAnswer): GatewayError {
  const description = answer.respDesc || 'The payment gateway refused the refund.';
  return new GatewayError(`${description} (${answer.respCode || 'no code'})`, answer.respCode || null);
}

/**
 * Sends `amountCents` of a card payment back: the gateway is asked what the payment is now (inquiry `I`); one not yet
 * settled is voided when the whole payment goes back (`V`), and refused otherwise (a void is all or nothing, a
 * refund needs a settled payment); a settled one is refunded (`R`), at once or pending at the bank.
 */
export async function refundCardPayment(
  ctx: RequestContext,
  config: PaymentConfig,
  payment: { invoiceNo: string; amountCents: number },
  input: { amountCents: number; refundedBeforeCents: number; gatewayReference: string },
): Promise<CardRefundOutcome> {
  const now = await askMaintenance(ctx, config, { processType: 'I', invoiceNo: payment.invoiceNo });
  if (now.respCode !== '00') throw refused(now);
  if (now.status === 'approved') {
    if (input.amountCents !== payment.amountCents || input.refundedBeforeCents > 0) {
      throw new GatewayError(
        'This card payment is not settled yet: it can only be voided in full today, or refunded in part once it has settled.',
        'not_settled',
      );
    }
    const voided = await askMaintenance(ctx, config, {
      processType: 'V',
      invoiceNo: payment.invoiceNo,
      amountCents: input.amountCents,
      reference: input.gatewayReference,
    });
    if (voided.respCode !== '00') throw refused(voided);
    return { kind: 'void', status: 'succeeded', reference: voided.reference, ...codes(voided) };
  }
  const refunded = await askMaintenance(ctx, config, {
    processType: 'R',
    invoiceNo: payment.invoiceNo,
    amountCents: input.amountCents,
    reference: input.gatewayReference,
  });
  if (refunded.respCode !== '00') throw refused(refunded);
  const status = refunded.status === 'refund_pending' ? 'pending' : 'succeeded';
  return { kind: 'refund', status, reference: refunded.reference, ...codes(refunded) };
}

function codes(answer: MaintenanceAnswer) {
  return { respCode: answer.respCode, respDesc: answer.respDesc };
}

/** What a gateway says of a refund it was asked about (`PaymentMethodHandler.refundStatus`). */
export interface GatewayRefundStatus {
  status: 'pending' | 'succeeded' | 'failed' | 'not_found';
  kind: 'refund' | 'void';
  answer: MaintenanceAnswer;
}

/** The sandbox's (and the platform's reading of 2C2P's) answer code for "no refund by this reference". */
export const REFUND_NOT_FOUND_CODE = '37';

/**
 * What became of a refund, asked by its own reference (`RS`): still pending, done (a refund, or a void), failed,
 * never received (`not_found`: safe to send it), or null when the answer says none of these (ask again later).
 * Throws `GatewayUnansweredError` when the gateway does not answer.
 */
export async function cardRefundStatus(
  ctx: RequestContext,
  config: PaymentConfig,
  request: { invoiceNo: string; amountCents: number; reference?: string },
): Promise<GatewayRefundStatus | null> {
  const answer = await askMaintenance(ctx, config, { processType: 'RS', ...request });
  if (answer.respCode === REFUND_NOT_FOUND_CODE) return { status: 'not_found', kind: 'refund', answer };
  if (answer.respCode !== '00') return null;
  if (answer.status === 'voided') return { status: 'succeeded', kind: 'void', answer };
  if (answer.status === 'refunded') return { status: 'succeeded', kind: 'refund', answer };
  if (answer.status === 'refund_failed') return { status: 'failed', kind: 'refund', answer };
  if (answer.status === 'refund_pending') return { status: 'pending', kind: 'refund', answer };
  return null;
}
