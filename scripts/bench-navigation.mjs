// `npm run bench:navigation`: how long the storefront takes from the product list to a product page, on a desktop, in
// the system Chromium against the production server with the demo shop (as `scripts/lighthouse.mjs` starts it). Each
// round opens /products in a fresh page, rests the pointer on a product's card for about 100 ms as a shopper does,
// clicks it and times from the click to the product's name heading on screen (within the app: the client-side
// navigation). The same products are then opened with a full page load, timed from the navigation's start to the same
// heading, for reference. Prints p50 and p99 of each. A benchmark, not a test: it fails nothing.
import os from 'node:os';
import { chromium } from '@playwright/test';
import { startDemoServer } from './lib/demo-server.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const HOVER_MS = 100;

const { origin, stop } = await startDemoServer('bench-navigation');

/** The q-quantile of the samples (nearest rank), in whole milliseconds. */
function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]);
}

/** Resolves with the page's clock (performance.now()) at the first frame the product's name heading shows. */
function headingShown(page, name) {
  return page
    .waitForFunction(
      (expected) => {
        const heading = document.querySelector('h1');
        if (!heading || heading.textContent?.trim() !== expected) return false;
        const box = heading.getBoundingClientRect();
        return box.width > 0 && box.height > 0 ? performance.now() : false;
      },
      name,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue());
}

/** Waits until React has hydrated the page (it marks the elements it hydrates). */
function hydrated(page) {
  return page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
}

let browser;
try {
  // Warm the server once (the first render reads the catalog from a cold database).
  await fetch(`${origin}/products`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  // A desktop: a wide window and a mouse. The browser's cache is kept from round to round, as for a shopper who
  // has been on the shop before; each round's page (and the app's memory of answers) is new.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });

  const listing = await context.newPage();
  await listing.goto(`${origin}/products`);
  await hydrated(listing);
  const cards = await listing.locator('.product-card').evaluateAll((elements) =>
    elements.map((card) => ({
      href: card.querySelector('a.product-card__link')?.getAttribute('href') ?? '',
      name: card.querySelector('.product-card__name')?.textContent?.trim() ?? '',
    })),
  );
  await listing.close();
  const products = cards.filter((card) => card.href && card.name);
  if (products.length === 0) throw new Error('no product cards on /products');

  async function navigate(product) {
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/products`);
      await hydrated(page);
      const link = page.locator(`a.product-card__link[href="${product.href}"]`);
      await link.scrollIntoViewIfNeeded();
      await link.hover();
      await page.waitForTimeout(HOVER_MS);
      const clicked = page.evaluate(
        () =>
          new Promise((resolve) =>
            document.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true }),
          ),
      );
      const shown = headingShown(page, product.name);
      await link.click();
      return (await shown) - (await clicked);
    } finally {
      await page.close();
    }
  }

  async function fullLoad(product) {
    const page = await context.newPage();
    try {
      const shown = page.goto(`${origin}${product.href}`).then(() => headingShown(page, product.name));
      // The page's clock starts with the navigation: the heading's time is the time from the request on.
      return await shown;
    } finally {
      await page.close();
    }
  }

  const pick = (round) => products[round % products.length];
  // One round of each not counted: the browser fetches the app's files into its cache.
  await navigate(pick(0));
  await fullLoad(pick(0));
  const inApp = [];
  const full = [];
  for (let round = 0; round < ROUNDS; round++) inApp.push(await navigate(pick(round)));
  for (let round = 0; round < ROUNDS; round++) full.push(await fullLoad(pick(round)));

  const load = os.loadavg()[0].toFixed(2);
  console.log(`\n${ROUNDS} rounds over ${Math.min(ROUNDS, products.length)} products, load average ${load}\n`);
  console.log('| from the product list to a product page | p50 | p99 |');
  console.log('|---|---:|---:|');
  console.log(
    `| in the app (hover ${HOVER_MS} ms, click) | ${quantile(inApp, 0.5)} ms | ${quantile(inApp, 0.99)} ms |`,
  );
  console.log(`| full page load (reference) | ${quantile(full, 0.5)} ms | ${quantile(full, 0.99)} ms |`);
} finally {
  await browser?.close();
  stop();
}
