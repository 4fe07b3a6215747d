// The stock of a product for staff through HTTP: its ledger, and corrections through it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogShop, adminCall, adminCatalogShop, auditLog, type DropFirst } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
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
});
