// The 2C2P PGW v4.3 adapter: Payment Token, Payment Inquiry and backend notifications, every message a JWT signed
// HS256 with the merchant's secret key (protocol facts in docs/payments-2c2p.md).
import { formatMinor } from '@platform/contracts';
import { JsonDecimal, SignatureError, signHs256, verifyHs256 } from '../../lib/hs256.ts';
import {
  GatewayError,
  GatewayMessageError,
  type GatewayPaymentRequest,
  type GatewayPaymentStart,
  type GatewayResult,
  type PaymentGateway,
} from './payments.gateway.ts';

export interface TwoC2PSettings {
  merchantId: string;
  secretKey: string;
  /** `https://sandbox-pgw.2c2p.com`, `https://pgw.2c2p.com`, or the built-in sandbox's address. */
  baseUrl: string;
  timeoutMs: number;
}

const API_PATH = '/payment/4.3';

/** An amount as 2C2P reads and writes it (a decimal in major units, number or string) to minor units; null if not. */
export function amountToCents(value: unknown): number | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  // D(12,5): up to five decimals, of which only the first two may be other than zero.
  const match = /^(\d{1,12})(?:\.(\d{1,2})0{0,3})?$/.exec(text.trim());
  if (!match) return null;
  const [, units = '0', fraction = ''] = match;
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Text for an HTML-bearing field: 2C2P asks for special characters to be HTML-encoded in `description`. */
function htmlEncoded(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export class TwoC2PGateway implements PaymentGateway {
  constructor(private readonly settings: TwoC2PSettings) {}

  async createPayment(request: GatewayPaymentRequest): Promise<GatewayPaymentStart> {
    const claims = await this.call('paymentToken', {
      merchantID: this.settings.merchantId,
      invoiceNo: request.invoiceNo,
      description: htmlEncoded(request.description).slice(0, 250),
      amount: new JsonDecimal(formatMinor(request.amountCents)),
      currencyCode: request.currency,
      paymentChannel: ['CC'],
      frontendReturnUrl: request.frontendReturnUrl,
      backendReturnUrl: request.backendReturnUrl,
    });
    const respCode = text(claims.respCode);
    if (respCode !== '0000') throw new GatewayError(describe(claims), respCode || null);
    const paymentToken = text(claims.paymentToken);
    const webPaymentUrl = text(claims.webPaymentUrl);
    if (!paymentToken || !isHttpUrl(webPaymentUrl)) {
      throw new GatewayError('The payment gateway answered without a payment page.');
    }
    return { paymentToken, webPaymentUrl };
  }

  async inquire(invoiceNo: string): Promise<GatewayResult | null> {
    const claims = await this.call('paymentInquiry', {
      merchantID: this.settings.merchantId,
      invoiceNo,
      locale: 'en',
    });
    const result = this.result(claims);
    if (result.respCode === '2002') return null;
    if (result.invoiceNo !== invoiceNo) throw new GatewayError('The payment gateway answered about another invoice.');
    return result;
  }

  async readNotification(body: unknown): Promise<GatewayResult> {
    const token = body && typeof body === 'object' ? (body as { payload?: unknown }).payload : undefined;
    if (typeof token !== 'string' || !token) {
      throw new GatewayMessageError('A notification carries a signed payload.', 'malformed');
    }
    let claims: Record<string, unknown>;
    try {
      claims = await verifyHs256(token, this.settings.secretKey);
    } catch (error) {
      if (error instanceof SignatureError) throw new GatewayMessageError('Invalid signature.', 'signature');
      throw error;
    }
    const result = this.result(claims);
    if (!result.invoiceNo || !result.respCode) {
      throw new GatewayMessageError('A notification names its invoice and result.', 'malformed');
    }
    return result;
  }

  private result(claims: Record<string, unknown>): GatewayResult {
    return {
      merchantId: text(claims.merchantID),
      invoiceNo: text(claims.invoiceNo),
      amountCents: amountToCents(claims.amount),
      currency: text(claims.currencyCode),
      respCode: text(claims.respCode),
      respDesc: text(claims.respDesc),
      transactionRef: text(claims.tranRef) || null,
      fields: claims,
    };
  }

  /** One signed request and its verified answer; every failure on the way is a `GatewayError`. */
  private async call(operation: string, claims: object): Promise<Record<string, unknown>> {
    const payload = await signHs256(claims, this.settings.secretKey);
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}${API_PATH}/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ payload }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new GatewayError(
        timedOut ? 'The payment gateway did not answer in time.' : 'The payment gateway could not be reached.',
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new GatewayError(`The payment gateway gave an unreadable answer (HTTP ${response.status}).`);
    }
    if (!body || typeof body !== 'object') throw new GatewayError('The payment gateway gave an unreadable answer.');
    const answer = body as Record<string, unknown>;
    if (typeof answer.payload === 'string') {
      try {
        return await verifyHs256(answer.payload, this.settings.secretKey);
      } catch {
        throw new GatewayError("The payment gateway's answer failed its signature check.");
      }
    }
    // Refusals come unsigned: {"respCode": "90xx", "respDesc": "…"}.
    if (typeof answer.respCode === 'string') throw new GatewayError(describe(answer), answer.respCode);
    throw new GatewayError(`The payment gateway gave an unreadable answer (HTTP ${response.status}).`);
  }
}

function describe(claims: Record<string, unknown>): string {
  const code = text(claims.respCode);
  const description = text(claims.respDesc) || 'The payment gateway refused the request.';
  return code ? `${description} (${code})` : description;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
