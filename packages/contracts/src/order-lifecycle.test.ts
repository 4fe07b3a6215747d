import { describe, expect, it } from 'vitest';
import { allowedMoves, checkMove, checkMoveInput, ORDER_TRANSITIONS, PAYMENT_METHODS } from './index.ts';

const bankOrder = (status: Parameters<typeof allowedMoves>[0]['status']) =>
  ({ status, payment_method: 'bank_transfer' }) as const;

describe('the moves staff are offered', () => {
  it('are the moves of the table from the order’s status, in its order', () => {
    expect(allowedMoves(bankOrder('awaiting_payment'), 'staff')).toEqual(['paid', 'cancelled']);
    const refunds = ['partially_refunded', 'refunded'];
    expect(allowedMoves(bankOrder('paid'), 'staff')).toEqual(['processing', 'shipped', 'cancelled', ...refunds]);
    expect(allowedMoves(bankOrder('processing'), 'staff')).toEqual(['shipped', 'cancelled', ...refunds]);
    expect(allowedMoves(bankOrder('shipped'), 'staff')).toEqual(['delivered', ...refunds]);
    expect(allowedMoves(bankOrder('delivered'), 'staff')).toEqual(refunds);
    expect(allowedMoves(bankOrder('partially_refunded'), 'staff')).toEqual([
      ...refunds,
      'shipped',
      'delivered',
      'cancelled',
    ]);
    expect(allowedMoves(bankOrder('refunded'), 'staff')).toEqual([]);
    expect(allowedMoves(bankOrder('cancelled'), 'staff')).toEqual([]);
  });

  it('leave out marking paid an order only its payment gateway confirms', () => {
    expect(allowedMoves({ status: 'awaiting_payment', payment_method: 'card_2c2p' }, 'staff')).toEqual(['cancelled']);
    expect(allowedMoves({ status: 'awaiting_payment', payment_method: 'custom' }, 'staff')).toEqual([
      'paid',
      'cancelled',
    ]);
    expect(allowedMoves({ status: 'awaiting_payment', payment_method: 'card_2c2p' }, 'gateway')).toEqual(['paid']);
  });

  it('offer restoring a cancelled order only while it holds the whole payment that came after its cancellation', () => {
    const cancelled = { status: 'cancelled', payment_method: 'card_2c2p', total: '170.00' } as const;
    expect(allowedMoves({ ...cancelled, refundable_amount: '170.00' }, 'staff')).toEqual(['paid']);
    expect(allowedMoves({ ...cancelled, refundable_amount: '70.00' }, 'staff')).toEqual([]);
    expect(allowedMoves({ ...cancelled, refundable_amount: '0.00' }, 'staff')).toEqual([]);
    expect(checkMove({ ...cancelled, refundable_amount: '0.00' }, 'paid', 'staff')).toEqual({
      status: 409,
      code: 'not_restorable',
      detail: 'Only an order whose payment arrived after it was cancelled, none of it refunded, can be restored.',
    });
    expect(checkMove({ ...cancelled, refundable_amount: '170.00' }, 'paid', 'customer')).toMatchObject({ status: 403 });
  });

  it('are, for the system, every move of the table, but the restoring of a cancelled order without its payment', () => {
    for (const method of PAYMENT_METHODS) {
      for (const [from, next] of Object.entries(ORDER_TRANSITIONS)) {
        const order = { status: from as keyof typeof ORDER_TRANSITIONS, payment_method: method };
        expect(allowedMoves(order, 'system')).toEqual(from === 'cancelled' ? next.filter((to) => to !== 'paid') : next);
      }
      const holding = {
        status: 'cancelled' as const,
        payment_method: method,
        total: '85.00',
        refundable_amount: '85.00',
      };
      expect(allowedMoves(holding, 'system')).toEqual(ORDER_TRANSITIONS.cancelled);
    }
  });
});

describe('checkMove', () => {
  it('answers the API’s refusals with their texts, what the input lacks first', () => {
    expect(checkMove(bankOrder('processing'), 'shipped', 'staff', {})).toEqual({
      status: 400,
      fields: {
        carrier: ['A shipped order needs its carrier.'],
        tracking_number: ['A shipped order needs its tracking number.'],
      },
    });
    expect(checkMoveInput('shipped', 'staff', { carrier: 'DHL' })).toEqual({
      status: 400,
      fields: { tracking_number: ['A shipped order needs its tracking number.'] },
    });
    expect(checkMove(bankOrder('processing'), 'shipped', 'staff', { carrier: 'DHL', tracking_number: 'JD1' })).toBe(
      null,
    );
    // The card rule before the table: a paid card order is still "a card order" to staff.
    expect(checkMove({ status: 'paid', payment_method: 'card_2c2p' }, 'paid', 'staff')).toEqual({
      status: 409,
      code: 'card_order',
      detail: 'A card order is marked paid by its card payment.',
    });
    expect(checkMove(bankOrder('delivered'), 'cancelled', 'staff')).toEqual({
      status: 409,
      code: 'invalid_transition',
      detail: 'An order that is delivered cannot become cancelled.',
    });
    expect(checkMove(bankOrder('awaiting_payment'), 'processing', 'system')).toEqual({
      status: 409,
      code: 'invalid_transition',
      detail: 'An order that is awaiting payment cannot become processing.',
    });
  });

  it('refuses a mover the move does not name', () => {
    expect(checkMove(bankOrder('paid'), 'processing', 'gateway')).toMatchObject({
      status: 403,
      code: 'permission_denied',
    });
    expect(checkMove(bankOrder('processing'), 'cancelled', 'customer')).toMatchObject({ status: 403 });
    expect(checkMove(bankOrder('paid'), 'cancelled', 'customer')).toBe(null);
    // Only staff name a carrier: the system ships without one (as the tests and imports do).
    expect(checkMove(bankOrder('processing'), 'shipped', 'system', {})).toBe(null);
    // A move replayed from a known history states nothing: the input guards are left out, the rest still holds.
    expect(checkMove(bankOrder('processing'), 'shipped', 'staff')).toBe(null);
    expect(checkMove({ status: 'awaiting_payment', payment_method: 'card_2c2p' }, 'paid', 'staff')).toMatchObject({
      code: 'card_order',
    });
  });
});
