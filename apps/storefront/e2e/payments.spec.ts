import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type Customer,
  confirmAgeIfAsked,
  customerWithCart,
  expectOnPath,
  fillAddress,
  newCustomer,
  openPage,
  SITE_TITLE,
  signIn,
  TENANT,
  times,
  watchProblems,
} from './support.ts';

// Card payments through the 2C2P sandbox the server itself serves: its payment page stands for the gateway's, and
// its buttons decide the outcome.
// Its payment page sits under the shop's sandbox (`/api/sandbox-2c2p/{shop}/payment/4.3/pay/{token}`).
const HOSTED_PAGE = /\/api\/sandbox-2c2p\/(?:[^/]+\/)?payment\/4\.3\/pay\/[^/]+$/;
const RETURN_PAGE = /\/payment\/return\?paymentId=[0-9a-f-]{36}$/;
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

interface PlacedOrder {
  id: number;
  number: string;
  total: string;
}

type Outcome = 'Approve' | 'Decline' | 'Insufficient funds' | 'Cancel payment' | 'Leave pending';

interface PaymentStart {
  redirectUrl: string;
  payment_uuid: string;
}

interface RecordedCall<T> {
  request: unknown;
  status: number;
  answer: T;
}

/**
 * Lets the POST calls to `url` through and keeps their bodies: the page leaves for the payment page right after
 * them, and a response the browser navigated away from no longer has its body.
 */
async function recordCalls<T>(page: Page, url: string): Promise<RecordedCall<T>[]> {
  const calls: RecordedCall<T>[] = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    const answer: T = await response.json();
    calls.push({ request: route.request().postDataJSON(), status: response.status(), answer });
    await route.fulfill({ response, json: answer });
  });
  return calls;
}

/**
 * A new customer orders one product by card through the checkout (the card is the demo shop's first method, so it
 * is preselected), and arrives on the sandbox's payment page. Gives the order and the payment's id.
 */
async function checkOutByCard(page: Page, request: APIRequestContext) {
  const { customer } = await customerWithCart(page, request, 1);
  const orders = await recordCalls<PlacedOrder>(page, '**/api/orders/orders/');
  const starts = await recordCalls<PaymentStart>(page, '**/api/payments/card/initiate/');
  await openPage(page, '/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('radio', { name: 'Credit/Debit Card' })).toBeChecked();
  await fillAddress(page);
  await confirmAgeIfAsked(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(HOSTED_PAGE);
  const order = orders[0]?.answer;
  if (!order) throw new Error('no order was placed');
  expect(starts).toEqual([
    {
      request: { order_id: order.id, currency: 'USD' },
      status: 200,
      answer: { redirectUrl: expect.stringMatching(HOSTED_PAGE), payment_uuid: expect.any(String) },
    },
  ]);
  return { customer, order, paymentId: starts[0]?.answer.payment_uuid ?? '', starts };
}

/** On the sandbox's payment page: picks the outcome, and waits to be back on the shop's return page. */
async function payOnHostedPage(page: Page, outcome: Outcome, paymentId?: string) {
  await expect(page).toHaveURL(HOSTED_PAGE);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(paymentId ? (url) => url.searchParams.get('paymentId') === paymentId : RETURN_PAGE);
}

const heading = (page: Page) => page.locator('.payment-result h1');

async function paymentStatus(request: APIRequestContext, customer: Customer, paymentId: string) {
  const response = await request.get(`/api/payments/history/${paymentId}/`, {
    headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

// Each journey crosses the shop, the gateway's page and back (with the return page's 1500 ms wait), some twice.
test.describe.configure({ timeout: 90_000 });

test.describe('card checkout', () => {
  test('approved: the payment page, a verified success, the session forgotten, and the order paid', async ({
    page,
    request,
  }) => {
    const { customer, order, paymentId } = await checkOutByCard(page, request);

    // The sandbox's page tells which shop, invoice and amount it charges.
    await expect(page.getByText(/test payment page/i).first()).toBeVisible();
    await expect(page.getByText(SITE_TITLE).first()).toBeVisible();
    await expect(page.locator('body')).toContainText(order.total);
    // The checkout kept the payment and its order for the return page (this origin's session storage).
    expect(await page.evaluate(() => sessionStorage.getItem('pendingPaymentId'))).toBe(paymentId);
    const kept = JSON.parse((await page.evaluate(() => sessionStorage.getItem('pendingOrderDetails'))) ?? 'null');
    expect(kept).toMatchObject({ id: order.id, number: order.number, total: order.total });

    await payOnHostedPage(page, 'Approve', paymentId);
    await expect(page.getByRole('status', { name: 'Verifying payment' })).toBeVisible();
    await expect(heading(page)).toHaveText('Payment Successful!');
    // The demo shop pays through the test gateway: the shop's pages say so, the payment page too.
    await expect(page.getByRole('region', { name: 'Test mode' })).toContainText(
      'This shop takes no real payments: cards go through a test gateway and are never charged',
    );
    // The status was asked for 1500 ms after the return page loaded, not sooner (times from its navigation start).
    const checkedAt = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/payments/history/'))
          ?.startTime ?? 0,
    );
    expect(checkedAt).toBeGreaterThanOrEqual(1500);
    const lead = page.locator('.payment-result__lead');
    await expect(lead).toContainText('was received');
    await expect(lead).toContainText(`#${order.number}`);
    await expect(lead).toContainText(times(order.total, 1));
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    // Paid: the payment under way is forgotten.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('pendingPaymentId'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('pendingOrderDetails'))).toBeNull();
    expect(await paymentStatus(request, customer, paymentId)).toMatchObject({
      status: 'succeeded',
      order_id: order.id,
      amount: order.total,
      currency: 'USD',
    });

    await page.getByRole('link', { name: 'View Order' }).click();
    await expectOnPath(page, `/account/orders/${order.id}`);
    await expect(page.locator('.order-facts')).toContainText('Paid');
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    await page.getByRole('link', { name: '← Back to My Orders' }).click();
    const card = page.locator('.order-card').filter({ hasText: `Order #${order.number}` });
    await expect(card.locator('.order-status')).toHaveText('Paid');
    await expect(card).toContainText('Credit/Debit Card');
    await expect(card.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  });

  test("declined: 'Payment Failed' with the gateway's reason; the page finds the payment from the session too", async ({
    page,
    request,
  }) => {
    const { customer, order, paymentId } = await checkOutByCard(page, request);
    await payOnHostedPage(page, 'Decline', paymentId);

    await expect(heading(page)).toHaveText('Payment Failed');
    const { error_message: reason } = await paymentStatus(request, customer, paymentId);
    expect(reason).toBeTruthy();
    await expect(page.locator('.payment-result .error-box')).toHaveText(reason);
    await expect(page.locator('.payment-result__lead')).toContainText(`#${order.number}`);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Order' })).toHaveAttribute('href', `/account/orders/${order.id}`);

    // Without the id in the address, the one this session started is read from session storage.
    await openPage(page, '/payment/return');
    await expect(heading(page)).toHaveText('Payment Failed');
  });

  test("insufficient funds: 'Payment Failed' as well", async ({ page, request }) => {
    const { paymentId } = await checkOutByCard(page, request);
    await payOnHostedPage(page, 'Insufficient funds', paymentId);
    await expect(heading(page)).toHaveText('Payment Failed');
    await expect(page.locator('.payment-result .error-box')).not.toBeEmpty();
  });

  test("canceled: 'Payment Canceled', then 'Try again' starts a new attempt that succeeds", async ({
    page,
    request,
  }) => {
    const { customer, order, paymentId, starts } = await checkOutByCard(page, request);
    await payOnHostedPage(page, 'Cancel payment', paymentId);
    await expect(heading(page)).toHaveText('Payment Canceled');
    expect((await paymentStatus(request, customer, paymentId)).status).toBe('canceled');

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(HOSTED_PAGE);
    expect(starts).toHaveLength(2);
    expect(starts[1]?.request).toEqual({ order_id: order.id, currency: 'USD' });
    const again = starts[1]?.answer.payment_uuid ?? '';
    expect(again).not.toBe(paymentId);
    expect(await page.evaluate(() => sessionStorage.getItem('pendingPaymentId'))).toBe(again);
    await payOnHostedPage(page, 'Approve', again);
    await expect(heading(page)).toHaveText('Payment Successful!');
    await expect(page.locator('.payment-result__lead')).toContainText(`#${order.number}`);
  });

  test("left pending: 'Payment Processing' asks to wait or check e-mail, and 'Check again' asks anew", async ({
    page,
    request,
  }) => {
    const { paymentId } = await checkOutByCard(page, request);
    await payOnHostedPage(page, 'Leave pending', paymentId);
    await expect(heading(page)).toHaveText('Payment Processing');
    await expect(page.locator('.payment-result__lead')).toContainText('e-mail');

    const checked = page.waitForRequest((call) => call.url().includes(`/api/payments/history/${paymentId}/`));
    await page.getByRole('button', { name: 'Check again' }).click();
    await checked;
    await expect(heading(page)).toHaveText('Payment Processing');
  });
});

test.describe('paying from the order history', () => {
  test("after a decline, 'Pay now' on the order starts a new attempt; approved, the order is paid", async ({
    page,
    request,
  }) => {
    const { order, paymentId } = await checkOutByCard(page, request);
    await payOnHostedPage(page, 'Decline', paymentId);
    await expect(heading(page)).toHaveText('Payment Failed');

    await openPage(page, '/account/orders');
    const card = page.locator('.order-card').filter({ hasText: `Order #${order.number}` });
    await expect(card.locator('.order-status')).toHaveText('Awaiting payment');
    await card.getByRole('button', { name: 'Pay now' }).click();
    await payOnHostedPage(page, 'Approve');
    await expect(heading(page)).toHaveText('Payment Successful!');

    await openPage(page, `/account/orders/${order.id}`);
    await expect(page.locator('.order-facts')).toContainText('Paid');
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  });

  test("the order's page offers 'Pay now', and shows the server's reason when the payment cannot start", async ({
    page,
    request,
  }) => {
    const { order, paymentId } = await checkOutByCard(page, request);
    await payOnHostedPage(page, 'Cancel payment', paymentId);
    await expect(heading(page)).toHaveText('Payment Canceled');

    let refuse = true;
    await page.route('**/api/payments/card/initiate/', (route) =>
      refuse
        ? route.fulfill({ status: 409, json: { detail: 'This order is not awaiting payment.' } })
        : route.fallback(),
    );
    await openPage(page, `/account/orders/${order.id}`);
    const panel = page.getByRole('region', { name: 'Card Payment' });
    await panel.getByRole('button', { name: 'Pay now' }).click();
    await expect(panel.locator('.error-box')).toHaveText('This order is not awaiting payment.');
    await expectOnPath(page, `/account/orders/${order.id}`);

    refuse = false;
    await panel.getByRole('button', { name: 'Pay now' }).click();
    await payOnHostedPage(page, 'Approve');
    await expect(heading(page)).toHaveText('Payment Successful!');
  });

  test('a bank transfer order awaiting payment offers no card payment', async ({ page, request }) => {
    await customerWithCart(page, request, 1);
    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillAddress(page);
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
    await openPage(page, '/account/orders');
    await expect(page.locator('.order-card .order-status')).toHaveText('Awaiting payment');
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  });
});

test.describe('the return page', () => {
  test("without an id says 'Could not identify the payment transaction.'; an unknown one is 'not found'", async ({
    page,
    request,
  }) => {
    await signIn(page, await newCustomer(request));
    let checks = 0;
    page.on('request', (call) => {
      if (call.url().includes('/api/payments/history/')) checks += 1;
    });

    await openPage(page, '/payment/return');
    await expect(page.locator('.payment-result .error-box')).toHaveText('Could not identify the payment transaction.');
    expect(checks).toBe(0);

    await openPage(page, `/payment/return?paymentId=${UNKNOWN_UUID}`);
    await expect(page.getByRole('status', { name: 'Verifying payment' })).toBeVisible();
    await expect(page.locator('.payment-result .error-box')).toHaveText('Payment transaction not found.');
    await expect(page.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/account/orders');
  });

  test("another customer's payment is not found", async ({ page, request }) => {
    const { paymentId } = await checkOutByCard(page, request);
    const other = await newCustomer(request);
    await page.evaluate(
      ([access, refresh]) => {
        localStorage.setItem('authToken', access as string);
        localStorage.setItem('refreshToken', refresh as string);
      },
      [other.access, other.refresh],
    );
    await openPage(page, `/payment/return?paymentId=${paymentId}`);
    await expect(page.locator('.payment-result .error-box')).toHaveText('Payment transaction not found.');
  });

  test("other failures, a payment in error and a status it does not know show the spec's texts", async ({
    page,
    request,
  }) => {
    await signIn(page, await newCustomer(request));
    const record = {
      status: 'refunded',
      order_identifier: '1001',
      gateway_transaction_ref: null,
      amount: '85.00',
      currency: 'USD',
      error_message: null,
      order_id: 1,
    };
    let answer: { status: number; json: unknown } = { status: 500, json: { detail: 'Database down.' } };
    await page.route('**/api/payments/history/*/', (route) => route.fulfill(answer));

    await openPage(page, `/payment/return?paymentId=${UNKNOWN_UUID}`);
    await expect(page.locator('.payment-result .error-box')).toHaveText(
      'Failed to retrieve payment status. Please contact support.',
      { timeout: 15_000 },
    );

    answer = { status: 200, json: { ...record, status: 'error', error_message: 'Gateway unreachable.' } };
    await openPage(page, `/payment/return?paymentId=${UNKNOWN_UUID}`);
    await expect(page.locator('.payment-result .error-box')).toHaveText(
      'Failed to retrieve payment status. Please contact support.',
    );

    answer = { status: 200, json: record };
    await openPage(page, `/payment/return?paymentId=${UNKNOWN_UUID}`);
    await expect(page.locator('.payment-result .error-box')).toHaveText('Unknown payment status.');
  });

  test("a guest without a payment id reads 'Could not identify the payment transaction.', not a log-in prompt", async ({
    page,
  }) => {
    const problems = watchProblems(page);
    const response = await openPage(page, '/payment/return');
    await expect(page.locator('.payment-result .error-box')).toHaveText('Could not identify the payment transaction.');
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toHaveCount(0);
    // Hidden text counts too: the page holds no log-in prompt anywhere, in its HTML or after hydration.
    expect(await response?.text()).not.toContain('Please Log In');
    expect(await page.locator('body').textContent()).not.toContain('Please Log In');
    expect(problems).toEqual([]);
  });

  test('asks a guest to log in, and comes back to the same payment', async ({ page }) => {
    const response = await openPage(page, `/payment/return?paymentId=${UNKNOWN_UUID}`);
    // The customer's payment is never in the server's HTML.
    expect(await response?.text()).not.toContain('Payment transaction not found.');
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      `/login?redirect=/payment/return?paymentId=${UNKNOWN_UUID}`,
    );
  });
});
