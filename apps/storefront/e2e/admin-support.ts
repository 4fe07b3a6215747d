// Signing in to the shop administration at /admin as the demo shop's owner, in the browser and through the API.
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type PlaywrightTestArgs,
  type TestType,
} from '@playwright/test';
import { TENANT, watchProblems } from './support.ts';

export const OWNER = { email: 'owner@khukuri.example', password: 'Sagarmatha-8848' };

/** Opens /admin and waits for the app (not the bare HTML) to show. */
export async function openAdmin(page: Page, path = '/admin') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Administration' }).or(page.getByRole('banner'))).toBeVisible();
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

/** Desktop, and a phone held upright: every admin journey runs at both. */
export const ADMIN_VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900, narrow: false },
  { name: 'phone', width: 390, height: 844, narrow: true },
] as const;

/**
 * Opens the browser signed in to the administration as the demo shop's owner (the session the sign-in page would
 * keep, made through the API: the sign-in itself has its own journey).
 */
export async function signInAsOwnerThroughApi(page: Page, request: APIRequestContext) {
  const login = await request.post('/api/accounts/login/', {
    headers: TENANT,
    data: { login_id: OWNER.email, password: OWNER.password },
  });
  expect(login.status()).toBe(200);
  const { access, refresh, user } = await login.json();
  await page.addInitScript(
    ([access, refresh, user]) => {
      if (sessionStorage.getItem('admin-signed-in')) return;
      localStorage.setItem('admin.accessToken', access as string);
      localStorage.setItem('admin.refreshToken', refresh as string);
      localStorage.setItem('admin.user', user as string);
      sessionStorage.setItem('admin-signed-in', 'yes');
    },
    [
      access,
      refresh,
      JSON.stringify({ id: user.id, email: user.email, username: user.username, role: user.role }),
    ] as const,
  );
  return access as string;
}

/** The records of the list on screen: its table's rows, or its cards on a narrow screen. */
export function listRecords(page: Page) {
  return page.locator('.RaDatagrid-tbody > tr, .RaList-content > ul > li');
}

/** Whether the page scrolls sideways (it must not, at any width). */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, 'the page is wider than the screen').toBeLessThanOrEqual(widths.inner);
}

/**
 * Fails each test of the file that meets an answer of 400 or above, a console error or a page error (`watchProblems`),
 * but for those the test names as expected (`expectProblem`), such as an API's refusal the test provokes.
 */
export function failOnProblems(test: TestType<PlaywrightTestArgs, object>) {
  let problems: string[] = [];
  let expected: RegExp[] = [];
  test.beforeEach(({ page }) => {
    problems = watchProblems(page);
    expected = [];
  });
  test.afterEach(() => {
    expect(problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)))).toEqual([]);
  });
  return {
    /** A problem the running test provokes on purpose. */
    expectProblem: (pattern: RegExp) => expected.push(pattern),
  };
}

/** Each tracked page's requests under way, and when that count last changed. */
const requestsOf = new WeakMap<Page, { pending: number; changed: number }>();

/** Counts the page's requests under way from now on (for `requestsSettled`). */
function trackRequests(page: Page) {
  const requests = { pending: 0, changed: Date.now() };
  requestsOf.set(page, requests);
  const change = (by: number) => {
    requests.pending += by;
    requests.changed = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
}

/**
 * Waits until the page has had no request under way for `quietMs`: a list's records read again after a sort or a
 * filter, a record saved and the list it leads to read. Playwright's `networkidle` load state does not: once a page
 * reached it after its navigation, it resolves at once (12 ms on average in the administration's journeys), so a click
 * could land on a row the list was about to draw again. A page this file does not track falls back to it.
 */
export async function requestsSettled(page: Page, quietMs = 150) {
  const requests = requestsOf.get(page);
  if (!requests) return page.waitForLoadState('networkidle');
  await expect
    .poll(() => requests.pending <= 0 && Date.now() - requests.changed >= quietMs, { intervals: [25] })
    .toBe(true);
}

/**
 * Tests whose `page` is a new tab of one browser context per worker, as an owner keeps one browser open all day: the
 * administration's bundle (2 MB) is fetched and compiled once per worker instead of once per test. Each tab starts as
 * a fresh context would for the administration: react-admin's remembered list settings (`RaStore.*`) are cleared
 * before its first page runs. A test run again after a failure gets a context of its own, with its trace recorded.
 */
export const sharedBrowserTest = base.extend<object, { sharedContext: BrowserContext }>({
  sharedContext: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ sharedContext, viewport, page }, use, testInfo) => {
    if (testInfo.retry > 0) {
      trackRequests(page);
      return use(page);
    }
    const tab = await sharedContext.newPage();
    trackRequests(tab);
    if (viewport) await tab.setViewportSize(viewport);
    await tab.addInitScript(() => {
      if (sessionStorage.getItem('admin-store-cleared')) return;
      for (const key of Object.keys(localStorage)) if (key.startsWith('RaStore')) localStorage.removeItem(key);
      sessionStorage.setItem('admin-store-cleared', 'yes');
    });
    await use(tab);
    await tab.close();
  },
});
