// The texts of the e-mails the shop's staff get.
import type { Order } from '@platform/contracts';
import type { LowStockItem } from '../inventory/index.ts';
import type { MailMessage } from '../mail/index.ts';

/** An item as a line says it: "Angkhola (15 inch / Mirror-polished)" or the product's name alone. */
function itemName(item: { name: string; variant: string }): string {
  return item.variant ? `${item.name} (${item.variant})` : item.name;
}

/** "New order KH-000042: $185.00 USD": the order, its customer, what was bought and where it goes. */
export function newOrderMail(input: {
  shopName: string;
  to: string;
  order: Order & { isTest: boolean };
  customerEmail: string;
  adminUrl: string;
}): MailMessage {
  const { order } = input;
  const address = order.delivery_address;
  const lines = [
    `${order.isTest ? 'A test order' : 'A new order'} was placed at ${input.shopName}.`,
    '',
    `Order: ${order.number}`,
    `Customer: ${address.fullname}${input.customerEmail ? ` <${input.customerEmail}>` : ''}`,
    `Payment: ${order.payment_label} (${order.status === 'awaiting_payment' ? 'awaiting payment' : order.status})`,
    '',
    ...order.items.map((item) => {
      const variant = item.variant?.option_values.join(' / ');
      return `  ${item.quantity} x ${item.product_name}${variant ? ` (${variant})` : ''}: $${item.line_total}`;
    }),
    '',
    `Total: $${order.total} ${order.currency}`,
    '',
    'Ship to:',
    ...[address.fullname, address.street, `${address.postalCode} ${address.city}`.trim(), address.country]
      .filter((line) => line.trim() !== '')
      .map((line) => `  ${line}`),
    '',
    `Open it in the administration: ${input.adminUrl}`,
  ];
  return {
    to: input.to,
    subject: `${input.shopName}: ${order.isTest ? 'test order' : 'new order'} ${order.number} ($${order.total} ${order.currency})`,
    text: lines.join('\n'),
  };
}

/** The day's list of what runs low: each product or variant with its stock and threshold. */
export function lowStockMail(input: {
  shopName: string;
  to: string;
  day: string;
  items: LowStockItem[];
  dashboardUrl: string;
}): MailMessage {
  const count = input.items.length;
  const lines = [
    `${count === 1 ? 'One item runs' : `${count} items run`} low on stock at ${input.shopName} (${input.day}):`,
    '',
    ...input.items.map(
      (item) =>
        `  ${itemName(item)}: ${item.stock === 0 ? 'sold out' : `${item.stock} left`} (threshold ${item.low_stock_threshold})`,
    ),
    '',
    `The dashboard lists them too: ${input.dashboardUrl}`,
    'You get this e-mail at most once a day; the mail settings of the administration can turn it off.',
  ];
  return {
    to: input.to,
    subject: `${input.shopName}: ${count === 1 ? '1 item runs' : `${count} items run`} low on stock`,
    text: lines.join('\n'),
  };
}

/**
 * A refund the shop sent failed at the bank after staff asked for it (found by the re-drive, in the background): the
 * money did not go back, and staff must send it another way.
 */
export function refundFailedMail(input: {
  shopName: string;
  to: string;
  order: Pick<Order, 'number' | 'currency'>;
  refund: { amount: string; error: string };
  adminUrl: string;
}): MailMessage {
  const { order, refund } = input;
  const lines = [
    `A refund of $${refund.amount} ${order.currency} on order ${order.number} failed at ${input.shopName}.`,
    ...(refund.error ? ['', `The bank said: ${refund.error}`] : []),
    '',
    'The money did not go back to the customer, and no unit of this refund was put back in stock.',
    'Send it back another way, or refund the order again, from its page in the administration:',
    input.adminUrl,
  ];
  return {
    to: input.to,
    subject: `${input.shopName}: a refund on order ${order.number} failed ($${refund.amount} ${order.currency})`,
    text: lines.join('\n'),
  };
}
