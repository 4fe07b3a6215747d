// The moderation of reviews by staff through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogShop, adminCall, adminCatalogShop, auditLog, type DropFirst } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/builders.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const catalogShop = (name?: string) => adminCatalogShop(t, name);

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

const auditOf = (setup: AdminCatalogShop, entity: string, entityId: number) => auditLog(t, setup, entity, entityId);

type Shop = AdminCatalogShop;

function storefrontProduct(shop: Tenant, slug: string) {
  return t.request(shop, { method: 'GET', url: `/api/products/products/${slug}/` });
}

describe('reviews for staff', () => {
  async function review(setup: Shop, rating: number, comment: string) {
    const customer = await createCustomer(t, setup.shop);
    const answer = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: customer.accessToken,
      payload: { product: setup.product.id, rating, comment },
    });
    expect(answer.statusCode).toBe(201);
    return answer.json() as { id: number };
  }

  it('hides a review from the storefront and its averages, shows it again, and deletes one', async () => {
    const setup = await catalogShop();
    const good = await review(setup, 5, 'Holds an edge.');
    const bad = await review(setup, 1, 'Spam spam spam.');
    let page = (await storefrontProduct(setup.shop, setup.product.slug)).json();
    expect(page).toMatchObject({ review_count: 2, average_rating: 3 });

    const list = (
      await admin(setup.shop, setup.staff.accessToken, 'GET', `/reviews/?product=${setup.product.id}`)
    ).json();
    expect(list.count).toBe(2);
    expect(list.results[0]).toMatchObject({ id: bad.id, product: setup.product.id, rating: 1, is_hidden: false });

    const hidden = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/reviews/${bad.id}/`, {
      is_hidden: true,
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: bad.id, is_hidden: true });
    page = (await storefrontProduct(setup.shop, setup.product.slug)).json();
    expect(page.reviews.map((item: { id: number }) => item.id)).toEqual([good.id]);
    expect(page).toMatchObject({ review_count: 1, average_rating: 5 });
    const card = await t.request(setup.shop, { method: 'GET', url: '/api/products/products/' });
    expect(card.json()[0]).toMatchObject({ review_count: 1, average_rating: 5 });
    // Hiding again changes nothing.
    await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/reviews/${bad.id}/`, { is_hidden: true });
    expect((await storefrontProduct(setup.shop, setup.product.slug)).json().review_count).toBe(1);
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'GET', '/reviews/?is_hidden=true'))
        .json()
        .results.map((item: { id: number }) => item.id),
    ).toEqual([bad.id]);

    await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/reviews/${bad.id}/`, { is_hidden: false });
    expect((await storefrontProduct(setup.shop, setup.product.slug)).json()).toMatchObject({
      review_count: 2,
      average_rating: 3,
    });

    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/reviews/${bad.id}/`)).statusCode).toBe(204);
    page = (await storefrontProduct(setup.shop, setup.product.slug)).json();
    expect(page).toMatchObject({ review_count: 1, average_rating: 5 });
    expect(page.reviews.map((item: { id: number }) => item.id)).toEqual([good.id]);
    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/reviews/${bad.id}/`)).statusCode).toBe(404);
    // A hidden review deleted leaves the counts alone.
    await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/reviews/${good.id}/`, { is_hidden: true });
    await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/reviews/${good.id}/`);
    expect((await storefrontProduct(setup.shop, setup.product.slug)).json()).toMatchObject({
      review_count: 0,
      average_rating: null,
      reviews: [],
    });

    expect((await auditOf(setup, 'review', bad.id)).map((entry) => entry.action)).toEqual([
      'review.delete',
      'review.show',
      'review.hide',
    ]);
    for (const payload of [{ is_hidden: 'yes' }, { is_hidden: true, rating: 5 }, { comment: 'edited' }]) {
      expect(
        (await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/reviews/${good.id}/`, payload)).statusCode,
      ).toBe(400);
    }
  });

  it("keeps another shop's reviews out of reach", async () => {
    const mine = await catalogShop('Mine');
    const theirs = await catalogShop('Theirs');
    const mineReview = await review(mine, 4, 'Fine blade.');
    expect(
      (await admin(theirs.shop, theirs.staff.accessToken, 'PATCH', `/reviews/${mineReview.id}/`, { is_hidden: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin(theirs.shop, theirs.staff.accessToken, 'DELETE', `/reviews/${mineReview.id}/`)).statusCode,
    ).toBe(404);
    expect((await admin(theirs.shop, theirs.staff.accessToken, 'GET', '/reviews/')).json().count).toBe(0);
    expect((await storefrontProduct(mine.shop, mine.product.slug)).json().review_count).toBe(1);
  });
});
