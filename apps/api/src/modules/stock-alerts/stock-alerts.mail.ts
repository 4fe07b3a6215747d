// The texts of the back-in-stock e-mails: a guest's confirmation link, and the one e-mail an alert gets.
import type { MailMessage } from '../mail/index.ts';

/** What an alert is about, as the e-mails name it: "Angkhola (15 inch)" or the product's name alone. */
export function itemName(item: { name: string; variant: string }): string {
  return item.variant ? `${item.name} (${item.variant})` : item.name;
}

/** A guest's alert waits for this link: nothing is sent to an address that did not ask. */
export function confirmAlertMail(input: { shopName: string; to: string; item: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `${input.shopName}: confirm your back-in-stock alert`,
    text: [
      `Someone, we hope you, asked ${input.shopName} to e-mail this address once when ${input.item} is back in stock.`,
      '',
      `Confirm it here: ${input.link}`,
      '',
      'If it was not you, ignore this e-mail: without the confirmation we will not write again.',
    ].join('\n'),
  };
}

/** The alert's one e-mail: the product (and variant) is back, with a link to it. */
export function backInStockMail(input: { shopName: string; to: string; item: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `Back in stock at ${input.shopName}: ${input.item}`,
    text: [
      `Good news: ${input.item} is back in stock at ${input.shopName}.`,
      '',
      `See it here: ${input.link}`,
      '',
      'Stock is small and irregular, so it may not last. This was the one e-mail you asked for: your alert is now spent.',
    ].join('\n'),
  };
}
