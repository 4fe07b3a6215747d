import { expect, test } from '@playwright/test';
import { ownerToken, signInAsOwner } from './admin-support.ts';
import { customerWithItemUnder, placeBankTransferOrder, TENANT, watchProblems } from './support.ts';

test.describe.configure({ timeout: 90_000 });

test('the owner creates a discount code valid between dates of the shop’s clock, sees its usage after an order, and limits its uses', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  const code = `ADMIN${Date.now()}`;
  let discountId: number | null = null;
  try {
    await signInAsOwner(page);
    await page.getByRole('menuitem').filter({ hasText: 'Discounts' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel(/^Code/).fill(code);
    await page.getByLabel(/^Name/).fill('Admin fifteen');
    await page.getByLabel(/^Percent off/).fill('15.00');
    // Valid from 09:00 on 1 November by the shop's clock (Kathmandu), whatever the zone of the browser (UTC here).
    await page.getByLabel(/^Valid from \(Asia\/Kathmandu\)/).fill('2026-11-01T09:00');
    await page.getByLabel(/^Valid until \(Asia\/Kathmandu\)/).fill('2030-12-31T23:59');
    const created = page.waitForResponse(
      (response) => response.url().includes('/api/admin/discounts/') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const discount = await answer.json();
    discountId = discount.id;
    expect(discount).toMatchObject({ code, kind: 'percentage', value: '15.00', usage_limit: null });
    expect(new Date(discount.starts_at).toISOString()).toBe('2026-11-01T03:15:00.000Z');
    expect(new Date(discount.ends_at).toISOString()).toBe('2030-12-31T18:14:00.000Z');

    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('15% off');
    await expect(row).toContainText('0 used');

    // A customer's order with the code counts one use.
    const { customer } = await customerWithItemUnder(request, 150);
    const applied = await request.post('/api/orders/cart/discount/', {
      headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
      data: { code: code.toLowerCase() },
    });
    expect(applied.status()).toBe(200);
    await placeBankTransferOrder(request, customer);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('1 used');

    await page.getByRole('row').filter({ hasText: code }).getByText('Admin fifteen').click();
    // The form shows the dates as they were set, by the shop's clock.
    await expect(page.getByLabel(/^Valid from/)).toHaveValue('2026-11-01T09:00');
    await expect(page.getByLabel(/^Valid until/)).toHaveValue('2030-12-31T23:59');
    await page.getByLabel(/^Total uses/).fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('1 of 5 used');
    expect(problems).toEqual([]);
  } finally {
    if (discountId !== null) {
      const removed = await request.delete(`/api/admin/discounts/${discountId}/`, {
        headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
      });
      expect(removed.status()).toBe(204);
    }
  }
});
