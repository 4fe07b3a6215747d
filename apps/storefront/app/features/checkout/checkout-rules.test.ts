import type { Order, PaymentOptions } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, errorText } from '../../lib/api-client.ts';
import {
  addressFieldErrors,
  EMPTY_ADDRESS,
  missingAddressFields,
  serverAddressErrors,
  trimmedAddress,
} from '../address/index.ts';
import {
  afterOrder,
  CARD_PAYMENT_FAILED,
  checkoutProblem,
  checkoutTotal,
  newAttemptKey,
  ORDER_ERRORS,
  ORDER_FALLBACK,
  paymentChoices,
  type QuoteState,
  shippingText,
} from './checkout-rules.ts';

const address = {
  street: 'Lazimpat 12',
  city: 'Kathmandu',
  postalCode: '44600',
  country: 'Nepal',
  fullname: 'Sita Gurung',
  contact_number: '+977 1 4410000',
};

const options: PaymentOptions = {
  enable_card_payment: false,
  enable_bank_transfer: true,
  enable_custom_payment: true,
  bank_account_details: 'Nabil Bank, 0421',
  custom_payment_label: 'PayPal invoice',
  custom_payment_instructions: 'We e-mail an invoice.',
  custom_payment_redirect_url: '',
};

const order = (payment_method: Order['payment_method'], payment_instructions = ''): Order => ({
  id: 7,
  number: 'KH-1007',
  status: 'awaiting_payment',
  payment_method,
  payment_label: 'Bank Transfer',
  total: '85.00',
  currency: 'USD',
  presentment_currency: 'USD',
  presentment_rate: '1',
  presentment_total: '85.00',
  total_items: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  items: [],
  subtotal: '85.00',
  discount: '0.00',
  discounts: [],
  shipping: '0.00',
  tax: '0.00',
  taxes: [],
  shipping_zone: 'Nepal',
  delivery_estimate: '1–3 business days',
  delivery_address: address,
  payment_instructions,
  payment_due_at: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  history: [{ status: 'awaiting_payment', at: '2026-01-01T00:00:00.000Z' }],
  shipment: null,
  refunded_amount: '0.00',
  refunds: [],
  confirmed_age: null,
});

describe('checkout validation', () => {
  it('lists the blank address fields in the form order, whitespace counting as blank', () => {
    expect(missingAddressFields(address)).toEqual([]);
    expect(missingAddressFields({ ...address, city: '  ', contact_number: '' })).toEqual(['city', 'contact_number']);
    expect(missingAddressFields(EMPTY_ADDRESS)).toEqual([
      'street',
      'city',
      'postalCode',
      'country',
      'fullname',
      'contact_number',
    ]);
  });

  it("gives the spec's texts: the address first, then the payment method", () => {
    expect(checkoutProblem({ ...address, street: '', postalCode: ' ' }, null)).toBe(
      'Please fill in all required delivery address fields: street, postalCode.',
    );
    expect(checkoutProblem(address, null)).toBe('Please select a payment method.');
    expect(checkoutProblem(address, 'bank_transfer')).toBeNull();
  });

  it('sends the address trimmed, the country as its ISO code', () => {
    expect(trimmedAddress({ ...address, city: '  Pokhara ' }).city).toBe('Pokhara');
    expect(trimmedAddress({ ...address, country: ' nepal ' }).country).toBe('NP');
    expect(trimmedAddress({ ...address, country: 'Côte d’Ivoire' }).country).toBe('CI');
  });

  it('marks each field: blank ones as required, a country off the list, a contact number that is no phone number', () => {
    expect(addressFieldErrors(address)).toEqual({});
    expect(addressFieldErrors({ ...address, street: ' ', country: 'Narnia', contact_number: '12' })).toEqual({
      street: 'This field is required.',
      country: 'Choose a country from the list.',
      contact_number: 'Enter a valid phone number (with its country code if it is not from this country).',
    });
    // A national number counts in the delivery country; any other needs its country code.
    expect(addressFieldErrors({ ...address, contact_number: '01 4410000' })).toEqual({});
    expect(addressFieldErrors({ ...address, country: 'France', contact_number: '+977 1 4410000' })).toEqual({});
    expect(addressFieldErrors({ ...address, country: 'France', contact_number: '01 4410000' })).toHaveProperty(
      'contact_number',
    );
    expect(Object.keys(addressFieldErrors(EMPTY_ADDRESS))).toEqual([
      'street',
      'city',
      'postalCode',
      'country',
      'fullname',
      'contact_number',
    ]);
  });

  it("keeps the spec's text while a field is blank, and asks to correct the marked fields once all are filled in", () => {
    expect(checkoutProblem({ ...address, street: '', country: 'Narnia' }, 'custom')).toBe(
      'Please fill in all required delivery address fields: street.',
    );
    expect(checkoutProblem({ ...address, country: 'Narnia' }, 'custom')).toBe(
      'Please correct the marked delivery address fields.',
    );
  });

  it("puts the server's address messages on their fields", () => {
    expect(
      serverAddressErrors({
        'delivery_address.country': ['We do not ship to Japan.'],
        payment_method: ['Invalid payment method selected.'],
      }),
    ).toEqual({ country: 'We do not ship to Japan.' });
    expect(serverAddressErrors(undefined)).toEqual({});
  });
});

describe('payment choices', () => {
  it('offers the enabled methods in the order card, bank transfer, custom, with their labels', () => {
    expect(paymentChoices(options)).toEqual([
      { method: 'bank_transfer', label: 'Bank Transfer' },
      { method: 'custom', label: 'PayPal invoice' },
    ]);
    expect(
      paymentChoices({ ...options, enable_card_payment: true, custom_payment_label: '' }).map((c) => c.label),
    ).toEqual(['Credit/Debit Card', 'Bank Transfer', 'Other Payment Method']);
    expect(paymentChoices({ ...options, enable_bank_transfer: false, enable_custom_payment: false })).toEqual([]);
  });
});

describe('the text of a failed order', () => {
  const orderErrorText = (error: unknown) => errorText(error, ORDER_FALLBACK, ORDER_ERRORS);

  it('gives the detail, else the JSON text of the body, else the message, else the fallback', () => {
    expect(orderErrorText(new ApiError(400, { detail: 'Your cart is empty.' }))).toBe('Your cart is empty.');
    const fields = { 'delivery_address.city': ['This field may not be blank.'] };
    expect(orderErrorText(new ApiError(400, fields))).toBe(JSON.stringify(fields));
    expect(orderErrorText(new ApiError(0, null, 'Failed to fetch'))).toBe('Failed to fetch');
    expect(orderErrorText(null)).toBe('Failed to create order. Please check your details and try again.');
  });
});

describe('afterOrder', () => {
  it('leads a bank transfer to the confirmation with the bank details', () => {
    expect(afterOrder(order('bank_transfer', 'Nabil Bank, 0421 (order KH-1007)'), options)).toEqual({
      kind: 'confirmation',
      state: {
        order: order('bank_transfer', 'Nabil Bank, 0421 (order KH-1007)'),
        instructions: 'Nabil Bank, 0421 (order KH-1007)',
      },
    });
    expect(afterOrder(order('bank_transfer'), options)).toMatchObject({ state: { instructions: 'Nabil Bank, 0421' } });
  });

  it('leads a custom payment to its redirect address when the shop has one, else to the confirmation', () => {
    expect(afterOrder(order('custom'), { ...options, custom_payment_redirect_url: 'https://pay.example/x' })).toEqual({
      kind: 'redirect',
      url: 'https://pay.example/x',
    });
    expect(afterOrder(order('custom'), options)).toMatchObject({
      kind: 'confirmation',
      state: { instructions: 'We e-mail an invoice.' },
    });
  });

  it('leads a card order to its card payment, with the order details the return page keeps', () => {
    expect(afterOrder(order('card_2c2p'), { ...options, enable_card_payment: true })).toEqual({
      kind: 'card-payment',
      order: { id: 7, number: 'KH-1007', total: '85.00' },
    });
  });

  it("says, in the spec's words, that the order exists when its card payment cannot start", () => {
    expect(CARD_PAYMENT_FAILED).toBe(
      "Your order was created, but we couldn't initiate the card payment. Please contact support or try paying from your order history.",
    );
  });
});

describe('newAttemptKey', () => {
  it('makes a different UUID each time, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newAttemptKey()).toMatch(uuid);
    expect(newAttemptKey()).not.toBe(newAttemptKey());
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newAttemptKey()).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('the checkout total', () => {
  const quote = {
    country: 'DE',
    country_name: 'Germany',
    zone: 'Europe',
    subtotal: '29.75',
    discount: '0.00',
    shipping: '38.08',
    tax: '0.00',
    taxes: [],
    total: '67.83',
    total_items: 1,
    free_above: '357.00',
    delivery_estimate: '7–14 business days',
    duties_notice: null,
  };
  const price = (amount: string) => `$${amount}`;
  const states: Record<QuoteState['kind'], QuoteState> = {
    'no-country': { kind: 'no-country' },
    loading: { kind: 'loading' },
    quoted: { kind: 'quoted', quote },
    failed: { kind: 'failed', message: 'We do not ship to Mars.', refused: true },
  };

  it("is the quote's once the chosen country is quoted, and the cart's only before a country is chosen", () => {
    expect(checkoutTotal(states.quoted, '29.75')).toBe('67.83');
    expect(checkoutTotal(states['no-country'], '29.75')).toBe('29.75');
  });

  it("says no amount while the chosen country's quote is asked or was not had: the cart's leaves its shipping out", () => {
    expect(checkoutTotal(states.loading, '29.75')).toBeNull();
    expect(checkoutTotal(states.failed, '29.75')).toBeNull();
    expect(
      checkoutTotal({ kind: 'failed', message: 'Shipping could not be calculated.', refused: false }, '29.75'),
    ).toBeNull();
  });

  it('writes the shipping row as the quote stands', () => {
    expect(shippingText(states['no-country'], price)).toBe('Choose your country');
    expect(shippingText(states.loading, price)).toBe('Calculating…');
    expect(shippingText(states.quoted, price)).toBe('$38.08');
    expect(shippingText({ kind: 'quoted', quote: { ...quote, shipping: '0.00' } }, price)).toBe('Free');
    expect(shippingText(states.failed, price)).toBe('Not available');
  });
});
