// Orders of products sold in options (decision 018): each line takes its variant's stock, price and SKU; cancelling,
// expiring and refunding with restock give back to that variant only; the ledger holds per variant.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
  stockOf,
  TEST_ADDRESS,
} from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { adjustStock, findStockLedgerMismatches, moveStock } from '../inventory/index.ts';
import type { Tenant } from '../tenants/index.ts';
import { invoiceBody } from './documents/orders.documents.ts';
import { cancelOverdueOrders } from './orders.expiry.ts';

// On PostgreSQL the race below is a real one between pooled connections, and between two app instances.
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  second = await t.secondInstance();
});
afterAll(() => t.close());

/** A shop with staff and bank transfers, and a khukuri in three variants (4, 2 and 3 units, the 12 inch dearer). */
async function khukuriShop() {
  const setup = await shopWithStaff(t, 'Variant shop');
  await setPayments(t, setup.shop);
  const { product, variants } = await createVariantProduct(
    t,
    setup.shop,
    {
      options: [
        { name: 'Blade length', values: ['10 inch', '12 inch'] },
        { name: 'Finish', values: ['Satin', 'Mirror'] },
      ],
      variants: [
        { options: ['10 inch', 'Satin'], sku: `SIR-10-S-${setup.shop.id}`, stock: 4 },
        { options: ['12 inch', 'Mirror'], sku: `SIR-12-M-${setup.shop.id}`, priceCents: 9900, stock: 2 },
        { options: ['12 inch', 'Satin'], sku: `SIR-12-S-${setup.shop.id}`, stock: 3 },
      ],
      personalisation: [{ key: 'engraving', label: 'Engraving', maxLength: 20, priceCents: 1500, required: false }],
    },
    { name: 'Sirupate', priceCents: 8500 },
  );
  const [satin, mirror, long] = variants as [(typeof variants)[0], (typeof variants)[0], (typeof variants)[0]];
  return { ...setup, product, satin, mirror, long };
}

type Shop = Awaited<ReturnType<typeof khukuriShop>>;

async function addVariant(
  shop: Tenant,
  token: string,
  productId: number,
  variantId: number,
  quantity: number,
  customization = {},
) {
  const response = await t.request(shop, {
    method: 'POST',
    url: '/api/orders/cart/add-item/',
    token,
    payload: { product_id: productId, variant_id: variantId, quantity, customization },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The customer orders 2 mirror units (one engraved) by bank transfer; the order's answer. */
async function orderMirror(setup: Shop) {
  await addVariant(setup.shop, setup.customer.accessToken, setup.product.id, setup.mirror.id, 1, { engraving: 'Maya' });
  await addVariant(setup.shop, setup.customer.accessToken, setup.product.id, setup.mirror.id, 1);
  const placed = await placeOrder(t, setup.shop, setup.customer.accessToken);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json();
}

async function stocks(setup: Shop) {
  return {
    satin: (await stockOf(t, setup.satin.id)).variant,
    mirror: (await stockOf(t, setup.mirror.id)).variant,
    long: (await stockOf(t, setup.long.id)).variant,
    product: (await stockOf(t, setup.satin.id)).product,
  };
}

/** The ledger's rows of one variant, oldest first. */
async function variantLedger(variantId: number) {
  return t.testDb.database.raw.query<{ quantity: number; reason: string }>(
    'select quantity, reason from stock_movements where variant_id = $1 order by id',
    [variantId],
  );
}

/** An administration call by the shop's owner (who may refund, decision 021). */
function staffCall(setup: Shop, url: string, payload: object) {
  return t.request(setup.shop, { method: 'POST', url: `/api/admin${url}`, token: setup.owner.accessToken, payload });
}

describe('ordering a variant', () => {
  it("prices each line from its variant and engraving, keeps its SKU and options, and lowers only that variant's stock", async () => {
    const setup = await khukuriShop();
    const order = await orderMirror(setup);
    expect(order.items).toEqual([
      expect.objectContaining({
        product_name: 'Sirupate',
        unit_price: '114.00',
        quantity: 1,
        customization: { engraving: 'Maya', Blade_length: '12 inch', Finish: 'Mirror' },
        variant: { id: setup.mirror.id, sku: `SIR-12-M-${setup.shop.id}`, option_values: ['12 inch', 'Mirror'] },
      }),
      expect.objectContaining({
        unit_price: '99.00',
        quantity: 1,
        customization: { Blade_length: '12 inch', Finish: 'Mirror' },
        variant: { id: setup.mirror.id, sku: `SIR-12-M-${setup.shop.id}`, option_values: ['12 inch', 'Mirror'] },
      }),
    ]);
    expect(order.subtotal).toBe('213.00');
    // The confirmation e-mail and the invoice name the options and the engraving (and the invoice the SKU).
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).at(-1);
    expect(mail?.body).toMatch(
      /1 x Sirupate \((?=[^)]*Blade length: 12 inch)(?=[^)]*Finish: Mirror)(?=[^)]*engraving: Maya)/,
    );
    const lines = invoiceBody(order, null).lines.map((line) => line.description);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^Sirupate \((Blade length: 12 inch, Finish: Mirror|Finish: Mirror, Blade length: 12 inch)\), SKU SIR-12-M-\d+$/,
    );
    expect(await stocks(setup)).toEqual({ satin: 4, mirror: 0, long: 3, product: 7 });
    expect(await variantLedger(setup.mirror.id)).toEqual([
      { quantity: 2, reason: 'initial' },
      { quantity: -2, reason: 'order' },
    ]);
    expect(await variantLedger(setup.satin.id)).toEqual([{ quantity: 4, reason: 'initial' }]);
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
    // The customer's own view of the order shows the same.
    const mine = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${order.id}/`,
      token: setup.customer.accessToken,
    });
    const mirror = { id: setup.mirror.id, sku: `SIR-12-M-${setup.shop.id}`, option_values: ['12 inch', 'Mirror'] };
    expect(mine.json().items.map((item: { variant: unknown }) => item.variant)).toEqual([mirror, mirror]);
  });

  it('refuses an order of more units of a variant than it holds, naming its options, though others have more', async () => {
    const setup = await khukuriShop();
    await addVariant(setup.shop, setup.customer.accessToken, setup.product.id, setup.mirror.id, 2);
    // Someone else bought one meanwhile.
    await moveStock(t.context(setup.shop), {
      changes: [{ productId: setup.product.id, variantId: setup.mirror.id, quantity: -1 }],
      reason: 'adjustment',
    });
    const placed = await placeOrder(t, setup.shop, setup.customer.accessToken);
    expect(placed.statusCode).toBe(400);
    expect(placed.json()).toEqual({
      detail: 'Only 1 items of Sirupate (12 inch, Mirror) available.',
      code: 'insufficient_stock',
    });
    expect(await stocks(setup)).toEqual({ satin: 4, mirror: 1, long: 3, product: 8 });
  });

  it('refuses a stock change of a product sold in options that does not name its variant, changing nothing', async () => {
    const setup = await khukuriShop();
    await expect(
      moveStock(t.context(setup.shop), {
        changes: [{ productId: setup.product.id, quantity: 1 }],
        reason: 'adjustment',
      }),
    ).rejects.toMatchObject({
      code: 'variant_required',
      message: `Product ${setup.product.id} is sold in options: name the variant whose stock changes.`,
    });
    expect(await stocks(setup)).toEqual({ satin: 4, mirror: 2, long: 3, product: 9 });
  });
});

describe('a product that came to be sold in options after it went in a cart', () => {
  it('is refused at checkout until the customer chooses a variant, changing no stock', async () => {
    const setup = await khukuriShop();
    const plain = await createProduct(t, setup.shop, { name: 'Dhankute', stock: 5 });
    await addToCart(t, setup.shop, setup.customer.accessToken, plain.id, 1);
    await t.testDb.database.raw.query(
      `update products set options = '[{"name": "Blade length", "values": ["10 inch"]}]' where id = $1`,
      [plain.id],
    );
    await t.testDb.database.raw.query(
      `insert into product_variants (tenant_id, product_id, sku, option_values) values ($1, $2, $3, array['10 inch'])`,
      [setup.shop.id, plain.id, `DHA-10-${setup.shop.id}`],
    );
    const placed = await placeOrder(t, setup.shop, setup.customer.accessToken);
    expect(placed.statusCode).toBe(400);
    expect(placed.json()).toEqual({
      detail: 'Dhankute is now sold in options. Remove it from your cart and choose one.',
      code: 'variant_required',
    });
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });
});

describe("staff's stock adjustment of a variant", () => {
  it("changes the variant named through the ledger, and refuses another product's variant or none", async () => {
    const setup = await khukuriShop();
    const ctx = t.context(setup.shop);
    const adjusted = await adjustStock(ctx, {
      productId: setup.product.id,
      variantId: setup.long.id,
      quantity: -2,
      note: 'two broken in transit',
    });
    expect(adjusted.stock).toBe(1);
    expect(await stocks(setup)).toEqual({ satin: 4, mirror: 2, long: 1, product: 7 });
    expect((await variantLedger(setup.long.id)).at(-1)).toEqual({ quantity: -2, reason: 'adjustment' });
    await expect(
      adjustStock(ctx, { productId: setup.product.id, variantId: setup.long.id, quantity: -2, note: 'count' }),
    ).rejects.toMatchObject({
      code: 'insufficient_stock',
      message: `Only 1 items of Sirupate (SIR-12-S-${setup.shop.id}) are in stock.`,
    });
    const other = await createProduct(t, setup.shop);
    await expect(
      adjustStock(ctx, { productId: other.id, variantId: setup.long.id, quantity: 1, note: 'count' }),
    ).rejects.toMatchObject({ code: 'variant_not_found' });
    await expect(adjustStock(ctx, { productId: setup.product.id, quantity: 1, note: 'count' })).rejects.toMatchObject({
      code: 'variant_required',
    });
    expect(await stocks(setup)).toEqual({ satin: 4, mirror: 2, long: 1, product: 7 });
    expect(await findStockLedgerMismatches(ctx)).toEqual([]);
  });
});

describe('giving a variant back', () => {
  it("cancelling the order restores only its variant's stock, as a cancellation in its ledger", async () => {
    const setup = await khukuriShop();
    const order = await orderMirror(setup);
    await addVariant(setup.shop, setup.customer.accessToken, setup.product.id, setup.satin.id, 1);
    expect((await placeOrder(t, setup.shop, setup.customer.accessToken)).statusCode).toBe(201);
    const cancelled = await staffCall(setup, `/orders/${order.id}/transition/`, { to: 'cancelled', reason: 'asked' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stocks(setup)).toEqual({ satin: 3, mirror: 2, long: 3, product: 8 });
    expect((await variantLedger(setup.mirror.id)).map((row) => row.reason)).toEqual([
      'initial',
      'order',
      'cancellation',
    ]);
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });

  it("an order expiring unpaid restores only its variant's stock, as an expiry", async () => {
    const setup = await khukuriShop();
    const order = await orderMirror(setup);
    await t.testDb.database.raw.query("update orders set payment_due_at = now() - interval '1 minute' where id = $1", [
      order.id,
    ]);
    expect(await cancelOverdueOrders(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await stocks(setup)).toEqual({ satin: 4, mirror: 2, long: 3, product: 9 });
    expect(await variantLedger(setup.mirror.id)).toEqual([
      { quantity: 2, reason: 'initial' },
      { quantity: -2, reason: 'order' },
      { quantity: 2, reason: 'expiry' },
    ]);
  });

  it('refunding with restock puts units back to the variant ordered, never more than the order held of it', async () => {
    const setup = await khukuriShop();
    await addVariant(setup.shop, setup.customer.accessToken, setup.product.id, setup.satin.id, 1);
    const order = await orderMirror(setup);
    expect((await staffCall(setup, `/orders/${order.id}/transition/`, { to: 'paid' })).statusCode).toBe(200);
    expect(await stocks(setup)).toEqual({ satin: 3, mirror: 0, long: 3, product: 6 });

    // The order holds two variants of the product: a restock line must say which.
    const unnamed = await staffCall(setup, `/orders/${order.id}/refunds/`, {
      amount: '99.00',
      restock: [{ product_id: setup.product.id, quantity: 1 }],
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({
      restock: [`Product ${setup.product.id} is in this order in several options: name the variant_id to put back.`],
    });
    const notOrdered = await staffCall(setup, `/orders/${order.id}/refunds/`, {
      amount: '99.00',
      restock: [{ product_id: setup.product.id, variant_id: setup.long.id, quantity: 1 }],
    });
    expect(notOrdered.statusCode).toBe(400);
    expect(notOrdered.json()).toEqual({
      restock: [`Variant ${setup.long.id} of product ${setup.product.id} is not in this order.`],
    });

    const returned = await staffCall(setup, `/orders/${order.id}/refunds/`, {
      amount: '99.00',
      restock: [{ product_id: setup.product.id, variant_id: setup.mirror.id, quantity: 2 }],
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json().refunds[0].restock).toEqual([
      { product_id: setup.product.id, variant_id: setup.mirror.id, quantity: 2 },
    ]);
    // Staff's view of the order names each line's variant.
    expect(returned.json().items.map((item: { variant: { sku: string } | null }) => item.variant?.sku)).toEqual([
      `SIR-10-S-${setup.shop.id}`,
      `SIR-12-M-${setup.shop.id}`,
      `SIR-12-M-${setup.shop.id}`,
    ]);
    expect(await stocks(setup)).toEqual({ satin: 3, mirror: 2, long: 3, product: 8 });
    expect((await variantLedger(setup.mirror.id)).at(-1)).toEqual({ quantity: 2, reason: 'return' });

    const again = await staffCall(setup, `/orders/${order.id}/refunds/`, {
      amount: '1.00',
      restock: [{ product_id: setup.product.id, variant_id: setup.mirror.id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      restock: [`At most 0 units of variant ${setup.mirror.id} of product ${setup.product.id} can be put back.`],
    });
    expect(await stocks(setup)).toEqual({ satin: 3, mirror: 2, long: 3, product: 8 });
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });

  it('a restock line without variant_id is the variant ordered when the order holds only one of the product', async () => {
    const setup = await khukuriShop();
    const order = await orderMirror(setup);
    expect((await staffCall(setup, `/orders/${order.id}/transition/`, { to: 'paid' })).statusCode).toBe(200);
    const returned = await staffCall(setup, `/orders/${order.id}/refunds/`, {
      amount: '99.00',
      restock: [{ product_id: setup.product.id, quantity: 1 }],
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json().refunds[0].restock).toEqual([
      { product_id: setup.product.id, variant_id: setup.mirror.id, quantity: 1 },
    ]);
    expect(await stocks(setup)).toEqual({ satin: 4, mirror: 1, long: 3, product: 8 });
  });
});

describe('a product bought as it is', () => {
  it('orders, cancels and keeps its ledger as before, next to a product sold in options', async () => {
    const setup = await khukuriShop();
    const plain = await createProduct(t, setup.shop, { name: 'Chakmak', stock: 5, priceCents: 2000 });
    await addToCart(t, setup.shop, setup.customer.accessToken, plain.id, 2);
    const order = await orderMirror(setup);
    const plainLine = order.items.find((item: { product_name: string }) => item.product_name === 'Chakmak');
    expect(plainLine).toMatchObject({ unit_price: '20.00', quantity: 2, customization: {}, variant: null });
    const [row] = await t.testDb.database.raw.query<{ stock: number }>('select stock from products where id = $1', [
      plain.id,
    ]);
    expect(row?.stock).toBe(3);
    expect((await staffCall(setup, `/orders/${order.id}/transition/`, { to: 'cancelled' })).statusCode).toBe(200);
    const [after] = await t.testDb.database.raw.query<{ stock: number }>('select stock from products where id = $1', [
      plain.id,
    ]);
    expect(after?.stock).toBe(5);
    expect(await stocks(setup)).toEqual({ satin: 4, mirror: 2, long: 3, product: 9 });
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });
});

describe.each([
  ['one app instance', () => [t.app]],
  ['two app instances on one database', () => [t.app, second]],
])('customers racing for the last units of one variant (%s)', (_name, instances) => {
  it('sells the 3 units of one variant exactly once each when 50 customers each holding one order at once', async () => {
    const shop = await t.createTenant();
    await setPayments(t, shop);
    const { product, variants } = await createVariantProduct(
      t,
      shop,
      {
        options: [{ name: 'Blade length', values: ['10 inch', '12 inch'] }],
        variants: [
          { options: ['10 inch'], stock: 20 },
          { options: ['12 inch'], stock: 3 },
        ],
      },
      { name: 'Bhojpure' },
    );
    const [other, scarce] = variants;
    if (!other || !scarce) throw new Error('variants missing');
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const customer = await createCustomer(t, shop);
      await addVariant(shop, customer.accessToken, product.id, scarce.id, 1);
      tokens.push(customer.accessToken);
    }
    const answers = await Promise.all(
      tokens.map((token, i) =>
        (instances()[i % instances().length] as FastifyInstance).inject({
          method: 'POST',
          url: '/api/orders/orders/',
          headers: { 'x-tenant-token': shop.token, authorization: `Bearer ${token}` },
          payload: { payment_method: 'bank_transfer', delivery_address: TEST_ADDRESS },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toBe('Bhojpure (12 inch) is out of stock.');
    }
    expect(await stockOf(t, scarce.id)).toEqual({ variant: 0, product: 20 });
    expect((await stockOf(t, other.id)).variant).toBe(20);
    const sold = await variantLedger(scarce.id);
    expect(sold.filter((row) => row.reason === 'order')).toHaveLength(3);
    expect(sold.reduce((sum, row) => sum + row.quantity, 0)).toBe(0);
    expect(await findStockLedgerMismatches(t.context(shop))).toEqual([]);
  });

  it('gives units back from cancelled orders while others order the same variant, without a deadlock', async () => {
    const setup = await shopWithStaff(t, 'Variant race shop');
    await setPayments(t, setup.shop);
    const { product, variants } = await createVariantProduct(
      t,
      setup.shop,
      {
        options: [{ name: 'Finish', values: ['Satin', 'Mirror'] }],
        variants: [
          { options: ['Satin'], stock: 5 },
          { options: ['Mirror'], stock: 10 },
        ],
      },
      { name: 'Angkhola' },
    );
    const [satin, mirror] = variants;
    if (!satin || !mirror) throw new Error('variants missing');
    const buyers: string[] = [];
    const waiting: string[] = [];
    for (let i = 0; i < 30; i++) {
      const customer = await createCustomer(t, setup.shop);
      await addVariant(setup.shop, customer.accessToken, product.id, mirror.id, 1);
      await addVariant(setup.shop, customer.accessToken, product.id, satin.id, 1);
      (i < 5 ? buyers : waiting).push(customer.accessToken);
    }
    const first = [];
    for (const token of buyers) {
      const placed = await placeOrder(t, setup.shop, token);
      expect(placed.statusCode, placed.body).toBe(201);
      first.push(placed.json().id as number);
    }
    expect(await stockOf(t, satin.id)).toEqual({ variant: 0, product: 5 });

    const [cancels, orders] = await Promise.all([
      Promise.all(
        first.map((id, i) =>
          (instances()[i % instances().length] as FastifyInstance).inject({
            method: 'POST',
            url: `/api/admin/orders/${id}/transition/`,
            headers: { 'x-tenant-token': setup.shop.token, authorization: `Bearer ${setup.staff.accessToken}` },
            payload: { to: 'cancelled' },
          }),
        ),
      ),
      Promise.all(
        waiting.map((token, i) =>
          (instances()[i % instances().length] as FastifyInstance).inject({
            method: 'POST',
            url: '/api/orders/orders/',
            headers: { 'x-tenant-token': setup.shop.token, authorization: `Bearer ${token}` },
            payload: { payment_method: 'bank_transfer', delivery_address: TEST_ADDRESS },
          }),
        ),
      ),
    ]);
    expect(cancels.map((answer) => answer.statusCode)).toEqual(first.map(() => 200));
    const placed = orders.filter((answer) => answer.statusCode === 201).length;
    for (const answer of orders.filter((a) => a.statusCode !== 201)) expect(answer.statusCode).toBe(400);
    expect(placed).toBeLessThanOrEqual(5);
    expect((await stockOf(t, satin.id)).variant).toBe(5 - placed);
    expect((await stockOf(t, mirror.id)).variant).toBe(10 - placed);
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });
});
