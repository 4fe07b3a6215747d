import { ORDER_STATUSES, type OrderStatus } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct, placeOrder, setPayments } from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { findStockLedgerMismatches, listStockMovements, moveStock } from '../inventory/index.ts';
import type { Tenant } from '../tenants/index.ts';
import {
  cancelOverdueOrders,
  canTransition,
  InvalidTransitionError,
  ORDER_TRANSITIONS,
  transitionOrder,
} from './index.ts';

let t: TestApp;
let shop: Tenant;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await t.createTenant('Lifecycle shop');
  // One customer places every order of these tests, many of them left awaiting payment.
  await setPayments(t, shop, { enableBankTransfer: true, bankAccountDetails: 'Test Bank', maxUnpaidOrders: 100 });
  customer = await createCustomer(t, shop);
  productId = (await createProduct(t, shop, { name: 'Bhojpure', stock: 1000, priceCents: 9900 })).id;
});
afterAll(() => t.close());

/** The lifecycle as the business states it: every pair not listed here must be refused. */
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['awaiting_payment', 'paid'],
  ['awaiting_payment', 'cancelled'],
  ['paid', 'processing'],
  ['paid', 'shipped'],
  ['paid', 'cancelled'],
  ['processing', 'shipped'],
  ['processing', 'cancelled'],
  ['shipped', 'delivered'],
  ...(['paid', 'processing', 'shipped', 'delivered', 'partially_refunded'] as const).flatMap(
    (from): [OrderStatus, OrderStatus][] => [
      [from, 'partially_refunded'],
      [from, 'refunded'],
    ],
  ),
  ['partially_refunded', 'shipped'],
  ['partially_refunded', 'delivered'],
  // Staff may cancel an order refunded in part (decision 021): only its units not yet back return.
  ['partially_refunded', 'cancelled'],
  // Restoring an order whose payment arrived after its cancellation (guarded: it must hold that payment).
  ['cancelled', 'paid'],
];

/** The way from a new order to each status. */
const PATH_TO: Record<OrderStatus, Exclude<OrderStatus, 'awaiting_payment'>[]> = {
  awaiting_payment: [],
  paid: ['paid'],
  processing: ['paid', 'processing'],
  shipped: ['paid', 'processing', 'shipped'],
  delivered: ['paid', 'processing', 'shipped', 'delivered'],
  cancelled: ['cancelled'],
  partially_refunded: ['paid', 'partially_refunded'],
  refunded: ['paid', 'refunded'],
};

async function newOrder(): Promise<{ id: number }> {
  await addToCart(t, shop, customer.accessToken, productId, 1);
  const response = await placeOrder(t, shop, customer.accessToken);
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function orderIn(status: OrderStatus): Promise<number> {
  const { id } = await newOrder();
  for (const to of PATH_TO[status]) await transitionOrder(t.context(shop), { orderId: id, to });
  return id;
}

async function orderDetail(id: number) {
  return (
    await t.request(shop, { method: 'GET', url: `/api/orders/orders/${id}/`, token: customer.accessToken })
  ).json();
}

async function historyRows(orderId: number) {
  return t.testDb.database.raw.query<{ from_status: string | null; to_status: string; actor: string; reason: string }>(
    'select from_status, to_status, actor, reason from order_history where order_id = $1 order by id',
    [orderId],
  );
}

describe('the lifecycle table', () => {
  it('allows exactly the business transitions and nothing else', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = ALLOWED.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
    expect(Object.values(ORDER_TRANSITIONS).flat()).toHaveLength(ALLOWED.length);
  });

  describe.each(ORDER_STATUSES.map((from) => [from]))('from %s', (from) => {
    it.each(ORDER_STATUSES.filter((to) => to !== 'awaiting_payment').map((to) => [to]))(
      'to %s: moves and records it when allowed, else 409 and nothing changes',
      async (to) => {
        const id = await orderIn(from);
        const before = await historyRows(id);
        const attempt = transitionOrder(t.context(shop), {
          orderId: id,
          to: to as Exclude<OrderStatus, 'awaiting_payment'>,
        });
        if (from === 'cancelled' && to === 'paid') {
          // The table allows it, its guard does not: this order was cancelled before any payment came.
          await expect(attempt).rejects.toMatchObject({ statusCode: 409, code: 'not_restorable' });
          expect((await orderDetail(id)).status).toBe(from);
          expect(await historyRows(id)).toEqual(before);
        } else if (canTransition(from, to)) {
          expect((await attempt)?.status).toBe(to);
          expect((await orderDetail(id)).status).toBe(to);
          expect((await historyRows(id)).at(-1)).toMatchObject({ from_status: from, to_status: to, actor: 'system' });
        } else {
          const error = await attempt.then(
            () => null,
            (failure: unknown) => failure,
          );
          expect(error).toBeInstanceOf(InvalidTransitionError);
          expect(error).toMatchObject({ statusCode: 409, code: 'invalid_transition' });
          expect((error as Error).message).toMatch(/^An order that is .+ cannot become .+\.$/);
          expect((await orderDetail(id)).status).toBe(from);
          expect(await historyRows(id)).toEqual(before);
        }
      },
    );
  });

  it('answers null for an order the shop does not have', async () => {
    expect(await transitionOrder(t.context(shop), { orderId: 2_000_000_000, to: 'paid' })).toBeNull();
  });
});

describe('order history', () => {
  it('answers the history oldest first after place, pay and cancel, each step with who did it', async () => {
    const { id } = await newOrder();
    const staff = { id: customer.user.id, role: 'staff' };
    await transitionOrder(t.context(shop, staff), { orderId: id, to: 'paid' });
    await transitionOrder(t.context(shop, { id: customer.user.id, role: 'customer' }), {
      orderId: id,
      to: 'cancelled',
      reason: 'changed my mind',
    });
    const detail = await orderDetail(id);
    expect(detail.history.map((entry: { status: string }) => entry.status)).toEqual([
      'awaiting_payment',
      'paid',
      'cancelled',
    ]);
    const times = detail.history.map((entry: { at: string }) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(detail.history[0].at).toBe(detail.created_at);
    expect(await historyRows(id)).toEqual([
      { from_status: null, to_status: 'awaiting_payment', actor: 'customer', reason: 'placed' },
      { from_status: 'awaiting_payment', to_status: 'paid', actor: 'staff', reason: '' },
      { from_status: 'paid', to_status: 'cancelled', actor: 'customer', reason: 'changed my mind' },
    ]);
  });

  it('records an expiry by the system, gives the stock back as expiry in the ledger, and mails the customer', async () => {
    const { id } = await newOrder();
    const { number } = await orderDetail(id);
    await t.testDb.database.raw.query("update orders set payment_due_at = now() - interval '1 minute' where id = $1", [
      id,
    ]);
    expect(await cancelOverdueOrders(t.app.deps)).toBeGreaterThanOrEqual(1);
    await t.settled();

    expect((await orderDetail(id)).history.map((entry: { status: string }) => entry.status)).toEqual([
      'awaiting_payment',
      'cancelled',
    ]);
    expect((await historyRows(id)).at(-1)).toEqual({
      from_status: 'awaiting_payment',
      to_status: 'cancelled',
      actor: 'system',
      reason: 'payment_timeout',
    });
    const movements = (await listStockMovements(t.context(shop), { productId })).filter((m) => m.orderId === id);
    expect(movements.map((m) => [m.reason, m.quantity])).toEqual([
      ['expiry', 1],
      ['order', -1],
    ]);

    const mail = mailsTo(t.config.DATA_DIR, customer.user.email).find((m) =>
      m.raw.includes(`Subject: Lifecycle shop: order ${number} cancelled`),
    );
    expect(mail?.body).toContain(`We did not receive the payment for order ${number} at Lifecycle shop`);
    expect(mail?.body).toContain('1 x Bhojpure');
    expect(mail?.body).toContain('http://localhost:8000/products');
  });

  it('mails nothing when an order is cancelled for another reason than expiry', async () => {
    const { id } = await newOrder();
    const { number } = await orderDetail(id);
    await transitionOrder(t.context(shop), { orderId: id, to: 'cancelled', reason: 'out of season' });
    await t.settled();
    expect(
      mailsTo(t.config.DATA_DIR, customer.user.email).some((m) => m.raw.includes(`order ${number} cancelled`)),
    ).toBe(false);
  });

  it("counts a paid order's products as the customer's purchases until every paid order of them is cancelled", async () => {
    const buyer = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 5 });
    const paidOrders = async () => {
      const [row] = await t.testDb.database.raw.query<{ paid_orders: number }>(
        'select paid_orders from purchases where tenant_id = $1 and user_id = $2 and product_id = $3',
        [shop.id, buyer.user.id, product.id],
      );
      return row?.paid_orders ?? 0;
    };
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      await addToCart(t, shop, buyer.accessToken, product.id, 1);
      ids.push((await placeOrder(t, shop, buyer.accessToken)).json().id);
    }
    const [first, second] = ids as [number, number];
    expect(await paidOrders()).toBe(0);
    await transitionOrder(t.context(shop), { orderId: first, to: 'paid' });
    await transitionOrder(t.context(shop), { orderId: second, to: 'paid' });
    await transitionOrder(t.context(shop), { orderId: second, to: 'processing' });
    expect(await paidOrders()).toBe(2);
    await transitionOrder(t.context(shop), { orderId: first, to: 'cancelled' });
    expect(await paidOrders()).toBe(1);
    await transitionOrder(t.context(shop), { orderId: second, to: 'cancelled' });
    expect(await paidOrders()).toBe(0);
    const review = await t.request(shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: buyer.accessToken,
      payload: { product: product.id, rating: 3, comment: 'Both orders cancelled.' },
    });
    expect(review.json().is_verified_purchase).toBe(false);
  });

  it('keeps every product of the shop equal to the sum of its stock movements', async () => {
    expect(await findStockLedgerMismatches(t.context(shop))).toEqual([]);
  });

  it('refuses a change of stock that does not go through the stock service', async () => {
    // The earlier journeys' e-mails are queued and delivered first: nothing else runs on the database meanwhile.
    await t.settled();
    await expect(
      t.testDb.database.raw.query('update products set stock = stock + 1 where id = $1', [productId]),
    ).rejects.toThrow(/changed outside the stock service/);
    // Nor one that follows a change of the stock service in the same transaction: its reason held for that one only.
    let moved = false;
    await expect(
      inTransaction(t.context(shop), async (tx) => {
        await moveStock(tx, { changes: [{ productId, quantity: 1 }], reason: 'adjustment', note: 'found one' });
        moved = true;
        await tx.scope.rows(sql`update products set stock = stock + 1 where id = ${productId}`);
      }).catch((error: { cause?: unknown }) => Promise.reject(error.cause)),
    ).rejects.toThrow(/changed outside the stock service/);
    expect(moved).toBe(true);
    expect(await findStockLedgerMismatches(t.context(shop))).toEqual([]);
  });
});
