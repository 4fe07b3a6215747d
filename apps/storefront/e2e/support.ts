import { expect, type Page } from '@playwright/test';

export const SITE_TITLE = 'Himalayan Khukuri House';

/** Opens a page and waits until React has hydrated it, so clicks and keys reach the app, not the bare HTML. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  // React marks every element it hydrates with a `__reactFiber$…` property.
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
  return response;
}

/** Answers the categories call of the SHOP dropdown with `body`, once `release` resolves. */
export async function stubCategories(page: Page, body: unknown, release: Promise<void> = Promise.resolve()) {
  await page.route('**/api/products/categories/', async (route) => {
    await release;
    await route.fulfill({ json: body });
  });
}

export async function expectOnPath(page: Page, pathAndQuery: string) {
  await expect(page).toHaveURL((url) => url.pathname + url.search === pathAndQuery);
}

/**
 * An access token the browser takes for a valid one (JWT-shaped, an hour before expiry) though the API does not:
 * the session keeps it (no refresh is tried) and the customer's calls answer 401, as for a revoked session.
 */
export function unverifiedAccessToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}
