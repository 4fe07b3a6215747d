// The e-mails of returns: the receipt of a withdrawal or a return (at once, on a durable medium, with its date and
// time), a guest's withdrawal that could not be recorded, the link to an order's items, what came back, a rejection.
// Every one goes to the order's own e-mail address.
import { WITHDRAWAL_PERIOD_DAYS } from '@platform/contracts/returns';
import type { MailMessage } from '../mail/index.ts';

/** What every return e-mail is written from. */
export interface ReturnMailInput {
  shopName: string;
  to: string;
  /** The customer's name on the order's delivery address. */
  fullname: string;
  orderNumber: string;
  orderPageUrl: string;
  shop: ShopDetails;
}

/** The seller as the e-mail names it, and how it writes moments and days. */
export interface ShopDetails {
  legalName: string;
  legalAddress: string;
  contactEmail: string;
  locale: string;
  timeZone: string;
}

const SPACES = /[\u00a0\u202f\u2009]/g;

function formatter(shop: Pick<ShopDetails, 'locale'>, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(shop.locale, options);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: options.timeZone ? 'UTC' : undefined });
  }
}

/** A moment as the shop writes it, in its time zone with the zone named: "5 December 2026 at 14:03 GMT+5:45". */
export function momentText(at: Date, shop: Pick<ShopDetails, 'locale' | 'timeZone'>): string {
  return formatter(shop, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: shop.timeZone,
    timeZoneName: 'short',
  })
    .format(at)
    .replace(SPACES, ' ');
}

/** A day of the shop's calendar (YYYY-MM-DD) as the shop writes it: "15 June 2026". */
export function dayText(day: string, shop: Pick<ShopDetails, 'locale'>): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatter(shop, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year, month - 1, date)))
    .replace(SPACES, ' ');
}

/** A line going back, as the e-mails list it. */
export interface MailLine {
  quantity: number;
  productName: string;
  sku: string | null;
}

function lineTexts(lines: readonly MailLine[]): string[] {
  return lines.map((line) => `  ${line.quantity} x ${line.productName}${line.sku ? ` (${line.sku})` : ''}`);
}

/** Where the goods go back to: the shop's legal name and address (from its settings). */
function returnAddress(shop: ShopDetails): string[] {
  const address = shop.legalAddress
    .split(/\r?\n|,\s*/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (address.length === 0) {
    return [`Please ask us where to send the goods${shop.contactEmail ? ` (${shop.contactEmail})` : ''}.`];
  }
  return ['Please send the goods back to:', ...[shop.legalName, ...address].map((line) => `  ${line}`)];
}

function mail(input: ReturnMailInput, subject: string, blocks: string[][]): MailMessage {
  const text = [
    `Hello ${input.fullname},`,
    '',
    ...blocks.filter((block) => block.length > 0).flatMap((block) => [...block, '']),
    input.shopName,
    '',
  ].join('\n');
  return { to: input.to, subject: `${input.shopName}: ${subject}`, text };
}

const orderPage = (input: ReturnMailInput) => [`Your order online: ${input.orderPageUrl}`];

/**
 * The receipt of a withdrawal, sent at once: which order and lines, when it was stated (the shop's time zone), and
 * what happens next (where the goods go, the refund within 14 days).
 */
export function withdrawalReceiptMail(
  input: ReturnMailInput & { requestedAt: Date; lines: readonly MailLine[]; reason: string; byStaff: boolean },
): MailMessage {
  const when = momentText(input.requestedAt, input.shop);
  return mail(input, `withdrawal from order ${input.orderNumber} received`, [
    [
      `We received your withdrawal from the contract of order ${input.orderNumber} on ${when}` +
        `${input.byStaff ? ', recorded by our staff on your behalf' : ''}. This e-mail is your receipt.`,
    ],
    ['You withdraw from:', ...lineTexts(input.lines)],
    input.reason ? [`Your reason: ${input.reason}`] : [],
    [
      'What happens next:',
      ...returnAddress(input.shop),
      `Send them within ${WITHDRAWAL_PERIOD_DAYS} days of today. We refund what you paid for them, and the standard ` +
        `delivery when you withdraw from the whole order, within ${WITHDRAWAL_PERIOD_DAYS} days of receiving your ` +
        'withdrawal, by the means you paid with; we may wait until the goods are back with us or you show that you ' +
        'sent them.',
    ],
    ['If you did not ask for this withdrawal, please reply to this e-mail at once.'],
    orderPage(input),
  ]);
}

/** The receipt of an ordinary return request (under the shop's refund policy, after the withdrawal period). */
export function returnReceiptMail(
  input: ReturnMailInput & { requestedAt: Date; lines: readonly MailLine[]; reason: string; byStaff: boolean },
): MailMessage {
  const when = momentText(input.requestedAt, input.shop);
  return mail(input, `return request for order ${input.orderNumber} received`, [
    [
      `We received ${input.byStaff ? 'a return request recorded by our staff on your behalf' : 'your return request'} ` +
        `for order ${input.orderNumber} on ${when}.`,
    ],
    ['You return:', ...lineTexts(input.lines)],
    input.reason ? [`Your reason: ${input.reason}`] : [],
    [
      'What happens next:',
      ...returnAddress(input.shop),
      'Once they are back with us we look at them and tell you, and refund you under our refund policy.',
    ],
    orderPage(input),
  ]);
}

/**
 * A withdrawal stated with the order's number and e-mail address that could not be recorded: told to the order's
 * address (the page answered as for any order), with why, and the ordinary return offered.
 */
export function withdrawalRefusedMail(input: ReturnMailInput & { requestedAt: Date; why: string }): MailMessage {
  return mail(input, `your withdrawal from order ${input.orderNumber} could not be recorded`, [
    [
      `On ${momentText(input.requestedAt, input.shop)} a withdrawal from order ${input.orderNumber} was stated ` +
        'with this e-mail address, but we could not record it:',
      `  ${input.why}`,
    ],
    [
      'You can still ask for an ordinary return under our refund policy: sign in and open the order, or reply to ' +
        'this e-mail. If you did not ask for this, you need not do anything.',
    ],
    orderPage(input),
  ]);
}

/** The link to choose an order's items for a withdrawal without signing in (asked for with its number and address). */
export function withdrawalLinkMail(input: ReturnMailInput & { link: string; expiresAt: Date }): MailMessage {
  return mail(input, `withdraw from order ${input.orderNumber}`, [
    [
      `To choose which items of order ${input.orderNumber} you withdraw from, open this link ` +
        `(it works until ${momentText(input.expiresAt, input.shop)}):`,
      input.link,
    ],
    ['If you did not ask for this link, you need not do anything: nothing changes without your confirmation.'],
  ]);
}

/** What staff found when the goods came back. */
export function returnReceivedMail(input: ReturnMailInput & { lines: readonly MailLine[]; kind: string }): MailMessage {
  return mail(input, `your ${input.kind} of order ${input.orderNumber} is back with us`, [
    [`The goods of your ${input.kind} of order ${input.orderNumber} arrived. We received:`, ...lineTexts(input.lines)],
    ['We now refund them; you get an e-mail when the money is on its way.'],
    orderPage(input),
  ]);
}

/** A return staff rejected, and why. */
export function returnRejectedMail(input: ReturnMailInput & { reason: string; kind: string }): MailMessage {
  return mail(input, `your ${input.kind} of order ${input.orderNumber} was not accepted`, [
    [`We could not accept your ${input.kind} of order ${input.orderNumber}:`, `  ${input.reason}`],
    ['If you have a question about it, reply to this e-mail.'],
    orderPage(input),
  ]);
}
