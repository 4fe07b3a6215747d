// Responsive variants of stored pictures (AVIF and WebP at several widths), as the catalog and the blog answer them.
import type { ImageVariant } from '@platform/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png, type ShopWithStaff, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct } from '../../../test/builders.ts';
import { fillPictureColours } from './media.jobs.ts';
import { insertMediaImage } from './media.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A staff upload of `image` as the only picture of a new product; answers the product as the storefront reads it. */
async function productWithPicture(setup: ShopWithStaff, image: Buffer) {
  const product = await createProduct(t, setup.shop, { categoryId: (await createCategory(t, setup.shop)).id });
  const body = multipart([{ name: 'image', filename: 'photo.png', type: 'image/png', data: image }]);
  const uploaded = await t.request(setup.shop, {
    method: 'POST',
    url: `/api/admin/products/${product.id}/images/`,
    token: setup.staff.accessToken,
    payload: body.payload,
    headers: body.headers,
  });
  expect(uploaded.statusCode).toBe(201);
  const page = await t.request(setup.shop, { method: 'GET', url: `/api/products/products/${product.slug}/` });
  expect(page.statusCode).toBe(200);
  return page.json();
}

/** Every file of the variants, fetched as a browser would: its type, format and pixel size. */
async function filesOf(variants: ImageVariant[]) {
  return Promise.all(
    variants.flatMap((variant) =>
      (['avif', 'webp'] as const).map(async (format) => {
        const answer = await t.app.inject({ method: 'GET', url: variant[format] });
        expect(answer.statusCode).toBe(200);
        const metadata = await sharp(answer.rawPayload).metadata();
        return {
          format,
          contentType: answer.headers['content-type'],
          // sharp reads AVIF as HEIF with AV1 compression.
          encoded: metadata.format === 'heif' ? metadata.compression : metadata.format,
          size: [metadata.width, metadata.height],
          announced: [variant.width, variant.height],
        };
      }),
    ),
  );
}

describe('responsive variants of stored pictures', () => {
  it('answers a product picture in AVIF and WebP at 320, 640 and 960 pixels and its own width, each file of the announced size', async () => {
    const setup = await shopWithStaff(t, 'Variants shop');
    const product = await productWithPicture(setup, await png('#8a5a2b', 2400, 1200));

    const [picture] = product.images;
    expect([picture.width, picture.height]).toEqual([1600, 800]);
    expect(picture.variants.map((v: ImageVariant) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
      [960, 480],
      [1600, 800],
    ]);
    expect(picture.variants[1]).toEqual({
      width: 640,
      height: 320,
      avif: picture.image.replace(/\.webp$/, '-640w.avif'),
      webp: picture.image.replace(/\.webp$/, '-640w.webp'),
    });
    expect(product.main_image).toMatchObject({ image: picture.image, width: 1600, height: 800 });
    expect(product.main_image.variants).toEqual(picture.variants);

    const files = await filesOf(picture.variants);
    expect(files).toHaveLength(8);
    for (const file of files) {
      expect(file.size).toEqual(file.announced);
      expect(file.contentType).toBe(`image/${file.format}`);
      expect(file.encoded).toBe(file.format === 'avif' ? 'av1' : 'webp');
    }
    // The product list's cards carry them too.
    const list = await t.request(setup.shop, { method: 'GET', url: '/api/products/products/' });
    expect(list.json()[0].main_image.variants).toEqual(picture.variants);
  });

  it('never enlarges a picture: one narrower than the standard widths stops at its own width', async () => {
    const setup = await shopWithStaff(t, 'Small pictures shop');
    const small = await productWithPicture(setup, await png('#223344', 500, 300));
    expect(small.images[0].variants.map((v: ImageVariant) => [v.width, v.height])).toEqual([
      [320, 192],
      [500, 300],
    ]);
    const tiny = await productWithPicture(setup, await png('#445566', 200, 120));
    expect(tiny.images[0].variants.map((v: ImageVariant) => [v.width, v.height])).toEqual([[200, 120]]);

    const files = await filesOf([...small.images[0].variants, ...tiny.images[0].variants]);
    expect(files).toHaveLength(6);
    for (const file of files) expect(file.size).toEqual(file.announced);
  });

  it('answers a picture stored before variants existed with none, and its WebP file still serves', async () => {
    const setup = await shopWithStaff(t, 'Older pictures shop');
    const key = `t${setup.shop.id}/catalog/older.webp`;
    await t.media.put(
      key,
      // Lossless, so that its centre pixel is exactly the colour it was made with.
      await sharp(await png('#775533', 300, 200))
        .webp({ lossless: true })
        .toBuffer(),
      'image/webp',
    );
    await t.media.put(`t${setup.shop.id}/catalog/older-thumb.webp`, Buffer.from('x'), 'image/webp');
    const stored = await insertMediaImage(t.scope(setup.shop), {
      imageKey: key,
      thumbKey: `t${setup.shop.id}/catalog/older-thumb.webp`,
      width: 300,
      height: 200,
      thumbWidth: 300,
      thumbHeight: 200,
      variantWidths: [],
      centreColour: null,
    });
    const product = await createProduct(t, setup.shop, { mainImageId: stored.id });

    const page = await t.request(setup.shop, { method: 'GET', url: `/api/products/products/${product.slug}/` });
    expect(page.json().main_image).toMatchObject({
      image: `/media/${key}`,
      width: 300,
      height: 200,
      variants: [],
      centre_colour: null,
    });
    const file = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    // The media module's job reads its centre colour from the stored file, once.
    expect(await fillPictureColours(t.app.deps)).toEqual({ read: 1 });
    expect(await fillPictureColours(t.app.deps)).toEqual({ read: 0 });
    const after = await t.request(setup.shop, { method: 'GET', url: `/api/products/products/${product.slug}/` });
    expect(after.json().main_image.centre_colour).toBe('#775533');
  });

  it("answers a card's background as its picture's centre pixel, read when the picture is stored", async () => {
    const setup = await shopWithStaff(t, 'Centre colour shop');
    // A blue picture with a red block in its middle: its centre is red, whatever its edges.
    const picture = await sharp({ create: { width: 301, height: 201, channels: 3, background: '#1020f0' } })
      .composite([{ input: await png('#e03010', 21, 21), left: 140, top: 90 }])
      .png()
      .toBuffer();
    const product = await productWithPicture(setup, picture);
    expect(product.main_image.centre_colour).toBe('#e03010');
    const list = await t.request(setup.shop, { method: 'GET', url: '/api/products/products/' });
    expect(list.json()[0].main_image.centre_colour).toBe('#e03010');
    // A picture whose centre is transparent gives the card no colour.
    const clear = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect((await productWithPicture(setup, clear)).main_image.centre_colour).toBeNull();
  });

  it("answers a post's featured image with its size and variants, in the list and on the post", async () => {
    const setup = await shopWithStaff(t, 'Blog pictures shop');
    const body = multipart([
      { name: 'purpose', value: 'blog' },
      { name: 'image', filename: 'cover.png', type: 'image/png', data: await png('#336699', 1200, 630) },
    ]);
    const uploaded = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/admin/media/',
      token: setup.staff.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode).toBe(201);
    const created = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/admin/posts/',
      token: setup.staff.accessToken,
      payload: {
        title: 'At the forge',
        slug: 'at-the-forge',
        featured_image: uploaded.json().key,
        status: 'published',
      },
    });
    expect(created.statusCode).toBe(201);

    const post = (await t.request(setup.shop, { method: 'GET', url: '/api/blog/posts/at-the-forge/' })).json();
    expect(post).toMatchObject({
      featured_image: uploaded.json().url,
      featured_image_width: 1200,
      featured_image_height: 630,
    });
    expect(post.featured_image_variants.map((v: ImageVariant) => [v.width, v.height])).toEqual([
      [320, 168],
      [640, 336],
      [960, 504],
      [1200, 630],
    ]);
    for (const file of await filesOf(post.featured_image_variants)) expect(file.size).toEqual(file.announced);
    const list = (await t.request(setup.shop, { method: 'GET', url: '/api/blog/posts/' })).json();
    expect(list[0].featured_image_variants).toEqual(post.featured_image_variants);
  });
});
