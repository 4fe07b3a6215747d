// The built-in sandbox gateway: a 2C2P PGW v4.3 simulator for shops configured for it. It validates and answers
// like 2C2P (JWT HS256 both ways, its response codes), serves a hosted payment page, notifies the shop's backend and
// posts the shopper's browser back, so that the shop's real 2C2P adapter is exercised end to end.
import { randomBytes, randomInt } from 'node:crypto';
import type { RequestContext } from '../../lib/context.ts';
import { JsonDecimal, SignatureError, signHs256, unverifiedClaims, verifyHs256 } from '../../lib/hs256.ts';
import { SANDBOX_GATEWAY_PREFIX, shopOrigin, shopUrl } from '../../lib/urls.ts';
import { sandboxMerchant } from '../payments/index.ts';
import {
  completeTransaction,
  findTransactionByInvoice,
  findTransactionByToken,
  insertTransaction,
  type SandboxOutcome,
  type SandboxTransaction,
} from './sandbox.repository.ts';

/** 2C2P's answers, by code, as the sandbox gives them. */
const RESPONSES = {
  '0000': 'Success',
  '0001': 'Transaction is pending.',
  '0003': 'Transaction is cancelled.',
  '2002': 'Transaction is not found.',
  '4005': 'Do not honor.',
  '4051': 'Insufficient funds.',
  '9004': 'The value is not valid.',
  '9005': 'Some mandatory fields are missing.',
  '9007': 'Invalid merchant.',
  '9009': 'Amount is invalid.',
  '9010': 'Currency code is invalid.',
  '9015': 'Existing invoice number.',
  '9039': 'The merchant frontend URL is missing.',
  '9041': 'Payment token already used.',
  '9042': 'Hash value mismatch.',
} as const;
type ResponseCode = keyof typeof RESPONSES;

/** The sandbox's currencies (ISO 4217 letters). */
const CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'SGD', 'THB', 'NPR', 'INR', 'AUD', 'JPY', 'HKD', 'MYR']);

/** 2C2P's public test cards (docs/payments-2c2p.md section 9). */
export const TEST_CARDS = [
  { brand: 'Visa', number: '4111111111111111', cvv: '123' },
  { brand: 'Mastercard', number: '5555555555554444', cvv: '123' },
  { brand: 'American Express', number: '378282246310005', cvv: '1234' },
] as const;

const TOKEN_LIFETIME_MS = 30 * 60 * 1000;
const NOTIFY_TIMEOUT_MS = 10_000;

/** What the shopper chose on the hosted page, and the answer code each stands for. */
export const OUTCOMES = {
  approve: { label: 'Approve', respCode: '0000' },
  decline: { label: 'Decline', respCode: '4005' },
  insufficient: { label: 'Insufficient funds', respCode: '4051' },
  cancel: { label: 'Cancel payment', respCode: '0003' },
  pending: { label: 'Leave pending', respCode: '0001' },
} as const satisfies Record<string, { label: string; respCode: ResponseCode }>;
export type Outcome = keyof typeof OUTCOMES;

/** How the sandbox delivers the backend notification: once, twice, late (after the browser is back), or never. */
export const NOTIFICATION_MODES = {
  once: 'Send it',
  twice: 'Send it twice',
  late: 'Send it late (after the shopper is back at the shop)',
  never: 'Do not send it',
} as const;
export type NotificationMode = keyof typeof NOTIFICATION_MODES;

interface Logger {
  warn(object: object, message: string): void;
}

/** A plain 2C2P refusal: `{respCode, respDesc}`, unsigned. */
function refusal(code: ResponseCode) {
  return { respCode: code, respDesc: RESPONSES[code] };
}

/**
 * Reads a signed request the way 2C2P does: the merchant named inside must be the shop's sandbox merchant (9007),
 * and the signature its secret's (9042).
 */
async function readRequest(
  ctx: RequestContext,
  body: unknown,
): Promise<
  | { ok: true; merchant: { merchantId: string; secretKey: string }; claims: Record<string, unknown> }
  | { ok: false; answer: ReturnType<typeof refusal> }
> {
  const merchant = await sandboxMerchant(ctx);
  if (!merchant) return { ok: false, answer: refusal('9007') };
  const token = body && typeof body === 'object' ? (body as { payload?: unknown }).payload : undefined;
  if (typeof token !== 'string' || !token) return { ok: false, answer: refusal('9005') };
  if (unverifiedClaims(token)?.merchantID !== merchant.merchantId) return { ok: false, answer: refusal('9007') };
  try {
    return { ok: true, merchant, claims: await verifyHs256(token, merchant.secretKey) };
  } catch (error) {
    if (error instanceof SignatureError) return { ok: false, answer: refusal('9042') };
    throw error;
  }
}

function field(claims: Record<string, unknown>, name: string): string {
  const value = claims[name];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Whether a URL the shop asks the sandbox to call lies on the shop's configured origin (never a request header). */
function onShopOrigin(ctx: RequestContext, url: string): boolean {
  try {
    return new URL(url).origin === shopOrigin(ctx.tenant, ctx.deps.config);
  } catch {
    return false;
  }
}

function hostedPageUrl(ctx: RequestContext, token: string): string {
  return shopUrl(ctx, `${hostedPagePath(ctx)}/${token}`);
}

/** The hosted page's address, without the token. */
export function hostedPagePath(ctx: RequestContext): string {
  return `${SANDBOX_GATEWAY_PREFIX}/${encodeURIComponent(ctx.tenant.token)}/payment/4.3/pay`;
}

/** `POST …/payment/4.3/paymentToken`: validates like 2C2P and opens a transaction with a 30-minute token. */
export async function createPaymentToken(ctx: RequestContext, body: unknown): Promise<object> {
  const read = await readRequest(ctx, body);
  if (!read.ok) return read.answer;
  const { claims, merchant } = read;
  const required = ['merchantID', 'invoiceNo', 'description', 'amount', 'currencyCode'];
  if (required.some((name) => !field(claims, name))) return refusal('9005');
  const invoiceNo = field(claims, 'invoiceNo');
  if (!/^[A-Za-z0-9]{1,50}$/.test(invoiceNo)) return refusal('9004');
  const amount = field(claims, 'amount');
  if (!/^\d{1,12}(\.\d{1,5})?$/.test(amount) || !/[1-9]/.test(amount)) return refusal('9009');
  const currency = field(claims, 'currencyCode');
  if (!CURRENCIES.has(currency)) return refusal('9010');
  const frontendReturnUrl = field(claims, 'frontendReturnUrl');
  if (!frontendReturnUrl) return refusal('9039');
  const backendReturnUrl = field(claims, 'backendReturnUrl');
  if (!onShopOrigin(ctx, frontendReturnUrl) || (backendReturnUrl && !onShopOrigin(ctx, backendReturnUrl))) {
    return refusal('9004');
  }
  const userDefined = Object.fromEntries(
    [1, 2, 3, 4, 5].map((n) => [`userDefined${n}`, field(claims, `userDefined${n}`)]).filter(([, value]) => value),
  );
  const paymentToken = randomBytes(32).toString('base64url');
  const created = await insertTransaction(ctx.scope, {
    merchantId: merchant.merchantId,
    invoiceNo,
    paymentToken,
    description: field(claims, 'description').slice(0, 250),
    amount,
    currency,
    frontendReturnUrl,
    backendReturnUrl: backendReturnUrl || null,
    userDefined,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
  });
  if (!created) return refusal('9015');
  const answer = {
    webPaymentUrl: hostedPageUrl(ctx, paymentToken),
    paymentToken,
    respCode: '0000',
    respDesc: 'Success',
  };
  return { payload: await signHs256(answer, merchant.secretKey) };
}

/** The fields 2C2P reports about a completed transaction (backend notification and inquiry alike). */
function transactionClaims(transaction: SandboxTransaction): object {
  return {
    merchantID: transaction.merchantId,
    invoiceNo: transaction.invoiceNo,
    accountNo: transaction.accountNo ?? '',
    amount: new JsonDecimal(transaction.amount),
    currencyCode: transaction.currency,
    tranRef: transaction.tranRef ?? '',
    referenceNo: transaction.tranRef ?? '',
    approvalCode: transaction.approvalCode ?? '',
    eci: transaction.respCode === '0000' ? '05' : '',
    transactionDateTime: compactDateTime(transaction.transactionAt ?? transaction.createdAt),
    agentCode: 'SANDBOX',
    channelCode: 'CC',
    issuerCountry: 'US',
    issuerBank: 'SANDBOX BANK',
    cardType: 'CREDIT',
    ...transaction.userDefined,
    respCode: transaction.respCode ?? '2002',
    respDesc: transaction.respDesc ?? RESPONSES['2002'],
  };
}

/** `yyyyMMddHHmmss` in UTC. */
function compactDateTime(at: Date): string {
  return at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** `POST …/payment/4.3/paymentInquiry`: what became of an invoice (or token); 2002 until the shopper has paid. */
export async function inquire(ctx: RequestContext, body: unknown): Promise<object> {
  const read = await readRequest(ctx, body);
  if (!read.ok) return read.answer;
  const { claims, merchant } = read;
  const invoiceNo = field(claims, 'invoiceNo');
  const token = field(claims, 'paymentToken');
  if (!invoiceNo && !token) return refusal('9005');
  const transaction = invoiceNo
    ? await findTransactionByInvoice(ctx.scope, merchant.merchantId, invoiceNo)
    : await findTransactionByToken(ctx.scope, token);
  const answer =
    transaction?.respCode && transaction.merchantId === merchant.merchantId
      ? transactionClaims(transaction)
      : { merchantID: merchant.merchantId, invoiceNo, respCode: '2002', respDesc: RESPONSES['2002'] };
  return { payload: await signHs256(answer, merchant.secretKey) };
}

/** What the hosted page shows for a token. */
export type HostedPage =
  | { kind: 'form'; transaction: SandboxTransaction; shopName: string; error?: string }
  | { kind: 'closed'; message: string }
  | { kind: 'return'; url: string; paymentResponse: string };

/** The hosted page of a token: the payment form while it is open (or pending), else why it cannot be used. */
export async function hostedPage(ctx: RequestContext, token: string): Promise<HostedPage> {
  const transaction = (await sandboxMerchant(ctx)) ? await findTransactionByToken(ctx.scope, token) : null;
  if (!transaction) return { kind: 'closed', message: 'This payment link is not valid.' };
  if (transaction.respCode && transaction.respCode !== '0001') {
    return { kind: 'closed', message: `${RESPONSES['9041']} (9041)` };
  }
  if (!transaction.respCode && transaction.expiresAt < new Date()) {
    return { kind: 'closed', message: 'This payment link has expired.' };
  }
  return { kind: 'form', transaction, shopName: ctx.tenant.name };
}

function maskedCard(number: string): string {
  return `${number.slice(0, 6)}XXXXXX${number.slice(-4)}`;
}

/**
 * The shopper's choice on the hosted page: the transaction completes with the outcome's code (a test card number is
 * required, except to cancel), the shop's backend is notified as `mode` says, and the browser is posted back to the
 * shop with the unsigned `paymentResponse` that only says "ask the gateway".
 */
export async function completePayment(
  ctx: RequestContext,
  token: string,
  form: { outcome?: string; cardNumber?: string; notification?: string },
  log: Logger,
): Promise<HostedPage> {
  const page = await hostedPage(ctx, token);
  if (page.kind !== 'form') return page;
  const outcome = form.outcome && form.outcome in OUTCOMES ? (form.outcome as Outcome) : null;
  if (!outcome) return { ...page, error: 'Choose an outcome.' };
  const cardNumber = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  const card = TEST_CARDS.find((test) => test.number === cardNumber);
  if (outcome !== 'cancel' && !card) return { ...page, error: 'Use one of the test card numbers listed below.' };
  const respCode = OUTCOMES[outcome].respCode;
  const paid = respCode === '0000';
  const outcomeFields: SandboxOutcome = {
    respCode,
    respDesc: RESPONSES[respCode],
    tranRef: String(randomInt(1_000_000, 9_999_999)),
    approvalCode: paid ? String(randomInt(100_000, 999_999)) : null,
    accountNo: card ? maskedCard(card.number) : null,
    transactionAt: new Date(),
  };
  const completed = await completeTransaction(ctx.scope, page.transaction.id, outcomeFields);
  if (!completed) return { kind: 'closed', message: `${RESPONSES['9041']} (9041)` };
  const mode = form.notification && form.notification in NOTIFICATION_MODES ? form.notification : 'once';
  const merchant = await sandboxMerchant(ctx);
  if (merchant && completed.backendReturnUrl && mode !== 'never') {
    const notify = () => notifyBackend(completed, merchant.secretKey, log);
    if (mode === 'late') {
      setTimeout(() => void notify(), ctx.deps.config.SANDBOX_GATEWAY_LATE_NOTIFICATION_MS).unref();
    } else {
      await notify();
      if (mode === 'twice') await notify();
    }
  }
  const paymentResponse = Buffer.from(
    JSON.stringify({
      locale: null,
      invoiceNo: completed.invoiceNo,
      channelCode: 'CC',
      respCode: '2000',
      respDesc: 'Transaction is completed, please do payment inquiry request for full payment information.',
    }),
  ).toString('base64');
  return { kind: 'return', url: completed.frontendReturnUrl, paymentResponse };
}

/** The backend notification: `{payload: JWT}` posted to the shop's `backendReturnUrl`; a failure is logged. */
async function notifyBackend(transaction: SandboxTransaction, secretKey: string, log: Logger): Promise<void> {
  if (!transaction.backendReturnUrl) return;
  try {
    const response = await fetch(transaction.backendReturnUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ payload: await signHs256(transactionClaims(transaction), secretKey) }),
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) {
      log.warn({ invoiceNo: transaction.invoiceNo, status: response.status }, 'sandbox gateway: notification refused');
    }
  } catch (error) {
    log.warn({ invoiceNo: transaction.invoiceNo, err: error }, 'sandbox gateway: notification not delivered');
  }
}
