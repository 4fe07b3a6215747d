import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct, createVariantProduct } from '../../../test/builders.ts';
import { countQueries } from '../../../test/query-counter.ts';
import { setProductActive } from '../catalog/products/products.repository.ts';
import { storeImage } from '../media/index.ts';
import type { Tenant } from '../tenants/tenants.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A free personalisation text of `key` that adds nothing to the price. */
function textField(key: string) {
  return { key, label: key, max_length: 50, price_cents: 0, required: false };
}

function call(
  tenant: Tenant,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.request(tenant, {
    method,
    url: `/api/orders/cart/${url}`,
    ...(token ? { token } : {}),
    ...(payload ? { payload } : {}),
  });
}

describe('cart for guests', () => {
  it('answers 401 with the spec text on every cart call, looking at nothing else', async () => {
    const shop = await t.createTenant();
    for (const [method, url, payload] of [
      ['GET', '', undefined],
      ['POST', 'add-item/', { product_id: 1, quantity: 1 }],
      ['POST', 'add-item/', { nonsense: true }],
      ['PATCH', 'items/1/', { quantity: 2 }],
      ['DELETE', 'items/1/', undefined],
      ['DELETE', 'clear/', undefined],
    ] as const) {
      const response = await call(shop, undefined, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().detail).toBe('Authentication required to view cart.');
    }
  });
});

describe('GET /api/orders/cart/', () => {
  it('makes an empty cart on first use and keeps the same one afterwards', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const first = await call(shop, accessToken, 'GET', '');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      items: [],
      total_items: 0,
      total_price: '0.00',
      discount_code: null,
      discount: '0.00',
      discounts: [],
      discount_message: null,
      total: '0.00',
    });
    expect((await call(shop, accessToken, 'GET', '')).json().id).toBe(first.json().id);
  });

  it("shows each line's product picture by its thumbnail, reading every line in one statement", async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const image = await storeImage(t.context(shop), { bytes: await png('#336699'), feature: 'catalog' });
    const pictured = await createProduct(t, shop, { name: 'Chitlange', mainImageId: image.id, mainImageAlt: 'Blade' });
    const unnamed = await createProduct(t, shop, { name: 'Dui Chirra', mainImageId: image.id });
    const plain = await createProduct(t, shop, { name: 'Karda' });
    for (const product of [pictured, unnamed, plain]) await addToCart(t, shop, accessToken, product.id);

    const { result, queries } = await countQueries(t.testDb.database.db, () => call(shop, accessToken, 'GET', ''));
    expect(result.json().items.map((item: { product: { main_image: unknown } }) => item.product.main_image)).toEqual([
      { thumb_image: `/media/${image.thumbKey}`, alt_text: 'Blade' },
      { thumb_image: `/media/${image.thumbKey}`, alt_text: 'Dui Chirra' },
      null,
    ]);
    expect(queries.filter((query) => query.includes('cart_items'))).toHaveLength(1);
  });
});

describe('POST /api/orders/cart/add-item/', () => {
  it('answers the whole cart with the item shape of the spec, prices from the catalog', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const product = await createProduct(t, shop, {
      name: 'Sirupate',
      slug: 'sirupate',
      priceCents: 8500,
      stock: 5,
      personalisation: [textField('engraving_text')],
    });
    const response = await call(shop, accessToken, 'POST', 'add-item/', {
      product_id: product.id,
      quantity: 2,
      customization: { engraving_text: ' Ayo Gorkhali ' },
      // The client cannot set the price.
      price: '0.01',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      items: [
        {
          id: expect.any(Number),
          quantity: 2,
          customization: { engraving_text: 'Ayo Gorkhali' },
          product: {
            id: product.id,
            name: 'Sirupate',
            slug: 'sirupate',
            price: '85.00',
            stock: 5,
            is_active: true,
            made_to_order: false,
            lead_time_days: null,
            main_image: null,
            age_restricted: false,
          },
          variant: null,
          line_total: '170.00',
          shipping_restriction: null,
        },
      ],
      total_items: 2,
      total_price: '170.00',
      discount_code: null,
      discount: '0.00',
      discounts: [],
      discount_message: null,
      total: '170.00',
    });
  });

  it('merges the same product with the same customization, and keeps another customization apart', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const product = await createProduct(t, shop, {
      priceCents: 1999,
      stock: 10,
      personalisation: [textField('a'), textField('b')],
    });
    await addToCart(t, shop, accessToken, product.id, 1, { a: '1', b: '2' });
    await addToCart(t, shop, accessToken, product.id, 2, { b: '2', a: '1' });
    const cart = await addToCart(t, shop, accessToken, product.id, 1, { a: 'other' });
    expect(cart.items.map((item: { quantity: number }) => item.quantity)).toEqual([3, 1]);
    expect(cart.total_items).toBe(4);
    expect(cart.total_price).toBe('79.96');
  });

  it('never holds more than the stock, counting every line of the product', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 3, personalisation: [textField('engraving')] });
    const tooMany = await call(shop, accessToken, 'POST', 'add-item/', { product_id: product.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe('Only 3 items available.');
    await addToCart(t, shop, accessToken, product.id, 2);
    const again = await call(shop, accessToken, 'POST', 'add-item/', {
      product_id: product.id,
      quantity: 2,
      customization: { engraving: 'x' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('Only 3 items available.');
    expect((await call(shop, accessToken, 'GET', '')).json().total_items).toBe(2);
  });

  it('refuses a product out of stock, inactive, unknown or of another shop', async () => {
    const shop = await t.createTenant();
    const other = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const soldOut = await createProduct(t, shop, { stock: 0 });
    const hidden = await createProduct(t, shop, { stock: 5 });
    await setProductActive(t.scope(shop), hidden.id, false);
    const foreign = await createProduct(t, other, { stock: 5 });

    const out = await call(shop, accessToken, 'POST', 'add-item/', { product_id: soldOut.id, quantity: 1 });
    expect(out.statusCode).toBe(400);
    expect(out.json().detail).toBe('Item is out of stock.');
    for (const productId of [hidden.id, foreign.id, 999_999]) {
      const response = await call(shop, accessToken, 'POST', 'add-item/', { product_id: productId, quantity: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('This product is not available.');
    }
    expect((await call(shop, accessToken, 'GET', '')).json().items).toEqual([]);
  });

  it('checks quantity and customization bounds with field errors', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 5 });
    const bad = [
      { product_id: product.id, quantity: 0 },
      { product_id: product.id, quantity: 1.5 },
      { product_id: product.id, quantity: '2' },
      { product_id: 'x', quantity: 1 },
      { product_id: product.id, quantity: 1, customization: { long: 'x'.repeat(201) } },
      { product_id: product.id, quantity: 1, customization: { ['k'.repeat(51)]: 'v' } },
      {
        product_id: product.id,
        quantity: 1,
        customization: Object.fromEntries([...Array(11).keys()].map((i) => [`k${i}`, 'v'])),
      },
      { product_id: product.id, quantity: 1, customization: { nested: { a: 1 } } },
      { product_id: product.id, quantity: 1, customization: { '  ': 'blank key' } },
    ];
    for (const payload of bad) {
      const response = await call(shop, accessToken, 'POST', 'add-item/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json()).length).toBeGreaterThan(0);
    }
    expect((await call(shop, accessToken, 'GET', '')).json().items).toEqual([]);
  });
});

describe('PATCH and DELETE /api/orders/cart/items/{id}/', () => {
  it('sets a quantity within the stock, refuses below 1 with the spec text, and removes a line', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 4, priceCents: 250 });
    const cart = await addToCart(t, shop, accessToken, product.id, 1);
    const itemId = cart.items[0].id;

    const updated = await call(shop, accessToken, 'PATCH', `items/${itemId}/`, { quantity: 4 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ total_items: 4, total_price: '10.00' });

    const zero = await call(shop, accessToken, 'PATCH', `items/${itemId}/`, { quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail).toBe('Quantity must be at least 1. Use remove to delete.');
    const over = await call(shop, accessToken, 'PATCH', `items/${itemId}/`, { quantity: 5 });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe('Only 4 items available.');

    const removed = await call(shop, accessToken, 'DELETE', `items/${itemId}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ items: [], total_items: 0, total_price: '0.00' });
    expect((await call(shop, accessToken, 'DELETE', `items/${itemId}/`)).statusCode).toBe(404);
  });

  it("answers 404 for another customer's cart line and leaves it alone", async () => {
    const shop = await t.createTenant();
    const owner = await createCustomer(t, shop);
    const intruder = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 5 });
    const itemId = (await addToCart(t, shop, owner.accessToken, product.id, 2)).items[0].id;

    const patch = await call(shop, intruder.accessToken, 'PATCH', `items/${itemId}/`, { quantity: 1 });
    expect(patch.statusCode).toBe(404);
    expect((await call(shop, intruder.accessToken, 'DELETE', `items/${itemId}/`)).statusCode).toBe(404);
    await call(shop, intruder.accessToken, 'DELETE', 'clear/');
    expect((await call(shop, owner.accessToken, 'GET', '')).json().items[0].quantity).toBe(2);
  });

  it("keeps shops apart: a customer's token of one shop does not reach its cart through another", async () => {
    const shop = await t.createTenant();
    const other = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 5 });
    await addToCart(t, shop, accessToken, product.id, 1);
    expect((await call(other, accessToken, 'GET', '')).statusCode).toBe(401);
    const otherCustomer = await createCustomer(t, other);
    expect((await call(other, otherCustomer.accessToken, 'GET', '')).json().items).toEqual([]);
  });
});

describe('DELETE /api/orders/cart/clear/', () => {
  it('empties the cart and answers it', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const a = await createProduct(t, shop, { stock: 5 });
    const b = await createProduct(t, shop, { stock: 5 });
    await addToCart(t, shop, accessToken, a.id, 1);
    const full = await addToCart(t, shop, accessToken, b.id, 2);
    const cleared = await call(shop, accessToken, 'DELETE', 'clear/');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({
      id: full.id,
      items: [],
      total_items: 0,
      total_price: '0.00',
      discount_code: null,
      discount: '0.00',
      discounts: [],
      discount_message: null,
      total: '0.00',
    });
  });
});

describe('cart prices', () => {
  it('follow the catalog: a price change shows in the cart at once', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 5, priceCents: 1000 });
    await addToCart(t, shop, accessToken, product.id, 3);
    await t.testDb.database.raw.query('update products set price_cents = 1234 where id = $1', [product.id]);
    expect((await call(shop, accessToken, 'GET', '')).json()).toMatchObject({ total_price: '37.02' });
  });
});

describe('products sold in options', () => {
  /** A khukuri in two blade lengths and two finishes, the 12 inch dearer, with an optional engraving. */
  async function khukuri(shop: Tenant, required = false) {
    return createVariantProduct(
      t,
      shop,
      {
        options: [
          { name: 'Blade length', values: ['10 inch', '12 inch'] },
          { name: 'Finish', values: ['Satin', 'Mirror'] },
        ],
        variants: [
          { options: ['10 inch', 'Satin'], sku: `SIR-10-S-${shop.id}`, stock: 4 },
          { options: ['12 inch', 'Mirror'], sku: `SIR-12-M-${shop.id}`, priceCents: 9900, stock: 2 },
          { options: ['12 inch', 'Satin'], sku: `SIR-12-S-${shop.id}`, stock: 3, isActive: false },
        ],
        personalisation: [{ key: 'engraving', label: 'Engraving', maxLength: 20, priceCents: 1500, required }],
      },
      { name: 'Sirupate', priceCents: 8500 },
    );
  }

  it("takes the variant asked for: its options in the customization, its price and stock, and the variant's own shape", async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const { product, variants } = await khukuri(shop);
    const [, mirror] = variants;
    const response = await call(shop, accessToken, 'POST', 'add-item/', {
      product_id: product.id,
      variant_id: mirror?.id,
      quantity: 2,
      // What the client says of an option is the server's to write.
      customization: { Blade_length: '99 inch' },
    });
    expect(response.statusCode).toBe(200);
    const [item] = response.json().items;
    expect(item).toMatchObject({
      quantity: 2,
      customization: { Blade_length: '12 inch', Finish: 'Mirror' },
      product: { id: product.id, price: '99.00', stock: 2 },
      variant: { id: mirror?.id, sku: `SIR-12-M-${shop.id}`, options: { 'Blade length': '12 inch', Finish: 'Mirror' } },
      line_total: '198.00',
    });
    expect(response.json().total_price).toBe('198.00');
  });

  it('takes the default variant (the first on sale by position) when none is asked for', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const { product, variants } = await khukuri(shop);
    const cart = await addToCart(t, shop, accessToken, product.id, 1);
    expect(cart.items[0]).toMatchObject({
      customization: { Blade_length: '10 inch', Finish: 'Satin' },
      product: { price: '85.00', stock: 4 },
      variant: { id: variants[0]?.id, sku: `SIR-10-S-${shop.id}` },
    });
  });

  it("refuses a variant that is not on sale or not the product's, with its code", async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const { product, variants } = await khukuri(shop);
    const other = await khukuri(await t.createTenant());
    const plain = await createProduct(t, shop, { stock: 5 });
    for (const [productId, variantId] of [
      [product.id, variants[2]?.id],
      [product.id, other.variants[0]?.id],
      [plain.id, variants[0]?.id],
      [product.id, 999_999],
    ]) {
      const response = await call(shop, accessToken, 'POST', 'add-item/', {
        product_id: productId,
        variant_id: variantId,
      });
      expect(response.statusCode, `${productId}/${variantId}`).toBe(400);
      expect(response.json()).toEqual({ detail: 'This option is not available.', code: 'variant_unavailable' });
    }
    expect((await call(shop, accessToken, 'GET', '')).json().items).toEqual([]);
  });

  it('checks the engraving against its length and whether it is required, and adds its price when written', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const { product } = await khukuri(shop, true);
    const missing = await call(shop, accessToken, 'POST', 'add-item/', { product_id: product.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Engraving is required.', code: 'personalisation_required' });
    const tooLong = await call(shop, accessToken, 'POST', 'add-item/', {
      product_id: product.id,
      customization: { engraving: 'Ayo Gorkhali, Jai Nepal!' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ detail: 'Engraving is at most 20 characters.', code: 'personalisation_too_long' });
    const cart = await addToCart(t, shop, accessToken, product.id, 2, { engraving: 'Ayo Gorkhali' });
    expect(cart.items[0]).toMatchObject({
      customization: { engraving: 'Ayo Gorkhali', Blade_length: '10 inch', Finish: 'Satin' },
      product: { price: '100.00' },
      line_total: '200.00',
    });
  });

  it('refuses a customization key that is neither a personalisation field (exact key) nor an option, naming it', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const { product } = await khukuri(shop);
    const plain = await createProduct(t, shop, { stock: 5 });
    for (const [productId, customization, named] of [
      // A misspelt field would skip the engraving's price yet be printed as one.
      [product.id, { Engraving: 'Ayo Gorkhali' }, '"Engraving"'],
      // Options under other spellings would describe another piece than the variant's.
      [product.id, { 'Blade length': '15 inch', finish: 'Mirror-polished' }, '"Blade length", "finish"'],
      [plain.id, { gift_wrap: 'yes' }, '"gift_wrap"'],
    ] as const) {
      const response = await call(shop, accessToken, 'POST', 'add-item/', { product_id: productId, customization });
      expect(response.statusCode, named).toBe(400);
      expect(response.json().customization[0]).toContain(`This product has no personalisation field ${named}.`);
    }
    const [message] = (
      await call(shop, accessToken, 'POST', 'add-item/', { product_id: plain.id, customization: { note: 'x' } })
    ).json().customization;
    expect(message).toBe('This product has no personalisation field "note". It takes no personalisation.');
    expect((await call(shop, accessToken, 'GET', '')).json().items).toEqual([]);
    const engraved = await addToCart(t, shop, accessToken, product.id, 1, { engraving: 'Ayo Gorkhali' });
    expect(engraved.items[0]).toMatchObject({ product: { price: '100.00' } });
  });

  it('merges lines of the same variant and customization, keeps variants apart, and counts stock per variant', async () => {
    const shop = await t.createTenant();
    const { accessToken } = await createCustomer(t, shop);
    const { product, variants } = await khukuri(shop);
    const [satin, mirror] = variants;
    await addToCart(t, shop, accessToken, product.id, 1);
    await call(shop, accessToken, 'POST', 'add-item/', { product_id: product.id, variant_id: satin?.id, quantity: 2 });
    const cart = (
      await call(shop, accessToken, 'POST', 'add-item/', {
        product_id: product.id,
        variant_id: mirror?.id,
        quantity: 2,
      })
    ).json();
    expect(
      cart.items.map((item: { quantity: number; variant: { id: number } }) => [item.variant.id, item.quantity]),
    ).toEqual([
      [satin?.id, 3],
      [mirror?.id, 2],
    ]);
    // The mirror variant has 2 units: a third is refused though the satin one has more, and the product 6.
    const more = await call(shop, accessToken, 'POST', 'add-item/', {
      product_id: product.id,
      variant_id: mirror?.id,
      customization: { engraving: 'another line' },
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().detail).toBe('Only 2 items available.');
    const mirrorLine = cart.items[1];
    const patched = await call(shop, accessToken, 'PATCH', `items/${mirrorLine.id}/`, { quantity: 3 });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().detail).toBe('Only 2 items available.');
    const satinLine = cart.items[0];
    const up = await call(shop, accessToken, 'PATCH', `items/${satinLine.id}/`, { quantity: 4 });
    expect(up.statusCode).toBe(200);
    expect(up.json().total_price).toBe('538.00');
  });
});
