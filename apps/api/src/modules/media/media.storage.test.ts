// The media storage's contract, run against each driver: the local folder, and S3 on an S3-compatible server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct } from '../../../test/builders.ts';
import { startTestS3, type TestS3 } from '../../../test/s3.ts';
import { loadConfig } from '../../config.ts';
import { createMediaStorage, LocalMediaStorage, type MediaStorage, S3MediaStorage } from './media.storage.ts';

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startTestS3();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-storage-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const drivers: [string, () => MediaStorage][] = [
  ['the local folder', () => new LocalMediaStorage(folder)],
  ['an S3 bucket', () => createMediaStorage(loadConfig(s3.env))],
];

describe.each(drivers)('media storage on %s', (_name, open) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = open();
  });

  it('reads back what it stored, with its content type and size', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    await storage.put('t7/site/mark.svg', Buffer.from(svg), 'image/svg+xml');
    expect(await storage.exists('t7/site/mark.svg')).toBe(true);
    const file = await storage.get('t7/site/mark.svg');
    if (!file) throw new Error('the stored file was not found');
    expect(file).toMatchObject({ contentType: 'image/svg+xml', size: svg.length });
    expect(await text(file.body)).toBe(svg);
    expect(file.etag).toMatch(/^"[^"]+"$/);
  });

  it('replaces a file stored again under the same key', async () => {
    await storage.put('t7/blog/cover.webp', Buffer.from('first'), 'image/webp');
    await storage.put('t7/blog/cover.webp', Buffer.from('second'), 'image/webp');
    const file = await storage.get('t7/blog/cover.webp');
    if (!file) throw new Error('the stored file was not found');
    expect(file.contentType).toBe('image/webp');
    expect(await text(file.body)).toBe('second');
  });

  it('answers nothing for a key never stored, and refuses keys that leave its place', async () => {
    expect(await storage.exists('t7/none.webp')).toBe(false);
    expect(await storage.get('t7/none.webp')).toBeNull();
    expect(await storage.get('../outside.txt')).toBeNull();
    expect(await storage.exists('t7//double.webp')).toBe(false);
    await expect(storage.put('../outside.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(storage.put('/absolute.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
  });

  it('names a stored file by its path under /media/', () => {
    expect(storage.url('t7/site/mark.svg')).toBe('/media/t7/site/mark.svg');
    expect(storage.url('')).toBe('');
  });
});

describe('the configured media storage', () => {
  it('is the local folder by default, and S3 with MEDIA_STORAGE=s3', () => {
    expect(createMediaStorage(loadConfig({ DATA_DIR: folder }))).toBeInstanceOf(LocalMediaStorage);
    const bucket = createMediaStorage(loadConfig(s3.env));
    expect(bucket).toBeInstanceOf(S3MediaStorage);
    expect((bucket as S3MediaStorage).bucket).toBe(s3.bucket);
  });

  it('stops the start when MEDIA_STORAGE=s3 names no bucket', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE/);
  });
});

describe('product pictures in an S3 bucket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(s3.env);
  });
  afterAll(() => t?.close());

  it('uploads a picture whose full size and thumbnail are served from the bucket through /media', async () => {
    const setup = await shopWithStaff(t, 'Bucket shop');
    const category = await createCategory(t, setup.shop);
    const product = await createProduct(t, setup.shop, { categoryId: category.id });
    const body = multipart([
      { name: 'alt_text', value: 'Blade in the bucket' },
      { name: 'image', filename: 'photo.png', type: 'image/png', data: await png('#7a4', 900, 600) },
    ]);
    const answer = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/products/${product.id}/images/`,
      token: setup.staff.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expect(answer.statusCode).toBe(201);
    const [image] = answer.json().images;
    expect(image.url).toMatch(new RegExp(`^/media/t${setup.shop.id}/catalog/[0-9a-f]+\\.webp$`));
    expect(image.thumb_url).toBe(image.url.replace(/\.webp$/, '-thumb.webp'));

    // Nothing was written to the local media folder: the files are the bucket's.
    expect(fs.existsSync(path.join(t.config.mediaDir, `t${setup.shop.id}`))).toBe(false);
    for (const [url, width] of [
      [image.url, 900],
      [image.thumb_url, 480],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['access-control-allow-origin']).toBe('*');
      expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(width);

      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': file.headers.etag } });
      expect(again.statusCode).toBe(304);
    }

    const page = await t.request(setup.shop, { method: 'GET', url: `/api/products/products/${product.slug}/` });
    expect(page.json().main_image).toMatchObject({ image: image.url, thumb_image: image.thumb_url });
    expect((await t.app.inject({ method: 'GET', url: `/media/t${setup.shop.id}/catalog/none.webp` })).statusCode).toBe(
      404,
    );
  });
});
