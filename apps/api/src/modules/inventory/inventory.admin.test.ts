// The stock of a product for staff through HTTP: its ledger, and corrections through it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogShop, adminCall, adminCatalogShop, auditLog, type DropFirst } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createVariantProduct, placeOrder, setPayments, stockOf } from '../../../test/builders.ts';
import { findStockLedgerMismatches } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const catalogShop = (name?: string) => adminCatalogShop(t, name);

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

const auditOf = (setup: AdminCatalogShop, entity: string, entityId: number) => auditLog(t, setup, entity, entityId);

describe('stock adjustments', () => {
  it('moves the stock through the ledger with its reason, never below zero, audited', async () => {
    const setup = await catalogShop();
    const url = `/products/${setup.product.id}/stock/`;
    const added = await admin(setup.shop, setup.staff.accessToken, 'POST', url, {
      change: 7,
      reason: 'Delivery from the forge',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      product: setup.product.id,
      stock: 12,
      movements: [
        { quantity: 7, reason: 'adjustment', note: 'Delivery from the forge', order_id: null },
        { quantity: 5, reason: 'initial' },
      ],
    });
    const removed = await admin(setup.shop, setup.staff.accessToken, 'POST', url, { change: -2, reason: 'Broken tip' });
    expect(removed.json().stock).toBe(10);
    const tooMany = await admin(setup.shop, setup.staff.accessToken, 'POST', url, { change: -11, reason: 'Count' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('insufficient_stock');
    for (const payload of [
      { change: 0, reason: 'nothing' },
      { change: 1.5, reason: 'half' },
      { change: 1, reason: '' },
      { change: 1, reason: ' ' },
      { change: 1, reason: 'x'.repeat(201) },
      { change: 1 },
      { change: 1, reason: 'ok', order_id: 3 },
    ]) {
      expect(
        (await admin(setup.shop, setup.staff.accessToken, 'POST', url, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    }
    const ledger = (await admin(setup.shop, setup.staff.accessToken, 'GET', url)).json();
    expect(ledger.stock).toBe(10);
    expect(
      ledger.movements.map((movement: { quantity: number; note: string }) => [movement.quantity, movement.note]),
    ).toEqual([
      [-2, 'Broken tip'],
      [7, 'Delivery from the forge'],
      [5, ''],
    ]);
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
    const audit = await auditOf(setup, 'product', setup.product.id);
    expect(audit.map((entry) => [entry.action, entry.summary])).toEqual([
      ['product.stock', { before: { stock: 12 }, after: { stock: 10, change: -2, reason: 'Broken tip' } }],
      ['product.stock', { before: { stock: 5 }, after: { stock: 12, change: 7, reason: 'Delivery from the forge' } }],
    ]);
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/products/999999/stock/')).statusCode).toBe(404);
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/999999/stock/', { change: 1, reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('corrects the stock of the variant named, for a product sold in options, and of it only', async () => {
    const setup = await catalogShop();
    const { product, variants } = await createVariantProduct(t, setup.shop, {
      options: [{ name: 'Blade length', values: ['10 inch', '12 inch'] }],
      variants: [
        { options: ['10 inch'], stock: 4 },
        { options: ['12 inch'], stock: 2 },
      ],
    });
    const [short, long] = variants as [(typeof variants)[0], (typeof variants)[0]];
    const url = `/products/${product.id}/stock/`;
    const token = setup.staff.accessToken;
    const added = await admin(setup.shop, token, 'POST', url, { change: 3, reason: 'Forged', variant_id: long.id });
    expect(added.statusCode).toBe(200);
    expect(added.json().stock).toBe(9);
    expect(
      added
        .json()
        .movements.map((m: { quantity: number; reason: string; variant_id: number }) => [
          m.quantity,
          m.reason,
          m.variant_id,
        ]),
    ).toEqual([
      [3, 'adjustment', long.id],
      [2, 'initial', long.id],
      [4, 'initial', short.id],
    ]);
    expect(await stockOf(t, long.id)).toEqual({ variant: 5, product: 9 });
    expect(await stockOf(t, short.id)).toEqual({ variant: 4, product: 9 });
    const unnamed = await admin(setup.shop, token, 'POST', url, { change: 1, reason: 'Count' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().code).toBe('variant_required');
    const tooMany = await admin(setup.shop, token, 'POST', url, { change: -5, reason: 'Count', variant_id: short.id });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('insufficient_stock');
    const otherProduct = await admin(setup.shop, token, 'POST', `/products/${setup.product.id}/stock/`, {
      change: 1,
      reason: 'Count',
      variant_id: long.id,
    });
    expect(otherProduct.statusCode).toBe(404);
    expect(await stockOf(t, short.id)).toEqual({ variant: 4, product: 9 });
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
    const audit = await auditOf(setup, 'product', product.id);
    expect(audit.map((entry) => entry.summary)).toEqual([
      { before: { variant: long.id, stock: 2 }, after: { variant: long.id, stock: 5, change: 3, reason: 'Forged' } },
    ]);
  });

  it('names the order of a movement by its number, and the variant by its option values', async () => {
    const setup = await catalogShop('Ledger names');
    await setPayments(t, setup.shop);
    const { product, variants } = await createVariantProduct(t, setup.shop, {
      options: [
        { name: 'Blade length', values: ['10 inch', '12 inch'] },
        { name: 'Finish', values: ['Satin', 'Mirror'] },
      ],
      variants: [
        { options: ['10 inch', 'Satin'], stock: 4 },
        { options: ['12 inch', 'Mirror'], stock: 2 },
      ],
    });
    const mirror = variants[1] as (typeof variants)[0];
    const added = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token: setup.customer.accessToken,
      payload: { product_id: product.id, variant_id: mirror.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await placeOrder(t, setup.shop, setup.customer.accessToken);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { id: number; number: string };

    const ledger = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${product.id}/stock/`);
    expect(ledger.statusCode).toBe(200);
    const movements = ledger.json().movements as Record<string, unknown>[];
    expect(movements[0]).toMatchObject({
      quantity: -1,
      reason: 'order',
      order_id: order.id,
      order_number: order.number,
      variant_id: mirror.id,
      variant: '12 inch / Mirror',
    });
    expect(movements.at(-1)).toMatchObject({ reason: 'initial', order_number: null, variant: '10 inch / Satin' });
    // A product sold as it is: no variant, no order.
    const plain = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/stock/`);
    expect(plain.json().movements[0]).toMatchObject({ order_number: null, variant_id: null, variant: null });
  });
});
