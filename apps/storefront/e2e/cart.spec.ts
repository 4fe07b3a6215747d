import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ownerToken } from './admin-support.ts';
import {
  ADDRESS,
  addItem,
  confirmAgeIfAsked,
  customerWithCart,
  expectOnPath,
  fillAddress,
  hydrated,
  newCustomer,
  openPage,
  PASSWORD,
  type Product,
  placeBankTransferOrder,
  signIn,
  stockedProducts,
  TENANT,
  times,
  watchProblems,
} from './support.ts';

const CLEAR_CONFIRMATION = 'Are you sure you want to remove all items from your cart?';
// The shop's order limits, at their defaults in the demo shop.
const UNITS_LIMIT = 'You can order at most 10 of this item at a time.';
const THREE_UNPAID = 'You already have 3 orders awaiting payment. Pay for one of them before placing another.';

const badge = (page: Page) => page.getByTestId('cart-badge');
const rowOf = (page: Page, name: string) =>
  page.locator('.cart-row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function paymentOptions(request: APIRequestContext) {
  return (await request.get('/api/payments/options/', { headers: TENANT })).json();
}

test.describe('add to cart', () => {
  test('a guest’s add with its quantity is made once back from signing in, with its confirmation', async ({
    page,
    request,
  }) => {
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('no stocked product');
    const customer = await newCustomer(request);

    await openPage(page, `/products/${product.slug}`);
    const increase = await hydrated(page.getByRole('button', { name: 'Increase' }));
    await increase.click();
    await increase.click();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectOnPath(page, `/login?redirect=/products/${product.slug}`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectOnPath(page, `/products/${product.slug}`);
    await expect(page.getByRole('status').filter({ hasText: 'added to cart!' })).toHaveText(
      `3 x ${product.name} added to cart!`,
    );
    await expect(badge(page)).toHaveText('3');
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
    // Once: a reload adds nothing more.
    await openPage(page, `/products/${product.slug}`);
    await expect(badge(page)).toHaveText('3');
    const cart = await request.get('/api/orders/cart/', {
      headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
    });
    expect((await cart.json()).items).toEqual([
      expect.objectContaining({ quantity: 3, product: expect.objectContaining({ slug: product.slug }) }),
    ]);
  });

  test('a guest is sent to login and back; the badge counts what the customer adds', async ({ page, request }) => {
    const problems = watchProblems(page);
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('no stocked product');
    const customer = await newCustomer(request);

    await openPage(page, `/products/${product.slug}`);
    await expect(badge(page)).toHaveCount(0);
    // Clicked once hydrated: the server's button does nothing before.
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
    await expectOnPath(page, `/login?redirect=/products/${product.slug}`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectOnPath(page, `/products/${product.slug}`);

    // Back on the product, the add the guest asked for is made.
    const success = page.getByRole('status').filter({ hasText: 'added to cart!' });
    await expect(success).toHaveText(`1 x ${product.name} added to cart!`);
    await expect(badge(page)).toHaveText('1');

    await page.getByRole('button', { name: 'Increase' }).click();
    await page.getByRole('button', { name: 'Increase' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(success).toHaveText(`3 x ${product.name} added to cart!`);
    await expect(badge(page)).toHaveText('4');
    // The confirmation stays until it is dismissed (decision 025).
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(success).toHaveCount(0);

    // The count is the server's: it survives a reload, and logging out hides it.
    await openPage(page, '/');
    await expect(badge(page)).toHaveText('4');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(badge(page)).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("shows the server's refusal when the cart would hold more than the stock", async ({ page, request }) => {
    const response = await request.get('/api/products/products/', { headers: TENANT, params: { is_active: true } });
    const lastPiece = ((await response.json()) as Product[]).find((product) => product.stock === 1);
    if (!lastPiece) throw new Error('the demo shop has no product with one piece left');
    await signIn(page, await newCustomer(request));

    await openPage(page, `/products/${lastPiece.slug}`);
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
    await expect(page.getByRole('status').filter({ hasText: 'added to cart!' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('.add-to-cart').getByRole('alert')).toHaveText('Only 1 items available.');
    await expect(badge(page)).toHaveText('1');
  });

  test("caps the badge at '99+'", async ({ page, request }) => {
    await signIn(page, await newCustomer(request));
    await page.route('**/api/orders/cart/', (route) =>
      route.fulfill({
        json: {
          id: 1,
          items: [],
          total_items: 120,
          total_price: '0.00',
          discount_code: null,
          discount: '0.00',
          discounts: [],
          discount_message: null,
          total: '0.00',
        },
      }),
    );
    await openPage(page, '/');
    await expect(badge(page)).toHaveText('99+');
  });
});

test.describe('cart page', () => {
  test('guests are asked to log in, and come back to the cart', async ({ page }) => {
    await openPage(page, '/cart');
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login?redirect=/cart');
  });

  test('an empty cart invites to shop', async ({ page, request }) => {
    await signIn(page, await newCustomer(request));
    await openPage(page, '/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  });

  test('lists the lines; a new quantity updates, an unchanged one sends nothing, 0 and × remove', async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    const [first, second] = await stockedProducts(request);
    if (!first || !second) throw new Error('not enough stocked products');
    await addItem(request, customer, first, 1);
    await addItem(request, customer, second, 2);
    await signIn(page, customer);
    const patches: string[] = [];
    page.on('request', (call) => {
      if (call.method() === 'PATCH') patches.push(call.url());
    });

    await openPage(page, '/cart');
    const firstRow = rowOf(page, first.name);
    await expect(firstRow.getByRole('link', { name: first.name })).toHaveAttribute('href', `/products/${first.slug}`);
    await expect(firstRow.locator('img')).toHaveAttribute('src', /\/media\//);
    await expect(firstRow.locator('td[data-label="Price"]')).toHaveText(times(first.price, 1));
    await expect(rowOf(page, second.name).locator('td[data-label="Total"]')).toHaveText(times(second.price, 2));
    await expect(badge(page)).toHaveText('3');
    const summary = page.locator('.cart-summary');
    await expect(summary).toContainText('Calculated at checkout');
    await expect(summary).toContainText('Shipping costs are not included in this total.');

    const quantity = firstRow.getByRole('spinbutton', { name: `Quantity of ${first.name}` });
    await expect(quantity).toHaveAttribute('min', '0');
    await quantity.fill('1');
    await quantity.press('Enter');
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(firstRow.locator('td[data-label="Total"]')).toHaveText(times(first.price, 3));
    await expect(badge(page)).toHaveText('5');
    expect(patches).toHaveLength(1);
    // The arrows commit at once (typed digits wait for Enter or for leaving the box).
    await quantity.press('ArrowUp');
    await expect(firstRow.locator('td[data-label="Total"]')).toHaveText(times(first.price, 4));
    await expect(badge(page)).toHaveText('6');

    // More than the stock: the server's text in the error box, the box back to the cart's quantity.
    await quantity.fill(String(first.stock + 50));
    await quantity.press('Enter');
    await expect(page.locator('.error-box')).toHaveText(/^Only \d+ items available\.$/);
    await expect(quantity).toHaveValue('4');

    const secondQuantity = rowOf(page, second.name).getByRole('spinbutton');
    await secondQuantity.fill('0');
    await secondQuantity.blur();
    await expect(rowOf(page, second.name)).toHaveCount(0);
    await expect(badge(page)).toHaveText('4');

    await firstRow.getByRole('button', { name: `Remove ${first.name}` }).click();
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
  });

  test('refuses more units of a product than one order may take, with the limit in the error box', async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('no stocked product');
    // Stock enough that the limit, not the stock, is what refuses the eleventh unit.
    const restocked = await request.post(`/api/admin/products/${product.id}/stock/`, {
      headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
      data: { change: 20, reason: 'Cart limit journey' },
    });
    expect(restocked.status()).toBe(200);
    await addItem(request, customer, product);
    await signIn(page, customer);

    await openPage(page, '/cart');
    const quantity = rowOf(page, product.name).getByRole('spinbutton', { name: `Quantity of ${product.name}` });
    await quantity.fill('10');
    await quantity.press('Enter');
    await expect(badge(page)).toHaveText('10');
    await quantity.fill('11');
    await quantity.press('Enter');
    await expect(page.locator('.error-box')).toHaveText(UNITS_LIMIT);
    await expect(quantity).toHaveValue('10');
    await expect(badge(page)).toHaveText('10');
  });

  test('Clear Cart asks first: dismissing keeps the items, accepting empties the cart', async ({ page, request }) => {
    await customerWithCart(page, request, 2);
    await openPage(page, '/cart');
    await expect(page.locator('.cart-row')).toHaveCount(2);

    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect.poll(() => messages).toEqual([CLEAR_CONFIRMATION]);
    await expect(page.locator('.cart-row')).toHaveCount(2);

    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    expect(messages).toEqual([CLEAR_CONFIRMATION, CLEAR_CONFIRMATION]);
    await expect(badge(page)).toHaveCount(0);
  });

  test("shows 'Could not load cart.' when the cart cannot be loaded", async ({ page, request }) => {
    await signIn(page, await newCustomer(request));
    await page.route('**/api/orders/cart/', (route) => route.fulfill({ status: 500, json: { detail: 'Down.' } }));
    await openPage(page, '/cart');
    await expect(page.locator('.error-box')).toHaveText('Could not load cart.');
  });
});

test.describe('the cart shown', () => {
  test('whole: its summary’s parts come with it, so “Proceed to Checkout” does not move under the finger', async ({
    page,
    request,
  }) => {
    await customerWithCart(page, request, 1);
    const problems = watchProblems(page);
    // The destination's select and the discount code field come late, as on a slow network.
    await page.route(/\/assets\/(deliver-to|deliver-to-panel|discount-code)-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await openPage(page, '/cart');
    const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
    await expect(proceed).toBeVisible();
    const first = await proceed.boundingBox();
    await expect(page.getByRole('combobox', { name: 'Deliver to' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Discount code' })).toBeVisible();
    expect(await proceed.boundingBox()).toEqual(first);
    await proceed.click();
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('checkout', () => {
  test('checks the address and the payment method before any call, with the exact texts', async ({ page, request }) => {
    await customerWithCart(page, request, 1);
    const options = await paymentOptions(request);
    let orderCalls = 0;
    page.on('request', (call) => {
      if (call.url().includes('/api/orders/orders/')) orderCalls += 1;
    });

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    // The demo shop takes cards, bank transfers and its custom method, in that order; the first enabled is chosen.
    await expect(page.getByRole('radio')).toHaveCount(3);
    await expect(page.getByRole('radio', { name: 'Credit/Debit Card' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Bank Transfer' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: options.custom_payment_label })).not.toBeChecked();

    await confirmAgeIfAsked(page);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.checkout .error-box')).toHaveText(
      'Please fill in all required delivery address fields: street, city, postalCode, country, fullname, contact_number.',
    );
    await fillAddress(page, { 'Street Address': 'Lazimpat 12', City: 'Kathmandu', Country: 'Nepal', 'Full Name': ' ' });
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.checkout .error-box')).toHaveText(
      'Please fill in all required delivery address fields: postalCode, fullname, contact_number.',
    );
    expect(orderCalls).toBe(0);

    await page.getByRole('button', { name: '← Back to Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    await expect(page.locator('.cart-row')).toHaveCount(1);
  });

  test('asks for a payment method when the shop offers none, and says when the options cannot load', async ({
    page,
    request,
  }) => {
    await customerWithCart(page, request, 1);
    const options = await paymentOptions(request);
    let failOptions = false;
    await page.route('**/api/payments/options/', (route) =>
      failOptions
        ? route.fulfill({ status: 500, json: { detail: 'Down.' } })
        : route.fulfill({
            json: { ...options, enable_bank_transfer: false, enable_custom_payment: false, enable_card_payment: false },
          }),
    );

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillAddress(page);
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.checkout .error-box')).toHaveText('Please select a payment method.');

    failOptions = true;
    await page.reload();
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByText('Failed to load payment options. Please refresh the page.')).toBeVisible();
    await expect(page.getByText('Could not load payment options. Please try refreshing.')).toBeVisible();
  });

  test('bank transfer: the order, its bank details, an empty cart, then the order in the history', async ({
    page,
    request,
  }) => {
    const { products } = await customerWithCart(page, request, 2);
    const [first, second] = products;
    if (!first || !second) throw new Error('not enough stocked products');
    const options = await paymentOptions(request);

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillAddress(page);
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    const created = page.waitForResponse(
      (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
    );
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    expect(createdResponse.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const order = await createdResponse.json();

    await expectOnPath(page, '/order-confirmation');
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
    await expect(page.locator('.order-confirmation__lead')).toContainText(order.number);
    await expect(page.locator('.order-lines')).toContainText(first.name);
    await expect(page.locator('.order-lines')).toContainText(second.name);
    const bank = page.getByRole('region', { name: 'Bank Transfer Details' });
    await expect(bank).toContainText(options.bank_account_details.split('\n')[0]);
    const delivering = page.getByRole('region', { name: 'Delivering To' });
    await expect(delivering).toContainText('Sita Gurung');
    await expect(delivering).toContainText('Lazimpat 12');
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    await expect(badge(page)).toHaveCount(0);

    await page.getByRole('banner').getByRole('link', { name: 'My Account' }).click();
    await expectOnPath(page, '/account/orders');
    const card = page.locator('.order-card').filter({ hasText: `Order #${order.number}` });
    await expect(card).toContainText('Awaiting payment');
    await expect(card).toContainText(times(order.total, 1));
    await expect(card).toContainText('Bank Transfer');
    await card.getByRole('link', { name: `Order #${order.number}` }).click();
    await expectOnPath(page, `/account/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
    await expect(page.locator('.order-lines')).toContainText(first.name);
    await expect(page.getByRole('region', { name: 'Bank Transfer Details' })).toContainText(
      options.bank_account_details.split('\n')[0],
    );
    await expect(page.getByRole('region', { name: 'Delivering To' })).toContainText('Kathmandu 44600');
    const timeline = page.getByRole('list', { name: 'Order history' });
    await expect(timeline.getByRole('listitem')).toHaveCount(1);
    await expect(timeline.getByRole('listitem')).toContainText('Awaiting payment');

    await openPage(page, '/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  });

  test('a reload keeps the typed address and the chosen method for the checkout, until the order is placed', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    await customerWithCart(page, request, 1);
    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const { 'Contact Number': _later, ...typed } = ADDRESS;
    await fillAddress(page, typed);
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    for (const [label, value] of Object.entries(typed)) {
      await expect(page.getByLabel(label, { exact: true }), label).toHaveValue(value);
    }
    await expect(page.getByLabel('Contact Number', { exact: true })).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'Bank Transfer' })).toBeChecked();

    await fillAddress(page, { 'Contact Number': ADDRESS['Contact Number'] });
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectOnPath(page, '/order-confirmation');
    const kept = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('checkout')));
    expect(kept).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a country whose addresses need a state asks for it from its list; the order keeps and shows it', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    await customerWithCart(page, request, 1);
    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByLabel('State', { exact: true })).toHaveCount(0);
    await fillAddress(page, {
      ...ADDRESS,
      'Street Address': '500 Congress Ave',
      City: 'Austin',
      'Postal Code': '78701',
      Country: 'United States',
      'Contact Number': '+1 512 555 0100',
    });
    const state = page.getByLabel('State', { exact: true });
    await expect(state).toBeVisible();
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.checkout .error-box')).toHaveText(
      'Please fill in all required delivery address fields: region.',
    );
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await expect(state).toBeFocused();
    // Another country that needs none: the field goes; back, it is there again.
    await fillAddress(page, { Country: 'Nepal' });
    await expect(state).toHaveCount(0);
    await fillAddress(page, { Country: 'United States' });
    await state.selectOption('Texas');
    const created = page.waitForResponse(
      (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
    );
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    const placed = await created;
    expect(placed.request().postDataJSON().delivery_address).toMatchObject({ country: 'US', region: 'Texas' });
    await expectOnPath(page, '/order-confirmation');
    await expect(page.getByRole('region', { name: 'Delivering To' })).toContainText('Austin, Texas 78701');
    const order = await placed.json();
    await openPage(page, `/account/orders/${order.id}`);
    await expect(page.getByRole('region', { name: 'Delivering To' })).toContainText('Austin, Texas 78701');
    expect(problems).toEqual([]);
  });

  test('custom payment: the confirmation shows the shop instructions', async ({ page, request }) => {
    await customerWithCart(page, request, 1);
    const options = await paymentOptions(request);
    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillAddress(page);
    await page.getByRole('radio', { name: options.custom_payment_label }).check();
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectOnPath(page, '/order-confirmation');
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment Instructions' })).toContainText(
      options.custom_payment_instructions,
    );
    await expect(page.getByRole('region', { name: 'Bank Transfer Details' })).toHaveCount(0);
  });

  test('card payment: when the payment cannot start, the order stays, the spec explains, and it can be paid later', async ({
    page,
    request,
  }) => {
    await customerWithCart(page, request, 1);
    const initiations: unknown[] = [];
    await page.route('**/api/payments/card/initiate/', (route) => {
      initiations.push(route.request().postDataJSON());
      return route.fulfill({ status: 502, json: { detail: 'The payment gateway could not be reached.' } });
    });

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('radio', { name: 'Credit/Debit Card' })).toBeChecked();
    await fillAddress(page);
    const created = page.waitForResponse(
      (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
    );
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    const order = await (await created).json();
    expect(order.payment_method).toBe('card_2c2p');
    await expect(page.locator('.checkout .error-box')).toHaveText(
      "Your order was created, but we couldn't initiate the card payment. Please contact support or try paying from your order history.",
    );
    expect(initiations).toEqual([{ order_id: order.id, currency: 'USD' }]);
    await expect(badge(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await expect(page).toHaveURL((url) => url.pathname === '/cart');

    // The order awaits its payment in the history, where it can be paid.
    await page.getByRole('link', { name: 'View Your Order' }).click();
    await expectOnPath(page, `/account/orders/${order.id}`);
    await expect(page.locator('.order-facts')).toContainText('Awaiting payment');
    await expect(page.locator('.order-facts')).toContainText('Credit/Debit Card');
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  });

  test('a customer with three orders awaiting payment is told to pay one before placing another', async ({
    page,
    request,
  }) => {
    const { customer, products } = await customerWithCart(page, request, 1);
    const [product] = products;
    if (!product) throw new Error('no stocked product');
    // Three bank-transfer orders left unpaid, and the item back in the cart.
    for (let i = 0; i < 3; i++) {
      await placeBankTransferOrder(request, customer);
      await addItem(request, customer, product);
    }

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillAddress(page);
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.checkout .error-box')).toHaveText(THREE_UNPAID);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    // Nothing was placed: the cart keeps its item.
    await page.getByRole('button', { name: '← Back to Cart' }).click();
    await expect(page.locator('.cart-row')).toHaveCount(1);
    await expect(badge(page)).toHaveText('1');
  });

  test('a retry after a lost answer gets the same order, not a second one', async ({ page, request }) => {
    const { customer } = await customerWithCart(page, request, 1);
    const keys: string[] = [];
    let lose = true;
    await page.route('**/api/orders/orders/', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!lose) return route.continue();
      lose = false;
      // The server places the order, but its answer never reaches the page.
      await route.fetch();
      await route.abort('connectionreset');
    });

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillAddress(page);
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.checkout .error-box')).toBeVisible();
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();

    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    const history = await request.get('/api/orders/orders/', {
      headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
    });
    expect((await history.json()).count).toBe(1);
  });
});

test.describe('orders', () => {
  test("/order-confirmation opened directly says 'Order Information Unavailable'", async ({ page }) => {
    await openPage(page, '/order-confirmation');
    await expect(page.getByRole('heading', { name: 'Order Information Unavailable' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  test("the history asks guests to log in, is empty for a new customer, and answers another's order 'Order not found.'", async ({
    page,
    request,
  }) => {
    await openPage(page, '/account/orders');
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login?redirect=/account/orders');

    const demo = await request.post('/api/accounts/login/', {
      headers: TENANT,
      data: { login_id: 'customer@khukuri.example', password: 'Gurkha-blade-1994' },
    });
    const demoOrders = await request.get('/api/orders/orders/', {
      headers: { ...TENANT, Authorization: `Bearer ${(await demo.json()).access}` },
    });
    const [demoOrder] = (await demoOrders.json()).results;
    expect(demoOrder).toBeDefined();

    await page.evaluate(() => sessionStorage.clear());
    await signIn(page, await newCustomer(request));
    await openPage(page, '/account/orders');
    await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
    await openPage(page, `/account/orders/${demoOrder.id}`);
    await expect(page.locator('.error-box')).toHaveText('Order not found.');
  });

  test('a paid order shows its status and no payment instructions', async ({ page, request }) => {
    const login = await request.post('/api/accounts/login/', {
      headers: TENANT,
      data: { login_id: 'customer@khukuri.example', password: 'Gurkha-blade-1994' },
    });
    const { access, refresh } = await login.json();
    await signIn(page, { email: 'customer@khukuri.example', access, refresh });
    await openPage(page, '/account/orders');
    const delivered = page.locator('.order-card').filter({ hasText: 'Delivered' }).first();
    await delivered.getByRole('link').click();
    await expect(page.getByRole('heading', { name: /^Order #\d+$/ })).toBeVisible();
    await expect(page.locator('.order-facts')).toContainText('Delivered');
    await expect(page.locator('.order-lines .order-line')).not.toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Delivering To' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bank Transfer Details' })).toHaveCount(0);
    // The timeline tells the order's life, oldest first.
    await expect(page.getByRole('list', { name: 'Order history' }).getByRole('listitem')).toHaveText([
      /^Awaiting payment /,
      /^Paid /,
      /^Processing /,
      /^Shipped /,
      /^Delivered /,
    ]);
  });
});
