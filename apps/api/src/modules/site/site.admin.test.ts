// The administration of the site settings through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWithStaff as staffShop } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shopWithStaff = () => staffShop(t, 'Site admin shop');

function admin(shop: Tenant, token: string | undefined, method: 'GET' | 'PATCH', payload?: object) {
  return t.request(shop, { method, url: '/api/admin/site-settings/', token, ...(payload ? { payload } : {}) });
}

function publicSettings(shop: Tenant) {
  return t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' });
}

describe('site settings administration', () => {
  it('answers 401 to guests, 403 to customers, 401 to another shop staff; staff read, the owner changes', async () => {
    const { shop, staff, customer } = await shopWithStaff();
    const theirs = await shopWithStaff();
    for (const method of ['GET', 'PATCH'] as const) {
      const payload = method === 'PATCH' ? { site_title: 'X' } : undefined;
      expect((await admin(shop, undefined, method, payload)).statusCode).toBe(401);
      expect((await admin(shop, customer.accessToken, method, payload)).statusCode).toBe(403);
      expect((await admin(shop, theirs.owner.accessToken, method, payload)).statusCode).toBe(401);
    }
    expect((await publicSettings(shop)).statusCode).toBe(404);
    expect((await admin(shop, staff.accessToken, 'GET')).statusCode).toBe(200);
    const refused = await admin(shop, staff.accessToken, 'PATCH', { site_title: 'X' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("Your role may not manage the shop's settings or staff.");
  });

  it('starts empty, saves the given fields, keeps the others, and the storefront reads them at once', async () => {
    const { shop, owner } = await shopWithStaff();
    const empty = (await admin(shop, owner.accessToken, 'GET')).json();
    expect(empty).toMatchObject({ site_title: '', favicon: '', favicon_url: '', core_values: [] });
    const saved = await admin(shop, owner.accessToken, 'PATCH', {
      site_title: 'Khukuri House',
      site_description: 'Hand-forged knives',
      favicon: `t${shop.id}/site/favicon.svg`,
      logo: `t${shop.id}/site/logo.webp`,
      google_analytics_id: 'G-ABC123',
      contact_email: 'hello@example.com',
      tagline: 'Sharp since 1990',
      history_summary: 'A family forge.',
      mission_statement: 'Good blades.',
      vision_statement: 'Everywhere.',
      core_values: [
        { name: 'Craft', description: 'By hand' },
        { name: 'Honesty', description: '' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      site_title: 'Khukuri House',
      favicon: `t${shop.id}/site/favicon.svg`,
      favicon_url: `/media/t${shop.id}/site/favicon.svg`,
      logo_url: `/media/t${shop.id}/site/logo.webp`,
      core_values: [
        { name: 'Craft', description: 'By hand' },
        { name: 'Honesty', description: '' },
      ],
    });
    const again = await admin(shop, owner.accessToken, 'PATCH', { tagline: 'Sharper' });
    expect(again.json()).toMatchObject({
      site_title: 'Khukuri House',
      tagline: 'Sharper',
      google_analytics_id: 'G-ABC123',
    });
    expect(again.json().core_values).toHaveLength(2);
    const published = (await publicSettings(shop)).json();
    expect(published).toMatchObject({
      site_title: 'Khukuri House',
      site_description: 'Hand-forged knives',
      favicon: `/media/t${shop.id}/site/favicon.svg`,
      google_analytics_id: 'G-ABC123',
      contact_email: 'hello@example.com',
      tagline: 'Sharper',
      mission_statement: 'Good blades.',
    });
    expect(published.core_values.map((value: { name: string }) => value.name)).toEqual(['Craft', 'Honesty']);
    await admin(shop, owner.accessToken, 'PATCH', { core_values: [{ name: 'Only', description: 'one' }] });
    expect((await publicSettings(shop)).json().core_values.map((value: { name: string }) => value.name)).toEqual([
      'Only',
    ]);
  });

  it('refuses unknown fields, foreign or unsafe media keys and invalid values, changing nothing', async () => {
    const { shop, owner } = await shopWithStaff();
    await admin(shop, owner.accessToken, 'PATCH', { site_title: 'Kept' });
    for (const payload of [
      { site_title: 'X', tenant_id: 99 },
      { id: 1 },
      { theme: 'dark' },
      { favicon: '../secret' },
      { logo: 'https://evil.example/logo.png' },
      { contact_email: 'not-an-email' },
      { google_analytics_id: '<script>' },
      { core_values: [{ name: 'X', description: '', position: 3 }] },
      { core_values: [{ name: '' }] },
    ]) {
      const response = await admin(shop, owner.accessToken, 'PATCH', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const foreign = await admin(shop, owner.accessToken, 'PATCH', { favicon: 't999999/site/favicon.svg' });
    expect(foreign.json()).toEqual({ favicon: ["Not one of this shop's media files."] });
    expect((await admin(shop, owner.accessToken, 'GET')).json()).toMatchObject({ site_title: 'Kept', favicon: '' });
  });

  it('audits each change with the fields before and after, in its transaction', async () => {
    const { shop, owner } = await shopWithStaff();
    await admin(shop, owner.accessToken, 'PATCH', { site_title: 'One' });
    await admin(shop, owner.accessToken, 'PATCH', { site_title: 'Two', tagline: 'New' });
    await admin(shop, owner.accessToken, 'PATCH', { contact_email: 'bad' });
    const log = (
      await t.request(shop, {
        method: 'GET',
        url: '/api/admin/audit-log/?entity=site_settings',
        token: owner.accessToken,
      })
    ).json();
    expect(log.count).toBe(2);
    expect(log.results[0]).toMatchObject({
      action: 'site_settings.update',
      actor_user_id: owner.user.id,
      summary: { before: { site_title: 'One', tagline: '' }, after: { site_title: 'Two', tagline: 'New' } },
    });
    expect(log.results[1].summary).toEqual({ before: { site_title: '' }, after: { site_title: 'One' } });
  });

  it("keeps each shop's settings to itself", async () => {
    const mine = await shopWithStaff();
    const theirs = await shopWithStaff();
    await admin(mine.shop, mine.owner.accessToken, 'PATCH', { site_title: 'Mine' });
    await admin(theirs.shop, theirs.owner.accessToken, 'PATCH', { site_title: 'Theirs' });
    expect((await admin(mine.shop, mine.owner.accessToken, 'GET')).json().site_title).toBe('Mine');
    expect((await publicSettings(mine.shop)).json().site_title).toBe('Mine');
    expect((await publicSettings(theirs.shop)).json().site_title).toBe('Theirs');
  });

  it('sets the locale and time zone the storefront formats with: en-US and UTC until changed, only known ones', async () => {
    const { shop, owner } = await shopWithStaff();
    await admin(shop, owner.accessToken, 'PATCH', { site_title: 'Zoned' });
    expect((await publicSettings(shop)).json()).toMatchObject({ locale: 'en-US', time_zone: 'UTC' });

    const saved = await admin(shop, owner.accessToken, 'PATCH', { locale: 'ne-NP', time_zone: 'Asia/Kathmandu' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ locale: 'ne-NP', time_zone: 'Asia/Kathmandu' });
    expect((await publicSettings(shop)).json()).toMatchObject({ locale: 'ne-NP', time_zone: 'Asia/Kathmandu' });

    const wrong = await admin(shop, owner.accessToken, 'PATCH', { locale: 'not a locale', time_zone: 'Mars/Olympus' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      locale: ['Not a locale this platform knows (e.g. en-US).'],
      time_zone: ['Not a time zone this platform knows (e.g. Asia/Kathmandu).'],
    });
    expect((await publicSettings(shop)).json()).toMatchObject({ locale: 'ne-NP', time_zone: 'Asia/Kathmandu' });
  });
});
