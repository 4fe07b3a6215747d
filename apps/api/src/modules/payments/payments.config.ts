// A shop's payment configuration as every payment service reads it: the settings row, or "accepts nothing".
import type { RequestContext } from '../../lib/context.ts';
import { findPaymentSettings, type PaymentSettingsRow } from './payments.repository.ts';

/**
 * A shop that has not set up payments yet accepts nothing, with the default timeouts and order limits (the same as the
 * columns' defaults, migrations 0063 and 0082): an unpaid bank-transfer order holds its stock for 7 days (an
 * international transfer takes days), a custom one for 24 hours, a card payment has an hour; a customer may have 3
 * orders awaiting payment and order 10 units of a product at a time.
 */
export const NO_PAYMENTS: Omit<PaymentSettingsRow, 'tenantId' | 'updatedAt'> = {
  enableCardPayment: false,
  enableBankTransfer: false,
  enableCustomPayment: false,
  bankAccountDetails: '',
  customPaymentLabel: '',
  customPaymentInstructions: '',
  customPaymentRedirectUrl: '',
  cardPaymentTimeoutMinutes: 60,
  bankTransferTimeoutMinutes: 7 * 24 * 60,
  customPaymentTimeoutMinutes: 24 * 60,
  maxUnpaidOrders: 3,
  maxUnitsPerProduct: 10,
  cardGateway: 'sandbox',
  cardEnvironment: 'sandbox',
  cardMerchantId: '',
  cardSecretKey: '',
  sandboxMaintenancePrivateKey: '',
  sandboxMaintenancePublicKey: '',
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
export function inTestMode(ctx: RequestContext, config: PaymentConfig): boolean {
  return takesCards(ctx, config) && config.cardGateway === 'sandbox';
}
