// What identifies a checkout request: its delivery address as the order keeps it (trimmed and checked), the currency
// it names, and the fingerprint that tells a retry of the same request (the same Idempotency-Key) from another one.
import { createHash } from 'node:crypto';
import {
  type CreateOrderBody,
  DELIVERY_ADDRESS_FIELDS,
  type DeliveryAddress,
  ORDER_CURRENCY,
} from '@platform/contracts';
import { invalidAddressFields, keptAddress } from '@platform/contracts/address';
import { BadRequestError, ValidationError } from '../../../lib/errors.ts';
import type { OrderRow } from '../orders.repository.ts';

/**
 * The six address fields trimmed; a blank one is a field error (spec section 5 "Checkout"), and so are a country
 * that is not one, a contact number that is not a phone number, and, for a country whose addresses need one, a
 * missing region or one not of its list. The country, given as its English name or its ISO code, is kept as its
 * English name; the region as its name, and only for such a country.
 */
export function cleanAddress(address: DeliveryAddress): DeliveryAddress {
  const errors: Record<string, string[]> = {};
  const cleaned = {} as DeliveryAddress;
  for (const field of DELIVERY_ADDRESS_FIELDS) {
    cleaned[field] = address[field].trim();
    if (!cleaned[field]) errors[`delivery_address.${field}`] = ['This field may not be blank.'];
  }
  if (address.region !== undefined) cleaned.region = address.region.trim();
  for (const [field, message] of Object.entries(invalidAddressFields(cleaned))) {
    errors[`delivery_address.${field}`] = [message];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return keptAddress(cleaned);
}

/** The currency a request names for the order: none, or its code (the shop's own is none). */
export function namedCurrency(code: string | undefined): string | undefined {
  return code && code !== ORDER_CURRENCY ? code : undefined;
}

/**
 * What identifies a request's intent: the same key with another method, address or currency is another order
 * request. (A request that names no other currency than the shop's has the fingerprint it had before currencies.)
 */
export function fingerprintOf(paymentMethod: string, address: DeliveryAddress, currency: string | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify(currency ? [paymentMethod, address, currency] : [paymentMethod, address]))
    .digest('hex');
}

/** The order an earlier request with the same key placed, when this request asks for the same thing. */
export function checkReplay(earlier: OrderRow, fingerprint: string): OrderRow {
  if (earlier.requestFingerprint !== fingerprint) {
    throw new BadRequestError(
      'This Idempotency-Key was already used for another order request.',
      'idempotency_key_reused',
    );
  }
  return earlier;
}

/** The fingerprint of a checkout request (its address trimmed as the order keeps it). */
export function checkoutFingerprint(body: CreateOrderBody): string {
  return fingerprintOf(body.payment_method, cleanAddress(body.delivery_address), namedCurrency(body.currency));
}
