import { createHash } from 'node:crypto';
import { type Product, parseMinor } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTestApp, type TestApp } from '../../../test/app.ts';
import type { Tenant } from '../../modules/tenants/tenants.service.ts';
import { DEMO_PRODUCTS } from './products-data.ts';

describe('demo catalog pictures', () => {
  let t: TestApp;
  let shop: Tenant;
  const products = new Map<string, Product>();
  /** Each product's pictures, as hashes of the stored bytes. */
  const hashes = new Map<string, string[]>();

  beforeAll(async () => {
    ({ t, shop } = await buildDemoTestApp());
    for (const { slug } of DEMO_PRODUCTS) {
      const product: Product = (
        await t.request(shop, { method: 'GET', url: `/api/products/products/${slug}/` })
      ).json();
      products.set(slug, product);
      const bytes = await Promise.all(
        product.images.map(async (image) => {
          const response = await t.app.inject({ method: 'GET', url: image.image });
          expect(response.statusCode).toBe(200);
          expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
          return createHash('sha256').update(response.rawPayload).digest('hex');
        }),
      );
      hashes.set(slug, bytes);
    }
  });
  afterAll(() => t.close());

  it('gives every product at least three different pictures, each with its own alt text naming the product', () => {
    for (const { slug, name } of DEMO_PRODUCTS) {
      const product = products.get(slug) as Product;
      expect(product.images.length, slug).toBeGreaterThanOrEqual(3);
      expect(new Set(hashes.get(slug)).size, slug).toBe(product.images.length);
      const alts = product.images.map((image) => image.alt_text);
      expect(new Set(alts).size, slug).toBe(alts.length);
      for (const alt of alts) expect(alt.toLowerCase(), slug).toContain(name.split(' ')[0]?.toLowerCase());
      expect(product.main_image?.alt_text).toBe(alts[0]);
    }
  });

  it('reduces some products and variants, each below its before-discount price, with the lowest of the 30 days before', () => {
    const priced = [...products.values()].flatMap((product) => [product, ...product.variants]);
    const reduced = priced.filter((item) => item.price_before_discount !== null);
    expect(reduced.length).toBeGreaterThan(5);
    for (const item of reduced) {
      expect(parseMinor(item.price_before_discount ?? '') ?? 0).toBeGreaterThan(parseMinor(item.price) ?? 0);
      expect(item.lowest_price_30_days).not.toBeNull();
    }
    const lines = (slug: string) =>
      (products.get(slug) as Product).variants.map((variant) => [
        variant.sku,
        variant.price,
        variant.price_before_discount,
        variant.lowest_price_30_days,
      ]);
    // The 14 inch sells above the 12 inch's old price: no strike-through. A week's offer lowered the 30 days' price.
    expect(lines('bhojpure-khukuri')).toEqual([
      ['BHO-12', '110.00', '130.00', '125.00'],
      ['BHO-14', '135.00', null, null],
    ]);
    expect(lines('angkhola-khukuri')).toContainEqual(['ANG-12-MIR', '115.00', '130.00', '130.00']);
    expect(products.get('bhojpure-khukuri')).toMatchObject({
      price_before_discount: '130.00',
      lowest_price_30_days: '125.00',
    });
  });

  it('never shows one product the picture of another', () => {
    const all = [...hashes.values()].flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('draws each khukuri with the blade length and handle of its data, whole, in detail and with its sheath', () => {
    const khukuris = DEMO_PRODUCTS.filter((product) => product.look.kind === 'khukuri');
    expect(khukuris.length).toBeGreaterThan(10);
    for (const { slug, attributes } of khukuris) {
      const [whole, detail, sheath] = (products.get(slug) as Product).images.map((image) => image.alt_text);
      const blade = /^([\d.]+) inches/.exec(new Map(attributes).get('Blade length') ?? '')?.[1];
      const handle = /, (rosewood|walnut|sal wood|buffalo horn|bone) handle, whole piece$/.exec(whole ?? '')?.[1];
      expect(whole, slug).toContain(`, ${blade}-inch blade, `);
      expect(new Map(attributes).get('Handle')?.toLowerCase(), slug).toContain(handle?.replace('buffalo ', ''));
      expect(detail, slug).toContain('close-up of the cho notch');
      expect(sheath, slug).toMatch(/ above its .*(sheath|blade guard)/);
    }
    expect(products.get('chitlange-khukuri')?.images[0]?.alt_text).toBe(
      'Chitlange Khukuri, 11-inch blade, rosewood handle, whole piece',
    );
  });

  it('shows the accessories as what they are: the sheath, the karda and chakmak, the care kit', () => {
    const alts = (slug: string) => (products.get(slug) as Product).images.map((image) => image.alt_text).join(' | ');
    expect(alts('leather-khukuri-sheath')).toMatch(/stitching.*frog/);
    expect(alts('karda-chakmak-set')).toContain('Karda and chakmak in their pocket');
    expect(alts('blade-care-kit')).toMatch(/whetstone.*oil.*cloth/);
  });

  it('sells at least five products in options, each at its old price and stock by default, and one with engraving', async () => {
    const sold = DEMO_PRODUCTS.filter((product) => product.sold);
    expect(sold.length).toBeGreaterThanOrEqual(5);
    let outOfStock = 0;
    for (const data of sold) {
      const product = products.get(data.slug) as Product;
      expect(product.variants.length, data.slug).toBeGreaterThanOrEqual(2);
      for (const variant of product.variants) {
        expect(variant, data.slug).toMatchObject({ id: expect.any(Number), sku: expect.any(String) });
        expect(variant.price, data.slug).toMatch(/^\d+\.\d{2}$/);
        if (variant.stock === 0) outOfStock += 1;
      }
      // The default variant is the size the product was sold in alone: the lists still show its price.
      expect(product.variants[0], data.slug).toMatchObject({ is_default: true, stock: data.stock });
      expect(product.price, data.slug).toBe(`${data.price}.00`);
      expect(product.stock, data.slug).toBe(data.stock);
      expect(
        product.options.map((option) => option.name),
        data.slug,
      ).toContain('Blade length');
      // Its old address leads to that variant.
      const moved = await t.request(shop, { method: 'GET', url: `/api/products/products/${data.sold?.oldSlug}/` });
      expect(moved.statusCode, data.slug).toBe(301);
      expect(moved.json(), data.slug).toMatchObject({ slug: data.slug, variant: product.variants[0]?.id });
    }
    expect(outOfStock).toBeGreaterThanOrEqual(1);
    expect(products.get('angkhola-khukuri')?.options).toEqual([
      { name: 'Blade length', values: ['10 inch', '12 inch', '15 inch'] },
      { name: 'Finish', values: ['Village', 'Mirror-polished'] },
    ]);
    const engraved = [...products.values()].filter((product) =>
      product.personalisation.some((field) => field.key === 'engraving'),
    );
    expect(engraved.map((product) => product.personalisation)).toEqual([
      [{ key: 'engraving', label: 'Engraving', max_length: 20, price: '15.00', required: false }],
    ]);
  });

  it('gives every variant a page that says its own blade length: lead text, specifications and picture', () => {
    const sold = DEMO_PRODUCTS.filter((product) => product.sold);
    let sized = 0;
    for (const data of sold) {
      const product = products.get(data.slug) as Product;
      const at = product.options.findIndex((option) => option.name === 'Blade length');
      const ownLength = Object.values(product.variants[0]?.options ?? {})[at] as string;
      const inches = (length: string) => length.replace(' inch', '');
      // The product's own texts are its default variant's.
      expect(product.description, data.slug).toContain(ownLength);
      expect(product.attributes.find((attribute) => attribute.key === 'Blade length')?.value, data.slug).toMatch(
        new RegExp(`^${inches(ownLength)} inches`),
      );
      expect(product.long_html_description, data.slug).not.toContain(`${inches(ownLength)} inches`);
      for (const variant of product.variants) {
        const length = variant.options['Blade length'] as string;
        if (length === ownLength) {
          expect(variant, variant.sku).toMatchObject({ description: null, attributes: [], image_alt_texts: [] });
          continue;
        }
        sized += 1;
        expect(variant.description, variant.sku).toContain(length);
        expect(variant.description, variant.sku).not.toContain(ownLength);
        const specifications = new Map((variant.attributes ?? []).map((entry) => [entry.key, entry.value]));
        expect(specifications.get('Blade length'), variant.sku).toMatch(new RegExp(`^${inches(length)} inches \\(`));
        expect(specifications.get('Overall length'), variant.sku).toMatch(/^\d+ inches \(\d+ cm\)$/);
        expect(specifications.get('Weight'), variant.sku).toMatch(/ g$/);
        const [whole] = product.images;
        expect(variant.image_alt_texts, variant.sku).toEqual([
          {
            image_id: whole?.id,
            alt_text: whole?.alt_text.replace(`${inches(ownLength)}-inch`, `${inches(length)}-inch`),
          },
        ]);
      }
    }
    expect(sized).toBeGreaterThanOrEqual(8);
    const angkhola = products.get('angkhola-khukuri') as Product;
    expect(angkhola.variants.find((variant) => variant.sku === 'ANG-15-VIL')).toMatchObject({
      description:
        'The everyday khukuri of the Nepali hills: a 15 inch blade with a gentle bend, a rosewood handle and a thick spine that chops far above its weight.',
      attributes: expect.arrayContaining([{ key: 'Blade length', value: '15 inches (38 cm)' }]),
    });
    const bhojpure = products.get('bhojpure-khukuri') as Product;
    expect(bhojpure.variants.find((variant) => variant.sku === 'BHO-14')?.description).toContain('14 inch blade');
  });

  it('gives the Sirupate’s mirror-polished variants its close-up as their own picture, the others none', () => {
    const sirupate = products.get('sirupate-khukuri') as Product;
    const closeUp = sirupate.images[1];
    expect(closeUp?.alt_text).toContain('close-up');
    expect(sirupate.variants.map((variant) => [variant.sku, variant.image_ids])).toEqual([
      ['SIR-12-SAT', []],
      ['SIR-12-MIR', [closeUp?.id]],
      ['SIR-15-SAT', []],
      ['SIR-15-MIR', [closeUp?.id]],
    ]);
    for (const product of products.values()) {
      const own = new Set(product.images.map((image) => image.id));
      for (const variant of product.variants) {
        expect(
          variant.image_ids.every((id) => own.has(id)),
          variant.sku,
        ).toBe(true);
      }
    }
  });
});
