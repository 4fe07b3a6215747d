import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { insertCoreValues, upsertSettings } from './site.repository.ts';

describe('GET /api/pages/settings/public/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the site settings with the spec fields and the company information', async () => {
    const shop = await t.createTenant();
    await upsertSettings(t.scope(shop), {
      siteTitle: 'Khukuri',
      siteDescription: 'Knives',
      favicon: `t${shop.id}/site/favicon.svg`,
      contactEmail: 'shop@example.com',
      tagline: 'Sharp',
    });
    await insertCoreValues(t.scope(shop), [
      { name: 'Second', description: 'two', position: 2 },
      { name: 'First', description: 'one', position: 1 },
    ]);

    const response = await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      site_title: 'Khukuri',
      site_description: 'Knives',
      favicon: `/media/t${shop.id}/site/favicon.svg`,
      theme_name: '',
      logo: '',
      google_analytics_id: '',
      contact_email: 'shop@example.com',
      social_media_links: '',
      tenant: shop.id,
      tagline: 'Sharp',
      site_url: 'http://localhost:8000',
    });
    expect(typeof body.id).toBe('number');
    expect(body.core_values.map((value: { name: string }) => value.name)).toEqual(['First', 'Second']);
  });

  it('answers 404 for a shop without settings', async () => {
    const shop = await t.createTenant();
    const response = await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers the same without the trailing slash', async () => {
    const shop = await t.createTenant();
    await upsertSettings(t.scope(shop), { siteTitle: 'Slashless' });
    const response = await t.request(shop, { method: 'GET', url: '/api/pages/settings/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json().site_title).toBe('Slashless');
  });
});
