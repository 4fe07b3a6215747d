// A variant's own page (issue 45): its lead text, specification values and pictures' alt texts, written in the
// variant grid, read back by staff and answered with the product's detail; refused outside the rules, another
// product's pictures refused, a deleted picture's text dropped, another shop's product not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminCatalogShop,
  adminCall,
  adminCatalogShop,
  auditLog,
  type DropFirst,
  multipart,
  png,
} from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createProduct } from '../../../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

interface Variant {
  id: number;
  sku: string;
  description: string | null;
  attributes: { key: string; value: string }[];
  image_alt_texts: { image_id: number; alt_text: string }[];
}

const BLADE = { name: 'Blade length', values: ['10 inch', '15 inch'] };

/** Uploads a picture of the product as staff; answers the product's pictures. */
async function upload(setup: AdminCatalogShop, productId: number, color: string, altText: string) {
  const body = multipart([
    { name: 'alt_text', value: altText },
    { name: 'image', filename: 'photo.png', type: 'image/png', data: await png(color) },
  ]);
  const answer = await t.request(setup.shop, {
    method: 'POST',
    url: `/api/admin/products/${productId}/images/`,
    token: setup.staff.accessToken,
    payload: body.payload,
    headers: body.headers,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().images as { id: number; alt_text: string }[];
}

/** A shop with a product (10 and 15 inch) that has two pictures; its variants and the pictures' ids. */
async function shopWithVariants(name = 'Variant pages shop') {
  const setup = await adminCatalogShop(t, name);
  const product = await createProduct(t, setup.shop, {
    categoryId: setup.category.id,
    slug: `angkhola-${setup.shop.id}`,
    description: 'The everyday khukuri: a 10 inch blade with a gentle bend.',
    attributes: [
      ['Blade length', '10 inches (25 cm)'],
      ['Steel', '5160 leaf-spring carbon steel'],
    ],
    stock: 0,
  });
  await upload(setup, product.id, '#a00', 'Angkhola, 10-inch blade, whole piece');
  const [whole, closeUp] = (await upload(setup, product.id, '#0a0', 'Angkhola, close-up of the cho')).map(
    (image) => image.id,
  ) as [number, number];
  const options = await admin(setup.shop, setup.staff.accessToken, 'PUT', `/products/${product.id}/options/`, {
    options: [BLADE],
    personalisation: [],
  });
  expect(options.statusCode, options.body).toBe(200);
  const [ten, fifteen] = options.json().variants as [Variant, Variant];
  return { ...setup, product, ten, fifteen, whole, closeUp };
}

type Setup = Awaited<ReturnType<typeof shopWithVariants>>;

async function patchVariants(setup: Setup, variants: object[]) {
  return admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/variants/`, { variants });
}

const FIFTEEN_PAGE = (whole: number) => ({
  description: 'The everyday khukuri: a 15 inch blade with a gentle bend.',
  attributes: [
    { key: 'Blade length', value: '15 inches (38 cm)' },
    { key: 'Weight', value: '850 g' },
  ],
  image_alt_texts: [{ image_id: whole, alt_text: 'Angkhola, 15-inch blade, whole piece' }],
});

describe('a variant’s own page', () => {
  it('is written in the variant grid, read back by staff and answered with the product’s detail', async () => {
    const setup = await shopWithVariants();
    const answer = await patchVariants(setup, [{ id: setup.fifteen.id, ...FIFTEEN_PAGE(setup.whole) }]);
    expect(answer.statusCode, answer.body).toBe(200);
    const [ten, fifteen] = answer.json().variants as [Variant, Variant];
    expect(ten).toMatchObject({ description: null, attributes: [], image_alt_texts: [] });
    expect(fifteen).toMatchObject(FIFTEEN_PAGE(setup.whole));

    const detail = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/products/products/${setup.product.slug}/`,
    });
    expect(detail.statusCode).toBe(200);
    const product = detail.json();
    // The product's own texts stay the product's; the variant carries its own beside them.
    expect(product.description).toBe('The everyday khukuri: a 10 inch blade with a gentle bend.');
    expect(product.attributes.map((attribute: { value: string }) => attribute.value)).toContain('10 inches (25 cm)');
    expect(product.variants).toMatchObject([
      { id: setup.ten.id, description: null, attributes: [], image_alt_texts: [] },
      { id: setup.fifteen.id, ...FIFTEEN_PAGE(setup.whole) },
    ]);

    const audit = await auditLog(t, setup, 'product', setup.product.id);
    expect(audit[0]?.action).toBe('product.variants');
    expect(audit[0]?.summary).toEqual({
      before: { variants: [{ id: setup.fifteen.id, description: null, attributes: [], image_alt_texts: [] }] },
      after: { variants: [{ id: setup.fifteen.id, ...FIFTEEN_PAGE(setup.whole) }] },
    });

    // Saved again as it is (the grid sends every field): nothing changes, nothing is audited.
    const again = await patchVariants(setup, [{ id: setup.fifteen.id, ...FIFTEEN_PAGE(setup.whole) }]);
    expect(again.statusCode, again.body).toBe(200);
    expect((await auditLog(t, setup, 'product', setup.product.id)).length).toBe(audit.length);
  });

  it('goes back to the product’s with a blank lead text and empty lists', async () => {
    const setup = await shopWithVariants();
    await patchVariants(setup, [{ id: setup.fifteen.id, ...FIFTEEN_PAGE(setup.whole) }]);
    const cleared = await patchVariants(setup, [
      { id: setup.fifteen.id, description: '   ', attributes: [], image_alt_texts: [] },
    ]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().variants[1]).toMatchObject({ description: null, attributes: [], image_alt_texts: [] });
    const withNull = await patchVariants(setup, [{ id: setup.fifteen.id, description: null }]);
    expect(withNull.statusCode, withNull.body).toBe(200);
  });

  it('refuses texts outside the rules with field errors, and another product’s picture', async () => {
    const setup = await shopWithVariants();
    const other = await createProduct(t, setup.shop, { categoryId: setup.category.id, stock: 0 });
    const [foreign] = (await upload(setup, other.id, '#00a', 'Another khukuri')).map((image) => image.id) as [number];
    const refusals: [object, string][] = [
      [{ description: 'x'.repeat(5001) }, 'variants.0.description'],
      [{ attributes: [{ key: '', value: '15 inches' }] }, 'variants.0.attributes.0.key'],
      [{ attributes: [{ key: 'Blade length', value: '' }] }, 'variants.0.attributes.0.value'],
      [
        {
          attributes: [
            { key: 'Blade length', value: '15 inches' },
            { key: 'Blade length', value: '16 inches' },
          ],
        },
        'variants.0.attributes',
      ],
      [
        { image_alt_texts: [{ image_id: setup.whole, alt_text: 'x'.repeat(201) }] },
        'variants.0.image_alt_texts.0.alt_text',
      ],
      [{ image_alt_texts: [{ image_id: setup.whole, alt_text: 'a', extra: 1 }] }, 'variants.0.image_alt_texts.0'],
    ];
    for (const [change, field] of refusals) {
      const answer = await patchVariants(setup, [{ id: setup.fifteen.id, ...change }]);
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json()), field).toEqual([field]);
      // Written for a person: no pattern, no zod phrase.
      expect(answer.body).not.toMatch(/Invalid input|expected/);
    }
    const duplicate = await patchVariants(setup, [
      {
        id: setup.fifteen.id,
        attributes: [
          { key: 'Blade length', value: '15 inches' },
          { key: 'Blade length', value: '16 inches' },
        ],
      },
    ]);
    expect(JSON.stringify(duplicate.json())).toContain('Each specification appears once.');
    const foreignPicture = await patchVariants(setup, [
      { id: setup.fifteen.id, image_alt_texts: [{ image_id: foreign, alt_text: 'Another khukuri, 15-inch' }] },
    ]);
    expect(foreignPicture.statusCode).toBe(400);
    expect(foreignPicture.json().image_alt_texts).toEqual([`The product has no picture with the id ${foreign}.`]);
    const unchanged = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`);
    expect(unchanged.json().variants[1]).toMatchObject({ description: null, attributes: [], image_alt_texts: [] });
  });

  it('loses the text of a picture deleted from the product, and keeps the others', async () => {
    const setup = await shopWithVariants();
    await patchVariants(setup, [
      {
        id: setup.fifteen.id,
        image_alt_texts: [
          { image_id: setup.whole, alt_text: 'Angkhola, 15-inch blade, whole piece' },
          { image_id: setup.closeUp, alt_text: 'Angkhola 15 inch, close-up of the cho' },
        ],
      },
    ]);
    const url = `/products/${setup.product.id}/images/${setup.whole}/`;
    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', url)).statusCode).toBe(204);
    const left = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`);
    expect(left.json().variants[1].image_alt_texts).toEqual([
      { image_id: setup.closeUp, alt_text: 'Angkhola 15 inch, close-up of the cho' },
    ]);
  });

  it('is staff’s only, and another shop’s product and variants are not found', async () => {
    const setup = await shopWithVariants('Variant pages shop one');
    const other = await shopWithVariants('Variant pages shop two');
    const change = { variants: [{ id: setup.fifteen.id, description: 'A 15 inch blade.' }] };
    const url = `/products/${setup.product.id}/variants/`;
    expect((await admin(setup.shop, undefined, 'PATCH', url, change)).statusCode).toBe(401);
    expect((await admin(setup.shop, setup.customer.accessToken, 'PATCH', url, change)).statusCode).toBe(403);
    // Another shop's staff: the product is not found, and its own product does not take this shop's variant.
    expect((await admin(other.shop, other.staff.accessToken, 'PATCH', url, change)).statusCode).toBe(404);
    const mixed = await admin(other.shop, other.staff.accessToken, 'PATCH', `/products/${other.product.id}/variants/`, {
      variants: [{ id: setup.fifteen.id, description: 'A 15 inch blade.' }],
    });
    expect(mixed.statusCode).toBe(400);
    // Another shop's detail does not know this shop's product.
    const foreignDetail = await t.request(other.shop, {
      method: 'GET',
      url: `/api/products/products/${setup.product.slug}/`,
    });
    expect(foreignDetail.statusCode).toBe(404);
    const mine = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`);
    expect(mine.json().variants[1].description).toBeNull();
  });
});

describe('a cart line of a variant', () => {
  it('shows the variant’s own first picture with its alt text, else the product’s main image', async () => {
    const setup = await shopWithVariants('Variant picture cart shop');
    const saved = await patchVariants(setup, [
      { id: setup.ten.id, stock: 2 },
      {
        id: setup.fifteen.id,
        stock: 2,
        image_ids: [setup.closeUp],
        image_alt_texts: [{ image_id: setup.closeUp, alt_text: 'Angkhola 15 inch, close-up of the cho' }],
      },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const cart = async (variantId: number) => {
      const added = await t.request(setup.shop, {
        method: 'POST',
        url: '/api/orders/cart/add-item/',
        token: setup.customer.accessToken,
        payload: { product_id: setup.product.id, variant_id: variantId, quantity: 1, customization: {} },
      });
      expect(added.statusCode, added.body).toBe(200);
      return added.json() as {
        items: {
          variant: { id: number; image: { thumb_image: string; alt_text: string } | null };
          product: { main_image: { thumb_image: string; alt_text: string } | null };
        }[];
      };
    };
    await cart(setup.ten.id);
    const { items } = await cart(setup.fifteen.id);
    const [ten, fifteen] = items;
    expect(ten?.variant.image).toBeNull();
    expect(ten?.product.main_image?.alt_text).toBe('Angkhola, 10-inch blade, whole piece');
    expect(fifteen?.variant.image).toEqual({
      thumb_image: expect.stringMatching(/^\/media\/.+-thumb\.webp$/),
      alt_text: 'Angkhola 15 inch, close-up of the cho',
    });
    expect(fifteen?.variant.image?.thumb_image).not.toBe(fifteen?.product.main_image?.thumb_image);
  });
});
