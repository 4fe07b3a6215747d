// What the shop's staff hear of by e-mail, through HTTP and the low-stock job: a new order, and once a shop day what
// runs low (variants by name); each switched off in the mail settings, each on by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
} from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { sendLowStockMails } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A shop in Kathmandu with its own address, bank transfers, a plain product and a khukuri in two lengths. */
async function shop() {
  const setup = await shopWithStaff(t, 'Notice Forge');
  const address = `orders${setup.shop.id}@noticeforge.example`;
  const site = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/site-settings/', {
    site_title: 'Notice Forge',
    contact_email: address,
    time_zone: 'Asia/Kathmandu',
  });
  expect(site.statusCode, site.body).toBe(200);
  await setPayments(t, setup.shop);
  const plain = await createProduct(t, setup.shop, {
    name: 'Sheath',
    stock: 40,
    priceCents: 2000,
    lowStockThreshold: 3,
  });
  const { product, variants } = await createVariantProduct(
    t,
    setup.shop,
    {
      options: [{ name: 'Blade length', values: ['12 inch', '15 inch'] }],
      variants: [
        { options: ['12 inch'], stock: 20 },
        { options: ['15 inch'], stock: 1 },
      ],
    },
    { name: 'Angkhola', priceCents: 9500, lowStockThreshold: 2 },
  );
  return { ...setup, address, plain, product, variants };
}

type Shop = Awaited<ReturnType<typeof shop>>;

async function order(setup: Shop, productId: number) {
  const customer = await createCustomer(t, setup.shop);
  await addToCart(t, setup.shop, customer.accessToken, productId, 1);
  const placed = await placeOrder(t, setup.shop, customer.accessToken);
  expect(placed.statusCode, placed.body).toBe(201);
  return { ...(placed.json() as { id: number; number: string; total: string }), email: customer.user.email };
}

async function setNotices(setup: Shop, flags: { notify_new_order?: boolean; notify_low_stock?: boolean }) {
  const saved = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/mail-settings/', flags);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

describe('which e-mails staff get', () => {
  it('are both on by default; the owner switches each, and a member of staff may not', async () => {
    const setup = await shop();
    const read = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/mail-settings/');
    expect(read.json()).toMatchObject({ notify_new_order: true, notify_low_stock: true });
    expect(await setNotices(setup, { notify_low_stock: false })).toMatchObject({
      notify_new_order: true,
      notify_low_stock: false,
    });
    const refused = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', '/mail-settings/', {
      notify_new_order: false,
    });
    expect(refused.statusCode).toBe(403);
    const wrong = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/mail-settings/', {
      notify_new_order: 'sometimes',
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('a new order', () => {
  it("is told to the shop's own address: its number, customer, lines, total and where to open it", async () => {
    const setup = await shop();
    const placed = await order(setup, setup.product.id);
    await t.settled();
    const mails = mailsTo(t.config.DATA_DIR, setup.address);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.raw).toMatch(
      new RegExp(`^Subject: Notice Forge: new order ${placed.number} \\(\\$${placed.total} USD\\)$`, 'm'),
    );
    expect(mail?.body).toContain(`Order: ${placed.number}`);
    expect(mail?.body).toContain(`<${placed.email}>`);
    expect(mail?.body).toContain('1 x Angkhola (12 inch)');
    expect(mail?.body).toContain(`/admin/orders/${placed.id}/show`);
    // The customer's own confirmation is not the shop's.
    expect(mailsTo(t.config.DATA_DIR, placed.email)).toHaveLength(1);
  });

  it('is not told when the shop switched it off', async () => {
    const setup = await shop();
    await setNotices(setup, { notify_new_order: false });
    await order(setup, setup.plain.id);
    await t.settled();
    expect(mailsTo(t.config.DATA_DIR, setup.address)).toHaveLength(0);
  });
});

describe('low stock', () => {
  it('names each variant running low on the dashboard, with its stock and the threshold, beside plain products (fewest units first)', async () => {
    const setup = await shop();
    const short = await createProduct(t, setup.shop, { name: 'Karda', stock: 0, lowStockThreshold: 2 });
    const dashboard = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/dashboard/');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const [, long] = setup.variants;
    expect(dashboard.json().low_stock).toEqual([
      { id: short.id, name: 'Karda', variant_id: null, variant: '', stock: 0, low_stock_threshold: 2 },
      {
        id: setup.product.id,
        name: 'Angkhola',
        variant_id: long?.id,
        variant: '15 inch',
        stock: 1,
        low_stock_threshold: 2,
      },
    ]);
  });

  it('is mailed once a shop day, listing each variant; again the next day; never when switched off', async () => {
    const setup = await shop();
    // 20:00 in Kathmandu on 1 March, then 23:00 (same day), then 00:30 on 2 March.
    const evening = new Date('2031-03-01T14:15:00Z');
    await sendLowStockMails(t.app.deps, evening);
    await sendLowStockMails(t.app.deps, new Date('2031-03-01T17:15:00Z'));
    await t.settled();
    const mails = mailsTo(t.config.DATA_DIR, setup.address);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.raw).toMatch(/^Subject: Notice Forge: 1 item runs low on stock$/m);
    expect(mails[0]?.body).toContain('Angkhola (15 inch): 1 left (threshold 2)');
    expect(mails[0]?.body).toContain('(2031-03-01)');
    expect(mails[0]?.body).not.toContain('12 inch');

    await sendLowStockMails(t.app.deps, new Date('2031-03-01T18:45:00Z'));
    await t.settled();
    expect(mailsTo(t.config.DATA_DIR, setup.address)).toHaveLength(2);

    await setNotices(setup, { notify_low_stock: false });
    await sendLowStockMails(t.app.deps, new Date('2031-03-03T06:00:00Z'));
    await t.settled();
    expect(mailsTo(t.config.DATA_DIR, setup.address)).toHaveLength(2);
  });

  it('sends nothing to a shop with nothing running low, and leaves its day open for later', async () => {
    const setup = await shop();
    const [, long] = setup.variants;
    const restock = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'POST',
      `/products/${setup.product.id}/stock/`,
      {
        change: 10,
        reason: 'Delivery from the forge',
        variant_id: long?.id,
      },
    );
    expect(restock.statusCode, restock.body).toBeLessThan(300);
    await sendLowStockMails(t.app.deps, new Date('2031-04-01T06:00:00Z'));
    await t.settled();
    expect(mailsTo(t.config.DATA_DIR, setup.address)).toHaveLength(0);
    // Sold down again later that day: the day's e-mail still goes.
    const sold = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'POST',
      `/products/${setup.product.id}/stock/`,
      {
        change: -10,
        reason: 'Counted again',
        variant_id: long?.id,
      },
    );
    expect(sold.statusCode, sold.body).toBeLessThan(300);
    await sendLowStockMails(t.app.deps, new Date('2031-04-01T09:00:00Z'));
    await t.settled();
    expect(mailsTo(t.config.DATA_DIR, setup.address)).toHaveLength(1);
  });
});
