import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTestApp, type TestApp } from '../../../test/app.ts';
import { xssLeftovers } from '../../../test/xss-corpus.ts';
import type { Tenant } from '../../modules/tenants/tenants.service.ts';

describe('demo content', () => {
  let t: TestApp;
  let shop: Tenant;
  beforeAll(async () => {
    ({ t, shop } = await buildDemoTestApp());
  });
  afterAll(() => t.close());

  const get = (url: string) => t.request(shop, { method: 'GET', url });

  it('publishes four posts with featured WebP images and keeps the draft invisible', async () => {
    const posts = (await get('/api/blog/posts/?status=published')).json();
    expect(posts.map((p: { slug: string }) => p.slug).sort()).toEqual([
      'choosing-your-first-khukuri',
      'history-of-the-khukuri',
      'how-a-khukuri-is-forged',
      'khukuri-care-and-sharpening',
    ]);
    for (const post of posts) {
      expect(post.featured_image).toMatch(/^\/media\/t\d+\/blog\/[\w-]+\.webp$/);
      expect(post.author).toEqual({ username: 'Bir B.' });
      expect(xssLeftovers(post.content)).toEqual([]);
      const image = await t.app.inject({ method: 'GET', url: post.featured_image });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
    expect((await get('/api/blog/posts/winter-workshop-diary/')).statusCode).toBe(404);
  });

  it('has approved comments with nested replies and hides the unapproved one', async () => {
    const history = (await get('/api/blog/posts/history-of-the-khukuri/')).json();
    expect(history.comment_count).toBe(4);
    const tree = (await get(`/api/blog/comments/?post=${history.id}&is_approved=true`)).json();
    expect(tree[0].replies[0].replies).toHaveLength(1);
    const care = (await get('/api/blog/posts/khukuri-care-and-sharpening/')).json();
    const careComments = JSON.stringify((await get(`/api/blog/comments/?post=${care.id}`)).json());
    expect(careComments).not.toContain('spam.example');
    expect(care.comment_count).toBe(2);
  });

  it("has its home page's words as the shop's content", async () => {
    const home = (await get('/api/pages/home/')).json();
    expect(home.hero).toMatchObject({
      eyebrow: 'Hand-forged in Dharan, Nepal',
      title: 'Himalayan Khukuri House',
      intro: expect.stringMatching(/^<p>Forged in the foothills\. Carried for a lifetime\.<\/p><p>Every blade forged/),
      picture: null,
    });
    expect(home.story).toMatchObject({
      heading: 'From our forge to your hands',
      text: expect.stringMatching(/^<p>Himalayan Khukuri House began in 1994 .* water-buffalo horn\.<\/p>$/),
    });
    expect(home.featured).toEqual({ heading: 'Featured khukuris', source: 'flagged', category: null, products: [] });
  });

  it('has contact information, FAQs, policies and the company information', async () => {
    const info = (await get('/api/contact/info/')).json();
    expect(info.branch_locations).toHaveLength(2);
    expect(info.branch_locations.filter((b: { is_hq: boolean }) => b.is_hq)).toHaveLength(1);
    expect(info.contact_emails.map((e: { purpose: string }) => e.purpose)).toEqual([
      'Sales & custom orders',
      'Customer support',
    ]);
    expect(info.social_media_profiles.length).toBeGreaterThan(0);
    expect((await get('/api/pages/manage/faqs/')).json().length).toBeGreaterThanOrEqual(8);
    for (const type of ['refund_policy', 'privacy_policy']) {
      const documents = (await get(`/api/pages/manage/documents/?document_type=${type}`)).json();
      expect(documents).toHaveLength(1);
      expect(documents[0].content).toMatch(/^<h2>/);
    }
    const settings = (await get('/api/pages/settings/public/')).json();
    expect(settings.tagline).not.toBe('');
    expect(settings.core_values).toHaveLength(4);
  });
});
