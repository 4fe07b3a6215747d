// Signing in to the shop administration at /admin as the demo shop's owner, in the browser and through the API.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { TENANT } from './support.ts';

export const OWNER = { email: 'owner@khukuri.example', password: 'Sagarmatha-8848' };

/** Opens /admin and waits for the app (not the bare HTML) to show. */
export async function openAdmin(page: Page, path = '/admin') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Shop administration' }).or(page.getByRole('banner'))).toBeVisible();
}

export async function signInAtAdmin(page: Page, login: string, password: string) {
  await page.getByLabel('E-mail or username').fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAsOwner(page: Page) {
  await openAdmin(page);
  await signInAtAdmin(page, OWNER.email, OWNER.password);
  await expect(page.getByRole('heading', { name: 'Low stock' })).toBeVisible();
}

export async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/accounts/login/', {
    headers: TENANT,
    data: { login_id: OWNER.email, password: OWNER.password },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).access;
}
