import { describe, expect, it } from 'vitest';
import { forgetCheckoutDraft, keepCheckoutDraft, readCheckoutDraft } from './checkout-draft.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const address = {
  street: 'Lazimpat 12',
  city: 'Kathmandu',
  postalCode: '44600',
  country: 'Nepal',
  fullname: 'Sita Gurung',
  contact_number: '',
};

describe('the checkout draft', () => {
  it('is kept per shop and read back as it was, until forgotten', () => {
    const store = memoryStore();
    keepCheckoutDraft(store, 1, { address, method: 'bank_transfer' });
    expect(readCheckoutDraft(store, 1)).toEqual({ address, method: 'bank_transfer' });
    expect(readCheckoutDraft(store, 2)).toBeNull();
    forgetCheckoutDraft(store, 1);
    expect(readCheckoutDraft(store, 1)).toBeNull();
  });

  it('reads only the form’s own fields and known methods, and nothing of what is not a draft', () => {
    const store = memoryStore();
    store.items.set('checkoutDraft:1', JSON.stringify({ address: { ...address, card: '4111' }, method: 'cash' }));
    expect(readCheckoutDraft(store, 1)).toEqual({ address, method: null });
    for (const kept of ['not json', '{"address":{"street":"x"}}', '{}']) {
      store.items.set('checkoutDraft:1', kept);
      expect(readCheckoutDraft(store, 1), kept).toBeNull();
    }
    expect(readCheckoutDraft(null, 1)).toBeNull();
  });
});
