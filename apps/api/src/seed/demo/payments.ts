import { configurePayments } from '../../modules/payments/index.ts';
import type { RequestContext } from '../../plugins/request-context.ts';

/** The demo shop takes bank transfers and PayPal invoices; card payments come with the card gateway. */
export async function seedPayments(ctx: RequestContext): Promise<void> {
  await configurePayments(ctx, {
    enableCardPayment: false,
    enableBankTransfer: true,
    enableCustomPayment: true,
    bankAccountDetails: [
      'Bank: Nabil Bank Ltd., Dharan Branch, Nepal',
      'Account name: Himalayan Khukuri House Pvt. Ltd.',
      'Account number: 0421 0170 0512 8842',
      'SWIFT/BIC: NARBNPKA',
      'Reference: your order number',
      'Your order ships as soon as the transfer reaches us (usually 2–4 business days for international transfers).',
    ].join('\n'),
    customPaymentLabel: 'PayPal invoice',
    customPaymentInstructions:
      'We will e-mail a PayPal invoice for your order total within one business day. Your order ships as soon as ' +
      'the invoice is paid.',
    customPaymentRedirectUrl: '',
  });
}
