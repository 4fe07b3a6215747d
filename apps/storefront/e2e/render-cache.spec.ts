// Server-rendered public pages come from the render cache, and a change made through the API shows on the very next
// load. Runs alone, after every other journey (its own project): their writes would empty the cache while it counts.
import { expect, test } from '@playwright/test';
import { ownerToken } from './admin-support.ts';
import { TENANT } from './support.ts';

test.describe('the render cache', () => {
  test('renders a cold page once for 50 concurrent requests, the others share it', async ({ request }) => {
    const url = `/products?search=${encodeURIComponent(`kukri ${Date.now()}`)}`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => request.get(url)));
    expect(answers.every((answer) => answer.status() === 200)).toBe(true);
    const states = answers.map((answer) => answer.headers()['x-cache']);
    expect(states.filter((state) => state === 'miss')).toHaveLength(1);
    expect(states.every((state) => state === 'miss' || state === 'shared' || state === 'hit')).toBe(true);
    const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
    expect(bodies.size).toBe(1);
    expect((await request.get(url)).headers()['x-cache']).toBe('hit');
  });

  test('a kept page allows exactly its own inline scripts, and runs in the browser without a policy violation', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    // Twice: the second load is served from the cache.
    await page.goto('/blog');
    const kept = await page.goto('/blog');
    expect(kept?.headers()['x-cache']).toBe('hit');
    const policy = kept?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain("'nonce-");
    // The page came alive: its scripts ran (the SHOP menu opens) and it navigates as the single-page app.
    await page.getByRole('button', { name: 'SHOP' }).click();
    await page.getByRole('link', { name: 'Accessories & Care' }).first().click();
    await expect(page).toHaveURL(/\/products\?category=/);
    expect(violations).toEqual([]);
  });

  test('a price changed through the API shows on the next load of the product page and of the list', async ({
    page,
    request,
  }) => {
    const list = await (await request.get('/api/products/products/', { headers: TENANT })).json();
    const product = list[0] as { id: number; slug: string; name: string; price: string };
    // Both pages are in the cache first.
    for (const path of [`/products/${product.slug}`, '/products']) {
      await request.get(path);
      expect((await request.get(path)).headers()['x-cache']).toBe('hit');
    }
    const token = await ownerToken(request);
    const newPrice = (Number(product.price) + 7).toFixed(2);
    const patched = await request.patch(`/api/admin/products/${product.id}/`, {
      headers: { ...TENANT, authorization: `Bearer ${token}` },
      data: { price: newPrice },
    });
    expect(patched.status()).toBe(200);
    try {
      await page.goto(`/products/${product.slug}`);
      await expect(page.getByText(`$${newPrice}`).first()).toBeVisible();
      await page.goto('/products');
      const card = page.getByRole('article').filter({ hasText: product.name });
      await expect(card.getByText(`$${newPrice}`)).toBeVisible();
      // The server-rendered HTML itself, not only the browser's later fetches.
      expect(await (await request.get(`/products/${product.slug}`)).text()).toContain(`$${newPrice}`);
    } finally {
      await request.patch(`/api/admin/products/${product.id}/`, {
        headers: { ...TENANT, authorization: `Bearer ${token}` },
        data: { price: product.price },
      });
    }
  });

  test('pages that depend on the visitor are never kept', async ({ request }) => {
    for (const path of ['/cart', '/login', '/account/orders', '/payment/return']) {
      const answer = await request.get(path);
      expect(answer.headers()['x-cache'], path).toBeUndefined();
      expect(answer.headers()['cache-control'], path).not.toMatch(/public/);
    }
  });
});
