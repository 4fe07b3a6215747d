import { expect, type Page, test } from '@playwright/test';
import { ownerToken, signInAsOwner } from './admin-support.ts';
import {
  addItem,
  axeViolations,
  newCustomer,
  placeBankTransferOrder,
  stockedProducts,
  TENANT,
  watchProblems,
} from './support.ts';

// The administration's dashboard: today's figures, the sales chart against the period before, the orders awaiting
// payment and the products running low.

// A large single-page app on a machine the other worker shares.
test.describe.configure({ timeout: 90_000 });

/**
 * What axe finds in the dashboard's own content (react-admin's `#main-content`, with the chart, its table and the
 * lists); the app bar and menu around it are the administration's layout's.
 */
const dashboardViolations = (page: Page) => axeViolations(page, { include: '#main-content' });

test('the owner reads the sales by day and by week, the orders awaiting payment and the low stock', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  await addItem(request, customer, product);
  const order = await placeBankTransferOrder(request, customer);

  const problems = watchProblems(page);
  const firstReport = page.waitForResponse((response) => response.url().includes('/api/admin/reports/sales/'));
  await signInAsOwner(page);
  expect(new URL((await firstReport).url()).searchParams.get('interval')).toBe('day');

  await expect(page.getByText('Orders today')).toBeVisible();
  await expect(page.getByText('Revenue today')).toBeVisible();
  await expect(page.getByText('Net today')).toBeVisible();
  // The time zone the shop's days are cut in is named beside the figures.
  await expect(
    page.getByText(/^Today is .+ in the shop's time zone, [A-Za-z_/]+: the day starts at midnight there\./),
  ).toBeVisible();

  const sales = page.getByRole('region', { name: 'Sales' });
  // The chart, loaded on its own, in a figure whose caption says what it draws.
  const chart = sales.getByRole('figure', { name: /^Revenue by day, .* against / });
  await expect(chart).toBeVisible();
  await expect(chart.locator('[data-series="current"]').first()).toBeAttached();
  await expect(chart.locator('[data-series="previous"]').first()).toBeAttached();
  const totals = sales.getByRole('group', { name: 'Totals of the range' });
  await expect(totals).toContainText('on the period before');
  for (const figure of ['Revenue', 'Refunds', 'Net'])
    await expect(totals.getByText(figure, { exact: true })).toBeVisible();
  // What the revenue holds, each figure from the order rows: goods less discounts plus shipping and tax added.
  const held = sales.getByRole('group', { name: 'What the revenue holds' });
  for (const figure of ['Goods', 'Discounts', 'Shipping', 'Tax added', 'Tax included']) {
    await expect(held.getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(sales.getByText('Best sellers')).toBeVisible();

  // The figures as a table, a row per day of the last 30.
  await sales.getByRole('button', { name: 'The figures as a table' }).click();
  const table = sales.getByRole('table', { name: 'Sales by day' });
  await expect(table.getByRole('row')).toHaveCount(31);
  for (const column of ['Goods', 'Discounts', 'Shipping', 'Tax added', 'Tax included', 'Revenue', 'Refunds', 'Net']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }

  // By week: the report is asked again, and the chart and the table follow.
  const weekly = page.waitForResponse(
    (response) =>
      response.url().includes('/api/admin/reports/sales/') &&
      new URL(response.url()).searchParams.get('interval') === 'week',
  );
  await sales.getByRole('button', { name: 'By week' }).click();
  expect((await weekly).status()).toBe(200);
  await expect(sales.getByRole('figure', { name: /^Revenue by week, / })).toBeVisible();
  const weeks = sales.getByRole('table', { name: 'Sales by week' });
  await expect(weeks.getByRole('columnheader', { name: 'Week', exact: true })).toBeVisible();

  // Another range: the last 12 months, by month.
  await sales.getByRole('combobox', { name: 'Range' }).click();
  await page.getByRole('option', { name: 'Last 12 months' }).click();
  await expect(sales.getByRole('table', { name: 'Sales by month' }).getByRole('row')).toHaveCount(13);
  await sales.getByRole('button', { name: 'Orders', exact: true }).click();
  await expect(sales.getByRole('figure', { name: /^Orders by month, / })).toBeVisible();

  // The new order awaits payment: listed, and a click opens it.
  const awaiting = page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'Awaiting payment' }) });
  // Its row begins with its number (the customers' e-mail addresses hold numbers too: a process id such as 21007).
  const row = awaiting.getByRole('row', { name: new RegExp(`^${order.number}\\b`) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Low stock' })).toBeVisible();

  expect(await dashboardViolations(page)).toEqual([]);

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/show$`));
  expect(problems).toEqual([]);
});

test("a switch counts the test orders in today's figures, off at first", async ({ page, request }) => {
  const problems = watchProblems(page);
  // The demo shop takes its payments through the test gateway: its orders are test orders.
  const customer = await newCustomer(request);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  await addItem(request, customer, product);
  const order = await placeBankTransferOrder(request, customer);
  const headers = { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` };
  const paid = await request.post(`/api/admin/orders/${order.id}/transition/`, { headers, data: { to: 'paid' } });
  expect(paid.status(), await paid.text()).toBe(200);
  const dashboard = async (query: string) =>
    (await (await request.get(`/api/admin/dashboard/${query}`, { headers })).json()) as {
      include_test: boolean;
      orders_today: number;
    };
  const withTests = await dashboard('?include_test=true');
  const without = await dashboard('');
  expect(without.include_test).toBe(false);
  expect(withTests.orders_today).toBeGreaterThan(without.orders_today);

  await signInAsOwner(page);
  const ordersToday = page.getByLabel('Orders today', { exact: true });
  const counted = page.getByRole('switch', { name: "Include test orders in today's figures" });
  await expect(counted).not.toBeChecked();
  await expect(ordersToday).toHaveText(String(without.orders_today));
  await expect(page.getByText('Test orders are left out.')).toBeVisible();
  const asked = page.waitForResponse((response) => response.url().includes('/api/admin/dashboard/?include_test=true'));
  await counted.check();
  expect((await asked).status()).toBe(200);
  await expect(page.getByText('Test orders (paid through the test card gateway) are counted.')).toBeVisible();
  // Other journeys may pay orders meanwhile: at least the count read before.
  await expect.poll(async () => Number(await ordersToday.textContent())).toBeGreaterThanOrEqual(withTests.orders_today);
  await counted.uncheck();
  await expect(page.getByText('Test orders are left out.')).toBeVisible();
  expect(problems).toEqual([]);
});
