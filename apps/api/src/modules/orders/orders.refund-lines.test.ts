// Refunds by line (issue 43, decision 024) through `POST /api/admin/orders/{id}/refunds/` with `lines` and its quote:
// the amount the shop computes (a percentage and a fixed code, VAT in the prices and sales tax added, the shipping
// with the last units), each line's units back to its own variant, refusals naming the line (a pending refund's units
// are taken), idempotent retries, the lines in the order's refunds and on the credit note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, auditLog, type ShopWithStaff, shopWithStaff } from '../../../test/admin.ts';
import { buildServedTestApp, type TestApp } from '../../../test/app.ts';
import {
  addShippingZone,
  addToCart,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
  stockOf,
  takeCards,
} from '../../../test/builders.ts';
import { followReturn, payAtHostedPage } from '../../../test/card-gateway.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { pdfText } from '../../../test/pdf.ts';
import { GERMANY, NEW_YORK, type TaxedShop, taxedOrder, taxedShop } from '../../../test/taxed-orders.ts';

let t: TestApp & { origin: string };

beforeAll(async () => {
  // Card payments settle at once (refunds, not voids); a card refund of an amount ending in .01 stays pending for
  // one status poll.
  t = await buildServedTestApp({
    NODE_ENV: 'development',
    SANDBOX_GATEWAY_SETTLE_AFTER_SECONDS: '0',
    SANDBOX_GATEWAY_REFUND_PENDING_POLLS: '1',
  });
});
afterAll(() => t.close());

interface AdminOrderAnswer {
  id: number;
  number: string;
  status: string;
  total: string;
  refunded_amount: string;
  refundable_amount: string;
  items: { id: number; product_name: string; quantity: number; refundable_quantity: number }[];
  refunds: {
    id: number;
    amount: string;
    status: string;
    restock: unknown[];
    lines: { line_id: number; quantity: number; restock: boolean; amount: string; tax: string }[];
    shipping: string | null;
  }[];
}

/** A call of the shop's owner (who may refund) about one order. */
function owner(setup: ShopWithStaff, orderId: number, url: string, payload?: object, headers = {}) {
  return t.request(setup.shop, {
    method: payload ? 'POST' : 'GET',
    url: `/api/admin/orders/${orderId}/${url}`,
    token: setup.owner.accessToken,
    headers,
    ...(payload ? { payload } : {}),
  });
}

async function adminOrder(setup: ShopWithStaff, orderId: number): Promise<AdminOrderAnswer> {
  const answer = await owner(setup, orderId, '');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function markPaid(setup: ShopWithStaff, orderId: number) {
  const paid = await owner(setup, orderId, 'transition/', { to: 'paid' });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** The text of the order's last credit note, as staff download it. */
async function lastCreditNote(setup: ShopWithStaff, orderId: number): Promise<string> {
  const listed = await owner(setup, orderId, 'documents/');
  const note = listed.json().findLast((document: { kind: string }) => document.kind === 'credit_note');
  const pdf = await owner(setup, orderId, `documents/${note.id}/`);
  expect(pdf.statusCode).toBe(200);
  return pdfText(pdf.rawPayload);
}

describe('the amount of a refund by line', () => {
  it('a 10 % code: two of three units give back their share; the last one the rest and the shipping, to the cent', async () => {
    const setup = await shopWithStaff(t, 'Percent refund shop');
    await setPayments(t, setup.shop);
    await addShippingZone(t, setup.shop);
    const product = await createProduct(t, setup.shop, { name: 'Bhojpure', priceCents: 8500, stock: 10 });
    const code = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', '/discounts/', {
      code: 'PCT10',
      kind: 'percentage',
      value: '10.00',
    });
    expect(code.statusCode, code.body).toBe(201);
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, product.id, 3);
    const applied = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/discount/',
      token,
      payload: { code: 'pct10' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const placed = await placeOrder(t, setup.shop, token);
    expect(placed.statusCode, placed.body).toBe(201);
    // 3 × 85.00 = 255.00, less 25.50; shipping 5.00 + 3 × 1.00.
    const order = placed.json();
    expect(order).toMatchObject({ subtotal: '255.00', discount: '25.50', shipping: '8.00', total: '237.50' });
    await markPaid(setup, order.id);
    const [line] = order.items as { id: number }[];
    if (!line) throw new Error('no line');

    const quoted = await owner(setup, order.id, 'refunds/quote/', { lines: [{ line_id: line.id, quantity: 2 }] });
    expect(quoted.statusCode, quoted.body).toBe(200);
    // 229.50 × 2 / 3 = 153.00.
    expect(quoted.json()).toEqual({
      amount: '153.00',
      tax: '0.00',
      taxes: [],
      shipping: null,
      lines: [{ line_id: line.id, quantity: 2, amount: '153.00', tax: '0.00' }],
    });
    const first = await owner(setup, order.id, 'refunds/', {
      lines: [{ line_id: line.id, quantity: 2 }],
      reference: 'BANK-1',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: '153.00',
      items: [{ id: line.id, refundable_quantity: 1 }],
      refunds: [
        {
          amount: '153.00',
          lines: [{ line_id: line.id, quantity: 2, restock: false, amount: '153.00', tax: '0.00' }],
          shipping: null,
          restock: [],
        },
      ],
    });

    // The last unit: what is left of the line, 76.50, and the shipping. An amount that agrees may be given.
    const last = await owner(setup, order.id, 'refunds/', {
      lines: [{ line_id: line.id, quantity: 1 }],
      amount: '84.50',
      reference: 'BANK-2',
    });
    expect(last.statusCode, last.body).toBe(201);
    const after: AdminOrderAnswer = last.json();
    expect(after).toMatchObject({ status: 'refunded', refunded_amount: '237.50', refundable_amount: '0.00' });
    expect(after.refunds[1]).toMatchObject({ amount: '84.50', shipping: '8.00' });
    expect(after.items[0]?.refundable_quantity).toBe(0);
  });

  it('a fixed code with VAT in the prices: a unit gives back its price after its share, the VAT inside it', async () => {
    const setup = await taxedShop(t, 'VAT refund shop');
    const { order } = await taxedOrder(t, setup, GERMANY, { quantity: 2, discounted: true });
    // 2 × 118.99 less 10.00 = 227.98, shipping 23.80: 251.78, VAT 36.40 + 3.80.
    expect(order.total).toBe('251.78');
    await markPaid(setup, order.id);
    const lineId = order.items[0]?.id as number;

    const first = await owner(setup, order.id, 'refunds/', {
      lines: [{ line_id: lineId, quantity: 1 }],
      reference: 'BANK-1',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().refunds[0]).toMatchObject({
      amount: '113.99',
      lines: [{ line_id: lineId, quantity: 1, amount: '113.99', tax: '18.20' }],
      shipping: null,
    });
    const firstNote = await lastCreditNote(setup, order.id);
    expect(firstNote).toContain('Kukri; VAT 19% (included): $18.20 USD 1 $118.99 USD $118.99 USD');
    expect(firstNote).toContain("The order's discounts on these items 1 -$5.00 USD -$5.00 USD");
    expect(firstNote).toContain('VAT 19% (included) in this refund $18.20 USD');
    expect(firstNote).toContain('Total refunded $113.99 USD');

    const quoted = await owner(setup, order.id, 'refunds/quote/', { lines: [{ line_id: lineId, quantity: 1 }] });
    expect(quoted.json()).toEqual({
      amount: '137.79',
      tax: '22.00',
      taxes: [{ name: 'VAT', rate: '19.00', amount: '22.00', included: true }],
      shipping: '23.80',
      lines: [{ line_id: lineId, quantity: 1, amount: '113.99', tax: '18.20' }],
    });
    const last = await owner(setup, order.id, 'refunds/', {
      lines: [{ line_id: lineId, quantity: 1 }],
      reference: 'BANK-2',
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({ status: 'refunded', refunded_amount: '251.78' });
    const lastNote = await lastCreditNote(setup, order.id);
    expect(lastNote).toContain('Shipping (Germany) 1 $23.80 USD $23.80 USD');
    expect(lastNote).toContain('VAT 19% (included) in this refund $22.00 USD');
    expect(lastNote).toContain('Total refunded $137.79 USD');
  });

  it('a fixed code with sales tax added: a unit gives back its price after its share and its tax on top', async () => {
    const setup: TaxedShop = await taxedShop(t, 'Sales tax refund shop');
    const { order } = await taxedOrder(t, setup, NEW_YORK, { quantity: 2, discounted: true });
    // 2 × 99.99 less 10.00 = 189.98 and 8.88 % of it, 16.87; shipping 10.00 and 0.89.
    expect(order.total).toBe('217.74');
    await markPaid(setup, order.id);
    const lineId = order.items[0]?.id as number;
    const first = await owner(setup, order.id, 'refunds/', {
      lines: [{ line_id: lineId, quantity: 1 }],
      reference: 'BANK-1',
    });
    expect(first.statusCode, first.body).toBe(201);
    // 94.99 and half the line's 16.87 of tax, 8.435 → 8.44.
    expect(first.json().refunds[0]).toMatchObject({ amount: '103.43', lines: [{ amount: '103.43', tax: '8.44' }] });
    const last = await owner(setup, order.id, 'refunds/', {
      lines: [{ line_id: lineId, quantity: 1 }],
      reference: 'BANK-2',
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().refunds[1]).toMatchObject({ amount: '114.31', lines: [{ tax: '8.43' }], shipping: '10.89' });
    expect(last.json().refunded_amount).toBe('217.74');
    const note = await lastCreditNote(setup, order.id);
    expect(note).toContain('Kukri; Sales tax 8.88%: $8.43 USD 1 $99.99 USD $99.99 USD');
    expect(note).toContain('Shipping (United States) 1 $10.00 USD $10.00 USD');
    expect(note).toContain('Sales tax 8.88% in this refund $9.32 USD');
    expect(note).toContain('Total refunded $114.31 USD');
  });
});

describe('an order placed before its lines kept their figures', () => {
  it('is read by proportion, and its refunds by line still give back its total to the cent', async () => {
    const setup = await taxedShop(t, 'Legacy lines refund shop');
    const { order } = await taxedOrder(t, setup, GERMANY, { quantity: 2, discounted: true });
    await markPaid(setup, order.id);
    // As migration 0084 left the lines of orders placed before it.
    await t.testDb.database.raw.query(
      `update order_lines set discount_cents = null, tax_cents = null, tax_name = null, tax_basis_points = null
        where order_id = $1`,
      [order.id],
    );
    const lineId = order.items[0]?.id as number;
    const first = await owner(setup, order.id, 'refunds/', { lines: [{ line_id: lineId, quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(201);
    // The 10.00 off shared by the one line, half of what is left of it: as kept, 113.99.
    expect(first.json().refunds[0]).toMatchObject({ amount: '113.99' });
    // Its credit note shares the VAT of the order in proportion, as a free amount's does.
    expect(await lastCreditNote(setup, order.id)).toContain('VAT 19% (included) in this refund');
    const last = await owner(setup, order.id, 'refunds/', { lines: [{ line_id: lineId, quantity: 1 }] });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({ status: 'refunded', refunded_amount: order.total });
  });
});

/**
 * A shop with staff and bank transfers, an Angkhola in two blade lengths (5 units each; the 10 inch at
 * `shortPriceCents`, the 15 inch at 120.00), and its variants.
 */
async function angkholaShop(name: string, shortPriceCents = 10_000) {
  const setup = await shopWithStaff(t, name);
  await setPayments(t, setup.shop);
  const { product, variants } = await createVariantProduct(
    t,
    setup.shop,
    {
      options: [{ name: 'Blade length', values: ['10 inch', '15 inch'] }],
      variants: [
        { options: ['10 inch'], sku: `ANG-10-${setup.shop.id}`, priceCents: shortPriceCents, stock: 5 },
        { options: ['15 inch'], sku: `ANG-15-${setup.shop.id}`, priceCents: 12_000, stock: 5 },
      ],
    },
    { name: 'Angkhola', priceCents: shortPriceCents },
  );
  const [short, long] = variants as [(typeof variants)[0], (typeof variants)[0]];
  return { ...setup, product, short, long };
}

type AngkholaShop = Awaited<ReturnType<typeof angkholaShop>>;

/** The customer's order of `shortUnits` 10-inch and `longUnits` 15-inch Angkholas; its id and its two lines. */
async function orderBoth(setup: AngkholaShop, shortUnits: number, longUnits: number, method = 'bank_transfer') {
  for (const [variant, quantity] of [
    [setup.short, shortUnits],
    [setup.long, longUnits],
  ] as const) {
    const added = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token: setup.customer.accessToken,
      payload: { product_id: setup.product.id, variant_id: variant.id, quantity },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const placed = await placeOrder(t, setup.shop, setup.customer.accessToken, { payment_method: method });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as { id: number; items: { id: number; variant: { id: number } }[] };
  const short = order.items.find((item) => item.variant.id === setup.short.id)?.id as number;
  const long = order.items.find((item) => item.variant.id === setup.long.id)?.id as number;
  return { orderId: order.id, short, long };
}

describe('the lines of a refund', () => {
  it('puts each line back to its own variant, of an order holding two variants of one product', async () => {
    const setup = await angkholaShop('Two variants refund shop');
    const { orderId, short, long } = await orderBoth(setup, 2, 1);
    await markPaid(setup, orderId);
    expect(await stockOf(t, setup.short.id)).toEqual({ variant: 3, product: 7 });
    expect(await stockOf(t, setup.long.id)).toEqual({ variant: 4, product: 7 });

    const staffView = await adminOrder(setup, orderId);
    expect(staffView.items.map((item) => item.refundable_quantity)).toEqual([2, 1]);
    const longBack = await owner(setup, orderId, 'refunds/', {
      lines: [{ line_id: long, quantity: 1, restock: true }],
      reason: 'Returned: too long',
    });
    expect(longBack.statusCode, longBack.body).toBe(201);
    expect(longBack.json().refunds[0]).toMatchObject({
      amount: '120.00',
      lines: [{ line_id: long, quantity: 1, restock: true, amount: '120.00' }],
      restock: [{ product_id: setup.product.id, variant_id: setup.long.id, quantity: 1 }],
    });
    const [audited] = await auditLog(t, setup, 'order', orderId);
    expect(audited).toMatchObject({
      action: 'order.refund',
      summary: { after: { amount: '120.00', lines: [{ line_id: long, quantity: 1, restock: true }] } },
    });
    // The customer's order names what came back, and so does the e-mail of the refund.
    const customerView = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${orderId}/`,
      token: setup.customer.accessToken,
    });
    expect(customerView.json().refunds).toMatchObject([{ amount: '120.00', lines: [{ line_id: long, quantity: 1 }] }]);
    expect(Object.keys(customerView.json().refunds[0].lines[0]).sort()).toEqual(['line_id', 'quantity']);
    await t.settled();
    const refundMail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).find((mail) =>
      mail.raw.includes('Subject: Two variants refund shop: refund for order'),
    );
    expect(refundMail?.body).toContain('Refunded items:\n  1 x Angkhola');
    expect(refundMail?.body).toContain('15 inch');
    expect(refundMail?.body).not.toContain('10 inch');
    // Only the 15-inch unit is back.
    expect(await stockOf(t, setup.long.id)).toEqual({ variant: 5, product: 8 });
    expect(await stockOf(t, setup.short.id)).toEqual({ variant: 3, product: 8 });
    expect(await lastCreditNote(setup, orderId)).toContain(
      `Angkhola (Blade length: 15 inch), SKU ANG-15-${setup.shop.id} 1 $120.00 USD $120.00 USD`,
    );

    const shortBack = await owner(setup, orderId, 'refunds/', {
      lines: [{ line_id: short, quantity: 1, restock: true }],
    });
    expect(shortBack.statusCode, shortBack.body).toBe(201);
    expect(await stockOf(t, setup.short.id)).toEqual({ variant: 4, product: 9 });
    expect(await stockOf(t, setup.long.id)).toEqual({ variant: 5, product: 9 });
  });

  it('puts back no more of a line than the order took less what came back before (decision 021)', async () => {
    const setup = await angkholaShop('Bounded restock lines shop');
    const { orderId, short } = await orderBoth(setup, 2, 1);
    await markPaid(setup, orderId);
    // A goodwill refund that put one 10-inch back already.
    const goodwill = await owner(setup, orderId, 'refunds/', {
      amount: '5.00',
      restock: [{ product_id: setup.product.id, variant_id: setup.short.id, quantity: 1 }],
    });
    expect(goodwill.statusCode, goodwill.body).toBe(201);
    const both = await owner(setup, orderId, 'refunds/', { lines: [{ line_id: short, quantity: 2, restock: true }] });
    expect(both.statusCode).toBe(400);
    expect(both.json().lines).toEqual(['Line 1 (Angkhola — 10 inch): only 1 can go back in stock.']);
    const one = await owner(setup, orderId, 'refunds/', { lines: [{ line_id: short, quantity: 1, restock: true }] });
    expect(one.statusCode, one.body).toBe(201);
    const other = await owner(setup, orderId, 'refunds/', { lines: [{ line_id: short, quantity: 1, restock: true }] });
    expect(other.json().lines).toEqual(['Line 1 (Angkhola — 10 inch): its units are back in stock already.']);
    // The order took 2 of the 10-inch: 2 came back, no more.
    expect(await stockOf(t, setup.short.id)).toEqual({ variant: 5, product: 9 });
  });

  it('refuses, naming the line, a line not in the order, one named twice, and units refunded already', async () => {
    const setup = await angkholaShop('Refused lines shop');
    const { orderId, short, long } = await orderBoth(setup, 2, 1);
    await markPaid(setup, orderId);
    expect((await owner(setup, orderId, 'refunds/', { lines: [{ line_id: long, quantity: 1 }] })).statusCode).toBe(201);

    const refused = await owner(setup, orderId, 'refunds/', {
      lines: [
        { line_id: short, quantity: 3 },
        { line_id: long, quantity: 1 },
        { line_id: 999_999, quantity: 1 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      lines: [
        'Line 1 (Angkhola — 10 inch): only 2 left to refund.',
        'Line 2 (Angkhola — 15 inch): every unit was refunded already.',
        'There is no line 999999 in this order.',
      ],
    });
    const quoted = await owner(setup, orderId, 'refunds/quote/', { lines: [{ line_id: long, quantity: 1 }] });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().lines).toEqual(['Line 2 (Angkhola — 15 inch): every unit was refunded already.']);
    const twice = await owner(setup, orderId, 'refunds/', {
      lines: [
        { line_id: short, quantity: 1 },
        { line_id: short, quantity: 1 },
      ],
    });
    expect(twice.json().lines).toEqual(['Line 1 (Angkhola — 10 inch) is named twice: give its units once.']);

    // An amount that disagrees with the lines, a restock list beside them, and neither lines nor an amount.
    const disagrees = await owner(setup, orderId, 'refunds/', {
      lines: [{ line_id: short, quantity: 1 }],
      amount: '90.00',
    });
    expect(disagrees.statusCode).toBe(400);
    expect(disagrees.json().amount).toEqual([
      'These lines come to 100.00, not 90.00: leave the amount out to refund them.',
    ]);
    const both = await owner(setup, orderId, 'refunds/', {
      lines: [{ line_id: short, quantity: 1 }],
      restock: [{ product_id: setup.product.id, variant_id: setup.short.id, quantity: 1 }],
    });
    expect(both.json().restock).toEqual([
      'When refunding by line, say on each line whether its units go back in stock.',
    ]);
    const nothing = await owner(setup, orderId, 'refunds/', { reason: 'nothing named' });
    expect(nothing.json().amount).toEqual(['This field is required.']);
    expect((await adminOrder(setup, orderId)).refunds).toHaveLength(1);

    // A cancelled order's units are back: a refund by line may give money back, not units.
    expect((await owner(setup, orderId, 'transition/', { to: 'cancelled', reason: 'asked' })).statusCode).toBe(200);
    const restocked = await owner(setup, orderId, 'refunds/', {
      lines: [{ line_id: short, quantity: 1, restock: true }],
    });
    expect(restocked.json().lines).toEqual(["A cancelled order's units are back in stock already."]);
    expect((await owner(setup, orderId, 'refunds/', { lines: [{ line_id: short, quantity: 2 }] })).statusCode).toBe(
      201,
    );
  });

  it("counts a pending card refund's units as taken, and answers a retry with lines with the same refund", async () => {
    // A 10-inch at 50.01: a unit's refund ends in .01, which the sandbox keeps pending for a status poll.
    const setup = await angkholaShop('Pending lines shop', 5001);
    await takeCards(t, setup.shop);
    const { orderId, short } = await orderBoth(setup, 2, 1, 'card_2c2p');
    const started = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      token: setup.customer.accessToken,
      payload: { order_id: orderId, currency: 'USD' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const visit = await payAtHostedPage(started.json().redirectUrl, 'approve');
    if (visit.returnForm) await followReturn(visit.returnForm);
    await t.settled();

    const body = { lines: [{ line_id: short, quantity: 1, restock: true }], reason: 'Returned' };
    const key = { 'idempotency-key': 'return-1' };
    const pending = await owner(setup, orderId, 'refunds/', body, key);
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json().refunds[0]).toMatchObject({ amount: '50.01', status: 'pending' });
    // Its unit is taken while it is pending: one 10-inch is left.
    const more = await owner(setup, orderId, 'refunds/', { lines: [{ line_id: short, quantity: 2 }] });
    expect(more.json().lines).toEqual(['Line 1 (Angkhola — 10 inch): only 1 left to refund.']);

    const replay = await owner(setup, orderId, 'refunds/', body, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().refunds).toHaveLength(1);
    const other = await owner(setup, orderId, 'refunds/', { ...body, lines: [{ line_id: short, quantity: 1 }] }, key);
    expect(other.statusCode).toBe(409);
    expect((await adminOrder(setup, orderId)).items.map((item) => item.refundable_quantity)).toEqual([1, 1]);
  });

  it("answers a quote to staff who may refund only, and another shop's order as not found", async () => {
    const setup = await angkholaShop('Quote rights shop');
    const { orderId, short } = await orderBoth(setup, 1, 1);
    const asked = { lines: [{ line_id: short, quantity: 1 }] };
    const byStaff = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds/quote/`,
      token: setup.staff.accessToken,
      payload: asked,
    });
    expect(byStaff.statusCode).toBe(403);
    const other = await shopWithStaff(t, 'Another quote shop');
    const elsewhere = await t.request(other.shop, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds/quote/`,
      token: other.owner.accessToken,
      payload: asked,
    });
    expect(elsewhere.statusCode).toBe(404);
    const refundElsewhere = await t.request(other.shop, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds/`,
      token: other.owner.accessToken,
      payload: asked,
    });
    expect(refundElsewhere.statusCode).toBe(404);
  });
});
