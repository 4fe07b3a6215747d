import { expect, type Page, test } from '@playwright/test';
import { openPage } from './support.ts';

const PRODUCT = '/products/angkhola-khukuri';

/** The `<head>` of a page as the server sends it, parsed by the browser without running it. */
async function serverHead(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  await page.setContent('');
  return page.evaluateHandle((source) => new DOMParser().parseFromString(source, 'text/html'), html);
}

/** The attributes of the head's image preloads. */
async function imagePreloads(page: Page, path: string) {
  const document = await serverHead(page, path);
  return document.evaluate((doc) =>
    [...doc.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
      type: link.getAttribute('type'),
      srcset: link.getAttribute('imagesrcset') ?? '',
      sizes: link.getAttribute('imagesizes'),
      fetchpriority: link.getAttribute('fetchpriority'),
      crossorigin: link.getAttribute('crossorigin'),
    })),
  );
}

/**
 * The layout shift of a page's load as the browser measures it (the `layout-shift` entries of the whole load, as
 * Lighthouse's CLS sums them), with scripts and pictures arriving late as on a slow connection: the server's HTML is
 * painted before the page hydrates, and before its pictures come.
 */
async function layoutShiftOfLoad(page: Page, path: string): Promise<number> {
  const late = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  };
  await page.route('**/media/**', late);
  await page.route('**/assets/**/*.js', late);
  await page.addInitScript(() => {
    const total = { value: 0 };
    Object.assign(window, { layoutShift: total });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) total.value += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openPage(page, path);
  // Every picture in the page has come (or failed), then a moment for what follows them.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { layoutShift: { value: number } }).layoutShift.value);
}

test.describe('pictures', () => {
  test('the product page preloads its main picture from the head, loads it first and at once, and the others lazily', async ({
    page,
  }) => {
    const preloads = await imagePreloads(page, PRODUCT);
    expect(preloads).toHaveLength(1);
    const [preload] = preloads;
    expect(preload).toMatchObject({ type: 'image/avif', fetchpriority: 'high', crossorigin: null });
    expect(preload?.sizes).toBeTruthy();
    // The demo's pictures are 960 pixels wide: 320, 640 and their own width.
    expect(preload?.srcset).toMatch(/^\S+-320w\.avif 320w, \S+-640w\.avif 640w, \S+-960w\.avif 960w$/);

    await openPage(page, PRODUCT);
    const main = page.getByTestId('zoom-stage').locator('img');
    await expect(main).toHaveAttribute('loading', 'eager');
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('width', '960');
    await expect(main).toHaveAttribute('height', '640');
    await expect(main).toHaveAttribute('sizes', preload?.sizes ?? '');
    const avif = page.getByTestId('zoom-stage').locator('source[type="image/avif"]');
    await expect(avif).toHaveAttribute('srcset', preload?.srcset ?? '');
    await expect(page.getByTestId('zoom-stage').locator('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      /-640w\.webp 640w/,
    );
    const thumbnails = page.locator('.product-gallery__thumbs img');
    await expect(thumbnails).toHaveCount(3);
    for (const thumbnail of await thumbnails.all()) {
      await expect(thumbnail).toHaveAttribute('loading', 'lazy');
      await expect(thumbnail).toHaveAttribute('width', /\d+/);
    }

    // The picture shown is one the head preloaded, fetched once.
    await expect
      .poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
      .toMatch(/\.avif$/);
    const shown = await main.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(
      preload?.srcset.split(', ').map((candidate) => new URL(candidate.split(' ')[0] ?? '', shown).href),
    ).toContain(shown);
    const fetches = await page.evaluate(
      (url) => performance.getEntriesByType('resource').filter((entry) => entry.name === url).length,
      shown,
    );
    expect(fetches).toBe(1);
  });

  test('the product list preloads its first card picture and loads every other card picture lazily', async ({
    page,
  }) => {
    const [preload, ...others] = await imagePreloads(page, '/products');
    expect(others).toHaveLength(0);
    // Made as the card's picture is (no CORS mode), or it would be fetched twice.
    expect(preload).toMatchObject({ type: 'image/avif', fetchpriority: 'high', crossorigin: null });

    await openPage(page, '/products');
    const pictures = page.locator('.product-card__media img');
    expect(await pictures.count()).toBeGreaterThan(4);
    await expect(pictures.first()).toHaveAttribute('loading', 'eager');
    await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(page.locator('.product-card__media source[type="image/avif"]').first()).toHaveAttribute(
      'srcset',
      preload?.srcset ?? '',
    );
    for (const picture of (await pictures.all()).slice(1)) {
      await expect(picture).toHaveAttribute('loading', 'lazy');
      await expect(picture).toHaveAttribute('decoding', 'async');
      await expect(picture).toHaveAttribute('width', /\d+/);
      await expect(picture).toHaveAttribute('height', /\d+/);
    }
  });

  test("the home page preloads its first featured card's picture, and the other cards' pictures load lazily", async ({
    page,
  }) => {
    const preloads = await imagePreloads(page, '/');
    expect(preloads).toEqual([expect.objectContaining({ type: 'image/avif', fetchpriority: 'high' })]);

    await openPage(page, '/');
    const pictures = page.locator('.product-card__media img');
    await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(page.locator('.product-card__media source[type="image/avif"]').first()).toHaveAttribute(
      'srcset',
      preloads[0]?.srcset ?? '',
    );
    const lazy = await pictures.evaluateAll((images) =>
      images.slice(1).every((image) => image.getAttribute('loading') === 'lazy'),
    );
    expect(lazy).toBe(true);
  });

  for (const viewport of [
    { name: 'a phone', width: 412, height: 823 },
    { name: 'a desktop', width: 1350, height: 940 },
  ]) {
    for (const path of [PRODUCT, '/products']) {
      test(`${path} does not move while it loads, on ${viewport.name}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        expect(await layoutShiftOfLoad(page, path)).toBeLessThan(0.02);
      });
    }
  }
});
