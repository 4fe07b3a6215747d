import {
  enabledPaymentMethods,
  type PaymentMethod,
  PaymentMethod as PaymentMethodSchema,
  type PaymentOptions,
  paymentMethodLabel,
} from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { BadRequestError } from '../../lib/errors.ts';
import {
  findPaymentSettings,
  type PaymentSettingsRow,
  type PaymentSettingsValues,
  upsertPaymentSettings,
} from './payments.repository.ts';

export const INVALID_PAYMENT_METHOD = 'Invalid payment method selected.';

/**
 * A shop that has not set up payments yet accepts nothing, with the default timeouts and order limits (the same as the
 * columns' defaults, migration 0063): an unpaid bank-transfer or custom order holds its stock for 24 hours, a card
 * payment has an hour; a customer may have 3 orders awaiting payment and order 10 units of a product at a time.
 */
const NO_PAYMENTS: Omit<PaymentSettingsRow, 'tenantId' | 'updatedAt'> = {
  enableCardPayment: false,
  enableBankTransfer: false,
  enableCustomPayment: false,
  bankAccountDetails: '',
  customPaymentLabel: '',
  customPaymentInstructions: '',
  customPaymentRedirectUrl: '',
  cardPaymentTimeoutMinutes: 60,
  bankTransferTimeoutMinutes: 24 * 60,
  customPaymentTimeoutMinutes: 24 * 60,
  maxUnpaidOrders: 3,
  maxUnitsPerProduct: 10,
  cardGateway: 'sandbox',
  cardEnvironment: 'sandbox',
  cardMerchantId: '',
  cardSecretKey: '',
};

export type PaymentConfig = typeof NO_PAYMENTS;

/** The shop's payment configuration, or the "accepts nothing" one when it has none. */
export async function loadPaymentConfig(ctx: RequestContext): Promise<PaymentConfig> {
  return (await findPaymentSettings(ctx.scope)) ?? NO_PAYMENTS;
}

/**
 * Whether the shop takes cards: switched on, with a gateway merchant and its secret key configured, and, for the
 * built-in test gateway, a server that allows it (`SANDBOX_GATEWAY_ENABLED`: the demo, development, tests).
 */
export function takesCards(ctx: RequestContext, config: PaymentConfig): boolean {
  if (config.cardGateway === 'sandbox' && !ctx.deps.config.SANDBOX_GATEWAY_ENABLED) return false;
  return config.enableCardPayment && config.cardMerchantId !== '' && config.cardSecretKey !== '';
}

/** A shop takes its card payments through the built-in test gateway: no card is charged (its pages say so). */
function inTestMode(ctx: RequestContext, config: PaymentConfig): boolean {
  return takesCards(ctx, config) && config.cardGateway === 'sandbox';
}

/** Whether the shop is in test mode: its card payments go through the built-in test gateway. */
export async function isTestMode(ctx: RequestContext): Promise<boolean> {
  return inTestMode(ctx, await loadPaymentConfig(ctx));
}

/** The refusal of the built-in test gateway on a server that does not allow it. */
export const TEST_GATEWAY_OFF =
  'The built-in test gateway takes no real payment and is switched off on this server (SANDBOX_GATEWAY_ENABLED).';

/** The methods the shop accepts, in the spec's order (the storefront preselects the first). */
function enabledMethods(ctx: RequestContext, config: PaymentConfig): PaymentMethod[] {
  return enabledPaymentMethods({
    card_2c2p: takesCards(ctx, config),
    bank_transfer: config.enableBankTransfer,
    custom: config.enableCustomPayment,
  });
}

/** The name a customer reads for a method. */
function paymentLabel(config: PaymentConfig, method: PaymentMethod): string {
  return paymentMethodLabel(method, config.customPaymentLabel);
}

/** What an order paid by `method` tells its customer about paying: bank details, custom instructions, or nothing. */
function paymentInstructions(config: PaymentConfig, method: PaymentMethod): string {
  if (method === 'bank_transfer') return config.bankAccountDetails;
  if (method === 'custom') return config.customPaymentInstructions;
  return '';
}

/** How long an unpaid order paid by `method` keeps its stock, in minutes. */
function paymentTimeoutMinutes(config: PaymentConfig, method: PaymentMethod): number {
  if (method === 'card_2c2p') return config.cardPaymentTimeoutMinutes;
  if (method === 'bank_transfer') return config.bankTransferTimeoutMinutes;
  return config.customPaymentTimeoutMinutes;
}

/** `GET /payments/options/`: what the checkout offers (spec section 3 "Payment options"). */
export async function getPaymentOptions(ctx: RequestContext): Promise<PaymentOptions> {
  const config = await loadPaymentConfig(ctx);
  return {
    enable_card_payment: takesCards(ctx, config),
    enable_bank_transfer: config.enableBankTransfer,
    enable_custom_payment: config.enableCustomPayment,
    bank_account_details: config.bankAccountDetails,
    custom_payment_label: paymentLabel(config, 'custom'),
    custom_payment_instructions: config.customPaymentInstructions,
    custom_payment_redirect_url: config.customPaymentRedirectUrl,
  };
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
  const parsed = PaymentMethodSchema.safeParse(method);
  if (!parsed.success || !enabledMethods(ctx, config).includes(parsed.data)) {
    throw new BadRequestError(INVALID_PAYMENT_METHOD, 'invalid_payment_method');
  }
  return {
    method: parsed.data,
    label: paymentLabel(config, parsed.data),
    instructions: paymentInstructions(config, parsed.data),
    timeoutMinutes: paymentTimeoutMinutes(config, parsed.data),
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
