import { customizationText as customizationLine, type Order } from '@platform/contracts';
import type { MailMessage } from '../mail/index.ts';

function customizationText(customization: Record<string, string>): string {
  const text = customizationLine(customization);
  return text ? ` (${text})` : '';
}

/** What an order's e-mail is written from: the shop, the customer's address, the order and its page. */
interface OrderMailInput {
  shopName: string;
  to: string;
  order: Order;
  orderPageUrl: string;
}

/** The e-mail a customer gets when an order is placed: what, how much, where to, and how to pay. */
export function orderConfirmationMail(input: OrderMailInput): MailMessage {
  const { order, shopName } = input;
  const address = order.delivery_address;
  const lines = order.items.map(
    (item) =>
      `  ${item.quantity} x ${item.product_name}${customizationText(item.customization)}` +
      ` — $${item.unit_price} each = $${item.line_total}`,
  );
  const payment = order.payment_instructions
    ? [`How to pay (${order.payment_label}):`, order.payment_instructions, '']
    : [`Payment: ${order.payment_label}`, ''];
  const text = [
    `Hello ${address.fullname},`,
    '',
    `Thank you for your order at ${shopName}. We have received order ${order.number} and will process it once ` +
      'your payment is confirmed.',
    '',
    ...lines,
    '',
    `Subtotal: $${order.subtotal}`,
    `Shipping: $${order.shipping}`,
    `Total: $${order.total} ${order.currency}`,
    '',
    ...payment,
    'Delivering to:',
    `  ${address.fullname}`,
    `  ${address.street}`,
    `  ${address.postalCode} ${address.city}`,
    `  ${address.country}`,
    `  ${address.contact_number}`,
    '',
    `Your order online: ${input.orderPageUrl}`,
    '',
    `${shopName}`,
    '',
  ].join('\n');
  return { to: input.to, subject: `${shopName}: order ${order.number} received`, text };
}

/** The order's items, one line each: quantity, name and customization. */
function itemLines(order: Order): string[] {
  return order.items.map((item) => `  ${item.quantity} x ${item.product_name}${customizationText(item.customization)}`);
}

/** The e-mail a customer gets when an unpaid order is cancelled because its payment time ran out. */
export function orderExpiredMail(input: { shopName: string; to: string; order: Order; shopUrl: string }): MailMessage {
  const { order, shopName } = input;
  const text = [
    `Hello ${order.delivery_address.fullname},`,
    '',
    `We did not receive the payment for order ${order.number} at ${shopName} within the time it could wait, so the ` +
      'order has been cancelled and its items are back on sale.',
    '',
    ...itemLines(order),
    '',
    `Total: $${order.total} ${order.currency}`,
    '',
    `If you still want these items, you are welcome to order them again: ${input.shopUrl}`,
    '',
    `${shopName}`,
    '',
  ].join('\n');
  return { to: input.to, subject: `${shopName}: order ${order.number} cancelled`, text };
}

/** The e-mail a customer gets when an order's payment has been received. */
export function orderPaidMail(input: OrderMailInput): MailMessage {
  const { order, shopName } = input;
  const text = [
    `Hello ${order.delivery_address.fullname},`,
    '',
    `We have received your payment of $${order.total} ${order.currency} (${order.payment_label}) for order ` +
      `${order.number} at ${shopName}. We are preparing it for shipping now.`,
    '',
    ...itemLines(order),
    '',
    `Your order online: ${input.orderPageUrl}`,
    '',
    `${shopName}`,
    '',
  ].join('\n');
  return { to: input.to, subject: `${shopName}: payment received for order ${order.number}`, text };
}

/** The e-mail a customer gets when an order has shipped: the carrier, the tracking number and its page. */
export function orderShippedMail(input: OrderMailInput): MailMessage {
  const { order, shopName } = input;
  const shipment = order.shipment;
  const text = [
    `Hello ${order.delivery_address.fullname},`,
    '',
    `Order ${order.number} from ${shopName} is on its way.`,
    '',
    ...itemLines(order),
    '',
    ...(shipment
      ? [
          `Carrier: ${shipment.carrier}`,
          `Tracking number: ${shipment.tracking_number}`,
          ...(shipment.tracking_url ? [`Track it: ${shipment.tracking_url}`] : []),
          '',
        ]
      : []),
    `Your order online: ${input.orderPageUrl}`,
    '',
    `${shopName}`,
    '',
  ].join('\n');
  return { to: input.to, subject: `${shopName}: order ${order.number} has shipped`, text };
}

/** The e-mail a customer gets when the shop cancels an order (stock back; a paid order is refunded by the shop). */
export function orderCancelledMail(input: OrderMailInput & { reason: string }): MailMessage {
  const { order, shopName } = input;
  const text = [
    `Hello ${order.delivery_address.fullname},`,
    '',
    `${shopName} has cancelled order ${order.number}.${input.reason ? ` Reason: ${input.reason}` : ''}`,
    '',
    ...itemLines(order),
    '',
    `Total: $${order.total} ${order.currency}`,
    '',
    'If you paid for it, the payment will be refunded. Reply to this e-mail with any question.',
    '',
    `Your order online: ${input.orderPageUrl}`,
    '',
    `${shopName}`,
    '',
  ].join('\n');
  return { to: input.to, subject: `${shopName}: order ${order.number} cancelled`, text };
}
