import type { Order } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../lib/api-client.ts';
import {
  canPayByCard,
  forgetPendingPayment,
  isWebAddress,
  type PaymentBrowser,
  pendingOrderDetails,
  readPendingPaymentId,
  rememberPendingPayment,
  startCardPayment,
} from './card-payment.ts';

const UUID = '0b9d7c4e-3f1a-4c2b-9d8e-7a6b5c4d3e2f';

/** A session storage in memory; `refuse` makes every call throw, as a browser with storage disabled does. */
function memoryStorage(refuse = false) {
  const items = new Map<string, string>();
  const guard = () => {
    if (refuse) throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    items,
    getItem(key: string) {
      guard();
      return items.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      guard();
      items.set(key, value);
    },
    removeItem(key: string) {
      guard();
      items.delete(key);
    },
  };
}

function apiAnswering(status: number, body: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const api = createApiClient({
    baseUrl: 'http://shop.test/api',
    tenantToken: 'shop-1',
    fetch: async (input, init) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
      return Response.json(body, { status });
    },
  });
  return { api, calls };
}

function browser(storage = memoryStorage()) {
  const visited: string[] = [];
  const target: PaymentBrowser = { storage, origin: 'http://shop.test', assign: (url) => visited.push(url) };
  return { target, storage, visited };
}

const order = { id: 7, number: '1007', total: '85.00' };

describe('canPayByCard', () => {
  it('offers to pay a card order that awaits payment, nothing else', () => {
    expect(canPayByCard({ payment_method: 'card_2c2p', status: 'awaiting_payment' })).toBe(true);
    expect(canPayByCard({ payment_method: 'card_2c2p', status: 'paid' })).toBe(false);
    expect(canPayByCard({ payment_method: 'card_2c2p', status: 'cancelled' })).toBe(false);
    expect(canPayByCard({ payment_method: 'bank_transfer', status: 'awaiting_payment' })).toBe(false);
    expect(canPayByCard({ payment_method: 'custom', status: 'awaiting_payment' })).toBe(false);
  });

  it('keeps the id, number and total of the order', () => {
    const full = { ...order, status: 'awaiting_payment', payment_method: 'card_2c2p' } as unknown as Order;
    expect(pendingOrderDetails(full)).toEqual(order);
  });
});

describe('the payment under way in session storage', () => {
  it('keeps the payment id and the order details under their keys, and forgets both', () => {
    const storage = memoryStorage();
    expect(readPendingPaymentId(storage)).toBeNull();
    rememberPendingPayment(storage, UUID, order);
    expect(storage.items.get('pendingPaymentId')).toBe(UUID);
    expect(JSON.parse(storage.items.get('pendingOrderDetails') ?? '')).toEqual(order);
    expect(readPendingPaymentId(storage)).toBe(UUID);
    forgetPendingPayment(storage);
    expect(storage.items.size).toBe(0);
    expect(readPendingPaymentId(storage)).toBeNull();
  });

  it('never fails when there is no storage or the browser refuses it', () => {
    for (const storage of [null, memoryStorage(true)]) {
      expect(() => rememberPendingPayment(storage, UUID, order)).not.toThrow();
      expect(readPendingPaymentId(storage)).toBeNull();
      expect(() => forgetPendingPayment(storage)).not.toThrow();
    }
  });
});

describe('isWebAddress', () => {
  it('admits http and https addresses only', () => {
    expect(isWebAddress('https://pay.example/pay/abc', 'http://shop.test')).toBe(true);
    expect(isWebAddress('/api/sandbox-2c2p/payment/4.3/pay/abc', 'http://shop.test')).toBe(true);
    expect(isWebAddress('javascript:alert(1)', 'http://shop.test')).toBe(false);
    expect(isWebAddress('data:text/html,hi', 'http://shop.test')).toBe(false);
  });
});

describe('startCardPayment', () => {
  it('starts the payment in USD, keeps its id and order, then leaves for the payment page', async () => {
    const redirectUrl = 'http://shop.test/api/sandbox-2c2p/payment/4.3/pay/tok';
    const { api, calls } = apiAnswering(200, { redirectUrl, payment_uuid: UUID });
    const { target, storage, visited } = browser();
    await startCardPayment(api, order, target);
    expect(calls).toEqual([
      { url: 'http://shop.test/api/payments/card/initiate/', method: 'POST', body: { order_id: 7, currency: 'USD' } },
    ]);
    expect(storage.items.get('pendingPaymentId')).toBe(UUID);
    expect(visited).toEqual([redirectUrl]);
  });

  it('fails with the answer of a refused start, keeping nothing and going nowhere', async () => {
    const { api } = apiAnswering(502, { detail: 'The payment gateway could not be reached.' });
    const { target, storage, visited } = browser();
    const failure = await startCardPayment(api, order, target).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).detail).toBe('The payment gateway could not be reached.');
    expect(storage.items.size).toBe(0);
    expect(visited).toEqual([]);
  });

  it('refuses a payment page address that is not a web address', async () => {
    const { api } = apiAnswering(200, { redirectUrl: 'javascript:alert(1)', payment_uuid: UUID });
    const { target, visited } = browser();
    await expect(startCardPayment(api, order, target)).rejects.toThrow('The payment page address is not valid.');
    expect(visited).toEqual([]);
  });
});
