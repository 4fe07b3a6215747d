import { DEFAULT_CUSTOM_PAYMENT_LABEL, type PaymentMethod, type PaymentOptions } from '@platform/contracts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { RequestContext } from '../../plugins/request-context.ts';
import { findPaymentSettings, type PaymentSettingsRow } from './payments.repository.ts';

/** A shop that has not set up payments yet accepts nothing, with the default timeouts. */
const NO_PAYMENTS: Omit<PaymentSettingsRow, 'tenantId' | 'updatedAt'> = {
  enableCardPayment: false,
  enableBankTransfer: false,
  enableCustomPayment: false,
  bankAccountDetails: '',
  customPaymentLabel: '',
  customPaymentInstructions: '',
  customPaymentRedirectUrl: '',
  cardPaymentTimeoutMinutes: 60,
  bankTransferTimeoutMinutes: 72 * 60,
  customPaymentTimeoutMinutes: 72 * 60,
};

export type PaymentConfig = typeof NO_PAYMENTS;

/** The shop's payment configuration, or the "accepts nothing" one when it has none. */
export async function loadPaymentConfig(scope: TenantScope): Promise<PaymentConfig> {
  return (await findPaymentSettings(scope)) ?? NO_PAYMENTS;
}

/** The methods the shop accepts, in the spec's order (the storefront preselects the first). */
export function enabledMethods(config: PaymentConfig): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (config.enableCardPayment) methods.push('card_2c2p');
  if (config.enableBankTransfer) methods.push('bank_transfer');
  if (config.enableCustomPayment) methods.push('custom');
  return methods;
}

/** The name a customer reads for a method. */
export function paymentLabel(config: PaymentConfig, method: PaymentMethod): string {
  switch (method) {
    case 'card_2c2p':
      return 'Credit/Debit Card';
    case 'bank_transfer':
      return 'Bank Transfer';
    case 'custom':
      return config.customPaymentLabel.trim() || DEFAULT_CUSTOM_PAYMENT_LABEL;
  }
}

/** What an order paid by `method` tells its customer about paying: bank details, custom instructions, or nothing. */
export function paymentInstructions(config: PaymentConfig, method: PaymentMethod): string {
  if (method === 'bank_transfer') return config.bankAccountDetails;
  if (method === 'custom') return config.customPaymentInstructions;
  return '';
}

/** How long an unpaid order paid by `method` keeps its stock, in minutes. */
export function paymentTimeoutMinutes(config: PaymentConfig, method: PaymentMethod): number {
  if (method === 'card_2c2p') return config.cardPaymentTimeoutMinutes;
  if (method === 'bank_transfer') return config.bankTransferTimeoutMinutes;
  return config.customPaymentTimeoutMinutes;
}

/** `GET /payments/options/`: what the checkout offers (spec section 3 "Payment options"). */
export async function getPaymentOptions(ctx: RequestContext): Promise<PaymentOptions> {
  const config = await loadPaymentConfig(ctx.scope);
  return {
    enable_card_payment: config.enableCardPayment,
    enable_bank_transfer: config.enableBankTransfer,
    enable_custom_payment: config.enableCustomPayment,
    bank_account_details: config.bankAccountDetails,
    custom_payment_label: paymentLabel(config, 'custom'),
    custom_payment_instructions: config.customPaymentInstructions,
    custom_payment_redirect_url: config.customPaymentRedirectUrl,
  };
}
