import { describe, expect, it } from 'vitest';
import { ApiError, errorText, RuleError } from '../../lib/api-client.ts';
import { CART_CHANGE_ERRORS, LOGIN_TO_ADD, parseQuantity, quantityChange } from './cart-rules.ts';

describe('cart quantity', () => {
  it('reads the input as a whole number, anything non-numeric as 0', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 4 ')).toBe(4);
    expect(parseQuantity('2.7')).toBe(2);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity('abc')).toBe(0);
    expect(parseQuantity('-2')).toBe(-2);
  });

  it('makes no change for the same quantity, removes below 1 and updates otherwise', () => {
    expect(quantityChange(2, '2')).toEqual({ kind: 'none' });
    expect(quantityChange(2, '02')).toEqual({ kind: 'none' });
    expect(quantityChange(2, '0')).toEqual({ kind: 'remove' });
    expect(quantityChange(2, '')).toEqual({ kind: 'remove' });
    expect(quantityChange(2, 'x')).toEqual({ kind: 'remove' });
    expect(quantityChange(2, '-1')).toEqual({ kind: 'remove' });
    expect(quantityChange(2, '5')).toEqual({ kind: 'update', quantity: 5 });
  });
});

describe('the text of a failed cart change', () => {
  const cartErrorText = (error: unknown, fallback: string) => errorText(error, fallback, CART_CHANGE_ERRORS);

  it("prefers the server's detail, then the first field message, then the fallback", () => {
    expect(cartErrorText(new ApiError(400, { detail: 'Only 3 items available.' }), 'fallback')).toBe(
      'Only 3 items available.',
    );
    expect(cartErrorText(new ApiError(400, { quantity: ['A valid integer is required.'] }), 'fallback')).toBe(
      'A valid integer is required.',
    );
    expect(cartErrorText(new ApiError(500, 'Internal'), 'Failed to update quantity.')).toBe(
      'Failed to update quantity.',
    );
    expect(cartErrorText(new ApiError(0, null, 'Failed to fetch'), 'Failed to remove item.')).toBe(
      'Failed to remove item.',
    );
  });

  it("shows a storefront rule's own text", () => {
    expect(cartErrorText(new RuleError(LOGIN_TO_ADD), 'Failed to add item.')).toBe(
      'Please log in to add items to your cart.',
    );
  });
});
