import { describe, expect, it } from 'vitest';
import { confirmedOrderId, keepConfirmedOrder, readConfirmationState } from './confirmation-state.ts';

describe('readConfirmationState', () => {
  it('is null without a state or with a state that holds no order', () => {
    expect(readConfirmationState(null)).toBeNull();
    expect(readConfirmationState(undefined)).toBeNull();
    expect(readConfirmationState({ instructions: 'x' })).toBeNull();
    expect(readConfirmationState({ order: { id: 1 } })).toBeNull();
  });

  it('reads the order and its instructions', () => {
    const order = { id: 1, number: 'KH-1001' };
    expect(readConfirmationState({ order, instructions: 'Pay by transfer' })).toEqual({
      order,
      instructions: 'Pay by transfer',
    });
    expect(readConfirmationState({ order })).toEqual({ order, instructions: '' });
  });
});

describe('the confirmed order kept for a reload', () => {
  it('is kept per shop in the session storage, and only an id is read back', () => {
    const items = new Map<string, string>();
    const store = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    expect(confirmedOrderId(store, 1)).toBeNull();
    keepConfirmedOrder(store, 1, 42);
    expect(confirmedOrderId(store, 1)).toBe(42);
    expect(confirmedOrderId(store, 2)).toBeNull();
    items.set('confirmedOrder:2', '"42"');
    expect(confirmedOrderId(store, 2)).toBeNull();
    expect(confirmedOrderId(null, 1)).toBeNull();
  });
});
