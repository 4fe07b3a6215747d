import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { encodeImage, IMAGE_MAX_BYTES, sniffImageType, storeImage } from './media.images.ts';

describe('media images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reads the type from the content, never from a name', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a……'))).toBe('image/gif');
  });

  it('refuses text, SVG, truncated images and images over the size limit', async () => {
    await expect(encodeImage(Buffer.from('hello'))).rejects.toMatchObject({ statusCode: 400, code: 'invalid_image' });
    await expect(encodeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({
      code: 'invalid_image',
    });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    await expect(encodeImage(png.subarray(0, 40))).rejects.toMatchObject({ code: 'invalid_image' });
    await expect(encodeImage(Buffer.alloc(IMAGE_MAX_BYTES + 1))).rejects.toMatchObject({ code: 'invalid_image' });
  });

  it('re-encodes into a full WebP and a WebP thumbnail, keeping their dimensions', async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#a50' } })
      .jpeg()
      .toBuffer();
    const encoded = await encodeImage(jpeg);
    expect(sniffImageType(encoded.full.data)).toBe('image/webp');
    expect(sniffImageType(encoded.thumb.data)).toBe('image/webp');
    expect([encoded.full.width, encoded.full.height]).toEqual([1600, 800]);
    expect([encoded.thumb.width, encoded.thumb.height]).toEqual([480, 240]);
    expect(encoded.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 160],
      [640, 320],
      [960, 480],
      [1600, 800],
    ]);
    for (const variant of encoded.variants) {
      expect(await sharp(variant.avif).metadata()).toMatchObject({ compression: 'av1', width: variant.width });
      expect(sniffImageType(variant.webp)).toBe('image/webp');
    }
  });

  it('serves stored images under /media/ for a year, readable by a canvas of another origin', async () => {
    const shop = await t.createTenant();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const image = await storeImage(t.context(shop), { bytes: png, feature: 'catalog' });
    expect(image.imageKey).toMatch(new RegExp(`^t${shop.id}/catalog/[0-9a-f]+\\.webp$`));
    expect([image.width, image.height, image.thumbWidth, image.thumbHeight]).toEqual([300, 200, 300, 200]);
    const response = await t.app.inject({ method: 'GET', url: `/media/${image.thumbKey}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});
