// Invoices and packing slips of orders, through HTTP: issued when an order is paid, numbered per shop without gaps,
// downloaded by staff and by the order's customer only, read back from the PDF's text.
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
  TEST_ADDRESS,
  takeCards,
} from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { pdfText } from '../../../test/pdf.ts';
import { GERMANY, NEW_YORK, type TaxedShop, taxedOrder, taxedShop } from '../../../test/taxed-orders.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The PDF's pieces of text on its first page, with where they start (points from the bottom left). */
async function pdfPieces(bytes: Buffer | Uint8Array): Promise<{ text: string; x: number; y: number }[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim() ? [{ text: item.str.trim(), x: item.transform[4], y: item.transform[5] }] : [],
  );
}

/** A bank-transfer shop with its seller details, staff and a customer. */
async function shop(name: string) {
  const tenant = await t.createTenant(name);
  await setPayments(t, tenant, { enableBankTransfer: true, bankAccountDetails: 'Himalayan Bank, 0012' });
  const owner = await createCustomer(t, tenant, { role: 'owner' });
  const customer = await createCustomer(t, tenant);
  const product = await createProduct(t, tenant, { name: 'Sirupate 12 inch', stock: 20, priceCents: 8550 });
  const settings = await adminCall(t, tenant, owner.accessToken, 'PATCH', '/site-settings/', {
    legal_name: `${name} Pvt. Ltd.`,
    legal_address: 'Thamel Marg 7\n44600 Kathmandu\nNepal',
    tax_number: 'PAN 601234567',
  });
  expect(settings.statusCode).toBe(200);
  return { tenant, owner, customer, product };
}

type Shop = Awaited<ReturnType<typeof shop>>;

async function order(setup: Shop, quantity = 2): Promise<{ id: number; number: string }> {
  await addToCart(t, setup.tenant, setup.customer.accessToken, setup.product.id, quantity);
  const placed = await placeOrder(t, setup.tenant, setup.customer.accessToken);
  expect(placed.statusCode).toBe(201);
  return placed.json();
}

async function markPaid(setup: Shop, orderId: number) {
  const moved = await adminCall(t, setup.tenant, setup.owner.accessToken, 'POST', `/orders/${orderId}/transition/`, {
    to: 'paid',
  });
  expect(moved.statusCode).toBe(200);
}

function customerGet(tenant: Tenant, token: string, url: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/orders/orders/${url}`,
    headers: { 'x-tenant-token': tenant.token, authorization: `Bearer ${token}` },
  });
}

describe('invoices', () => {
  it('issues an invoice when an order is paid, which staff and its customer download as PDF', async () => {
    const setup = await shop('Khukuri House');
    const placed = await order(setup, 2);
    // Unpaid: no invoice yet.
    const early = await adminCall(t, setup.tenant, setup.owner.accessToken, 'GET', `/orders/${placed.id}/invoice/`);
    expect(early.statusCode).toBe(404);
    expect(early.json().code).toBe('invoice_not_issued');

    await markPaid(setup, placed.id);
    const forStaff = await adminCall(t, setup.tenant, setup.owner.accessToken, 'GET', `/orders/${placed.id}/invoice/`);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.headers['content-type']).toBe('application/pdf');
    expect(forStaff.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
    const text = await pdfText(forStaff.rawPayload);
    for (const expected of [
      'Invoice',
      'No. INV-000001',
      'Khukuri House Pvt. Ltd.',
      'Thamel Marg 7',
      'Tax number: PAN 601234567',
      placed.number,
      'Sirupate 12 inch',
      '$85.50 USD',
      '$171.00 USD',
      'Total paid',
      setup.customer.user.email,
    ]) {
      expect(text).toContain(expected);
    }

    const forCustomer = await customerGet(setup.tenant, setup.customer.accessToken, `${placed.id}/invoice/`);
    expect(forCustomer.statusCode).toBe(200);
    expect(forCustomer.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(forCustomer.rawPayload)).toContain('No. INV-000001');
    const listed = await customerGet(setup.tenant, setup.customer.accessToken, `${placed.id}/documents/`);
    expect(listed.json()).toEqual([
      { id: expect.any(Number), kind: 'invoice', number: 'INV-000001', issued_at: expect.any(String) },
    ]);
    const byId = await customerGet(
      setup.tenant,
      setup.customer.accessToken,
      `${placed.id}/documents/${listed.json()[0].id}/`,
    );
    expect(byId.statusCode).toBe(200);
    expect(byId.rawPayload.equals(forCustomer.rawPayload)).toBe(true);

    // Another customer of the shop, and the same customer in another shop, get nothing.
    const stranger = await createCustomer(t, setup.tenant);
    expect((await customerGet(setup.tenant, stranger.accessToken, `${placed.id}/invoice/`)).statusCode).toBe(404);
    expect((await customerGet(setup.tenant, stranger.accessToken, `${placed.id}/documents/`)).statusCode).toBe(404);
    const other = await shop('Other Forge');
    expect(
      (await adminCall(t, other.tenant, other.owner.accessToken, 'GET', `/orders/${placed.id}/invoice/`)).statusCode,
    ).toBe(404);
    // Customers are not staff.
    expect(
      (await adminCall(t, setup.tenant, setup.customer.accessToken, 'GET', `/orders/${placed.id}/invoice/`)).statusCode,
    ).toBe(403);

    // The paid e-mail carries it.
    await t.settled();
    const paidMail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).find((mail) =>
      mail.body.includes('We have received your payment'),
    );
    expect(paidMail?.raw).toMatch(/Content-Type: application\/pdf; name=INV-000001\.pdf/);
    expect(paidMail?.raw).toMatch(/Content-Disposition: attachment; filename=INV-000001\.pdf/);
  });

  it('numbers each shop its own invoices in the order they are paid, and keeps an issued one as it was', async () => {
    const first = await shop('Numbered Forge');
    const second = await shop('Second Forge');
    const [one, two, three] = [await order(first), await order(first), await order(first)];
    const elsewhere = await order(second);
    // Paid out of the order they were placed in: numbers follow payment.
    for (const placed of [three, one, two]) await markPaid(first, placed.id);
    await markPaid(second, elsewhere.id);

    const numberOf = async (setup: Shop, orderId: number) => {
      const answer = await adminCall(t, setup.tenant, setup.owner.accessToken, 'GET', `/orders/${orderId}/documents/`);
      expect(answer.statusCode).toBe(200);
      return answer.json().map((document: { number: string }) => document.number);
    };
    expect(await numberOf(first, three.id)).toEqual(['INV-000001']);
    expect(await numberOf(first, one.id)).toEqual(['INV-000002']);
    expect(await numberOf(first, two.id)).toEqual(['INV-000003']);
    expect(await numberOf(second, elsewhere.id)).toEqual(['INV-000001']);

    // The seller's details change later: the issued invoice still says what it said.
    await adminCall(t, first.tenant, first.owner.accessToken, 'PATCH', '/site-settings/', {
      legal_name: 'Renamed Ltd.',
    });
    const kept = await adminCall(t, first.tenant, first.owner.accessToken, 'GET', `/orders/${one.id}/invoice/`);
    const text = await pdfText(kept.rawPayload);
    expect(text).toContain('Numbered Forge Pvt. Ltd.');
    expect(text).not.toContain('Renamed Ltd.');
  });

  it('numbers invoices of orders paid at the same moment one after the other, with no gap and no repeat', async () => {
    const setup = await shop('Busy Forge');
    const placed = [];
    // Each by a customer of their own (a customer may hold only so many unpaid orders).
    for (let index = 0; index < 6; index++) {
      placed.push(await order({ ...setup, customer: await createCustomer(t, setup.tenant) }, 1));
    }
    await Promise.all(placed.map((item) => markPaid(setup, item.id)));
    const numbers = [];
    for (const item of placed) {
      const answer = await adminCall(t, setup.tenant, setup.owner.accessToken, 'GET', `/orders/${item.id}/documents/`);
      numbers.push(...answer.json().map((document: { number: string }) => document.number));
    }
    expect(numbers.sort()).toEqual([
      'INV-000001',
      'INV-000002',
      'INV-000003',
      'INV-000004',
      'INV-000005',
      'INV-000006',
    ]);
  });

  it("numbers a test order's invoice in a series of its own, marked as no valid tax document", async () => {
    const setup = await shop('Trial Forge');
    await takeCards(t, setup.tenant);
    const placed = await order(setup, 1);
    await markPaid(setup, placed.id);
    const invoice = await adminCall(t, setup.tenant, setup.owner.accessToken, 'GET', `/orders/${placed.id}/invoice/`);
    expect(invoice.headers['content-disposition']).toBe('attachment; filename="TEST-INV-000001.pdf"');
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('No. TEST-INV-000001');
    expect(text).toContain('This is not a valid tax document.');
  });

  it('issues a credit note for each refund, numbered in its own series, sent with the refund e-mail', async () => {
    const setup = await shop('Refund Forge');
    const placed = await order(setup, 2);
    await markPaid(setup, placed.id);
    for (const [amount, key] of [
      ['20.00', 'first'],
      ['30.50', 'second'],
    ]) {
      const refunded = await adminCall(
        t,
        setup.tenant,
        setup.owner.accessToken,
        'POST',
        `/orders/${placed.id}/refunds/`,
        { amount, reason: 'Scratched sheath', reference: `BANK-${key}`, restock: [] },
      );
      expect(refunded.statusCode).toBe(201);
    }
    const listed = await customerGet(setup.tenant, setup.customer.accessToken, `${placed.id}/documents/`);
    expect(listed.json().map((document: { kind: string; number: string }) => [document.kind, document.number])).toEqual(
      [
        ['invoice', 'INV-000001'],
        ['credit_note', 'CN-000001'],
        ['credit_note', 'CN-000002'],
      ],
    );
    const second = listed.json()[2];
    const pdf = await customerGet(setup.tenant, setup.customer.accessToken, `${placed.id}/documents/${second.id}/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="CN-000002.pdf"');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'Credit note',
      'No. CN-000002',
      `Refund for order ${placed.number}`,
      '$30.50 USD',
      'Total refunded',
    ]) {
      expect(text).toContain(expected);
    }
    await t.settled();
    const refundMails = mailsTo(t.config.DATA_DIR, setup.customer.user.email).filter((mail) =>
      /filename=CN-00000[12]\.pdf/.test(mail.raw),
    );
    expect(refundMails).toHaveLength(2);
  });

  it('gives a packing slip with the lines and the delivery address, without prices, to staff only', async () => {
    const setup = await shop('Packing Forge');
    const placed = await order(setup, 3);
    const slip = await adminCall(t, setup.tenant, setup.owner.accessToken, 'GET', `/orders/${placed.id}/packing-slip/`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(slip.rawPayload);
    expect(text).toContain('Packing slip');
    expect(text).toContain('Ship to');
    expect(text).toContain('Sirupate 12 inch');
    expect(text).toContain(placed.number);
    expect(text).not.toContain('$');
    // The phone number, once: the address's last line.
    expect(text.split(TEST_ADDRESS.contact_number)).toHaveLength(2);
    expect(
      (await adminCall(t, setup.tenant, setup.customer.accessToken, 'GET', `/orders/${placed.id}/packing-slip/`))
        .statusCode,
    ).toBe(403);
  });
});

describe('what documents print', () => {
  it('prints an engraving in Devanagari and symbols as the shopper wrote it, in fonts embedded as subsets', async () => {
    const setup = await shop('Engraving Forge');
    const { product } = await createVariantProduct(
      t,
      setup.tenant,
      {
        options: [{ name: 'Blade length', values: ['12 inch'] }],
        variants: [{ options: ['12 inch'], stock: 5 }],
        personalisation: [{ key: 'engraving', label: 'Engraving', maxLength: 20, priceCents: 1500, required: true }],
      },
      { name: 'Sirupate', priceCents: 8500 },
    );
    await addToCart(t, setup.tenant, setup.customer.accessToken, product.id, 1, { engraving: 'राम ♥ सीता 2026' });
    const placed = await placeOrder(t, setup.tenant, setup.customer.accessToken);
    expect(placed.statusCode, placed.body).toBe(201);
    await markPaid(setup, placed.json().id);
    const invoice = await adminCall(
      t,
      setup.tenant,
      setup.owner.accessToken,
      'GET',
      `/orders/${placed.json().id}/invoice/`,
    );
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    // Read back through each glyph's Unicode map: the Devanagari syllables here keep their order when shaped (a
    // vowel sign drawn before its consonant, like ि, would read back in the order it is drawn).
    expect(text).toContain('engraving: राम ♥ सीता 2026');
    expect(text).not.toContain('?');
    // Three fonts' subsets, not whole fonts (Noto Sans Devanagari alone is over 200 kB).
    expect(invoice.rawPayload.length).toBeLessThan(80_000);
  });

  it("wraps a long discount label within the totals' label column, the next total below it", async () => {
    const setup = await shop('Festival Forge');
    const created = await adminCall(t, setup.tenant, setup.owner.accessToken, 'POST', '/discounts/', {
      code: 'DASHAIN2026',
      kind: 'percentage',
      value: '10.00',
      product_ids: [setup.product.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    await addToCart(t, setup.tenant, setup.customer.accessToken, setup.product.id, 1);
    const applied = await t.request(setup.tenant, {
      method: 'POST',
      url: '/api/orders/cart/discount/',
      token: setup.customer.accessToken,
      payload: { code: 'DASHAIN2026' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const placed = await placeOrder(t, setup.tenant, setup.customer.accessToken);
    expect(placed.statusCode, placed.body).toBe(201);
    await markPaid(setup, placed.json().id);
    const invoice = await adminCall(
      t,
      setup.tenant,
      setup.owner.accessToken,
      'GET',
      `/orders/${placed.json().id}/invoice/`,
    );
    // The totals' labels, top to bottom: "Discount DASHAIN2026: 10% off Sirupate 12 inch" takes two lines.
    const pieces = await pdfPieces(invoice.rawPayload);
    const subtotal = pieces.find((piece) => piece.text === 'Subtotal')?.y ?? 0;
    const labels = pieces
      .filter((piece) => piece.x >= 290 && piece.x < 465 && piece.y <= subtotal)
      .sort((a, b) => b.y - a.y);
    expect(labels.map((piece) => piece.text).join(' ')).toBe(
      'Subtotal Discount DASHAIN2026: 10% off Sirupate 12 inch Shipping Total paid',
    );
    expect(labels.length).toBeGreaterThan(4);
    // Every line at least a 9-point line below the one above it: none is drawn over another.
    for (let index = 1; index < labels.length; index++) {
      const [above, below] = [labels[index - 1], labels[index]];
      expect((above?.y ?? 0) - (below?.y ?? 0), `${above?.text} / ${below?.text}`).toBeGreaterThanOrEqual(9);
    }
  });
});

describe("an order's taxes on its documents", () => {
  async function paid(setup: TaxedShop, orderId: number) {
    const moved = await adminCall(t, setup.shop, setup.staff.accessToken, 'POST', `/orders/${orderId}/transition/`, {
      to: 'paid',
    });
    expect(moved.statusCode).toBe(200);
  }

  async function invoiceText(setup: TaxedShop, orderId: number) {
    const invoice = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/orders/${orderId}/invoice/`);
    expect(invoice.statusCode).toBe(200);
    return pdfText(invoice.rawPayload);
  }

  it("lists each tax of the order, VAT the prices held and sales tax added, and totals the order's total", async () => {
    const setup = await taxedShop(t, 'Invoice tax shop');
    const german = (await taxedOrder(t, setup, GERMANY, { quantity: 2, discounted: true })).order;
    const american = (await taxedOrder(t, setup, NEW_YORK)).order;
    await paid(setup, german.id);
    await paid(setup, american.id);

    const inGermany = await invoiceText(setup, german.id);
    expect(german.taxes).toEqual([{ name: 'VAT', rate: '19.00', amount: '40.20', included: true }]);
    expect(inGermany).toContain('VAT 19% (included) $40.20 USD');
    expect(inGermany).toContain(`Total paid $${german.total} USD`);
    expect(german.total).toBe('251.78');

    const inNewYork = await invoiceText(setup, american.id);
    expect(american.taxes).toEqual([{ name: 'Sales tax', rate: '8.88', amount: '9.77', included: false }]);
    expect(inNewYork).toContain('Sales tax 8.88% $9.77 USD');
    expect(inNewYork).not.toContain('(included)');
    expect(inNewYork).toContain(`Total paid $${american.total} USD`);
    expect(american.total).toBe('119.76');
  });

  it('lists the units a refund took back at their price, and the tax the refund holds in proportion', async () => {
    const setup = await taxedShop(t, 'Credit note tax shop');
    const { order, customer } = await taxedOrder(t, setup, GERMANY, { quantity: 2, discounted: true });
    await paid(setup, order.id);
    const refund = (body: object) =>
      adminCall(t, setup.shop, setup.owner.accessToken, 'POST', `/orders/${order.id}/refunds/`, {
        reason: 'Returned',
        reference: 'BANK-1',
        ...body,
      });
    // One unit back at its price, 118.99: the VAT it holds is 118.99 × 40.20 / 251.78 = 18.998…, 19.00 in cents.
    expect(
      (await refund({ amount: '118.99', restock: [{ product_id: setup.product.id, quantity: 1 }] })).statusCode,
    ).toBe(201);
    // All that is left, 251.78 − 118.99 = 132.79: the other unit, and 13.80 more than its price.
    expect(
      (await refund({ amount: '132.79', restock: [{ product_id: setup.product.id, quantity: 1 }] })).statusCode,
    ).toBe(201);

    const listed = await customerGet(setup.shop, customer.accessToken, `${order.id}/documents/`);
    const notes = listed.json().filter((document: { kind: string }) => document.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    const texts: string[] = [];
    for (const note of notes) {
      const pdf = await customerGet(setup.shop, customer.accessToken, `${order.id}/documents/${note.id}/`);
      expect(pdf.statusCode).toBe(200);
      texts.push(await pdfText(pdf.rawPayload));
    }
    const [first = '', second = ''] = texts;
    expect(first).toContain('Kukri 1 $118.99 USD $118.99 USD');
    expect(first).toContain('VAT 19% (included) in this refund $19.00 USD');
    expect(first).toContain('Total refunded $118.99 USD');
    expect(first).not.toContain('Further amount refunded');

    // 132.79 × 40.20 / 251.78 = 21.201…: 21.20 of VAT.
    expect(second).toContain('Kukri 1 $118.99 USD $118.99 USD');
    expect(second).toContain('Further amount refunded 1 $13.80 USD $13.80 USD');
    expect(second).toContain('VAT 19% (included) in this refund $21.20 USD');
    expect(second).toContain('Total refunded $132.79 USD');
  });
  it('deducts what a refund holds back of the units it took back, and states the sales tax it gives back', async () => {
    const setup = await taxedShop(t, 'Credit note sales tax shop');
    const { order, customer } = await taxedOrder(t, setup, NEW_YORK);
    await paid(setup, order.id);
    const refunded = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', `/orders/${order.id}/refunds/`, {
      amount: '90.00',
      reason: 'Returned used',
      reference: 'BANK-2',
      restock: [{ product_id: setup.product.id, quantity: 1 }],
    });
    expect(refunded.statusCode).toBe(201);
    const listed = await customerGet(setup.shop, customer.accessToken, `${order.id}/documents/`);
    const note = listed.json().find((document: { kind: string }) => document.kind === 'credit_note');
    const text = await pdfText(
      (await customerGet(setup.shop, customer.accessToken, `${order.id}/documents/${note.id}/`)).rawPayload,
    );
    expect(text).toContain('Kukri 1 $99.99 USD $99.99 USD');
    expect(text).toContain("Deducted from the units' price 1 -$9.99 USD -$9.99 USD");
    // 90.00 × 9.77 / 119.76 = 7.342…: 7.34 of the sales tax the total added.
    expect(text).toContain('Sales tax 8.88% in this refund $7.34 USD');
    expect(text).toContain('Total refunded $90.00 USD');
  });
});
