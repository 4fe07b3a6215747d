import {
  addressLines,
  customizationText as customizationLine,
  formatMinor,
  type Order,
  type OrderRefund,
  parseMinor,
} from '@platform/contracts';
import { currencyFacts, withCurrencySymbol } from '@platform/contracts/currency';
import { taxLabel } from '@platform/contracts/tax';
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

/**
 * When an order's payment time ends, as the shop writes a moment (its locale), on the clock of its time zone, the
 * zone named by its name and its offset: "5 December 2026 at 14:00 (Asia/Kathmandu, GMT+5:45)"; '' for an order that
 * is not awaiting payment. A zone or locale the runtime does not know is written as UTC in en-US.
 */
export function payByText(order: Pick<Order, 'payment_due_at'>, shop: { locale: string; timeZone: string }): string {
  if (!order.payment_due_at) return '';
  const due = new Date(order.payment_due_at);
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let zone = shop.timeZone;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(shop.locale, { ...options, timeZone: zone });
  } catch {
    zone = 'UTC';
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
  }
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(due)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  const named = zone === 'UTC' || offset === '' ? zone : `${zone}, ${offset}`;
  return `${format.format(due)} (${named})`.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

/** The sentence that says until when an unpaid order waits (none without a time). */
function payByLines(payBy: string): string[] {
  return payBy
    ? [`Please pay by ${payBy}: an order still unpaid then is cancelled and its items go back on sale.`]
    : [];
}

/**
 * An order e-mail as every one is written: the greeting, what happened, then blocks of lines (each followed by an
 * empty line), and the shop's name.
 */
function orderMail(
  input: { to: string; shopName: string; order: Order },
  subject: string,
  intro: string,
  blocks: string[][],
): MailMessage {
  const text = [
    `Hello ${input.order.delivery_address.fullname},`,
    '',
    intro,
    '',
    ...blocks.filter((block) => block.length > 0).flatMap((block) => [...block, '']),
    input.shopName,
    '',
  ].join('\n');
  return { to: input.to, subject: `${input.shopName}: ${subject}`, text };
}

/** The order's items, one line each: quantity, name and customization. */
function itemLines(order: Order): string[] {
  return order.items.map((item) => `  ${item.quantity} x ${item.product_name}${customizationText(item.customization)}`);
}

/** The items a refund by line gave back, as the order lists them (none for a refund of an amount). */
function refundedItemLines(order: Order, refund: OrderRefund): string[] {
  const items = refund.lines.flatMap((line) => {
    const item = order.items.find((candidate) => candidate.id === line.line_id);
    return item ? [`  ${line.quantity} x ${item.product_name}${customizationText(item.customization)}`] : [];
  });
  return items.length > 0 ? ['Refunded items:', ...items] : [];
}

const totalLine = (order: Order) => `Total: $${order.total} ${order.currency}`;

/**
 * What the customer saw of an order read in another currency than the one it is charged in (decision 028): "Shown at
 * checkout in EUR: €183.99 (1 USD = 0.92 EUR); charged in USD."; none for an order read in the shop's own currency.
 */
export function presentmentLines(order: Order): string[] {
  if (order.presentment_currency === order.currency) return [];
  const code = order.presentment_currency;
  const shown = withCurrencySymbol(currencyFacts(code).symbol, order.presentment_total);
  return [
    `Shown at checkout in ${code}: ${shown} (1 ${order.currency} = ${order.presentment_rate} ${code}); ` +
      `charged in ${order.currency}.`,
  ];
}

/** The shipping line: its amount, and the zone and delivery estimate it was sold with. */
function shippingLine(order: Order): string {
  const how = [order.shipping_zone, order.delivery_estimate].filter(Boolean).join(', ');
  return `Shipping: $${order.shipping}${how ? ` (${how})` : ''}`;
}
/** Each discount the order got, with what it took off (none: no line). */
function discountLines(order: Order): string[] {
  return order.discounts.map(
    (discount) => `Discount${discount.code ? ` ${discount.code}` : ''} (${discount.description}): -$${discount.amount}`,
  );
}
/** Each tax of the order per rate: "VAT 19% (included): $38.00", "Sales tax 8.88%: $8.01" (none: no line). */
function taxLines(order: Order): string[] {
  return order.taxes.map((tax) => `${taxLabel(tax)}: $${tax.amount}`);
}
const orderPage = (input: OrderMailInput) => [`Your order online: ${input.orderPageUrl}`];

/** The e-mail a customer gets when an order is placed: what, how much, where to, how to pay and by when. */
export function orderConfirmationMail(input: OrderMailInput & { payBy: string }): MailMessage {
  const { order, shopName } = input;
  const lines = order.items.map(
    (item) =>
      `  ${item.quantity} x ${item.product_name}${customizationText(item.customization)}` +
      ` — $${item.unit_price} each = $${item.line_total}`,
  );
  const payment = order.payment_instructions
    ? [`How to pay (${order.payment_label}):`, order.payment_instructions]
    : [`Payment: ${order.payment_label}`];
  return orderMail(
    input,
    `order ${order.number} received`,
    `Thank you for your order at ${shopName}. We have received order ${order.number} and will process it once ` +
      'your payment is confirmed.',
    [
      lines,
      [
        `Subtotal: $${order.subtotal}`,
        ...discountLines(order),
        shippingLine(order),
        ...taxLines(order),
        totalLine(order),
        ...presentmentLines(order),
      ],
      [...payment, ...payByLines(input.payBy)],
      ['Delivering to:', ...addressLines(order.delivery_address).map((line) => `  ${line}`)],
      orderPage(input),
    ],
  );
}

/** The e-mail that reminds a customer, before the payment time ends, that an order still awaits payment. */
export function paymentReminderMail(input: OrderMailInput & { payBy: string }): MailMessage {
  const { order, shopName } = input;
  const payment = order.payment_instructions
    ? [`How to pay (${order.payment_label}):`, order.payment_instructions]
    : [`Payment: ${order.payment_label}`];
  return orderMail(
    input,
    `please pay order ${order.number} by ${input.payBy}`,
    `Order ${order.number} at ${shopName} still awaits your payment of $${order.total} ${order.currency}. ` +
      `Please pay by ${input.payBy}: an order still unpaid then is cancelled and its items go back on sale. If you ` +
      'have sent the payment already, thank you: we confirm it as soon as it reaches us.',
    [itemLines(order), [totalLine(order)], payment, orderPage(input)],
  );
}

/** The e-mail a customer gets when an unpaid order is cancelled because its payment time ran out. */
export function orderExpiredMail(input: { shopName: string; to: string; order: Order; shopUrl: string }): MailMessage {
  const { order, shopName } = input;
  return orderMail(
    input,
    `order ${order.number} cancelled`,
    `We did not receive the payment for order ${order.number} at ${shopName} within the time it could wait, so the ` +
      'order has been cancelled and its items are back on sale.',
    [
      itemLines(order),
      [totalLine(order)],
      [`If you still want these items, you are welcome to order them again: ${input.shopUrl}`],
    ],
  );
}

/** The e-mail a customer gets when an order's payment has been received. */
export function orderPaidMail(input: OrderMailInput): MailMessage {
  const { order, shopName } = input;
  return orderMail(
    input,
    `payment received for order ${order.number}`,
    `We have received your payment of $${order.total} ${order.currency} (${order.payment_label}) for order ` +
      `${order.number} at ${shopName}. We are preparing it for shipping now.`,
    [itemLines(order), orderPage(input)],
  );
}

/** The e-mail a customer gets when an order has shipped: the carrier, the tracking number and its page. */
export function orderShippedMail(input: OrderMailInput): MailMessage {
  const { order, shopName } = input;
  const shipment = order.shipment;
  return orderMail(
    input,
    `order ${order.number} has shipped`,
    `Order ${order.number} from ${shopName} is on its way.`,
    [
      itemLines(order),
      shipment
        ? [
            `Carrier: ${shipment.carrier}`,
            `Tracking number: ${shipment.tracking_number}`,
            ...(shipment.tracking_url ? [`Track it: ${shipment.tracking_url}`] : []),
          ]
        : [],
      orderPage(input),
    ],
  );
}

/** What one refund did, in a sentence the customer reads. */
function refundSentence(order: Order, refund: OrderRefund): string {
  const amount = `$${refund.amount} ${order.currency}`;
  if (refund.kind === 'void') {
    return `Your card payment of ${amount} has been voided: it will not be charged to your card.`;
  }
  if (refund.status === 'pending') {
    return (
      `We have sent a refund of ${amount} to your ${refund.method_label.toLowerCase()}. Your bank is processing it; ` +
      'we will write again when it is complete.'
    );
  }
  return refund.kind === 'manual'
    ? `We have refunded ${amount} to you (${refund.method_label}).`
    : `We have refunded ${amount} to your ${refund.method_label.toLowerCase()}.`;
}

/** Whether the order was ever paid (its history says so). */
const wasPaid = (order: Order) => order.history.some((entry) => entry.status === 'paid');

/**
 * The e-mail a customer gets when the shop cancels an order: its items are back on sale and, for a paid order, what
 * was done with the money (voided, refunded, on its way, or not refunded with the cancellation), never more.
 */
export function orderCancelledMail(input: OrderMailInput & { reason: string }): MailMessage {
  const { order, shopName } = input;
  const sent = order.refunds.filter((refund) => refund.status !== 'failed');
  const money = !wasPaid(order)
    ? []
    : sent.length > 0
      ? sent.map((refund) => refundSentence(order, refund))
      : [
          `Your payment of $${order.total} ${order.currency} has not been refunded with this cancellation. ` +
            'Reply to this e-mail to ask us about it.',
        ];
  return orderMail(
    input,
    `order ${order.number} cancelled`,
    `${shopName} has cancelled order ${order.number}.${input.reason ? ` Reason: ${input.reason}` : ''}`,
    [itemLines(order), [totalLine(order)], money, orderPage(input)],
  );
}

/** The e-mail a customer gets when the shop refunds (part of) an order: how much, how, and what is refunded in all. */
export function refundMadeMail(input: OrderMailInput & { refund: OrderRefund }): MailMessage {
  const { order, refund } = input;
  return orderMail(input, `refund for order ${order.number}`, refundSentence(order, refund), [
    refundedItemLines(order, refund),
    [`Refunded on this order so far: $${order.refunded_amount} of $${order.total} ${order.currency}`],
    orderPage(input),
  ]);
}

/** The e-mail a customer gets when a refund their bank was processing is complete. */
export function refundCompletedMail(input: OrderMailInput & { refund: OrderRefund }): MailMessage {
  const { order, refund } = input;
  const refunded = formatMinor(parseMinor(order.refunded_amount) ?? 0);
  return orderMail(
    input,
    `refund for order ${order.number} complete`,
    `The refund of $${refund.amount} ${order.currency} for order ${order.number} is complete: the money is back ` +
      `on your ${refund.method_label.toLowerCase()}.`,
    [[`Refunded on this order so far: $${refunded} of $${order.total} ${order.currency}`], orderPage(input)],
  );
}
