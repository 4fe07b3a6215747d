import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openPage, stockedProducts } from './support.ts';

/** Collects the page's Content-Security-Policy violations (the browser reports each as an event). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations ?? []);
}

test.describe('compression', () => {
  test('pages, scripts and styles come with brotli; hashed assets are immutable', async ({ request }) => {
    const page = await request.get('/products', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['content-encoding']).toBe('br');
    const html = await page.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"|<link[^>]+href="(\/assets\/[^"]+\.js)"/.exec(html);
    const style = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    const scriptPath = script?.[1] ?? script?.[2];
    expect(scriptPath).toBeTruthy();
    expect(style).toBeTruthy();
    for (const asset of [scriptPath, style] as string[]) {
      const answer = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(answer.status(), asset).toBe(200);
      expect(answer.headers()['content-encoding'], asset).toBe('br');
      expect(answer.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      expect(answer.headers().vary ?? '', asset).toMatch(/accept-encoding/i);
      const gzip = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers()['content-encoding'], asset).toBe('gzip');
    }
  });
});

test.describe('security headers', () => {
  test('a page kept for nobody in particular carries a strict CSP whose nonce is on every inline script, and nosniff, and no framing', async ({
    request,
  }) => {
    const response = await request.get('/cart');
    const policy = response.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expectStrictPolicy(policy);
    expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expectDocumentHeaders(response.headers());
    const scripts = executableInlineScripts(await response.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const { attributes } of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // Every answer gets its own nonce.
    const again = (await request.get('/cart')).headers()['content-security-policy'];
    expect(again).not.toContain(`'nonce-${nonce}'`);
  });

  test('a public page served from the cache allows exactly its own inline scripts, by their hashes', async ({
    request,
  }) => {
    // Another journey's write (an order's stock) may empty the cache between two loads, and a page kept past its
    // freshness is served stale while it renders again in the background: load until a fresh one is kept.
    let response = await request.get('/');
    for (let attempt = 0; attempt < 50 && response.headers()['x-cache'] !== 'hit'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      response = await request.get('/');
    }
    expect(response.headers()['x-cache']).toBe('hit');
    const policy = response.headers()['content-security-policy'] ?? '';
    expectStrictPolicy(policy);
    expect(policy).not.toContain("'nonce-");
    const allowed = [...(/script-src ([^;]*)/.exec(policy)?.[1] ?? '').matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    const scripts = executableInlineScripts(await response.text());
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(allowed)).toEqual(
      new Set(scripts.map(({ content }) => createHash('sha256').update(content).digest('base64'))),
    );
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expectDocumentHeaders(response.headers());
  });

  test('browsing the shop breaks no rule of the policy', async ({ page, request }) => {
    const violations = await watchViolations(page);
    const [product] = await stockedProducts(request);
    await openPage(page, '/');
    await openPage(page, '/products');
    await openPage(page, `/products/${product?.slug}`);
    await openPage(page, '/blog');
    await page.getByRole('link', { name: 'Cart' }).first().click();
    await expect(page).toHaveURL(/\/(cart|login)/);
    expect(await violations()).toEqual([]);
  });

  test('the administration breaks no rule of its policy', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/admin');
    await expect(page.getByLabel('E-mail or username')).toBeVisible();
    expect(await violations()).toEqual([]);
    const index = await page.request.get('/admin/');
    expect(index.headers()['content-type']).toMatch(/^text\/html/);
    expectDocumentHeaders(index.headers());
  });
});

/** Helmet's headers for a document (the opener policy, the agent cluster, …): on every page, rendered or kept. */
function expectDocumentHeaders(headers: Record<string, string>) {
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['origin-agent-cluster']).toBe('?1');
  expect(headers['x-dns-prefetch-control']).toBe('off');
  expect(headers['x-download-options']).toBe('noopen');
  expect(headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(headers['x-xss-protection']).toBe('0');
}

function expectStrictPolicy(policy: string) {
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

/** The page's inline scripts that run (not JSON data blocks), with their attributes and content. */
function executableInlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map((match) => ({ attributes: match[1] ?? '', content: match[2] ?? '' }))
    .filter(({ attributes }) => !/\ssrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes));
}
