// The administration of contact information and contact messages through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type DropFirst, shopWithStaff as staffShop } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shopWithStaff = () => staffShop(t, 'Contact admin shop');

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

let addressCounter = 0;
async function sendMessage(shop: Tenant, subject: string) {
  addressCounter += 1;
  const response = await t.request(shop, {
    method: 'POST',
    url: '/api/contact/messages/',
    remoteAddress: `10.9.${Math.floor(addressCounter / 200)}.${addressCounter % 200}`,
    payload: { name: 'Asha', email: 'asha@example.com', subject, message: `About ${subject}` },
  });
  expect(response.statusCode).toBe(201);
}

describe('who may administer contact', () => {
  it('answers 401 to guests, 403 to customers, 401 to another shop staff', async () => {
    const { shop, customer } = await shopWithStaff();
    const theirs = await shopWithStaff();
    const routes: ['GET' | 'PATCH', string, object?][] = [
      ['GET', '/contact-info/'],
      ['PATCH', '/contact-info/', { contact_emails: [] }],
      ['GET', '/contact-messages/'],
      ['PATCH', '/contact-messages/1/', { is_archived: true }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await admin(shop, undefined, method, url, payload)).statusCode, url).toBe(401);
      expect((await admin(shop, customer.accessToken, method, url, payload)).statusCode, url).toBe(403);
      expect((await admin(shop, theirs.owner.accessToken, method, url, payload)).statusCode, url).toBe(401);
    }
  });
});

describe('contact information', () => {
  it('replaces the given lists, keeps the others, and the storefront shows them; audited', async () => {
    const { shop, owner, staff } = await shopWithStaff();
    const saved = await admin(shop, staff.accessToken, 'PATCH', '/contact-info/', {
      branch_locations: [
        { name: 'Kathmandu', is_hq: true, address: 'Thamel', phone_number: '+977 1 234', map_location_url: '' },
        { name: 'Pokhara' },
      ],
      contact_emails: [{ purpose: 'Sales', email_address: 'sales@example.com' }],
      social_media_profiles: [{ platform: 'instagram', link: 'https://instagram.com/khukuri' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      branch_locations: [
        { name: 'Kathmandu', is_hq: true, address: 'Thamel', phone_number: '+977 1 234' },
        { name: 'Pokhara', is_hq: false, address: '' },
      ],
      contact_emails: [{ purpose: 'Sales', email_address: 'sales@example.com' }],
      social_media_profiles: [{ platform: 'instagram', link: 'https://instagram.com/khukuri' }],
    });
    const emailsOnly = await admin(shop, staff.accessToken, 'PATCH', '/contact-info/', {
      contact_emails: [
        { purpose: 'Support', email_address: 'help@example.com' },
        { purpose: 'Sales', email_address: 'sales@example.com' },
      ],
    });
    expect(emailsOnly.json().branch_locations).toHaveLength(2);
    const storefront = (await t.request(shop, { method: 'GET', url: '/api/contact/info/' })).json();
    expect(storefront.contact_emails.map((email: { purpose: string }) => email.purpose)).toEqual(['Support', 'Sales']);
    expect(storefront.branch_locations.map((branch: { name: string }) => branch.name)).toEqual([
      'Kathmandu',
      'Pokhara',
    ]);
    expect(storefront.social_media_profiles[0].platform_display).toBe('Instagram');
    expect((await admin(shop, staff.accessToken, 'GET', '/contact-info/')).json()).toEqual(emailsOnly.json());

    const log = (
      await t.request(shop, {
        method: 'GET',
        url: '/api/admin/audit-log/?entity=contact_info',
        token: owner.accessToken,
      })
    ).json();
    expect(log.count).toBe(2);
    expect(log.results[0]).toMatchObject({
      action: 'contact_info.update',
      actor_user_id: staff.user.id,
      summary: {
        before: { contact_emails: [{ purpose: 'Sales', email_address: 'sales@example.com' }] },
        after: { contact_emails: [{ purpose: 'Support' }, { purpose: 'Sales' }] },
      },
    });
    expect(log.results[0].summary.before).not.toHaveProperty('branch_locations');
  });

  it('refuses unknown fields, two head offices and invalid values, changing nothing', async () => {
    const { shop, staff } = await shopWithStaff();
    await admin(shop, staff.accessToken, 'PATCH', '/contact-info/', {
      contact_emails: [{ purpose: 'Sales', email_address: 'sales@example.com' }],
    });
    for (const payload of [
      { tenant_id: 4 },
      { contact_emails: [{ id: 1, purpose: 'Sales', email_address: 'sales@example.com' }] },
      { contact_emails: [{ purpose: 'Sales', email_address: 'nope' }] },
      { branch_locations: [{ name: '' }] },
      { branch_locations: [{ name: 'A', map_location_url: 'javascript:alert(1)' }] },
      { branch_locations: [{ name: 'A', phone_number: '<b>' }] },
      { social_media_profiles: [{ platform: 'myspace', link: 'https://example.com' }] },
      { social_media_profiles: [{ platform: 'x', link: 'ftp://example.com' }] },
    ]) {
      const response = await admin(shop, staff.accessToken, 'PATCH', '/contact-info/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const twoHq = await admin(shop, staff.accessToken, 'PATCH', '/contact-info/', {
      branch_locations: [
        { name: 'A', is_hq: true },
        { name: 'B', is_hq: true },
      ],
    });
    expect(twoHq.json()).toEqual({ branch_locations: ['Only one branch can be the head office.'] });
    expect((await admin(shop, staff.accessToken, 'GET', '/contact-info/')).json()).toMatchObject({
      branch_locations: [],
      contact_emails: [{ purpose: 'Sales' }],
    });
  });
});

describe('contact messages', () => {
  it('lists messages newest first, archives and restores them, audited; each shop sees its own', async () => {
    const { shop, owner, staff } = await shopWithStaff();
    const theirs = await shopWithStaff();
    await sendMessage(shop, 'First');
    await sendMessage(shop, 'Second');
    await sendMessage(theirs.shop, 'Elsewhere');
    const list = async (query = '') =>
      (await admin(shop, staff.accessToken, 'GET', `/contact-messages/${query}`)).json() as {
        count: number;
        results: { id: number; subject: string; is_archived: boolean }[];
      };
    const all = await list();
    expect(all.count).toBe(2);
    expect(all.results.map((message) => message.subject)).toEqual(['Second', 'First']);
    expect(all.results[0]).toMatchObject({
      name: 'Asha',
      email: 'asha@example.com',
      phone_number: '',
      message: 'About Second',
      is_archived: false,
    });
    const first = all.results[1];
    if (!first) throw new Error('no message');
    const archived = await admin(shop, staff.accessToken, 'PATCH', `/contact-messages/${first.id}/`, {
      is_archived: true,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: first.id, is_archived: true });
    expect((await list('?is_archived=false')).results.map((message) => message.subject)).toEqual(['Second']);
    expect((await list('?is_archived=true')).results.map((message) => message.subject)).toEqual(['First']);
    expect((await list('?search=seco')).results.map((message) => message.subject)).toEqual(['Second']);
    expect((await list('?page=2&page_size=1')).results.map((message) => message.subject)).toEqual(['First']);
    await admin(shop, staff.accessToken, 'PATCH', `/contact-messages/${first.id}/`, { is_archived: false });
    expect((await list('?is_archived=false')).count).toBe(2);

    for (const payload of [{}, { is_archived: 'yes' }, { is_archived: true, subject: 'Edited' }]) {
      const response = await admin(shop, staff.accessToken, 'PATCH', `/contact-messages/${first.id}/`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await admin(shop, staff.accessToken, 'PATCH', '/contact-messages/999999/', { is_archived: true })).statusCode,
    ).toBe(404);
    // Another shop's staff: neither listed nor changeable there.
    const theirList = (await admin(theirs.shop, theirs.staff.accessToken, 'GET', '/contact-messages/')).json();
    expect(theirList.results.map((message: { subject: string }) => message.subject)).toEqual(['Elsewhere']);
    const probe = await admin(theirs.shop, theirs.staff.accessToken, 'PATCH', `/contact-messages/${first.id}/`, {
      is_archived: true,
    });
    expect(probe.statusCode).toBe(404);

    const log = (
      await t.request(shop, {
        method: 'GET',
        url: `/api/admin/audit-log/?entity=contact_message&entity_id=${first.id}`,
        token: owner.accessToken,
      })
    ).json();
    expect(log.results.map((entry: { action: string }) => entry.action)).toEqual([
      'contact_message.restore',
      'contact_message.archive',
    ]);
    expect(log.results[1].summary).toEqual({ before: { is_archived: false }, after: { is_archived: true } });
  });
});
