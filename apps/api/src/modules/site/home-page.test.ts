// The shop's home page through HTTP: defaults made from the shop's own name, the owner's changes (sanitized, audited,
// shown at once through the response cache), its pictures and its featured choice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, multipart, png, shopWithStaff as staffShop } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct } from '../../../test/builders.ts';
import { XSS_CORPUS, xssLeftovers } from '../../../test/xss-corpus.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shopWithStaff = (name = 'Lakeside Pottery') => staffShop(t, name);

function homePage(shop: Tenant) {
  return t.request(shop, { method: 'GET', url: '/api/pages/home/' });
}

function edit(shop: Tenant, token: string | undefined, payload?: object) {
  return adminCall(t, shop, token, payload ? 'PATCH' : 'GET', '/home-page/', payload);
}

/** Words of the demo shop that no other shop's home page may show. */
const DEMO_WORDS = /khukuri|dharan|nepal|kami|forge|blade|chakmak|karda/i;

describe('the home page of a shop', () => {
  it("shows a new shop's own name and none of the demo's words until its owner writes one", async () => {
    const { shop, owner } = await shopWithStaff();
    const bare = (await homePage(shop)).json();
    expect(bare.hero.title).toBe(shop.name);
    expect(JSON.stringify(bare)).not.toMatch(DEMO_WORDS);

    await adminCall(t, shop, owner.accessToken, 'PATCH', '/site-settings/', {
      site_title: 'Lakeside Pottery Studio',
      tagline: 'Stoneware thrown & glazed <by hand>.',
      history_summary: 'Founded in 2009 by two potters.\n\nStill in the same barn.',
    });
    const answer = await homePage(shop);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      hero: {
        eyebrow: 'Welcome to',
        title: 'Lakeside Pottery Studio',
        intro: '<p>Stoneware thrown &amp; glazed &lt;by hand&gt;.</p>',
        picture: null,
      },
      story: {
        heading: 'About Lakeside Pottery Studio',
        text: '<p>Founded in 2009 by two potters.</p><p>Still in the same barn.</p>',
        picture: null,
      },
      featured: { heading: 'Featured products', source: 'flagged', category: null, products: [] },
    });
    expect(JSON.stringify(answer.json())).not.toMatch(DEMO_WORDS);
    expect((await edit(shop, owner.accessToken)).json()).toMatchObject({
      hero_title: 'Lakeside Pottery Studio',
      featured_source: 'flagged',
      is_saved: false,
    });
  });

  it("answers 401 to guests, 403 to customers, 401 to another shop's owner; staff read, only the owner changes", async () => {
    const { shop, staff, customer } = await shopWithStaff();
    const theirs = await shopWithStaff('Another shop');
    for (const payload of [undefined, { hero_title: 'X' }]) {
      expect((await edit(shop, undefined, payload)).statusCode).toBe(401);
      expect((await edit(shop, customer.accessToken, payload)).statusCode).toBe(403);
      expect((await edit(shop, theirs.owner.accessToken, payload)).statusCode).toBe(401);
    }
    expect((await edit(shop, staff.accessToken)).statusCode).toBe(200);
    const refused = await edit(shop, staff.accessToken, { hero_title: 'X' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("Your role may not manage the shop's settings or staff.");
    expect((await homePage(shop)).json().hero.title).toBe(shop.name);
  });

  it('shows what the owner saved on the next read, past the response cache, keeping the fields not sent', async () => {
    const { shop, owner } = await shopWithStaff();
    await homePage(shop);
    const cached = await homePage(shop);
    expect(cached.headers['x-cache']).toBe('hit');

    const saved = await edit(shop, owner.accessToken, {
      hero_title: 'Bowls for every table',
      hero_intro: '<p>Thrown on the wheel, <strong>fired twice</strong>.</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      hero_title: 'Bowls for every table',
      hero_eyebrow: 'Welcome to',
      is_saved: true,
    });

    const fresh = await homePage(shop);
    expect(fresh.headers['x-cache']).not.toBe('hit');
    expect(fresh.json().hero).toMatchObject({
      eyebrow: 'Welcome to',
      title: 'Bowls for every table',
      intro: '<p>Thrown on the wheel, <strong>fired twice</strong>.</p>',
    });
    expect(fresh.json().story.heading).toBe(`About ${shop.name}`);

    await edit(shop, owner.accessToken, { hero_eyebrow: '', story_heading: 'Our barn' });
    expect((await homePage(shop)).json()).toMatchObject({
      hero: { eyebrow: '', title: 'Bowls for every table' },
      story: { heading: 'Our barn' },
    });
  });

  it('sanitizes the intro and the story on write', async () => {
    const { shop, owner } = await shopWithStaff();
    const all = XSS_CORPUS.join('');
    const saved = (await edit(shop, owner.accessToken, { hero_intro: all, story_text: all })).json();
    expect(xssLeftovers(saved.hero_intro)).toEqual([]);
    expect(xssLeftovers(saved.story_text)).toEqual([]);
    for (const payload of XSS_CORPUS) {
      const answer = await edit(shop, owner.accessToken, { hero_intro: payload, story_text: `<p>ok</p>${payload}` });
      expect(xssLeftovers(answer.json().hero_intro), payload).toEqual([]);
      expect(xssLeftovers(answer.json().story_text), payload).toEqual([]);
      const shown = (await homePage(shop)).json();
      expect(xssLeftovers(shown.hero.intro), payload).toEqual([]);
      expect(xssLeftovers(shown.story.text), payload).toEqual([]);
    }
  });

  it('refuses unknown fields, foreign media, an empty title and a featured choice without its products', async () => {
    const { shop, owner } = await shopWithStaff();
    await edit(shop, owner.accessToken, { hero_title: 'Kept' });
    for (const payload of [
      { tenant_id: 2 },
      { hero_image: '../secret' },
      { story_image: 'https://evil.example/x.png' },
      { featured_source: 'bestsellers' },
      { featured_products: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    ]) {
      expect((await edit(shop, owner.accessToken, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await edit(shop, owner.accessToken, { hero_title: '  ' })).json()).toEqual({
      hero_title: ['Enter the title of the home page.'],
    });
    expect((await edit(shop, owner.accessToken, { hero_image: 't999999/site/hero.webp' })).json()).toEqual({
      hero_image: ["Not one of this shop's media files."],
    });
    expect((await edit(shop, owner.accessToken, { featured_source: 'category' })).json()).toEqual({
      featured_category: ['Choose the category the home page features.'],
    });
    expect(
      (await edit(shop, owner.accessToken, { featured_source: 'products', featured_products: [] })).json(),
    ).toEqual({ featured_products: ['Choose at least one product to feature.'] });
    expect((await homePage(shop)).json()).toMatchObject({ hero: { title: 'Kept' }, featured: { source: 'flagged' } });
  });

  it('shows its pictures with their size, variants and alt text', async () => {
    const { shop, owner } = await shopWithStaff();
    const body = multipart([
      { name: 'purpose', value: 'site' },
      { name: 'image', filename: 'hero.png', type: 'image/png', data: await png('#7a1f1f', 1200, 600) },
    ]);
    const uploaded = await t.request(shop, {
      method: 'POST',
      url: '/api/admin/media/',
      token: owner.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { key } = uploaded.json();
    const saved = await edit(shop, owner.accessToken, { hero_image: key, hero_image_alt: 'A kiln at dusk' });
    expect(saved.json()).toMatchObject({ hero_image: key, hero_image_url: `/media/${key}` });
    const { hero, story } = (await homePage(shop)).json();
    expect(hero.picture).toMatchObject({ src: `/media/${key}`, width: 1200, height: 600, alt: 'A kiln at dusk' });
    expect(hero.picture.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 640, 960, 1200]);
    expect(story.picture).toBeNull();
  });

  it('features a category or chosen products, in their order, which the product list then answers', async () => {
    const { shop, owner } = await shopWithStaff();
    const category = await createCategory(t, shop);
    const first = await createProduct(t, shop, { categoryId: category.id });
    const second = await createProduct(t, shop, { categoryId: category.id });
    const theirs = await shopWithStaff('Someone else');
    const foreign = await createProduct(t, theirs.shop, { categoryId: (await createCategory(t, theirs.shop)).id });

    await edit(shop, owner.accessToken, { featured_source: 'category', featured_category: category.id });
    expect((await homePage(shop)).json().featured).toEqual({
      heading: 'Featured products',
      source: 'category',
      category: category.id,
      products: [],
    });

    const chosen = await edit(shop, owner.accessToken, {
      featured_source: 'products',
      featured_products: [second.id, first.id, second.id],
      featured_heading: 'New this month',
    });
    expect(chosen.json()).toMatchObject({ featured_products: [second.id, first.id], featured_category: category.id });
    expect((await homePage(shop)).json().featured).toEqual({
      heading: 'New this month',
      source: 'products',
      category: null,
      products: [second.id, first.id],
    });
    const listed = await t.request(shop, {
      method: 'GET',
      url: `/api/products/products/?is_active=true&id=${second.id}&id=${first.id}&id=${foreign.id}&page=1`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .results.map((product: { id: number }) => product.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    const tooLarge = await t.request(shop, { method: 'GET', url: '/api/products/products/?id=3000000000&page=1' });
    expect(tooLarge.statusCode).toBe(400);
  });

  it('audits the first save and each change with the fields before and after', async () => {
    const setup = await shopWithStaff();
    const { shop, owner } = setup;
    await edit(shop, owner.accessToken, { hero_title: 'One' });
    await edit(shop, owner.accessToken, { hero_title: 'Two', story_text: '<p>Longer text</p>' });
    await edit(shop, owner.accessToken, { featured_source: 'category' });
    const log = (await adminCall(t, shop, owner.accessToken, 'GET', '/audit-log/?entity=home_page')).json();
    expect(log.count).toBe(2);
    expect(log.results[1]).toMatchObject({
      action: 'home_page.create',
      actor_user_id: owner.user.id,
      summary: { before: { hero_title: shop.name }, after: { hero_title: 'One' } },
    });
    expect(log.results[0]).toMatchObject({
      action: 'home_page.update',
      summary: {
        before: { hero_title: 'One', story_text_length: 0 },
        after: { hero_title: 'Two', story_text_length: 18 },
      },
    });
  });

  it("keeps each shop's home page to itself", async () => {
    const mine = await shopWithStaff('Mine');
    const theirs = await shopWithStaff('Theirs');
    await edit(mine.shop, mine.owner.accessToken, { hero_title: 'My front' });
    expect((await homePage(mine.shop)).json().hero.title).toBe('My front');
    expect((await homePage(theirs.shop)).json().hero.title).toBe(theirs.shop.name);
    expect((await edit(theirs.shop, theirs.owner.accessToken)).json()).toMatchObject({
      hero_title: theirs.shop.name,
      is_saved: false,
    });
  });
});
