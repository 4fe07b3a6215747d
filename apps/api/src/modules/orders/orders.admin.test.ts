// The administration of orders, payment settings, the dashboard and the audit log, through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type DropFirst } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
  TEST_MERCHANT_SECRET,
  takeCards,
} from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { countQueries } from '../../../test/query-counter.ts';
import { GERMANY, NEW_YORK, taxedOrder, taxedShop } from '../../../test/taxed-orders.ts';
import { parseCsv } from '../../lib/csv.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function stockOf(productId: number): Promise<number> {
  const [row] = await t.testDb.database.raw.query<{ stock: number }>('select stock from products where id = $1', [
    productId,
  ]);
  return row?.stock ?? Number.NaN;
}

/** A shop with an owner, a member of staff, a customer and one bank-transfer order of 2 units awaiting payment. */
async function shopWithOrder() {
  const shop = await t.createTenant('Admin test shop');
  await setPayments(t, shop, { enableBankTransfer: true, bankAccountDetails: 'Old Bank, IBAN XX00' });
  const owner = await createCustomer(t, shop, { role: 'owner' });
  const staff = await createCustomer(t, shop, { role: 'staff' });
  const customer = await createCustomer(t, shop);
  const product = await createProduct(t, shop, { stock: 5, priceCents: 8500 });
  await addToCart(t, shop, customer.accessToken, product.id, 2);
  const order = (await placeOrder(t, shop, customer.accessToken)).json() as {
    id: number;
    number: string;
    subtotal: string;
    discount: string;
    shipping: string;
    tax: string;
    total: string;
  };
  return { shop, owner, staff, customer, product, order };
}

type Shop = Awaited<ReturnType<typeof shopWithOrder>>;

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

function move(setup: Shop, body: object, token = setup.staff.accessToken) {
  return admin(setup.shop, token, 'POST', `/orders/${setup.order.id}/transition/`, body);
}

describe('who may use the administration', () => {
  it('answers 401 to guests, 403 to customers, and lets staff in; owner-only parts answer 403 to staff', async () => {
    const setup = await shopWithOrder();
    const urls = ['/orders/', `/orders/${setup.order.id}/`, '/dashboard/', '/payment-settings/', '/audit-log/'];
    for (const url of urls) {
      expect((await admin(setup.shop, undefined, 'GET', url)).statusCode, url).toBe(401);
      const asCustomer = await admin(setup.shop, setup.customer.accessToken, 'GET', url);
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.json().detail).toBe('You do not have permission to perform this action.');
      expect((await admin(setup.shop, setup.owner.accessToken, 'GET', url)).statusCode, url).toBe(200);
    }
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/orders/')).statusCode).toBe(200);
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/payment-settings/')).statusCode).toBe(403);
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/audit-log/')).statusCode).toBe(403);
    expect((await move(setup, { to: 'paid' }, setup.customer.accessToken)).statusCode).toBe(403);
  });

  it("never lets another shop's staff see or change anything", async () => {
    const mine = await shopWithOrder();
    const theirs = await shopWithOrder();
    // Their token on my shop: refused as a token of another shop.
    expect((await admin(mine.shop, theirs.owner.accessToken, 'GET', '/orders/')).statusCode).toBe(401);
    expect((await move(mine, { to: 'paid' }, theirs.owner.accessToken)).statusCode).toBe(401);
    // On their own shop, my order does not exist.
    const probe = await admin(theirs.shop, theirs.owner.accessToken, 'GET', `/orders/${mine.order.id}/`);
    expect(probe.statusCode).toBe(404);
    const list = (await admin(theirs.shop, theirs.owner.accessToken, 'GET', '/orders/')).json();
    expect(list.results.map((order: { id: number }) => order.id)).toEqual([theirs.order.id]);
    const order = await t.request(mine.shop, {
      method: 'GET',
      url: `/api/orders/orders/${mine.order.id}/`,
      token: mine.customer.accessToken,
    });
    expect(order.json().status).toBe('awaiting_payment');
  });

  it('tells the account its role', async () => {
    const setup = await shopWithOrder();
    const me = (token: string) => t.request(setup.shop, { method: 'GET', url: '/api/accounts/me/', token });
    expect((await me(setup.owner.accessToken)).json().role).toBe('owner');
    expect((await me(setup.staff.accessToken)).json().role).toBe('staff');
    expect((await me(setup.customer.accessToken)).json().role).toBe('customer');
  });
});

describe('orders for staff', () => {
  it('lists with filters, search, ordering and pages', async () => {
    const setup = await shopWithOrder();
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    const second = (await placeOrder(t, setup.shop, setup.customer.accessToken)).json();
    await move({ ...setup, order: second }, { to: 'paid' });
    const list = async (query: string) =>
      (await admin(setup.shop, setup.staff.accessToken, 'GET', `/orders/?${query}`)).json();
    const all = await list('');
    expect(all.count).toBe(2);
    expect(all.results.map((order: { id: number }) => order.id)).toEqual([second.id, setup.order.id]);
    expect(all.results[0]).toMatchObject({
      number: second.number,
      status: 'paid',
      payment_method: 'bank_transfer',
      total: '85.00',
      customer_email: setup.customer.user.email,
    });
    expect((await list('status=paid')).results.map((order: { id: number }) => order.id)).toEqual([second.id]);
    expect((await list('payment_method=card_2c2p')).count).toBe(0);
    expect((await list(`search=${setup.order.number}`)).results[0].id).toBe(setup.order.id);
    expect((await list(`search=${encodeURIComponent(setup.customer.user.email.slice(0, 12))}`)).count).toBe(2);
    expect((await list('ordering=total')).results[0].id).toBe(second.id);
    expect((await list('ordering=-total')).results[0].id).toBe(setup.order.id);
    const page = await list('page=2&page_size=1');
    expect(page).toMatchObject({ count: 2, results: [{ id: setup.order.id }] });
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'GET', '/orders/?ordering=tenant_id;drop')).statusCode,
    ).toBe(400);
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/orders/?status=lost')).statusCode).toBe(400);
  });

  it('finds an order by its number alone, not the orders of customers whose e-mail holds its digits', async () => {
    const setup = await shopWithOrder();
    const lookalike = await createCustomer(t, setup.shop, { email: `buyer${setup.order.number}@example.com` });
    await addToCart(t, setup.shop, lookalike.accessToken, setup.product.id, 1);
    const theirs = (await placeOrder(t, setup.shop, lookalike.accessToken)).json() as { id: number };
    const found = async (search: string) =>
      (
        (
          await admin(setup.shop, setup.staff.accessToken, 'GET', `/orders/?search=${encodeURIComponent(search)}`)
        ).json().results as { id: number }[]
      ).map((order) => order.id);
    for (const text of [setup.order.number, `#${setup.order.number}`, ` ${setup.order.number} `]) {
      expect(await found(text)).toEqual([setup.order.id]);
    }
    // Text with more than digits still finds customers by their e-mail.
    expect(await found(`buyer${setup.order.number}`)).toEqual([theirs.id]);
  });

  it('carries a bank-transfer order through paid, processing, shipped and delivered; mails paid and shipped', async () => {
    const setup = await shopWithOrder();
    expect((await move(setup, { to: 'paid' })).json().status).toBe('paid');
    expect((await move(setup, { to: 'processing' })).json().status).toBe('processing');
    const unshipped = await move(setup, { to: 'shipped' });
    expect(unshipped.statusCode).toBe(400);
    expect(unshipped.json()).toEqual({
      carrier: ['A shipped order needs its carrier.'],
      tracking_number: ['A shipped order needs its tracking number.'],
    });
    const shipped = await move(setup, {
      to: 'shipped',
      carrier: 'DHL Express',
      tracking_number: 'JD0146000033',
      tracking_url: 'https://www.dhl.com/track?id=JD0146000033',
    });
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'DHL Express',
      tracking_number: 'JD0146000033',
    });
    const delivered = (await move(setup, { to: 'delivered' })).json();
    expect(delivered.history.map((step: { status: string; actor: string }) => `${step.status}:${step.actor}`)).toEqual([
      'awaiting_payment:customer',
      'paid:staff',
      'processing:staff',
      'shipped:staff',
      'delivered:staff',
    ]);
    // The customer sees how it travels.
    const mine = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${setup.order.id}/`,
      token: setup.customer.accessToken,
    });
    expect(mine.json().shipment).toEqual({
      carrier: 'DHL Express',
      tracking_number: 'JD0146000033',
      tracking_url: 'https://www.dhl.com/track?id=JD0146000033',
    });
    await t.settled();
    const bodies = mailsTo(t.config.DATA_DIR, setup.customer.user.email).map((mail) => mail.body);
    expect(bodies.filter((body) => body.includes('We have received your payment'))).toHaveLength(1);
    const shippedMail = bodies.find((body) => body.includes('is on its way'));
    expect(shippedMail).toContain('Tracking number: JD0146000033');
    expect(shippedMail).toContain('Track it: https://www.dhl.com/track?id=JD0146000033');
    // Delivered is where it ends.
    const refused = await move(setup, { to: 'cancelled' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('invalid_transition');
  });

  it('cancels with the stock back exactly once, mails the customer, and refuses a second cancellation', async () => {
    const setup = await shopWithOrder();
    expect(await stockOf(setup.product.id)).toBe(3);
    const cancelled = await move(setup, { to: 'cancelled', reason: 'Out of stock at the forge' });
    expect(cancelled.json().status).toBe('cancelled');
    expect(await stockOf(setup.product.id)).toBe(5);
    expect((await move(setup, { to: 'cancelled' })).statusCode).toBe(409);
    expect(await stockOf(setup.product.id)).toBe(5);
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).find((item) =>
      item.body.includes('has cancelled'),
    );
    expect(mail?.body).toContain('Reason: Out of stock at the forge');
  });

  it('keeps a reason staff keep internal out of the e-mail, in the history', async () => {
    const setup = await shopWithOrder();
    const cancelled = await move(setup, {
      to: 'cancelled',
      reason: 'Customer flagged for fraud review',
      reason_to_customer: false,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).find((item) =>
      item.body.includes('has cancelled'),
    );
    expect(mail?.body).toContain(`has cancelled order ${setup.order.number}.`);
    expect(mail?.body).not.toContain('fraud');
    const history = cancelled.json().history as { status: string; actor: string; by: string | null }[];
    // The history names the member of staff who moved it.
    expect(history.at(-1)).toMatchObject({
      status: 'cancelled',
      actor: 'staff',
      by: setup.staff.user.email,
      reason: 'Customer flagged for fraud review',
    });
    expect(history[0]).toMatchObject({ status: 'awaiting_payment', actor: 'customer', by: null });
  });

  it('leaves paying a card order to its card payment', async () => {
    const setup = await shopWithOrder();
    await takeCards(t, setup.shop);
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    const card = (await placeOrder(t, setup.shop, setup.customer.accessToken, { payment_method: 'card_2c2p' })).json();
    const refused = await move({ ...setup, order: card }, { to: 'paid' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('A card order is marked paid by its card payment.');
  });

  it("locks the order's row once per move: the lifecycle checks the move under the one lock it takes", async () => {
    const setup = await shopWithOrder();
    const db = t.testDb.database.db;
    const orderLocks = (queries: string[]) =>
      queries.filter((query) => /\bfrom "orders"/i.test(query) && /\bfor update\b/i.test(query));
    const moves = [
      { to: 'paid' },
      { to: 'processing' },
      { to: 'shipped', carrier: 'DHL Express', tracking_number: 'JD0146000034' },
      { to: 'delivered' },
    ];
    for (const body of moves) {
      const { result, queries } = await countQueries(db, () => move(setup, body));
      expect(result.statusCode, body.to).toBe(200);
      expect(orderLocks(queries), body.to).toHaveLength(1);
    }
    // A refused move too: the card rule and the table are checked under the same single lock.
    const refused = await countQueries(db, () => move(setup, { to: 'cancelled' }));
    expect(refused.result.statusCode).toBe(409);
    expect(orderLocks(refused.queries)).toHaveLength(1);
  });

  it('keeps internal notes on the order, never shown to the customer', async () => {
    const setup = await shopWithOrder();
    const noted = await admin(setup.shop, setup.staff.accessToken, 'POST', `/orders/${setup.order.id}/notes/`, {
      body: 'Customer asked for gift wrapping.',
    });
    expect(noted.json().notes).toEqual([
      expect.objectContaining({ body: 'Customer asked for gift wrapping.', author_user_id: setup.staff.user.id }),
    ]);
    const mine = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${setup.order.id}/`,
      token: setup.customer.accessToken,
    });
    expect(mine.body).not.toContain('gift wrapping');
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'POST', `/orders/${setup.order.id}/notes/`, { body: ' ' }))
        .statusCode,
    ).toBe(400);
  });

  it('exports the filtered list as CSV, spreadsheet formulas neutralised', async () => {
    const setup = await shopWithOrder();
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    await placeOrder(t, setup.shop, setup.customer.accessToken, {
      delivery_address: {
        street: 'x',
        city: 'y',
        postalCode: '44600',
        country: 'Nepal',
        fullname: '=HYPERLINK("http://evil.example","click")',
        contact_number: '+977 1 4221234',
      },
    });
    const csv = await admin(setup.shop, setup.staff.accessToken, 'GET', '/orders/export/?status=awaiting_payment');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'number,created_at,status,payment_method,subtotal,discount,shipping,tax_included,tax_added,total,currency,items,' +
        'customer_email,fullname,country,carrier,tracking_number',
    );
    expect(lines).toHaveLength(3);
    const row = lines.find((line) => line.startsWith(`${setup.order.number},`))?.split(',');
    expect(row?.slice(4, 11)).toEqual([
      setup.order.subtotal,
      setup.order.discount,
      setup.order.shipping,
      '0.00',
      setup.order.tax,
      setup.order.total,
      'USD',
    ]);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv.body).toContain(`${setup.order.number},`);
  });

  it('shows the payments of an order with their gateway references', async () => {
    const setup = await shopWithOrder();
    const detail = (await admin(setup.shop, setup.staff.accessToken, 'GET', `/orders/${setup.order.id}/`)).json();
    expect(detail).toMatchObject({
      id: setup.order.id,
      payments: [],
      notes: [],
      customer_email: setup.customer.user.email,
    });
    expect(detail.items[0]).toMatchObject({ quantity: 2, unit_price: '85.00' });
  });
});

describe('payment settings (owner)', () => {
  it('changes the bank details the next order shows; the secret key is write-only and never logged in the audit', async () => {
    const setup = await shopWithOrder();
    const changed = await admin(setup.shop, setup.owner.accessToken, 'PATCH', '/payment-settings/', {
      bank_account_details: 'New Bank, IBAN NP00 9999',
      card_gateway: '2c2p',
      card_merchant_id: 'JT01',
      card_secret_key: TEST_MERCHANT_SECRET,
      enable_card_payment: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      bank_account_details: 'New Bank, IBAN NP00 9999',
      card_merchant_id: 'JT01',
      card_secret_key_set: true,
    });
    const read = await admin(setup.shop, setup.owner.accessToken, 'GET', '/payment-settings/');
    expect(read.body).not.toContain(TEST_MERCHANT_SECRET);
    expect(read.json()).not.toHaveProperty('card_secret_key');
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    const next = (await placeOrder(t, setup.shop, setup.customer.accessToken)).json();
    expect(next.payment_instructions).toBe('New Bank, IBAN NP00 9999');
    const audit = await admin(setup.shop, setup.owner.accessToken, 'GET', '/audit-log/?entity=payment_settings');
    expect(audit.body).not.toContain(TEST_MERCHANT_SECRET);
    expect(audit.json().results[0]).toMatchObject({
      action: 'payment_settings.update',
      actor_user_id: setup.owner.user.id,
      actor_role: 'owner',
      summary: {
        before: { bank_account_details: 'Old Bank, IBAN XX00' },
        after: { bank_account_details: 'New Bank, IBAN NP00 9999', card_secret_key: '(changed)' },
      },
    });
  });

  it('allowlists its fields: anything else (the tenant, ids) is refused, and values are validated', async () => {
    const setup = await shopWithOrder();
    const patch = (payload: object) =>
      admin(setup.shop, setup.owner.accessToken, 'PATCH', '/payment-settings/', payload);
    expect((await patch({ tenant_id: 999, bank_account_details: 'x' })).statusCode).toBe(400);
    expect((await patch({ card_secret_key: 'short' })).json()).toEqual({
      card_secret_key: ['A secret key has at least 16 characters.'],
    });
    expect((await patch({ custom_payment_redirect_url: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await admin(setup.shop, setup.owner.accessToken, 'GET', '/payment-settings/')).json()).toMatchObject({
      bank_account_details: 'Old Bank, IBAN XX00',
    });
  });
});

describe('dashboard and audit log', () => {
  it('counts an order awaiting payment as no revenue, lists it, and lists products running low', async () => {
    const setup = await shopWithOrder();
    const dashboard = (await admin(setup.shop, setup.owner.accessToken, 'GET', '/dashboard/')).json();
    expect(dashboard).toMatchObject({
      time_zone: 'UTC',
      orders_today: 0,
      revenue_today: '0.00',
      awaiting_payment: 1,
      low_stock: [],
    });
    expect(dashboard.awaiting_payment_orders).toEqual([
      expect.objectContaining({ id: setup.order.id, number: setup.order.number, total: '170.00' }),
    ]);
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 2);
    await placeOrder(t, setup.shop, setup.customer.accessToken);
    const later = (await admin(setup.shop, setup.staff.accessToken, 'GET', '/dashboard/')).json();
    expect(later.low_stock).toEqual([
      {
        id: setup.product.id,
        name: setup.product.name,
        variant_id: null,
        variant: '',
        stock: 1,
        low_stock_threshold: 2,
      },
    ]);
  });

  it('records every staff change of an order with who, what and the status before and after', async () => {
    const setup = await shopWithOrder();
    await move(setup, { to: 'paid' });
    await move(setup, { to: 'cancelled', reason: 'Customer changed their mind' });
    const log = (
      await admin(setup.shop, setup.owner.accessToken, 'GET', `/audit-log/?entity=order&entity_id=${setup.order.id}`)
    ).json();
    expect(log.count).toBe(2);
    expect(log.results.map((entry: { action: string; actor_user_id: number; summary: object }) => entry)).toEqual([
      expect.objectContaining({
        action: 'order.cancelled',
        actor_user_id: setup.staff.user.id,
        actor_role: 'staff',
        summary: { before: { status: 'paid' }, after: { status: 'cancelled', reason: 'Customer changed their mind' } },
      }),
      expect.objectContaining({
        action: 'order.paid',
        summary: { before: { status: 'awaiting_payment' }, after: { status: 'paid' } },
      }),
    ]);
  });
});

describe("an order's taxes, as staff read them", () => {
  /** The CSV's row of an order, by column name. */
  async function csvRow(setup: { shop: Shop['shop']; staff: Shop['staff'] }, number: string) {
    const csv = await admin(setup.shop, setup.staff.accessToken, 'GET', '/orders/export/');
    expect(csv.statusCode).toBe(200);
    const [header = [], ...rows] = parseCsv(csv.body);
    const row = rows.find((cells) => cells[0] === number);
    if (!row) throw new Error(`order ${number} is not in the CSV`);
    return Object.fromEntries(header.map((name, index) => [name, row[index]]));
  }

  it("answers a German order's VAT, held in its prices, as its customer reads it; the CSV has it as included", async () => {
    const setup = await taxedShop(t, 'Staff VAT shop');
    const { order } = await taxedOrder(t, setup, GERMANY, { quantity: 2, discounted: true });
    // 2 × 118.99 = 237.98, 10.00 off, shipping 20.00 + 19% = 23.80. VAT held: 36.40 in 227.98, 3.80 in 23.80.
    expect(order).toMatchObject({ subtotal: '237.98', discount: '10.00', shipping: '23.80', tax: '0.00' });
    expect(order.taxes).toEqual([{ name: 'VAT', rate: '19.00', amount: '40.20', included: true }]);

    const answer = await admin(setup.shop, setup.staff.accessToken, 'GET', `/orders/${order.id}/`);
    expect(answer.statusCode).toBe(200);
    const staffOrder = answer.json();
    expect(staffOrder.taxes).toEqual(order.taxes);
    expect(staffOrder).toMatchObject({
      subtotal: order.subtotal,
      discount: order.discount,
      shipping: order.shipping,
      tax: '0.00',
      total: order.total,
    });

    expect(await csvRow(setup, order.number)).toMatchObject({
      subtotal: '237.98',
      discount: '10.00',
      shipping: '23.80',
      tax_included: order.taxes[0]?.amount,
      tax_added: '0.00',
      total: order.total,
    });
  });

  it("answers a New York order's sales tax, added to its total; the CSV has it as added", async () => {
    const setup = await taxedShop(t, 'Staff sales tax shop');
    const { order } = await taxedOrder(t, setup, NEW_YORK);
    // 99.99 and shipping 10.00 at 8.88%: 8.88 + 0.89 added.
    expect(order).toMatchObject({ subtotal: '99.99', shipping: '10.00', tax: '9.77', total: '119.76' });
    expect(order.taxes).toEqual([{ name: 'Sales tax', rate: '8.88', amount: '9.77', included: false }]);

    const staffOrder = (await admin(setup.shop, setup.staff.accessToken, 'GET', `/orders/${order.id}/`)).json();
    expect(staffOrder.taxes).toEqual(order.taxes);
    expect(staffOrder.tax).toBe('9.77');
    expect(await csvRow(setup, order.number)).toMatchObject({
      subtotal: '99.99',
      shipping: '10.00',
      tax_included: '0.00',
      tax_added: '9.77',
      total: '119.76',
    });
  });

  it('answers no taxes for an order that was charged none', async () => {
    const setup = await shopWithOrder();
    const staffOrder = (await admin(setup.shop, setup.staff.accessToken, 'GET', `/orders/${setup.order.id}/`)).json();
    expect(staffOrder.taxes).toEqual([]);
  });
});
