import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../lib/context.ts';
import { configureMailSender } from '../../modules/mail/index.ts';
import { configureCardGateway, configurePayments } from '../../modules/payments/index.ts';

/** The demo shop's merchant at the built-in sandbox card gateway. */
export const DEMO_SANDBOX_MERCHANT_ID = 'KHUKURIDEMO';

/**
 * The demo shop takes cards (through the built-in sandbox gateway, with a secret key of its own made here), bank
 * transfers and PayPal invoices; its e-mails come from the shop's own sender.
 */
export async function seedPayments(ctx: RequestContext): Promise<void> {
  await configurePayments(ctx, {
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
    // A week to pay a bank transfer, as its details promise days for an international one; a day for the invoice.
    bankTransferTimeoutMinutes: 7 * 24 * 60,
    customPaymentTimeoutMinutes: 24 * 60,
  });
  await configureCardGateway(ctx, {
    gateway: 'sandbox',
    merchantId: DEMO_SANDBOX_MERCHANT_ID,
    secretKey: randomBytes(32).toString('base64url'),
  });
  // The demo's mail comes from the shop's own domain (the reserved `.example`), and replies reach the shop's address:
  // its contact e-mail, which the contact page shows and its invoices print (no reply-to of its own).
  await configureMailSender(ctx, {
    sender_name: 'Himalayan Khukuri House',
    sender_address: 'orders@khukuri-house.example',
    reply_to: '',
  });
}
