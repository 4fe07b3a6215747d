// Orders to return, for the returns' tests: a shop with staff whose customer bought two variants of one khukuri
// (2 satin, 1 mirror) by bank transfer, paid and, unless told otherwise, shipped and delivered.
import { expect } from 'vitest';
import type { Tenant } from '../src/modules/tenants/index.ts';
import { shopWithStaff } from './admin.ts';
import type { TestApp } from './app.ts';
import { createVariantProduct, placeOrder, setPayments } from './builders.ts';

export interface OrderToReturn {
  id: number;
  number: string;
  total: string;
  items: { id: number; product_name: string; quantity: number; variant: { sku: string } | null }[];
}

/** A call of the administration API as the shop's owner. */
export function ownerCall(
  t: TestApp,
  setup: { shop: Tenant; owner: { accessToken: string } },
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return t.request(setup.shop, {
    method,
    url: `/api/admin${url}`,
    token: setup.owner.accessToken,
    ...(payload ? { payload } : {}),
  });
}

/**
 * A shop with staff (`shopWithStaff`) and an order of its customer: 2 "Sirupate" satin and 1 mirror (85.00 each, by
 * bank transfer), moved by the owner to `until` (paid, shipped or delivered).
 */
export async function deliveredOrder(
  t: TestApp,
  name: string,
  until: 'awaiting_payment' | 'paid' | 'shipped' | 'delivered' = 'delivered',
) {
  const setup = await shopWithStaff(t, name);
  await setPayments(t, setup.shop);
  const { product, variants } = await createVariantProduct(
    t,
    setup.shop,
    {
      options: [{ name: 'Finish', values: ['Satin', 'Mirror'] }],
      variants: [
        { options: ['Satin'], sku: `SIR-S-${setup.shop.id}`, stock: 5 },
        { options: ['Mirror'], sku: `SIR-M-${setup.shop.id}`, stock: 5 },
      ],
    },
    { name: 'Sirupate', priceCents: 8500 },
  );
  const [satin, mirror] = variants as [(typeof variants)[0], (typeof variants)[0]];
  for (const [variant, quantity] of [
    [satin, 2],
    [mirror, 1],
  ] as const) {
    const added = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token: setup.customer.accessToken,
      payload: { product_id: product.id, variant_id: variant.id, quantity, customization: {} },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const placed = await placeOrder(t, setup.shop, setup.customer.accessToken);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as OrderToReturn;
  const moves = {
    awaiting_payment: [],
    paid: ['paid'],
    shipped: ['paid', 'shipped'],
    delivered: ['paid', 'shipped', 'delivered'],
  }[until];
  for (const to of moves) {
    const moved = await ownerCall(t, setup, 'POST', `/orders/${order.id}/transition/`, {
      to,
      ...(to === 'shipped' ? { carrier: 'DHL', tracking_number: 'TRACK123' } : {}),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const lineOf = (sku: string) => {
    const line = order.items.find((item) => item.variant?.sku === sku);
    if (!line) throw new Error(`no line of ${sku}`);
    return line;
  };
  const satinLine = lineOf(satin.sku);
  const mirrorLine = lineOf(mirror.sku);
  return { ...setup, product, satin, mirror, order, satinLine, mirrorLine, email: setup.customer.user.email };
}

export type DeliveredOrder = Awaited<ReturnType<typeof deliveredOrder>>;

/** Moves the order's delivery (or, with `status: 'order'`, its placing) `days` days into the past. */
export async function movedBack(
  t: TestApp,
  setup: DeliveredOrder,
  days: number,
  what: 'delivered' | 'order' = 'delivered',
) {
  const raw = t.testDb.database.raw;
  if (what === 'order') {
    await raw.query(
      `update orders set created_at = now() - make_interval(days => $3) where tenant_id = $1 and id = $2`,
      [setup.shop.id, setup.order.id, days],
    );
  } else {
    await raw.query(
      `update order_history set created_at = now() - make_interval(days => $3)
        where tenant_id = $1 and order_id = $2 and to_status = 'delivered'`,
      [setup.shop.id, setup.order.id, days],
    );
  }
}
