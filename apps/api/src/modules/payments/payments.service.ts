import {
  enabledPaymentMethods,
  type PaymentMethod,
  PaymentMethod as PaymentMethodSchema,
  type PaymentOptions,
  paymentMethodLabel,
} from '@platform/contracts';
import { BadRequestError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/request-context.ts';
import {
  findPaymentSettings,
  type PaymentSettingsRow,
  type PaymentSettingsValues,
  upsertPaymentSettings,
} from './payments.repository.ts';

export const INVALID_PAYMENT_METHOD = 'Invalid payment method selected.';

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
async function loadPaymentConfig(ctx: RequestContext): Promise<PaymentConfig> {
  return (await findPaymentSettings(ctx.scope)) ?? NO_PAYMENTS;
}

/** The methods the shop accepts, in the spec's order (the storefront preselects the first). */
function enabledMethods(config: PaymentConfig): PaymentMethod[] {
  return enabledPaymentMethods({
    card_2c2p: config.enableCardPayment,
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
    enable_card_payment: config.enableCardPayment,
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
}

/**
 * The terms of paying by `method` at checkout; a method that is unknown or that the shop does not take is refused
 * with the spec's text.
 */
export async function checkoutPaymentTerms(ctx: RequestContext, method: string): Promise<PaymentTerms> {
  const config = await loadPaymentConfig(ctx);
  const parsed = PaymentMethodSchema.safeParse(method);
  if (!parsed.success || !enabledMethods(config).includes(parsed.data)) {
    throw new BadRequestError(INVALID_PAYMENT_METHOD, 'invalid_payment_method');
  }
  return {
    method: parsed.data,
    label: paymentLabel(config, parsed.data),
    instructions: paymentInstructions(config, parsed.data),
    timeoutMinutes: paymentTimeoutMinutes(config, parsed.data),
  };
}

/** Sets the shop's payment configuration (fields left out keep their value). */
export async function configurePayments(ctx: RequestContext, values: PaymentSettingsValues): Promise<void> {
  await upsertPaymentSettings(ctx.scope, values);
}
