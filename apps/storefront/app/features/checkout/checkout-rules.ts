// The checkout's pure rules (spec sections 4 "Checkout flow", 5 "Checkout" and 8), apart from React so they are tested.
import {
  DELIVERY_ADDRESS_FIELDS,
  type DeliveryAddress,
  enabledPaymentMethods,
  type FieldErrors,
  type Order,
  type PaymentMethod,
  type PaymentOptions,
  paymentMethodLabel,
} from '@platform/contracts';
import { invalidAddressFields, regionNames } from '@platform/contracts/address';
import { findCountryCode } from '@platform/contracts/shipping';
import type { ErrorTextOptions } from '../../lib/api-client.ts';
import type { OrderConfirmationState } from '../orders/confirmation-state.ts';
import { type PendingOrderDetails, pendingOrderDetails } from '../payments/card-payment.ts';

const SELECT_PAYMENT_METHOD = 'Please select a payment method.';
export const ORDER_FALLBACK = 'Failed to create order. Please check your details and try again.';
/** How a failed order reads (spec section 8): the detail, else the JSON text of the body, else the message. */
export const ORDER_ERRORS: ErrorTextOptions = { body: true };
export const PAYMENT_OPTIONS_LOAD_ERROR = 'Failed to load payment options. Please refresh the page.';
export const PAYMENT_OPTIONS_MISSING = 'Could not load payment options. Please try refreshing.';
export const CARD_PAYMENT_FAILED =
  "Your order was created, but we couldn't initiate the card payment. Please contact support or try paying from your order history.";

export const EMPTY_ADDRESS: DeliveryAddress = {
  street: '',
  city: '',
  postalCode: '',
  country: '',
  fullname: '',
  contact_number: '',
};

/** The form's fields in its order: the region (state, province) follows the country that needs one. */
export const ADDRESS_FORM_FIELDS = [
  'street',
  'city',
  'postalCode',
  'country',
  'region',
  'fullname',
  'contact_number',
] as const satisfies readonly (keyof DeliveryAddress)[];

/** Whether the address's country is one whose addresses need a region. */
function needsRegion(address: DeliveryAddress): boolean {
  return regionNames(findCountryCode(address.country)).length > 0;
}

/** The names of the address fields that are blank after trimming, in the form's order (the region where needed). */
export function missingAddressFields(address: DeliveryAddress): string[] {
  return ADDRESS_FORM_FIELDS.filter((field) =>
    field === 'region' ? needsRegion(address) && !address.region?.trim() : !address[field].trim(),
  );
}

/**
 * The first rule the form breaks (a blank address field, in the spec's words; a field that is not right; then the
 * method), or null when it may be sent.
 */
export function checkoutProblem(address: DeliveryAddress, method: PaymentMethod | null): string | null {
  return addressProblem(address) ?? (method ? null : SELECT_PAYMENT_METHOD);
}

/** The first rule a delivery address breaks (a blank field, in the spec's words; a field that is not right), or null. */
export function addressProblem(address: DeliveryAddress): string | null {
  const missing = missingAddressFields(address);
  if (missing.length > 0) return `Please fill in all required delivery address fields: ${missing.join(', ')}.`;
  if (Object.keys(invalidAddressFields(address)).length > 0) return ADDRESS_INVALID;
  return null;
}

/** The text next to a blank address field. */
export const FIELD_REQUIRED = 'This field is required.';
/** The text of the form's error box when every field is filled in but some are not right. */
export const ADDRESS_INVALID = 'Please correct the marked delivery address fields.';

/** What is wrong with each address field, in the form's order: blank, or (filled in) not a country or a phone number. */
export function addressFieldErrors(address: DeliveryAddress): Partial<Record<keyof DeliveryAddress, string>> {
  const invalid = invalidAddressFields(address);
  const errors: Partial<Record<keyof DeliveryAddress, string>> = {};
  for (const field of DELIVERY_ADDRESS_FIELDS) {
    const problem = address[field].trim() ? invalid[field] : FIELD_REQUIRED;
    if (problem) errors[field] = problem;
  }
  if (invalid.region) errors.region = invalid.region;
  return errors;
}

/** The server's messages for address fields (`delivery_address.city` at checkout, `city` elsewhere), by field. */
export function serverAddressErrors(
  fields: FieldErrors | undefined,
  prefix = 'delivery_address.',
): Partial<Record<keyof DeliveryAddress, string>> {
  const errors: Partial<Record<keyof DeliveryAddress, string>> = {};
  for (const field of ADDRESS_FORM_FIELDS) {
    const message = fields?.[`${prefix}${field}`]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * The address as it is sent: every field trimmed, the country as its ISO code when it names one (the API takes the
 * code or the English name; the code does not depend on how this browser names the country), the region where the
 * country needs one.
 */
export function trimmedAddress(address: DeliveryAddress): DeliveryAddress {
  const trimmed = Object.fromEntries(
    DELIVERY_ADDRESS_FIELDS.map((field) => [field, address[field].trim()]),
  ) as DeliveryAddress;
  const region = address.region?.trim();
  return {
    ...trimmed,
    country: findCountryCode(trimmed.country) ?? trimmed.country,
    // Only for a country that needs one: a state chosen for another country is not sent.
    ...(region && needsRegion(trimmed) ? { region } : {}),
  };
}

interface PaymentChoice {
  method: PaymentMethod;
  label: string;
}

/** The methods the shop enables, in the spec's order (card, bank transfer, custom), with their labels. */
export function paymentChoices(options: PaymentOptions): PaymentChoice[] {
  const methods = enabledPaymentMethods({
    card_2c2p: options.enable_card_payment,
    bank_transfer: options.enable_bank_transfer,
    custom: options.enable_custom_payment,
  });
  return methods.map((method) => ({ method, label: paymentMethodLabel(method, options.custom_payment_label) }));
}

/** A fresh `Idempotency-Key`. `crypto.randomUUID` needs a secure context; a shop served over plain HTTP still gets
 * a random version 4 UUID from `getRandomValues`, which has no such limit. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where a new order sends the customer, by its method (spec section 4 "Checkout flow"). */
type AfterOrder =
  | { kind: 'confirmation'; state: OrderConfirmationState }
  | { kind: 'redirect'; url: string }
  | { kind: 'card-payment'; order: PendingOrderDetails };

export function afterOrder(order: Order, options: PaymentOptions): AfterOrder {
  switch (order.payment_method) {
    // The card payment starts next; if it cannot, the order stays and is payable from the order history.
    case 'card_2c2p':
      return { kind: 'card-payment', order: pendingOrderDetails(order) };
    case 'bank_transfer':
      return {
        kind: 'confirmation',
        state: { order, instructions: order.payment_instructions || options.bank_account_details },
      };
    case 'custom':
      if (options.custom_payment_redirect_url) return { kind: 'redirect', url: options.custom_payment_redirect_url };
      return {
        kind: 'confirmation',
        state: { order, instructions: order.payment_instructions || options.custom_payment_instructions },
      };
  }
}
