import { type APIRequestContext, expect, test } from '@playwright/test';
import { failOnProblems, ownerToken, signInAsOwner } from './admin-support.ts';
import { type Customer, customerWithItemUnder, TENANT } from './support.ts';

// Every journey fails on an error answer, a console error or a page error it does not expect.
failOnProblems(test);

test.describe.configure({ timeout: 90_000 });

/** What the customer's cart (one product) costs delivered to Brazil, as the checkout's summary asks it. */
async function brazilQuote(request: APIRequestContext, customer: Customer) {
  const response = await request.get('/api/orders/shipping-quote/', {
    headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
    params: { country: 'BR' },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

test('the owner adds a shipping zone in the admin app, changes its rate, and the checkout charges it at once', async ({
  page,
  request,
}) => {
  const { customer } = await customerWithItemUnder(request, 150);
  // Brazil has no zone of its own in the demo shop: the rest of the world serves it.
  expect(await brazilQuote(request, customer)).toMatchObject({ zone: 'Rest of the world' });

  let zoneId: number | null = null;
  try {
    await signInAsOwner(page);
    await page.getByRole('menuitem').filter({ hasText: 'Shipping zones' }).click();
    await expect(page.getByRole('cell', { name: 'Europe', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Create' }).click();

    await page.getByLabel(/^Name/).fill('South America');
    await page.getByLabel(/^Countries/).fill('Braz');
    await page.getByRole('option', { name: 'Brazil (BR)' }).click();
    await page.getByLabel(/^Rate per order/).fill('18.00');
    await page.getByLabel(/^Surcharge per item/).fill('1.50');
    await page.getByLabel(/^Delivery: from/).fill('6');
    await page.getByLabel(/^Delivery: to/).fill('12');
    const created = page.waitForResponse(
      (response) => response.url().includes('/api/admin/shipping-zones/') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    zoneId = (await answer.json()).id;

    const row = page.getByRole('row').filter({ hasText: 'South America' });
    await expect(row).toContainText('Brazil');
    await expect(row).toContainText('6–12 business days');
    expect(await brazilQuote(request, customer)).toMatchObject({
      zone: 'South America',
      shipping: '19.50',
      delivery_estimate: '6–12 business days',
    });

    await row.getByText('South America').click();
    await page.getByLabel(/^Rate per order/).fill('15.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'South America' })).toContainText('15.00');
    expect(await brazilQuote(request, customer)).toMatchObject({ shipping: '16.50' });
  } finally {
    if (zoneId !== null) {
      const removed = await request.delete(`/api/admin/shipping-zones/${zoneId}/`, {
        headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
      });
      expect(removed.status()).toBe(204);
    }
  }
  expect(await brazilQuote(request, customer)).toMatchObject({ zone: 'Rest of the world' });
});
