// Selling abroad (issue 48, decision 029), through HTTP: what only adults may buy and the buyer's confirmation of
// age, the destinations the shop closes to some products, the checkout's notice of import duties, and the customs
// declaration of an order leaving the shop's country, read back from the PDF's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCategory,
  createCustomer,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
  TEST_ADDRESS,
} from '../../../test/builders.ts';
import { pdfText } from '../../../test/pdf.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SINGAPORE = {
  street: '1 Raffles Place',
  city: 'Singapore',
  postalCode: '048616',
  country: 'Singapore',
  fullname: 'Tan Wei Ming',
  contact_number: '+65 6123 4567',
};

const CALIFORNIA = {
  street: '1 Market Street',
  city: 'San Francisco',
  postalCode: '94105',
  country: 'US',
  region: 'CA',
  fullname: 'Jane Roe',
  contact_number: '+1 415 736 3100',
};

const OREGON = { ...CALIFORNIA, city: 'Portland', postalCode: '97204', region: 'OR' };

/**
 * A shop in Nepal taking bank transfers (no shipping zones: it ships anywhere, free), with its owner, a category of
 * knives sold to adults only holding a khukuri (HS 8211.92, made in Nepal, 650 g), and a care kit.
 */
async function abroadShop(name: string, settings: Record<string, unknown> = {}) {
  const setup = await shopWithStaff(t, name);
  await setPayments(t, setup.shop);
  const saved = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/site-settings/', {
    legal_name: `${name} Pvt. Ltd.`,
    legal_address: 'Bhanu Chowk 12\nDharan 56700\nNepal',
    country: 'NP',
    ...settings,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const knives = await createCategory(t, setup.shop, { name: 'Knives', ageRestricted: true });
  const care = await createCategory(t, setup.shop, { name: 'Care' });
  const khukuri = await createProduct(t, setup.shop, {
    name: 'Angkhola Khukuri',
    slug: 'angkhola',
    categoryId: knives.id,
    stock: 50,
    priceCents: 8500,
    hsCode: '8211.92',
    countryOfOrigin: 'NP',
    customsDescription: 'Fixed-blade knife of carbon steel',
    weightGrams: 650,
  });
  const kit = await createProduct(t, setup.shop, {
    name: 'Blade Care Kit',
    slug: 'care-kit',
    categoryId: care.id,
    stock: 50,
    priceCents: 3000,
    hsCode: '6804.22',
    countryOfOrigin: 'NP',
    weightGrams: 400,
  });
  return { ...setup, knives, care, khukuri, kit };
}

type AbroadShop = Awaited<ReturnType<typeof abroadShop>>;

/** A new customer of the shop with `lines` in the cart. */
async function customerWith(shop: Tenant, lines: [{ id: number }, number][]) {
  const customer = await createCustomer(t, shop);
  for (const [product, quantity] of lines) await addToCart(t, shop, customer.accessToken, product.id, quantity);
  return customer;
}

function owner(setup: AbroadShop, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) {
  return adminCall(t, setup.shop, setup.owner.accessToken, method, url, body);
}

describe('products only adults may buy', () => {
  it('answers the customs details and whether a product is age-restricted, by itself or by its category', async () => {
    const setup = await abroadShop('Adults-only shop');
    const page = await t.request(setup.shop, { method: 'GET', url: '/api/products/products/angkhola/' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      hs_code: '8211.92',
      country_of_origin: 'NP',
      age_restricted: true,
      shipping_restrictions: [],
    });
    const kit = (await t.request(setup.shop, { method: 'GET', url: '/api/products/products/care-kit/' })).json();
    expect(kit.age_restricted).toBe(false);

    // The kit by its own flag, through the product form; the category's flag shows beside the product's own.
    const changed = await owner(setup, 'PATCH', `/products/${setup.kit.id}/`, { age_restricted: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ age_restricted: true, category_age_restricted: false });
    const knife = (await owner(setup, 'GET', `/products/${setup.khukuri.id}/`)).json();
    expect(knife).toMatchObject({
      age_restricted: false,
      category_age_restricted: true,
      hs_code: '8211.92',
      country_of_origin: 'NP',
      customs_description: 'Fixed-blade knife of carbon steel',
      weight_grams: 650,
    });
    expect(
      (await t.request(setup.shop, { method: 'GET', url: '/api/products/products/care-kit/' })).json(),
    ).toMatchObject({ age_restricted: true });
  });

  it('refuses an order holding one without the buyer’s confirmation, naming the shop’s age, and keeps it with', async () => {
    const setup = await abroadShop('Age check shop');
    const customer = await customerWith(setup.shop, [
      [setup.khukuri, 1],
      [setup.kit, 1],
    ]);
    for (const body of [{}, { age_confirmed: false }]) {
      const refused = await placeOrder(t, setup.shop, customer.accessToken, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        detail:
          'Some items in your order are sold only to adults. Please tick "I confirm I am 18 or older" to place it.',
        code: 'age_confirmation_required',
      });
    }
    // Nothing was taken: the cart still holds both lines.
    const cart = (
      await t.request(setup.shop, { method: 'GET', url: '/api/orders/cart/', token: customer.accessToken })
    ).json();
    expect(cart.items.map((item: { product: { age_restricted: boolean } }) => item.product.age_restricted)).toEqual([
      true,
      false,
    ]);

    const placed = await placeOrder(t, setup.shop, customer.accessToken, { age_confirmed: true });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().confirmed_age).toBe(18);
    const staffView = (await owner(setup, 'GET', `/orders/${placed.json().id}/`)).json();
    expect(staffView).toMatchObject({ confirmed_age: 18, leaves_shop_country: false });

    // The packing slip prints the confirmation; no adult's signature while the shop does not ask for one.
    const slip = await owner(setup, 'GET', `/orders/${placed.json().id}/packing-slip/`);
    const text = await pdfText(slip.rawPayload);
    expect(text).toContain('Age confirmed');
    expect(text).toContain('The buyer confirmed being 18 or older.');
    expect(text).not.toContain('Adult signature required');
  });

  it('asks the shop’s own age, and prints “Adult signature required” where the shop asks for it', async () => {
    const setup = await abroadShop('Signature shop', { adult_age: 21, adult_signature: true });
    const customer = await customerWith(setup.shop, [[setup.khukuri, 1]]);
    const refused = await placeOrder(t, setup.shop, customer.accessToken);
    expect(refused.json().detail).toContain('I confirm I am 21 or older');
    const placed = await placeOrder(t, setup.shop, customer.accessToken, { age_confirmed: true });
    expect(placed.statusCode, placed.body).toBe(201);
    const text = await pdfText((await owner(setup, 'GET', `/orders/${placed.json().id}/packing-slip/`)).rawPayload);
    expect(text).toContain('Adult signature required');
    expect(text).toContain('The buyer confirmed being 21 or older.');

    // An order of the kit alone needs no confirmation and keeps none; its slip asks no signature.
    const other = await customerWith(setup.shop, [[setup.kit, 1]]);
    const kitOrder = await placeOrder(t, setup.shop, other.accessToken);
    expect(kitOrder.statusCode, kitOrder.body).toBe(201);
    expect(kitOrder.json().confirmed_age).toBeNull();
    const kitSlip = await pdfText(
      (await owner(setup, 'GET', `/orders/${kitOrder.json().id}/packing-slip/`)).rawPayload,
    );
    expect(kitSlip).not.toContain('Adult signature required');
    expect(kitSlip).not.toContain('Age confirmed');
  });

  it('sets a category’s flag through the administration, audited', async () => {
    const setup = await abroadShop('Category flag shop');
    const created = await owner(setup, 'POST', '/categories/', { name: 'Swords', age_restricted: true });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().age_restricted).toBe(true);
    const cleared = await owner(setup, 'PATCH', `/categories/${setup.knives.id}/`, { age_restricted: false });
    expect(cleared.json().age_restricted).toBe(false);
    const customer = await customerWith(setup.shop, [[setup.khukuri, 1]]);
    expect((await placeOrder(t, setup.shop, customer.accessToken)).statusCode).toBe(201);
    const audit = (await owner(setup, 'GET', `/audit-log/?entity=category&entity_id=${setup.knives.id}`)).json();
    expect(audit.results[0]).toMatchObject({
      action: 'category.update',
      summary: { after: { age_restricted: false } },
    });
  });
});

describe('shipping restrictions', () => {
  it('closes a destination to a product: the product page, the cart and the order say the shop’s message', async () => {
    const setup = await abroadShop('Restricted product shop');
    const message = 'We cannot send khukuris to Singapore: its customs seize bladed weapons.';
    const created = await owner(setup, 'POST', '/shipping-restrictions/', {
      country: 'sg',
      product_ids: [setup.khukuri.id],
      message,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      country: 'SG',
      country_name: 'Singapore',
      region: null,
      product_ids: [setup.khukuri.id],
      category_ids: [],
      message,
    });

    const page = (await t.request(setup.shop, { method: 'GET', url: '/api/products/products/angkhola/' })).json();
    expect(page.shipping_restrictions).toEqual([{ country: 'SG', region: null, message }]);
    const kitPage = (await t.request(setup.shop, { method: 'GET', url: '/api/products/products/care-kit/' })).json();
    expect(kitPage.shipping_restrictions).toEqual([]);

    const customer = await customerWith(setup.shop, [
      [setup.khukuri, 1],
      [setup.kit, 1],
    ]);
    const cart = async (query: string) =>
      (
        await t.request(setup.shop, { method: 'GET', url: `/api/orders/cart/${query}`, token: customer.accessToken })
      ).json().items as { shipping_restriction: string | null }[];
    expect((await cart('?country=SG')).map((item) => item.shipping_restriction)).toEqual([message, null]);
    expect((await cart('?country=NP')).map((item) => item.shipping_restriction)).toEqual([null, null]);
    expect((await cart('')).map((item) => item.shipping_restriction)).toEqual([null, null]);

    const refused = await placeOrder(t, setup.shop, customer.accessToken, {
      delivery_address: SINGAPORE,
      age_confirmed: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: message, code: 'shipping_restricted' });
    // Home is open.
    const placed = await placeOrder(t, setup.shop, customer.accessToken, { age_confirmed: true });
    expect(placed.statusCode, placed.body).toBe(201);

    // The kit alone goes to Singapore.
    const other = await customerWith(setup.shop, [[setup.kit, 2]]);
    expect((await placeOrder(t, setup.shop, other.accessToken, { delivery_address: SINGAPORE })).statusCode).toBe(201);
  });

  it('closes a destination to a category’s products, and one region of a country to them', async () => {
    const setup = await abroadShop('Restricted category shop');
    const byCategory = await owner(setup, 'POST', '/shipping-restrictions/', {
      country: 'US',
      region: 'ca',
      category_ids: [setup.knives.id],
      message: 'California: we do not ship blades there.',
    });
    expect(byCategory.statusCode, byCategory.body).toBe(201);
    // The region by its name from the country's list.
    expect(byCategory.json().region).toBe('California');
    const page = (await t.request(setup.shop, { method: 'GET', url: '/api/products/products/angkhola/' })).json();
    expect(page.shipping_restrictions).toEqual([
      { country: 'US', region: 'California', message: 'California: we do not ship blades there.' },
    ]);

    const customer = await customerWith(setup.shop, [[setup.khukuri, 1]]);
    const refused = await placeOrder(t, setup.shop, customer.accessToken, {
      delivery_address: CALIFORNIA,
      age_confirmed: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('California: we do not ship blades there.');
    const cart = await t.request(setup.shop, {
      method: 'GET',
      url: '/api/orders/cart/?country=US&region=California',
      token: customer.accessToken,
    });
    expect(cart.json().items[0].shipping_restriction).toBe('California: we do not ship blades there.');
    const oregon = await placeOrder(t, setup.shop, customer.accessToken, {
      delivery_address: OREGON,
      age_confirmed: true,
    });
    expect(oregon.statusCode, oregon.body).toBe(201);

    // A restriction naming no product closes the country to every one.
    await owner(setup, 'POST', '/shipping-restrictions/', { country: 'SG', message: 'We do not ship to Singapore.' });
    const kitBuyer = await customerWith(setup.shop, [[setup.kit, 1]]);
    const closed = await placeOrder(t, setup.shop, kitBuyer.accessToken, { delivery_address: SINGAPORE });
    expect(closed.json()).toEqual({ detail: 'We do not ship to Singapore.', code: 'shipping_restricted' });
  });

  it('checks what staff write, lists, changes and deletes restrictions, and keeps them to their shop', async () => {
    const setup = await abroadShop('Restriction admin shop');
    const other = await abroadShop('Restriction other shop');
    const wrong = await owner(setup, 'POST', '/shipping-restrictions/', {
      country: 'US',
      region: 'Atlantis',
      product_ids: [other.khukuri.id],
      category_ids: [999_999],
      message: 'No.',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      region: ['Not a region of United States: choose one of its list.'],
      product_ids: [`No product has the id ${other.khukuri.id}.`],
      category_ids: ['No category has the id 999999.'],
    });
    const blank = await owner(setup, 'POST', '/shipping-restrictions/', { country: 'XX', message: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json()).sort()).toEqual(['country', 'message']);

    const created = (
      await owner(setup, 'POST', '/shipping-restrictions/', {
        country: 'SG',
        product_ids: [setup.khukuri.id],
        message: 'Not to Singapore.',
      })
    ).json();
    const changed = await owner(setup, 'PATCH', `/shipping-restrictions/${created.id}/`, {
      product_ids: [setup.khukuri.id, setup.kit.id],
      message: 'Nothing of ours to Singapore.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ product_ids: [setup.khukuri.id, setup.kit.id] });
    const list = (await owner(setup, 'GET', '/shipping-restrictions/?country=sg')).json();
    expect(list).toMatchObject({ count: 1, results: [{ id: created.id, message: 'Nothing of ours to Singapore.' }] });

    // Another shop's staff neither see nor change it; a customer may not.
    expect((await owner(other, 'GET', `/shipping-restrictions/${created.id}/`)).statusCode).toBe(404);
    expect((await owner(other, 'GET', '/shipping-restrictions/')).json().count).toBe(0);
    expect((await owner(other, 'DELETE', `/shipping-restrictions/${created.id}/`)).statusCode).toBe(404);
    const asCustomer = await adminCall(t, setup.shop, setup.customer.accessToken, 'GET', '/shipping-restrictions/');
    expect(asCustomer.statusCode).toBe(403);

    const audit = (await owner(setup, 'GET', `/audit-log/?entity=shipping_restriction&entity_id=${created.id}`)).json();
    expect(audit.results.map((entry: { action: string }) => entry.action)).toEqual([
      'shipping_restriction.update',
      'shipping_restriction.create',
    ]);
    expect((await owner(setup, 'DELETE', `/shipping-restrictions/${created.id}/`)).statusCode).toBe(204);
    const page = (await t.request(setup.shop, { method: 'GET', url: '/api/products/products/angkhola/' })).json();
    expect(page.shipping_restrictions).toEqual([]);
  });
});

describe('selling abroad at checkout', () => {
  function quote(shop: Tenant, token: string, country: string) {
    return t.request(shop, { method: 'GET', url: `/api/orders/shipping-quote/?country=${country}`, token });
  }

  it('tells a destination outside the shop’s country that import duties may be charged, unless a tax collects them', async () => {
    const setup = await abroadShop('Duties shop');
    const customer = await customerWith(setup.shop, [[setup.kit, 1]]);
    const abroad = await quote(setup.shop, customer.accessToken, 'SG');
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect(abroad.json().duties_notice).toBe(
      'Your order leaves our country: import duties and taxes may be charged by your country on delivery. They are not included in our prices.',
    );
    expect((await quote(setup.shop, customer.accessToken, 'NP')).json().duties_notice).toBeNull();

    // The shop's own words; a rate of the destination that collects its tax at checkout silences it.
    await owner(setup, 'PATCH', '/site-settings/', { duties_notice: 'Duties are yours to pay on arrival.' });
    expect((await quote(setup.shop, customer.accessToken, 'SG')).json().duties_notice).toBe(
      'Duties are yours to pay on arrival.',
    );
    const rate = await owner(setup, 'POST', '/tax-rates/', {
      name: 'GST',
      rate: '9.00',
      country: 'SG',
      display: 'added',
    });
    expect(rate.statusCode, rate.body).toBe(201);
    expect((await quote(setup.shop, customer.accessToken, 'SG')).json().duties_notice).toBeNull();

    // A shop that names no country says nothing of duties.
    await owner(setup, 'PATCH', '/site-settings/', { country: '' });
    expect((await quote(setup.shop, customer.accessToken, 'GB')).json().duties_notice).toBeNull();
  });
});

describe('customs declarations', () => {
  it('draws an order leaving the shop’s country a commercial invoice with the CN23’s fields', async () => {
    const setup = await abroadShop('Customs shop');
    const sized = await createVariantProduct(
      t,
      setup.shop,
      {
        options: [{ name: 'Blade length', values: ['10 inch', '15 inch'] }],
        variants: [
          { sku: 'SIR-10', options: ['10 inch'], stock: 5 },
          { sku: 'SIR-15', options: ['15 inch'], stock: 5, priceCents: 12500, weightGrams: 850 },
        ],
      },
      {
        name: 'Sirupate Khukuri',
        categoryId: setup.knives.id,
        priceCents: 9000,
        hsCode: '8211.92',
        countryOfOrigin: 'NP',
        weightGrams: 560,
      },
    );
    // The 15 inch variant's own customs details differ from the product's.
    const grid = await owner(setup, 'PATCH', `/products/${sized.product.id}/variants/`, {
      variants: [{ id: sized.variants[1]?.id, hs_code: '8211.92.90', customs_description: 'Long fixed-blade knife' }],
    });
    expect(grid.statusCode, grid.body).toBe(200);
    expect(grid.json().variants[1]).toMatchObject({ hs_code: '8211.92.90', country_of_origin: null });

    const customer = await createCustomer(t, setup.shop);
    await addToCart(t, setup.shop, customer.accessToken, setup.khukuri.id, 2);
    await addToCart(t, setup.shop, customer.accessToken, setup.kit.id, 1);
    await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token: customer.accessToken,
      payload: { product_id: sized.product.id, variant_id: sized.variants[1]?.id, quantity: 1 },
    });
    const placed = await placeOrder(t, setup.shop, customer.accessToken, {
      delivery_address: SINGAPORE,
      age_confirmed: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect((await owner(setup, 'GET', `/orders/${order.id}/`)).json().leaves_shop_country).toBe(true);

    const declaration = await owner(setup, 'GET', `/orders/${order.id}/customs-declaration/`);
    expect(declaration.statusCode).toBe(200);
    expect(declaration.headers['content-type']).toBe('application/pdf');
    expect(declaration.headers['content-disposition']).toBe(
      `attachment; filename="customs-declaration-${order.number}.pdf"`,
    );
    const text = await pdfText(declaration.rawPayload);
    for (const expected of [
      'Customs declaration',
      'Commercial invoice (CN23)',
      // The sender, and the recipient with its phone.
      'Customs shop Pvt. Ltd.',
      'Bhanu Chowk 12',
      'Tan Wei Ming',
      '1 Raffles Place',
      '+65 6123 4567',
      order.number,
      'Reason for export',
      'Sale of goods',
      'Incoterm',
      'DAP',
      'Country of export Nepal',
      // Each line: its goods, HS code, origin, quantity, net weight and value.
      'Fixed-blade knife of carbon steel: Angkhola Khukuri',
      '8211.92',
      'Nepal',
      '1.300 kg',
      '$170.00 USD',
      'Blade Care Kit',
      '6804.22',
      '0.400 kg',
      'Long fixed-blade knife: Sirupate Khukuri',
      '8211.92.90',
      '0.850 kg',
      '$125.00 USD',
      'Total net weight 2.550 kg',
      'Total value',
      '$325.00 USD',
      'I certify that the particulars given in this declaration are correct',
    ]) {
      expect(text).toContain(expected);
    }

    // Staff only; another shop's staff find no such order.
    const asCustomer = await adminCall(
      t,
      setup.shop,
      setup.customer.accessToken,
      'GET',
      `/orders/${order.id}/customs-declaration/`,
    );
    expect(asCustomer.statusCode).toBe(403);
    const other = await abroadShop('Customs other shop');
    expect((await owner(other, 'GET', `/orders/${order.id}/customs-declaration/`)).statusCode).toBe(404);
  });

  it('draws none for an order staying in the shop’s country, nor while the shop names no country', async () => {
    const setup = await abroadShop('Home customs shop');
    const customer = await customerWith(setup.shop, [[setup.kit, 1]]);
    const placed = (await placeOrder(t, setup.shop, customer.accessToken, { delivery_address: TEST_ADDRESS })).json();
    const home = await owner(setup, 'GET', `/orders/${placed.id}/customs-declaration/`);
    expect(home.statusCode).toBe(409);
    expect(home.json()).toEqual({
      detail: 'This order stays in Nepal: it needs no customs declaration.',
      code: 'customs_declaration_not_needed',
    });
    await owner(setup, 'PATCH', '/site-settings/', { country: '' });
    const unset = await owner(setup, 'GET', `/orders/${placed.id}/customs-declaration/`);
    expect(unset.statusCode).toBe(409);
    expect(unset.json().code).toBe('shop_country_missing');
  });

  it('checks the customs details staff write', async () => {
    const setup = await abroadShop('Customs form shop');
    const wrong = await owner(setup, 'PATCH', `/products/${setup.kit.id}/`, {
      hs_code: '82.11',
      country_of_origin: 'Nepal',
      weight_grams: 0,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      hs_code: ['An HS code has 6 digits, and up to 4 more of the country: 8211.92 or 8211.92.00.'],
      country_of_origin: [expect.any(String)],
      weight_grams: [expect.any(String)],
    });
    const created = await owner(setup, 'POST', '/products/', {
      name: 'Karda',
      category: setup.knives.id,
      price: '25.00',
      hs_code: ' 8211.92 ',
      country_of_origin: 'np',
      customs_description: 'Small fixed-blade knife',
      weight_grams: 120,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      hs_code: '8211.92',
      country_of_origin: 'NP',
      customs_description: 'Small fixed-blade knife',
      weight_grams: 120,
      age_restricted: false,
      category_age_restricted: true,
    });
    const audit = (await owner(setup, 'GET', `/audit-log/?entity=product&entity_id=${created.json().id}`)).json();
    expect(audit.results[0].summary.after).toMatchObject({
      hs_code: '8211.92',
      country_of_origin: 'NP',
      weight_grams: 120,
    });
  });
});
