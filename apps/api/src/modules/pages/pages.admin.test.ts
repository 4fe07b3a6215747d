// The administration of FAQs and legal documents through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type DropFirst, shopWithStaff as staffShop } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { XSS_CORPUS, xssLeftovers } from '../../../test/xss-corpus.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shopWithStaff = () => staffShop(t, 'Pages admin shop');

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

describe('who may administer the pages', () => {
  it('answers 401 to guests, 403 to customers, 401 to another shop staff, and lets staff in', async () => {
    const { shop, staff, customer } = await shopWithStaff();
    const theirs = await shopWithStaff();
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/faqs/'],
      ['POST', '/faqs/', { question: 'Q?' }],
      ['GET', '/faqs/1/'],
      ['PATCH', '/faqs/1/', { question: 'Q?' }],
      ['DELETE', '/faqs/1/'],
      ['GET', '/documents/'],
      ['POST', '/documents/', { document_type: 'refund_policy' }],
      ['GET', '/documents/1/'],
      ['PATCH', '/documents/1/', { title: 'T' }],
      ['DELETE', '/documents/1/'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await admin(shop, undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await admin(shop, customer.accessToken, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await admin(shop, theirs.staff.accessToken, method, url, payload)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
    expect((await admin(shop, staff.accessToken, 'GET', '/faqs/')).json()).toEqual({ count: 0, results: [] });
    expect((await admin(shop, staff.accessToken, 'GET', '/documents/')).json()).toEqual({ count: 0, results: [] });
  });
});

describe('FAQs', () => {
  it('creates, orders, updates and deletes FAQs; the storefront follows; every write is audited', async () => {
    const { shop, owner, staff } = await shopWithStaff();
    const create = (payload: object) => admin(shop, staff.accessToken, 'POST', '/faqs/', payload);
    const second = await create({ question: 'Second?', answer: '<p>Two</p>', order: 2 });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ question: 'Second?', answer: '<p>Two</p>', order: 2, is_active: true });
    const first = (await create({ question: '  First?  ', answer: '<p>One</p>', order: 1 })).json();
    expect(first.question).toBe('First?');
    const hidden = (await create({ question: 'Hidden?', order: 0, is_active: false })).json();
    const list = (await admin(shop, staff.accessToken, 'GET', '/faqs/')).json();
    expect(list.results.map((faq: { id: number }) => faq.id)).toEqual([hidden.id, first.id, second.json().id]);
    const storefront = async () =>
      (await t.request(shop, { method: 'GET', url: '/api/pages/manage/faqs/' }))
        .json()
        .map((faq: { question: string }) => faq.question);
    expect(await storefront()).toEqual(['First?', 'Second?']);

    const one = await admin(shop, staff.accessToken, 'GET', `/faqs/${hidden.id}/`);
    expect(one.json()).toEqual(hidden);

    const moved = await admin(shop, staff.accessToken, 'PATCH', `/faqs/${second.json().id}/`, { order: 0 });
    expect(moved.json()).toMatchObject({ order: 0, question: 'Second?' });
    expect(await storefront()).toEqual(['Second?', 'First?']);
    await admin(shop, staff.accessToken, 'PATCH', `/faqs/${hidden.id}/`, { is_active: true, order: 5 });
    expect(await storefront()).toEqual(['Second?', 'First?', 'Hidden?']);

    expect((await admin(shop, staff.accessToken, 'DELETE', `/faqs/${first.id}/`)).statusCode).toBe(204);
    expect(await storefront()).toEqual(['Second?', 'Hidden?']);
    expect((await admin(shop, staff.accessToken, 'DELETE', `/faqs/${first.id}/`)).statusCode).toBe(404);
    expect((await admin(shop, staff.accessToken, 'PATCH', `/faqs/${first.id}/`, { order: 1 })).statusCode).toBe(404);
    expect((await admin(shop, staff.accessToken, 'GET', `/faqs/${first.id}/`)).statusCode).toBe(404);

    const log = (await admin(shop, owner.accessToken, 'GET', '/audit-log/?entity=faq')).json();
    expect(log.results.map((entry: { action: string }) => entry.action)).toEqual([
      'faq.delete',
      'faq.update',
      'faq.update',
      'faq.create',
      'faq.create',
      'faq.create',
    ]);
    expect(log.results[2]).toMatchObject({
      entity_id: String(second.json().id),
      actor_user_id: staff.user.id,
      summary: { before: { order: 2 }, after: { order: 0 } },
    });
  });

  it('refuses unknown fields and invalid values', async () => {
    const { shop, staff } = await shopWithStaff();
    const faq = (await admin(shop, staff.accessToken, 'POST', '/faqs/', { question: 'Q?' })).json();
    for (const payload of [
      { question: 'Q?', tenant_id: 2 },
      { question: 'Q?', id: 9 },
      { question: 'Q?', position: 1 },
      { question: '' },
      { answer: 'No question' },
      { question: 'Q?', order: -1 },
      { question: 'Q?', order: 1.5 },
    ]) {
      expect(
        (await admin(shop, staff.accessToken, 'POST', '/faqs/', payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    }
    for (const payload of [{ tenant_id: 2 }, { question: '  ' }, { is_active: 'yes' }, { created_at: '2020-01-01' }]) {
      const response = await admin(shop, staff.accessToken, 'PATCH', `/faqs/${faq.id}/`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await admin(shop, staff.accessToken, 'GET', '/faqs/')).json().results[0].question).toBe('Q?');
  });

  it('sanitizes every XSS payload of the corpus in answers, on create and update', async () => {
    const { shop, staff } = await shopWithStaff();
    const faq = (
      await admin(shop, staff.accessToken, 'POST', '/faqs/', { question: 'Q?', answer: XSS_CORPUS.join('') })
    ).json();
    expect(xssLeftovers(faq.answer)).toEqual([]);
    for (const payload of XSS_CORPUS) {
      const updated = await admin(shop, staff.accessToken, 'PATCH', `/faqs/${faq.id}/`, { answer: payload });
      expect(xssLeftovers(updated.json().answer), payload).toEqual([]);
    }
    const storefront = await t.request(shop, { method: 'GET', url: '/api/pages/manage/faqs/' });
    for (const item of storefront.json()) expect(xssLeftovers(item.answer)).toEqual([]);
  });
});

describe('legal documents', () => {
  it('creates, filters, updates and deletes documents, audited, and the storefront shows the active ones', async () => {
    const { shop, owner, staff } = await shopWithStaff();
    const created = await admin(shop, staff.accessToken, 'POST', '/documents/', {
      document_type: 'refund_policy',
      title: 'Refunds',
      content: '<h2>Refunds</h2><p>30 days.</p>',
    });
    expect(created.statusCode).toBe(201);
    const refund = created.json();
    expect(refund).toMatchObject({
      document_type: 'refund_policy',
      title: 'Refunds',
      content: '<h2>Refunds</h2><p>30 days.</p>',
      is_active: true,
    });
    const privacy = (
      await admin(shop, staff.accessToken, 'POST', '/documents/', {
        document_type: 'privacy_policy',
        title: 'Privacy',
        is_active: false,
      })
    ).json();
    const list = async (query: string) =>
      (await admin(shop, staff.accessToken, 'GET', `/documents/?${query}`))
        .json()
        .results.map((d: { id: number }) => d.id);
    expect(await list('')).toEqual([privacy.id, refund.id]);
    expect(await list('document_type=refund_policy')).toEqual([refund.id]);
    expect(await list('search=priv')).toEqual([privacy.id]);
    expect((await admin(shop, staff.accessToken, 'GET', '/documents/?document_type=terms')).statusCode).toBe(400);
    const storefront = async () =>
      (await t.request(shop, { method: 'GET', url: '/api/pages/manage/documents/' }))
        .json()
        .map((d: { title: string }) => d.title);
    expect(await storefront()).toEqual(['Refunds']);

    const activated = await admin(shop, staff.accessToken, 'PATCH', `/documents/${privacy.id}/`, {
      is_active: true,
      content: '<p>We keep little.</p>',
    });
    expect(activated.json()).toMatchObject({ is_active: true, content: '<p>We keep little.</p>' });
    expect((await admin(shop, staff.accessToken, 'GET', `/documents/${privacy.id}/`)).json()).toEqual(activated.json());
    expect(await storefront()).toEqual(['Privacy', 'Refunds']);
    expect((await admin(shop, staff.accessToken, 'DELETE', `/documents/${refund.id}/`)).statusCode).toBe(204);
    expect((await admin(shop, staff.accessToken, 'GET', `/documents/${refund.id}/`)).statusCode).toBe(404);
    expect(await storefront()).toEqual(['Privacy']);

    const log = (await admin(shop, owner.accessToken, 'GET', '/audit-log/?entity=legal_document')).json();
    expect(log.results.map((entry: { action: string }) => entry.action)).toEqual([
      'legal_document.delete',
      'legal_document.update',
      'legal_document.create',
      'legal_document.create',
    ]);
    expect(log.results[1].summary).toMatchObject({ before: { is_active: false }, after: { is_active: true } });
  });

  it('refuses unknown fields and types, and sanitizes every XSS payload of the corpus', async () => {
    const { shop, staff } = await shopWithStaff();
    for (const payload of [
      { document_type: 'terms' },
      { title: 'No type' },
      { document_type: 'refund_policy', tenant_id: 3 },
      { document_type: 'refund_policy', updated_at: '2020-01-01T00:00:00Z' },
    ]) {
      const response = await admin(shop, staff.accessToken, 'POST', '/documents/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const document = (
      await admin(shop, staff.accessToken, 'POST', '/documents/', {
        document_type: 'privacy_policy',
        content: XSS_CORPUS.join('\n'),
      })
    ).json();
    expect(xssLeftovers(document.content)).toEqual([]);
    for (const payload of XSS_CORPUS) {
      const updated = await admin(shop, staff.accessToken, 'PATCH', `/documents/${document.id}/`, { content: payload });
      expect(xssLeftovers(updated.json().content), payload).toEqual([]);
    }
    expect((await admin(shop, staff.accessToken, 'PATCH', `/documents/${document.id}/`, { id: 1 })).statusCode).toBe(
      400,
    );
  });

  it("never lets a shop's staff see or change another shop's FAQs and documents", async () => {
    const mine = await shopWithStaff();
    const theirs = await shopWithStaff();
    const faq = (await admin(mine.shop, mine.staff.accessToken, 'POST', '/faqs/', { question: 'Mine?' })).json();
    const document = (
      await admin(mine.shop, mine.staff.accessToken, 'POST', '/documents/', { document_type: 'refund_policy' })
    ).json();
    const them = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      admin(theirs.shop, theirs.owner.accessToken, method, url, payload);
    expect((await them('GET', '/faqs/')).json().count).toBe(0);
    expect((await them('GET', '/documents/')).json().count).toBe(0);
    expect((await them('PATCH', `/faqs/${faq.id}/`, { question: 'Theirs?' })).statusCode).toBe(404);
    expect((await them('DELETE', `/faqs/${faq.id}/`)).statusCode).toBe(404);
    expect((await them('PATCH', `/documents/${document.id}/`, { title: 'Theirs' })).statusCode).toBe(404);
    expect((await them('DELETE', `/documents/${document.id}/`)).statusCode).toBe(404);
    const still = await t.request(mine.shop, { method: 'GET', url: '/api/pages/manage/faqs/' });
    expect(still.json().map((item: { question: string }) => item.question)).toEqual(['Mine?']);
  });
});
