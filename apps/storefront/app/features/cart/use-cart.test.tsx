// @vitest-environment happy-dom
import type { Cart } from '@platform/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../lib/api-client.ts';
import { configureBrowserSession } from '../session/browser-session.ts';
import { clearTokens, saveTokens } from '../session/session.ts';
import { useForgetUserQueriesOnSignOut } from '../session/user-queries.ts';
import { cartQueryKey, EMPTY_CART } from './api/cart.ts';
import { CART_CHANGE_ERRORS } from './cart-rules.ts';
import { type UseCart, useCart } from './use-cart.ts';

// React warns about updates outside act() unless told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const futureToken = () => {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 900 })}.sig`;
};

const line = (id: number, quantity: number) => ({
  id,
  quantity,
  customization: {},
  product: {
    id: id * 10,
    name: `Khukuri ${id}`,
    slug: `khukuri-${id}`,
    price: '10.00',
    stock: 20,
    is_active: true,
    main_image: null,
    age_restricted: false,
  },
  variant: null,
  line_total: `${quantity * 10}.00`,
  shipping_restriction: null,
});

const cartOf = (...items: ReturnType<typeof line>[]): Cart => {
  const total = `${items.reduce((sum, item) => sum + item.quantity * 10, 0)}.00`;
  return {
    id: 5,
    items,
    total_items: items.reduce((sum, item) => sum + item.quantity, 0),
    total_price: total,
    discount_code: null,
    discount: '0.00',
    discounts: [],
    discount_message: null,
    total,
  };
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function stubFetch(answer: (call: Call) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  window.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      path: new URL(String(input), 'http://shop.test').pathname.replace(/^\/api/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as typeof fetch;
  return calls;
}

let root: Root | null = null;
let queryClient: QueryClient;
let current: UseCart;

function Probe() {
  useForgetUserQueriesOnSignOut();
  current = useCart();
  return null;
}

async function mount() {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
  });
}

/** Waits until no query or mutation runs, then for TanStack's batched notifications (a timer of 0). */
const settle = () =>
  act(async () => {
    await vi.waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('useCart', () => {
  beforeAll(() => configureBrowserSession({ baseUrl: '/api', tenantToken: 'khukuri-demo' }));
  beforeEach(() => window.localStorage.clear());
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    vi.restoreAllMocks();
  });

  it('is the empty cart for a guest, without a call, and refuses to add with the login text', async () => {
    const calls = stubFetch(() => ({ status: 200, body: cartOf(line(1, 1)) }));
    await mount();
    await settle();
    expect(current.cart).toEqual(EMPTY_CART);
    expect(current.isLoading).toBe(false);
    const failure = await current.add({ product_id: 10, quantity: 1 }).catch((error: unknown) => error);
    expect(errorText(failure, 'Failed to add item.', CART_CHANGE_ERRORS)).toBe(
      'Please log in to add items to your cart.',
    );
    expect(calls).toEqual([]);
  });

  it('is the empty cart, silently, when the server answers 401 or 404; another failure is "Could not load cart."', async () => {
    saveTokens({ access: futureToken(), refresh: 'r' });
    for (const status of [401, 404]) {
      stubFetch(() => ({ status, body: { detail: 'Authentication required to view cart.' } }));
      await mount();
      await settle();
      expect(current.cart).toEqual(EMPTY_CART);
      expect(current.loadError).toBeNull();
      await act(async () => root?.unmount());
    }
    stubFetch(() => ({ status: 500, body: { detail: 'Down.' } }));
    await mount();
    await settle();
    expect(current.cart).toEqual(EMPTY_CART);
    expect(current.loadError).toBe('Could not load cart.');
  });

  it('replaces the whole cart with each answer; an unchanged quantity sends nothing, 0 removes', async () => {
    saveTokens({ access: futureToken(), refresh: 'r' });
    const calls = stubFetch((call) => {
      if (call.method === 'PATCH') return { status: 200, body: cartOf(line(1, 3), line(2, 1)) };
      if (call.method === 'DELETE') return { status: 200, body: cartOf(line(1, 3)) };
      return { status: 200, body: cartOf(line(1, 1), line(2, 1)) };
    });
    await mount();
    await settle();
    expect(current.cart.total_items).toBe(2);
    const [first, second] = current.cart.items as [Cart['items'][number], Cart['items'][number]];

    await act(async () => {
      await current.setQuantity(first, '1');
    });
    await settle();
    expect(calls.map((call) => call.method)).toEqual(['GET']);

    await act(async () => {
      await current.setQuantity(first, '3');
    });
    await settle();
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: '/orders/cart/items/1/', body: { quantity: 3 } });
    expect(current.cart.total_items).toBe(4);

    await act(async () => {
      await current.setQuantity(second, 'abc');
    });
    await settle();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/orders/cart/items/2/' });
    expect(current.cart).toEqual(cartOf(line(1, 3)));
  });

  it("gives a failed change the server's detail, else the spec's fallback", async () => {
    saveTokens({ access: futureToken(), refresh: 'r' });
    stubFetch((call) => {
      if (call.method === 'PATCH') return { status: 400, body: { detail: 'Only 3 items available.' } };
      if (call.method === 'DELETE') return { status: 500 };
      return { status: 200, body: cartOf(line(1, 1)) };
    });
    await mount();
    await settle();
    const [item] = current.cart.items as [Cart['items'][number]];
    await act(async () => {
      await current.setQuantity(item, '9').catch(() => undefined);
    });
    await settle();
    expect(current.changeError).toBe('Only 3 items available.');
    await act(async () => {
      await current.clear().catch(() => undefined);
    });
    await settle();
    expect(current.changeError).toBe('Failed to clear cart.');
    expect(current.cart.total_items).toBe(1);
  });

  it('forgets the cart locally after an order and when the session ends', async () => {
    saveTokens({ access: futureToken(), refresh: 'r' });
    stubFetch(() => ({ status: 200, body: cartOf(line(1, 2)) }));
    await mount();
    await settle();
    expect(current.cart.total_items).toBe(2);

    act(() => current.clearLocal());
    await settle();
    expect(current.cart).toEqual(EMPTY_CART);

    await act(async () => clearTokens());
    await settle();
    expect(current.cart).toEqual(EMPTY_CART);
    expect(queryClient.getQueryData(cartQueryKey(null))).toBeUndefined();
  });
});
