// The shop's payment services: its options and terms by method (through the registry of payment methods), its order
// limits, and its settings.
import type { PaymentMethod, PaymentOptions } from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { sandboxMerchantKeys } from './card-refunds.service.ts';
import { findPaymentMethod, PAYMENT_METHOD_HANDLERS } from './payment-methods.ts';
import { inTestMode, loadPaymentConfig } from './payments.config.ts';
import { type PaymentSettingsValues, upsertPaymentSettings } from './payments.repository.ts';

export const INVALID_PAYMENT_METHOD = 'Invalid payment method selected.';

/** Whether the shop is in test mode: its card payments go through the built-in test gateway. */
export async function isTestMode(ctx: RequestContext): Promise<boolean> {
  return inTestMode(ctx, await loadPaymentConfig(ctx));
}

/** The refusal of the built-in test gateway on a server that does not allow it. */
export const TEST_GATEWAY_OFF =
  'The built-in test gateway takes no real payment and is switched off on this server (SANDBOX_GATEWAY_ENABLED).';

/** `GET /payments/options/`: what the checkout offers (spec section 3 "Payment options"), each method its part. */
export async function getPaymentOptions(ctx: RequestContext): Promise<PaymentOptions> {
  const config = await loadPaymentConfig(ctx);
  // Every field is some method's: the route's response schema refuses an answer that misses one.
  return Object.assign({}, ...PAYMENT_METHOD_HANDLERS.map((method) => method.options(ctx, config))) as PaymentOptions;
}

/** How an order paid by one method is paid: its label, what the customer is told, and how long it may stay unpaid. */
export interface PaymentTerms {
  method: PaymentMethod;
  label: string;
  instructions: string;
  timeoutMinutes: number;
  /** The shop takes payments through the built-in test gateway: the order is a test order. */
  testMode: boolean;
}

/**
 * The terms of paying by `method` at checkout; a method that is unknown or that the shop does not take is refused
 * with the spec's text.
 */
export async function checkoutPaymentTerms(ctx: RequestContext, method: string): Promise<PaymentTerms> {
  const config = await loadPaymentConfig(ctx);
  const handler = findPaymentMethod(method);
  if (!handler?.available(ctx, config)) {
    throw new BadRequestError(INVALID_PAYMENT_METHOD, 'invalid_payment_method');
  }
  return {
    method: handler.code,
    label: handler.label(config),
    instructions: handler.instructions(config),
    timeoutMinutes: handler.timeoutMinutes(config),
    testMode: inTestMode(ctx, config),
  };
}

/** What one customer may hold without paying: orders awaiting payment at once, units of one product in one order. */
export interface OrderLimits {
  maxUnpaidOrders: number;
  maxUnitsPerProduct: number;
}

/** The shop's order limits (the defaults for a shop that has not set up payments). */
export async function orderLimits(ctx: RequestContext): Promise<OrderLimits> {
  const config = await loadPaymentConfig(ctx);
  return { maxUnpaidOrders: config.maxUnpaidOrders, maxUnitsPerProduct: config.maxUnitsPerProduct };
}

/** Sets the shop's payment configuration (fields left out keep their value). */
export async function configurePayments(ctx: RequestContext, values: PaymentSettingsValues): Promise<void> {
  await upsertPaymentSettings(ctx.scope, values);
}

/** A shop's card gateway: 2C2P (with the merchant's id, secret key and environment) or the built-in sandbox. */
export interface CardGatewaySettings {
  gateway: 'sandbox' | '2c2p';
  environment?: 'sandbox' | 'production';
  merchantId: string;
  secretKey: string;
}

/**
 * Sets the shop's card gateway and switches card payments on. The secret key is stored for signing and verifying
 * the gateway's messages only: no API answer, log line or page ever carries it.
 */
export async function configureCardGateway(ctx: RequestContext, settings: CardGatewaySettings): Promise<void> {
  if (settings.gateway === 'sandbox' && !ctx.deps.config.SANDBOX_GATEWAY_ENABLED) {
    throw new BadRequestError(TEST_GATEWAY_OFF, 'test_gateway_off');
  }
  const merchantId = settings.merchantId.trim();
  if (!/^[A-Za-z0-9]{1,25}$/.test(merchantId))
    throw new BadRequestError('A merchant id has 1 to 25 letters or digits.');
  if (settings.secretKey.length < 16) throw new BadRequestError('A secret key has at least 16 characters.');
  await upsertPaymentSettings(ctx.scope, {
    enableCardPayment: true,
    cardGateway: settings.gateway,
    cardEnvironment: settings.environment ?? 'sandbox',
    cardMerchantId: merchantId,
    cardSecretKey: settings.secretKey,
  });
}

/**
 * The merchant the built-in sandbox gateway knows for a shop (its id and secret key), or null when the shop's cards
 * do not go through the sandbox: the sandbox serves no one else.
 */
export async function sandboxMerchant(ctx: RequestContext): Promise<{ merchantId: string; secretKey: string } | null> {
  const config = await loadPaymentConfig(ctx);
  if (!inTestMode(ctx, config)) return null;
  return { merchantId: config.cardMerchantId, secretKey: config.cardSecretKey };
}

/**
 * The public key of the merchant the built-in sandbox knows for a shop (its Payment Maintenance messages are signed
 * with the matching private key, and the sandbox encrypts its answers for it), or null when the shop's cards do not go
 * through the sandbox.
 */
export async function sandboxMerchantPublicKey(ctx: RequestContext): Promise<string | null> {
  const config = await loadPaymentConfig(ctx);
  if (!inTestMode(ctx, config)) return null;
  return (await sandboxMerchantKeys(ctx, config)).publicKey;
}
