import zlib from 'node:zlib';
import { formatMinor, parseMinor } from '@platform/contracts';
import {
  destinationRates,
  orderTaxes,
  rateFor,
  shownCents,
  type TaxDestination,
  taxLabel,
} from '@platform/contracts/tax';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';

export const SITE_TITLE = 'Himalayan Khukuri House';

/** Opens a page and waits until React has hydrated it, so clicks and keys reach the app, not the bare HTML. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  // React marks every element it hydrates with its props (`__reactProps$…`), an element once all within it is
  // hydrated: the page's main part and footer, or (a page without them) its body. The body alone is marked as
  // hydration begins, and a form submitted before its part is hydrated goes as a plain one (seen on a loaded machine).
  await page.waitForFunction(() => {
    const parts = document.querySelectorAll('body > * main, body > * footer, body > main, body > footer');
    const marked = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));
    return parts.length > 0
      ? [...parts].every(marked)
      : Object.keys(document.body).some((key) => key.startsWith('__reactFiber'));
  });
  return response;
}

/**
 * Waits until React has hydrated this element (it holds React's props): the page's root may be hydrated while a part
 * of it still is not, and a click before that is not heard.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
  return locator;
}

/** WCAG 2.2 AA and axe's best practices: what every screen is checked against. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * What axe-core finds against WCAG 2.2 AA on the page as it is (or in the part `include` names), one line per rule:
 * its id and the elements that break it. axe runs in the page itself, loaded once per document (the shops and the
 * administration have no frames): `@axe-core/playwright` loads it again for every check and finishes each in a new
 * tab, which took 2.5 to 4 s of a check's 3 to 5 (axe's own audit: about 0.5 s).
 */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, include }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    { tags: WCAG_22_AA, include: options.include },
  );
}

/**
 * Collects what a journey must never meet: an answer of 400 or above, a console error, an uncaught page error. A test
 * asserts the list is empty at its end (`expect(problems).toEqual([])`).
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/** Answers the categories call of the SHOP dropdown with `body`, once `release` resolves. */
export async function stubCategories(page: Page, body: unknown, release: Promise<void> = Promise.resolve()) {
  await page.route('**/api/products/categories/', async (route) => {
    await release;
    await route.fulfill({ json: body });
  });
}

/**
 * Holds back the page's shipping quotes whose address matches `url` until the returned function is called: what the
 * checkout shows while a destination is being quoted.
 */
export async function holdShippingQuote(page: Page, url = /\/api\/orders\/shipping-quote\//): Promise<() => void> {
  let answer = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => answer();
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

// The shop's customers: every test has one of its own, so that carts and orders never meet (two workers share one
// server).
export const TENANT = { 'X-Tenant-Token': 'khukuri-demo' };
export const PASSWORD = 'Sirupate-blade-77';
export const ADDRESS = {
  'Street Address': 'Lazimpat 12',
  City: 'Kathmandu',
  'Postal Code': '44600',
  Country: 'Nepal',
  'Full Name': 'Sita Gurung',
  'Contact Number': '+977 1 4410000',
};

export interface Product {
  id: number;
  slug: string;
  name: string;
  price: string;
  stock: number;
  /** Variants on sale (0: bought as it is). */
  variant_count: number;
}

export interface Customer {
  email: string;
  access: string;
  refresh: string;
}

let counter = 0;

export async function newCustomer(request: APIRequestContext): Promise<Customer> {
  const email = `shopper.${Date.now()}.${process.pid}.${++counter}@example.com`;
  const registered = await request.post('/api/accounts/register/', {
    headers: TENANT,
    data: { email, password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post('/api/accounts/login/', {
    headers: TENANT,
    data: { login_id: email, password: PASSWORD },
  });
  const { access, refresh } = await login.json();
  return { email, access, refresh };
}

/** Opens the browser signed in as `customer` (once: a later logout stays a logout). */
export async function signIn(page: Page, customer: Customer) {
  await page.addInitScript(
    ([access, refresh]) => {
      if (sessionStorage.getItem('signed-in')) return;
      localStorage.setItem('authToken', access as string);
      localStorage.setItem('refreshToken', refresh as string);
      sessionStorage.setItem('signed-in', 'yes');
    },
    [customer.access, customer.refresh],
  );
}

/**
 * Active products bought as they are (not sold in options) with room in stock, most stock first: orders take from
 * them, and the catalog journeys rely on the few with little or no stock, so these tests never order those. The
 * journeys of products sold in options choose their variant themselves.
 */
export async function stockedProducts(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/products/products/', { headers: TENANT, params: { is_active: true } });
  const products: Product[] = await response.json();
  return products
    .filter((product) => product.stock >= 10 && product.variant_count === 0)
    .sort((a, b) => b.stock - a.stock);
}

export async function addItem(
  request: APIRequestContext,
  customer: Customer,
  product: Product,
  quantity = 1,
  customization: Record<string, string> = {},
) {
  const response = await request.post('/api/orders/cart/add-item/', {
    headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
    data: { product_id: product.id, quantity, customization },
  });
  expect(response.status()).toBe(200);
}

/** The customer's cart ordered through the API, paid by bank transfer (so: awaiting payment), to the test address. */
export function placeBankTransferOrder(
  request: APIRequestContext,
  customer: Customer,
): Promise<{ id: number; number: string }> {
  return placeOrderThroughApi(request, customer, 'bank_transfer');
}

/**
 * The customer's cart ordered through the API with this payment method (awaiting payment), to the test address; the
 * buyer confirms being of age (the demo's khukuris are sold to adults only).
 */
export async function placeOrderThroughApi(
  request: APIRequestContext,
  customer: Customer,
  paymentMethod: 'bank_transfer' | 'card_2c2p',
): Promise<{ id: number; number: string }> {
  const placed = await request.post('/api/orders/orders/', {
    headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
    data: {
      payment_method: paymentMethod,
      delivery_address: {
        street: ADDRESS['Street Address'],
        city: ADDRESS.City,
        postalCode: ADDRESS['Postal Code'],
        country: ADDRESS.Country,
        fullname: ADDRESS['Full Name'],
        contact_number: ADDRESS['Contact Number'],
      },
      age_confirmed: true,
    },
  });
  expect(placed.status()).toBe(201);
  return placed.json();
}

/** A customer with `lines` already in the cart, signed in on `page`. */
export async function customerWithCart(page: Page, request: APIRequestContext, lines: number) {
  const customer = await newCustomer(request);
  const products = (await stockedProducts(request)).slice(0, lines);
  for (const product of products) await addItem(request, customer, product);
  await signIn(page, customer);
  return { customer, products };
}

/**
 * A new customer (not signed in anywhere) with one stocked product priced under `below` in the cart: an order the
 * shop's free-shipping amounts do not reach.
 */
export async function customerWithItemUnder(request: APIRequestContext, below: number) {
  const product = (await stockedProducts(request)).find((candidate) => Number(candidate.price) < below);
  if (!product) throw new Error(`no stocked product under ${below}`);
  const customer = await newCustomer(request);
  await addItem(request, customer, product);
  return { customer, product };
}

/** `$` and two decimals of price × quantity, in cents: never floats on money. */
export function times(price: string, quantity: number): string {
  const [units = '0', cents = '0'] = price.split('.');
  const total = (Number(units) * 100 + Number(cents.padEnd(2, '0'))) * quantity;
  return `$${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
}

/**
 * Ticks the checkout's "I confirm I am 18 or older" when it asks it: an order holding a khukuri (the demo's knives are
 * sold to adults only) is refused without it. `e2e/admin-abroad.spec.ts` checks that it is asked.
 */
export async function confirmAgeIfAsked(page: Page) {
  const box = page.getByRole('checkbox', { name: /^I confirm I am \d+ or older$/ });
  if ((await box.count()) > 0) await box.check();
}

export async function fillAddress(page: Page, fields: Partial<typeof ADDRESS> = ADDRESS) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

/** A PNG of one colour, made here (no image library): distinct colours give distinct pictures. */
export function solidPng(rgb: [number, number, number], width = 64, height = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, at) => rgb[at % 3] ?? 0)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A page's HTML without its JSON-LD blocks (data for search engines, not shown): what precedes the scripts is shown. */
export function withoutStructuredData(html: string): string {
  return html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');
}

/** The amounts a destination's shopper is shown and charged, worked out with the contracts' arithmetic. */
export interface TaxView {
  destination: TaxDestination;
  /** An entered amount (a unit price, the shipping) as the destination pays it: "99.99" → "118.99" for Germany. */
  shown(amount: string): string;
  /**
   * The tax rows of an order of these entered unit prices (one each) and entered shipping, without discount: their
   * labels ("VAT 19% (included)") and amounts, and what the total adds for them.
   */
  taxes(prices: string[], shipping: string): { rows: { label: string; amount: string }[]; added: string };
}

function cents(amount: string): number {
  const minor = parseMinor(amount);
  if (minor === null) throw new Error(`not an amount: ${amount}`);
  return minor;
}

/** How the demo shop prices for a destination (`GET /api/tax/destination/`), for products without a category rate. */
export async function taxView(request: APIRequestContext, country: string, region?: string): Promise<TaxView> {
  const response = await request.get('/api/tax/destination/', {
    headers: TENANT,
    params: region ? { country, region } : { country },
  });
  expect(response.status()).toBe(200);
  const destination: TaxDestination = await response.json();
  const rate = rateFor(destinationRates(destination), null);
  const view = { display: destination.display, pricesIncludeTax: destination.prices_include_tax };
  const shownCentsOf = (amount: string) => shownCents(cents(amount), rate.basisPoints, view);
  return {
    destination,
    shown: (amount) => formatMinor(shownCentsOf(amount)),
    taxes(prices, shipping) {
      const line = (amount: string) => ({ cents: shownCentsOf(amount), ...rate });
      const { taxes, addedCents } = orderTaxes({
        display: destination.display,
        lines: prices.map(line),
        productDiscountCents: 0,
        shipping: line(shipping),
      });
      const included = destination.display === 'included';
      return {
        rows: taxes.map((tax) => ({
          label: taxLabel({ name: tax.name, rate: formatMinor(tax.basisPoints), included }),
          amount: formatMinor(tax.cents),
        })),
        added: formatMinor(addedCents),
      };
    },
  };
}

/** The sum of amounts ("85.00"), exactly, in cents. */
export function sum(...amounts: string[]): string {
  return formatMinor(amounts.reduce((total, amount) => total + cents(amount), 0));
}

/** A text matched literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
