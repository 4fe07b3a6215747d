import { describe, expect, it } from 'vitest';
import { readConfirmationState } from './confirmation-state.ts';

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
