import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { XSS_CORPUS, xssLeftovers } from '../../../test/xss-corpus.ts';
import { createDocument, createFaq } from './pages.service.ts';

describe('pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/pages/manage/faqs/', () => {
    it('lists the active FAQs in their order', async () => {
      const shop = await t.createTenant();
      const ctx = t.context(shop);
      await createFaq(ctx, { question: 'Second?', answer: '<p>Two</p>', position: 2 });
      await createFaq(ctx, { question: 'Hidden?', answer: '<p>No</p>', position: 0, isActive: false });
      await createFaq(ctx, { question: 'First?', answer: '<p>One</p>', position: 1 });
      const response = await t.request(shop, { method: 'GET', url: '/api/pages/manage/faqs/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: expect.any(Number), question: 'First?', answer: '<p>One</p>', order: 1 },
        { id: expect.any(Number), question: 'Second?', answer: '<p>Two</p>', order: 2 },
      ]);
    });

    it('answers an empty list for a shop without FAQs, and ignores unknown parameters', async () => {
      const shop = await t.createTenant();
      const response = await t.request(shop, { method: 'GET', url: '/api/pages/manage/faqs/?is_active=true' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it('neutralises every XSS payload of the corpus in FAQ answers, through the API answers', async () => {
      const shop = await t.createTenant();
      for (const payload of XSS_CORPUS) await createFaq(t.context(shop), { question: 'Q?', answer: payload });
      const response = await t.request(shop, { method: 'GET', url: '/api/pages/manage/faqs/' });
      const answers = response.json().map((faq: { answer: string }) => faq.answer);
      expect(answers).toHaveLength(XSS_CORPUS.length);
      for (const answer of answers) expect(xssLeftovers(answer)).toEqual([]);
    });
  });

  describe('GET /api/pages/manage/documents/', () => {
    it('lists the active documents of the asked type, newest first', async () => {
      const shop = await t.createTenant();
      const ctx = t.context(shop);
      await createDocument(ctx, { documentType: 'refund_policy', title: 'Old refunds', content: '<p>Old</p>' });
      const current = await createDocument(ctx, {
        documentType: 'refund_policy',
        title: 'Refunds',
        content: '<h2>Refunds</h2><p>30 days.</p>',
      });
      await createDocument(ctx, { documentType: 'refund_policy', content: '<p>Retired</p>', isActive: false });
      await createDocument(ctx, { documentType: 'privacy_policy', title: 'Privacy', content: '<p>Private</p>' });

      const refunds = await t.request(shop, {
        method: 'GET',
        url: '/api/pages/manage/documents/?document_type=refund_policy',
      });
      expect(refunds.statusCode).toBe(200);
      const body = refunds.json();
      expect(body.map((d: { title: string }) => d.title)).toEqual(['Refunds', 'Old refunds']);
      expect(body[0]).toEqual({
        id: current.id,
        document_type: 'refund_policy',
        title: 'Refunds',
        content: '<h2>Refunds</h2><p>30 days.</p>',
        updated_at: current.updatedAt.toISOString(),
      });
      const privacy = await t.request(shop, {
        method: 'GET',
        url: '/api/pages/manage/documents/?document_type=privacy_policy',
      });
      expect(privacy.json().map((d: { title: string }) => d.title)).toEqual(['Privacy']);
      const all = await t.request(shop, { method: 'GET', url: '/api/pages/manage/documents/' });
      expect(all.json()).toHaveLength(3);
    });

    it('refuses an unknown document type with a field error', async () => {
      const shop = await t.createTenant();
      const response = await t.request(shop, {
        method: 'GET',
        url: '/api/pages/manage/documents/?document_type=terms',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('document_type');
    });

    it('neutralises every XSS payload of the corpus in documents, through the API answers', async () => {
      const shop = await t.createTenant();
      for (const payload of XSS_CORPUS) {
        await createDocument(t.context(shop), { documentType: 'privacy_policy', content: payload });
      }
      const response = await t.request(shop, {
        method: 'GET',
        url: '/api/pages/manage/documents/?document_type=privacy_policy',
      });
      const contents = response.json().map((d: { content: string }) => d.content);
      expect(contents).toHaveLength(XSS_CORPUS.length);
      for (const content of contents) expect(xssLeftovers(content)).toEqual([]);
    });
  });

  it("keeps each shop's FAQs and documents to itself", async () => {
    const theirs = await t.createTenant();
    const mine = await t.createTenant();
    await createFaq(t.context(theirs), { question: 'Theirs?', answer: 'x' });
    await createDocument(t.context(theirs), { documentType: 'refund_policy', content: 'x' });
    expect((await t.request(mine, { method: 'GET', url: '/api/pages/manage/faqs/' })).json()).toEqual([]);
    const documents = await t.request(mine, { method: 'GET', url: '/api/pages/manage/documents/' });
    expect(documents.json()).toEqual([]);
  });
});
