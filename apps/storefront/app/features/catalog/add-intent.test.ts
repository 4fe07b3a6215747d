import { describe, expect, it } from 'vitest';
import { keepAddIntent, takeAddIntent } from './add-intent.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('a guest’s add to cart kept through sign-in', () => {
  it('is taken once, by the product it was for, with its quantity', () => {
    const store = memoryStore();
    keepAddIntent(store, 'angkhola', 3, 1_000);
    expect(takeAddIntent(store, 'other-product', 2_000)).toBeNull();
    expect(takeAddIntent(store, 'angkhola', 2_000)).toBe(3);
    expect(takeAddIntent(store, 'angkhola', 3_000)).toBeNull();
  });

  it('is the latest only, and dropped after half an hour or when it is not one', () => {
    const store = memoryStore();
    keepAddIntent(store, 'angkhola', 3, 0);
    keepAddIntent(store, 'chitlange', 2, 0);
    expect(takeAddIntent(store, 'angkhola', 1)).toBeNull();
    expect(takeAddIntent(store, 'chitlange', 30 * 60_000)).toBeNull();
    expect(store.items.size).toBe(0);
    for (const kept of ['{"slug":"angkhola","quantity":0,"at":0}', '{"slug":"angkhola"}', 'not json']) {
      store.items.set('pendingCartAdd', kept);
      expect(takeAddIntent(store, 'angkhola', 1), kept).toBeNull();
    }
  });

  it('keeps nothing where the browser refuses storage, and never fails', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => keepAddIntent(refusing, 'angkhola', 1)).not.toThrow();
    expect(takeAddIntent(refusing, 'angkhola')).toBeNull();
    expect(takeAddIntent(null, 'angkhola')).toBeNull();
  });
});
