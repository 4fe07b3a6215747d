import { expect, type Page, test } from '@playwright/test';
import { openPage, stockedProducts, TENANT } from './support.ts';

/** The JSON-LD objects of the page, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text));
}

const meta = (page: Page, selector: string) => page.locator(selector).first().getAttribute('content');

test.describe('search engines and link previews', () => {
  test('a product page: title, description, canonical, cards and Product data matching the API', async ({
    page,
    request,
  }) => {
    const [stocked] = await stockedProducts(request);
    const product = await (await request.get(`/api/products/products/${stocked?.slug}/`, { headers: TENANT })).json();
    const response = await page.goto(`/products/${product.slug}`);
    expect(response?.status()).toBe(200);
    const origin = new URL(page.url()).origin;
    await expect(page).toHaveTitle(product.name);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/products/${product.slug}`);
    expect(await meta(page, 'meta[name="description"]')).toBeTruthy();
    expect(await meta(page, 'meta[property="og:title"]')).toBe(product.name);
    expect(await meta(page, 'meta[property="og:type"]')).toBe('product');
    expect(await meta(page, 'meta[property="og:image"]')).toBe(`${origin}${product.main_image.image}`);
    expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    const data = await structuredData(page);
    const item = data.find((entry) => entry['@type'] === 'Product') as {
      name: string;
      offers: { price: string; priceCurrency: string; availability: string };
      aggregateRating?: { reviewCount: number };
    };
    expect(item.name).toBe(product.name);
    expect(item.offers).toMatchObject({
      price: product.price,
      priceCurrency: 'USD',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    });
    if (product.review_count > 0) expect(item.aggregateRating?.reviewCount).toBe(product.review_count);
    const trail = data.find((entry) => entry['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string }[];
    };
    expect(trail.itemListElement.map((crumb) => crumb.name)).toEqual([
      'Home',
      'Products',
      product.category.name,
      product.name,
    ]);
  });

  test('the home page names the shop and its search', async ({ page }) => {
    await openPage(page, '/');
    const data = await structuredData(page);
    expect(data.map((entry) => entry['@type'])).toEqual(['Organization', 'WebSite']);
    const site = data[1] as { potentialAction: { target: { urlTemplate: string } } };
    expect(site.potentialAction.target.urlTemplate).toMatch(/\/products\?search=\{search_term_string\}$/);
  });

  test('private pages are kept out of search engines', async ({ page }) => {
    for (const path of ['/cart', '/login', '/register', '/account/orders']) {
      await page.goto(path);
      expect(await meta(page, 'meta[name="robots"]'), path).toBe('noindex');
      expect(await page.locator('link[rel="canonical"]').count(), path).toBe(0);
    }
  });

  test('robots.txt and the sitemap list the shop on its own address', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toContain('Disallow: /cart');
    expect(text).toContain('Disallow: /admin');
    const sitemapUrl = /Sitemap: (\S+)/.exec(text)?.[1] ?? '';
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    const sitemap = await request.get(new URL(sitemapUrl).pathname);
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    const [product] = await stockedProducts(request);
    expect(xml).toContain(`/products/${product?.slug}</loc>`);
    expect(xml).toContain('/blog/history-of-the-khukuri</loc>');
    expect(xml).toContain('/products?category=');
    expect(xml).not.toContain('/cart');
    // A product sold in options is listed at its address, not at the old addresses of its sizes.
    expect(xml).toContain('/products/angkhola-khukuri</loc>');
    expect(xml).not.toContain('/products/angkhola-khukuri-10-inch');
  });

  test('an unknown product, post or address answers 404 with the not-found page', async ({ request }) => {
    for (const [path, text] of [
      ['/products/no-such-blade', 'Product not found.'],
      ['/blog/no-such-post', 'Blog post not found or not published.'],
      ['/no/such/page', ''],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      if (text) expect(html, path).toContain(text);
      expect(html, path).toContain('name="robots" content="noindex"');
    }
  });

  test('a page that is not there offers a search and the categories', async ({ page }) => {
    for (const path of ['/products/no-such-blade', '/blog/no-such-post', '/no/such/page']) {
      await openPage(page, path);
      const help = page.getByRole('navigation', { name: 'Find something else' });
      await expect(help.getByRole('searchbox', { name: 'Search the shop' }), path).toBeVisible();
      await expect(help.getByRole('link').first(), path).toHaveAttribute('href', /^\/products\?category=/);
    }
    const help = page.getByRole('navigation', { name: 'Find something else' });
    await help.getByRole('searchbox', { name: 'Search the shop' }).fill('kukri');
    await help.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/products\?search=kukri$/);
  });
});
