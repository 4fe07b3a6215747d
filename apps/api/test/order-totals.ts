// What every order answer must hold, whatever priced it: its total is its parts, to the cent.
import { parseMinor } from '@platform/contracts';
import { expect } from 'vitest';

/** An amount of the wire ("85.00") in cents. */
export const cents = (money: string): number => parseMinor(money) ?? Number.NaN;

/** The order's totals hold: `total = subtotal - discount + shipping + tax`. */
export function expectTotalsHold(order: {
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
}): void {
  expect(cents(order.total)).toBe(
    cents(order.subtotal) - cents(order.discount) + cents(order.shipping) + cents(order.tax),
  );
}
