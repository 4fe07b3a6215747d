// Pictures staff upload for media fields (a post's featured image, the logo, the favicon), through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png, type ShopWithStaff, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function upload(setup: ShopWithStaff, token: string | undefined, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return t.request(setup.shop, {
    method: 'POST',
    url: '/api/admin/media/',
    token,
    payload: body.payload,
    headers: body.headers,
  });
}

describe('media upload for staff', () => {
  it('stores a picture for a post, answers its key, and the key sets the featured image', async () => {
    const setup = await shopWithStaff(t, 'Media admin shop');
    const image = await png('#8a5a2b', 320, 200);
    const answer = await upload(setup, setup.staff.accessToken, [
      { name: 'purpose', value: 'blog' },
      { name: 'image', filename: 'cover.png', type: 'image/png', data: image },
    ]);
    expect(answer.statusCode).toBe(201);
    const stored = answer.json();
    expect(stored).toMatchObject({ width: 320, height: 200 });
    expect(stored.key).toMatch(new RegExp(`^t${setup.shop.id}/blog/[0-9a-f]{20}\\.webp$`));
    expect(stored.url).toBe(`/media/${stored.key}`);
    const file = await t.app.inject({ method: 'GET', url: stored.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    const post = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/admin/posts/',
      token: setup.staff.accessToken,
      payload: { title: 'Forging day', slug: 'forging-day', featured_image: stored.key },
    });
    expect(post.statusCode).toBe(201);
    expect(post.json().featured_image_url).toBe(stored.url);

    const audit = await t.request(setup.shop, {
      method: 'GET',
      url: '/api/admin/audit-log/?entity=media',
      token: setup.owner.accessToken,
    });
    expect(audit.json().results).toEqual([
      expect.objectContaining({
        action: 'media.upload',
        actor_user_id: setup.staff.user.id,
        summary: { after: { key: stored.key, purpose: 'blog' } },
      }),
    ]);
  });

  it('refuses guests, customers, another shop staff, a missing purpose and what is not an image', async () => {
    const setup = await shopWithStaff(t, 'Media admin shop');
    const theirs = await shopWithStaff(t, 'Other media shop');
    const image = await png('#223344');
    const parts = [
      { name: 'purpose', value: 'site' },
      { name: 'image', filename: 'logo.png', type: 'image/png', data: image },
    ];
    expect((await upload(setup, undefined, parts)).statusCode).toBe(401);
    expect((await upload(setup, setup.customer.accessToken, parts)).statusCode).toBe(403);
    expect((await upload(setup, theirs.owner.accessToken, parts)).statusCode).toBe(401);

    const noPurpose = await upload(setup, setup.staff.accessToken, parts.slice(1));
    expect(noPurpose.statusCode).toBe(400);
    expect(noPurpose.json().purpose).toEqual(['Choose "blog", "site" or "catalog".']);

    const text = await upload(setup, setup.staff.accessToken, [
      { name: 'purpose', value: 'site' },
      { name: 'image', filename: 'logo.png', type: 'image/png', data: Buffer.from('not a picture') },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBe('Upload a valid image: JPEG, PNG, WebP or GIF.');

    const json = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/admin/media/',
      token: setup.staff.accessToken,
      payload: { purpose: 'site' },
    });
    expect(json.statusCode).toBe(415);
  });
});
