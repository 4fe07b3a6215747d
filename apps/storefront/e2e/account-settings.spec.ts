import { expect, test } from '@playwright/test';
import {
  ADDRESS,
  addItem,
  axeViolations,
  fillAddress,
  newCustomer,
  openPage,
  PASSWORD,
  signIn,
  stockedProducts,
  TENANT,
} from './support.ts';

// The demo shop's time zone (its site settings): every date of its pages is a day there.
const SHOP_TIME_ZONE = 'Asia/Kathmandu';

test.describe('account settings', () => {
  test('the display name a customer chooses is the name shown on their new review, never their e-mail', async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    const localPart = customer.email.split('@')[0] as string;
    await signIn(page, customer);

    await openPage(page, '/account/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Display Name' });
    // Until chosen, a neutral name that reveals nothing of the address.
    await expect(name).toHaveValue(/^Customer \d{4}$/);
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByText('This field may not be blank.')).toBeVisible();
    await name.fill(`Sita G. ${process.pid}`);
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByText('Your display name has been saved.')).toBeVisible();

    await openPage(page, '/products/kitchen-khukuri-chef-knife');
    const form = page.locator('.review-form');
    await form.locator('label').filter({ hasText: '3 stars' }).click();
    const comment = `Chops onions and kindling alike ${Date.now()}.`;
    await form.getByLabel('Comment').fill(comment);
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(form.getByRole('status')).toHaveText('Review submitted successfully!');
    const mine = page.locator('.review').filter({ hasText: comment });
    await expect(mine.locator('strong')).toHaveText(`Sita G. ${process.pid}`);

    // The page as the server renders it says the same, and nowhere the address's local part.
    await page.reload();
    await expect(page.locator('.review').filter({ hasText: comment }).locator('strong')).toHaveText(
      `Sita G. ${process.pid}`,
    );
    const html = await (await request.get('/products/kitchen-khukuri-chef-knife')).text();
    expect(html).toContain(`Sita G. ${process.pid}`);
    expect(html).not.toContain(localPart);
  });

  test('a saved address fills the checkout form', async ({ page, request }) => {
    const customer = await newCustomer(request);
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('the demo shop has no stocked product');
    await addItem(request, customer, product);
    await signIn(page, customer);

    await openPage(page, '/account/settings');
    await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add an Address' }).click();
    const form = page.getByRole('form', { name: 'New Address' });
    for (const [label, value] of Object.entries(ADDRESS)) await form.getByLabel(label, { exact: true }).fill(value);
    // A country the checkout would refuse is refused here too, marked beside its field.
    const country = form.getByLabel('Country', { exact: true });
    await country.fill('Neverland');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await expect(country).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Choose a country from the list.')).toBeVisible();
    await expect(country).toBeFocused();
    await country.fill(ADDRESS.Country);
    await expect(country).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('button', { name: 'Save Address' }).click();
    const saved = page.locator('.saved-address');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('Sita Gurung');
    await expect(saved).toContainText('Lazimpat 12');

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByLabel('Use a saved address').selectOption({ label: 'Sita Gurung, Lazimpat 12, Kathmandu' });
    for (const [label, value] of Object.entries(ADDRESS)) {
      // The country field writes the country its own way (its name or its code).
      if (label !== 'Country') await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    await expect(page.getByLabel('Country', { exact: true })).not.toHaveValue('');
    // Still the customer's to change.
    await fillAddress(page, { City: 'Lalitpur' });
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Lalitpur');
  });

  test('changing the password keeps this browser signed in and ends every other sign-in', async ({ page, request }) => {
    const customer = await newCustomer(request);
    const elsewhere = await request.post('/api/accounts/login/', {
      headers: TENANT,
      data: { login_id: customer.email, password: PASSWORD },
    });
    const other = (await elsewhere.json()) as { access: string };
    await signIn(page, customer);

    await openPage(page, '/account/settings');
    const newPassword = 'Bhojpure-forged-2042';
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your current password is incorrect.')).toBeVisible();

    await page.getByLabel('Current Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      page.getByText('Your password has been changed. Every other sign-in of your account has ended.'),
    ).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');

    const otherMe = await request.get('/api/accounts/me/', {
      headers: { ...TENANT, Authorization: `Bearer ${other.access}` },
    });
    expect(otherMe.status()).toBe(401);
    // This browser goes on: its own orders load.
    await page.getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  });

  test('has no WCAG 2.2 AA violation, with an address being added', async ({ page, request }) => {
    await signIn(page, await newCustomer(request));
    await openPage(page, '/account/settings');
    await page.getByRole('button', { name: 'Add an Address' }).click();
    await expect(page.getByRole('form', { name: 'New Address' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('dates', () => {
  // A browser far from the shop, in another language: the pages still say what the server rendered.
  test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' });

  test("reviews' dates are days in the shop's time zone, the same after hydration", async ({ page, request }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    const path = '/products/angkhola-khukuri';
    const product = (await (
      await request.get(`/api/products/products/angkhola-khukuri/`, { headers: TENANT })
    ).json()) as { reviews: { created_at: string }[] };
    const shopDay = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: SHOP_TIME_ZONE,
    });
    const expected = product.reviews.map((review) => shopDay.format(new Date(review.created_at)));
    expect(expected.length).toBeGreaterThan(0);

    await openPage(page, path);
    await expect(page.locator('.review time')).toHaveText(expected);
    expect(errors.filter((text) => /hydrat|#418|#425/i.test(text))).toEqual([]);
  });
});
