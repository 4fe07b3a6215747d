import { expect, type Page, test } from '@playwright/test';
import { ownerToken, signInAsOwner, signInAsOwnerThroughApi } from './admin-support.ts';
import { newCustomer, openPage, placeBankTransferOrder, solidPng, TENANT, watchProblems } from './support.ts';

// The owner adds a product on one screen and saves once (slug from the name, prices, featured, stock, category,
// pictures dropped together, reordered, with alt texts); the shop shows it. Then a bulk edit of the product list, and
// a product sold in options: its option types defined, its variants generated and edited in the grid (one given its
// own picture), the shop's page offering them.
// These journeys change the demo shop's lists (the featured shelf): they run after the shop's own journeys.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The rich-text editor of a field (a contenteditable area under its label). */
function richText(page: Page, label: string) {
  return page
    .locator('.ra-input')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('[contenteditable="true"]');
}

async function openMenu(page: Page, name: string) {
  await page.getByRole('menuitem').filter({ hasText: name }).click();
}

test.describe('products in the administration', () => {
  test('the owner creates a product in one screen and one save; the shop shows it, discounted and featured', async ({
    page,
  }) => {
    const problems = watchProblems(page);
    const id = unique();
    const name = `Bhojpure Khukuri ${id}`;
    const slug = `bhojpure-khukuri-${id}`;
    await signInAsOwner(page);
    await openMenu(page, 'Products');
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/create$/);
    await expect(richText(page, 'Long description')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    // The slug follows the name as it is typed.
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);
    await page.getByRole('combobox', { name: 'Category' }).click();
    const category = page.getByRole('option').first();
    const categoryName = (await category.textContent())?.trim() ?? '';
    await category.click();
    await page.getByRole('textbox', { name: 'Price', exact: true }).fill('150.00');
    // The before-discount price must be above the price: told by the form, nothing sent.
    const before = page.getByRole('textbox', { name: 'Price before discount' });
    await before.fill('120.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The price before discount must be above the price.')).toBeVisible();
    await before.fill('180.00');
    await expect(page.getByText('The price before discount must be above the price.')).toHaveCount(0);
    await page.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('6');
    await page.getByLabel('Active (shown in the shop)').check();
    await page.getByLabel("Featured (on the home page's shelf)").check();
    await richText(page, 'Long description').fill('Forged in Bhojpur for this journey.');

    // Two pictures dropped at once (the drop zone's file input), uploaded as they arrive.
    await page.getByLabel('Picture files').setInputFiles([
      { name: 'blade.png', mimeType: 'image/png', buffer: solidPng([150, 90, 40]) },
      { name: 'sheath.png', mimeType: 'image/png', buffer: solidPng([40, 70, 110]) },
    ]);
    const pictures = page.getByRole('list', { name: 'Product pictures' }).getByRole('listitem');
    await expect(pictures).toHaveCount(2);
    const [bladeId, sheathId] = await pictures.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-media')),
    );
    await page.getByLabel('Alt text of picture 1').fill(`${name}, the blade`);
    await page.getByLabel('Alt text of picture 2').fill(`${name} in its sheath`);
    // Reordered by keyboard dragging (the handle: space, arrow, space), then back and forth with the buttons.
    const handle = page.getByRole('button', { name: 'Drag picture 2 to reorder' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowUp');
    // The drag's live region tells screen readers where the picture is: over the first one.
    await expect(page.getByText(`was moved over droppable area ${bladeId}`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(pictures.first()).toHaveAttribute('data-media', sheathId ?? '');
    await pictures.nth(1).getByRole('button', { name: 'Move up' }).click();
    await expect(pictures.first()).toHaveAttribute('data-media', bladeId ?? '');
    await pictures.first().getByRole('button', { name: 'Move down' }).click();
    await expect(pictures.first()).toHaveAttribute('data-media', sheathId ?? '');
    await expect(page.getByLabel('Alt text of picture 1')).toHaveValue(`${name} in its sheath`);
    await expect(pictures.first()).toContainText('Main');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    const stock = page.getByRole('region', { name: 'Stock' });
    await expect(stock.getByTestId('stock')).toHaveText('6');
    await expect(stock.getByRole('row').filter({ hasText: 'opening stock' })).toContainText('+6');

    // The shop: the product page with its before-discount price and pictures in their order, the featured shelf.
    const shop = await page.context().newPage();
    const shopProblems = watchProblems(shop);
    await openPage(shop, `/products/${slug}`);
    await expect(shop.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(shop.getByText('$150.00').first()).toBeVisible();
    await expect(shop.locator('s', { hasText: '$180.00' }).first()).toBeVisible();
    await expect(shop.getByText('Forged in Bhojpur for this journey.')).toBeVisible();
    await expect(shop.getByRole('img', { name: `${name} in its sheath` })).toBeVisible();
    await shop.getByRole('button', { name: 'Show image 2' }).click();
    await expect(shop.getByRole('img', { name: `${name}, the blade` })).toBeVisible();
    await expect(shop.getByText(categoryName).first()).toBeVisible();
    await openPage(shop, '/');
    const shelf = shop.locator('section', { has: shop.getByRole('heading', { name: 'Featured khukuris' }) });
    const card = shelf.locator('.product-card', { hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('DISCOUNT OFFER');

    expect(problems).toEqual([]);
    expect(shopProblems).toEqual([]);
  });

  test('a bulk edit of the product list unpublishes, features and reprices the rows selected', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    const id = unique();
    const token = await ownerToken(request);
    const headers = { ...TENANT, Authorization: `Bearer ${token}` };
    const categories = await request.get('/api/admin/categories/', { headers });
    const categoryId = (await categories.json()).results[0].id;
    const created: { id: number; slug: string }[] = [];
    for (const [index, price] of ['40.00', '19.99'].entries()) {
      const answer = await request.post('/api/admin/products/', {
        headers,
        data: { name: `Bulk khukuri ${id} ${index + 1}`, category: categoryId, price, stock: 3, is_active: true },
      });
      expect(answer.status()).toBe(201);
      created.push(await answer.json());
    }

    await signInAsOwner(page);
    await openMenu(page, 'Products');
    await page.getByPlaceholder('Name or slug').fill(`bulk khukuri ${id}`);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Feature', exact: true }).click();
    await expect(page.getByText('2 products updated')).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Change price' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change prices by a percent' });
    await dialog.getByLabel('Percent').fill('-12.5');
    await dialog.getByRole('button', { name: 'Change prices' }).click();
    await expect(page.getByText('2 products updated')).toBeVisible();
    // 40.00 → 35.00; 19.99 → 17.49125 → 17.49.
    await expect(rows.filter({ hasText: `Bulk khukuri ${id} 1` })).toContainText('$35.00');
    await expect(rows.filter({ hasText: `Bulk khukuri ${id} 2` })).toContainText('$17.49');

    await rows
      .filter({ hasText: `Bulk khukuri ${id} 2` })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByText('1 product updated')).toBeVisible();

    const shop = await page.context().newPage();
    const shopProblems = watchProblems(shop);
    await openPage(shop, `/products/${created[0]?.slug}`);
    await expect(shop.getByText('$35.00').first()).toBeVisible();
    const hidden = await request.get(`/api/products/products/${created[1]?.slug}/`, { headers: TENANT });
    expect(hidden.status()).toBe(404);
    const featured = await request.get('/api/products/products/?featured=true&page=1&page_size=50', {
      headers: TENANT,
    });
    const slugs = (await featured.json()).results.map((product: { slug: string }) => product.slug);
    expect(slugs).toContain(created[0]?.slug);
    expect(slugs).not.toContain(created[1]?.slug);

    expect(problems).toEqual([]);
    expect(shopProblems).toEqual([]);
  });

  test('the owner sells a product in blade lengths: generates its variants, sets a price, a stock and a picture in the grid', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    const id = unique();
    const token = await ownerToken(request);
    const headers = { ...TENANT, Authorization: `Bearer ${token}` };
    const categories = await request.get('/api/admin/categories/', { headers });
    const categoryId = (await categories.json()).results[0].id;
    const answer = await request.post('/api/admin/products/', {
      headers,
      data: { name: `Options khukuri ${id}`, category: categoryId, price: '100.00', stock: 4, is_active: true },
    });
    expect(answer.status()).toBe(201);
    const product = (await answer.json()) as { id: number; slug: string };
    // Two pictures: the whole piece, then a close-up the 12 inch will show first.
    let pictures: { id: number; alt_text: string }[] = [];
    const uploads: [alt: string, rgb: [number, number, number]][] = [
      ['Whole piece', [150, 90, 40]],
      ['Close-up of the mirror polish', [200, 200, 210]],
    ];
    for (const [alt, rgb] of uploads) {
      const uploaded = await request.post(`/api/admin/products/${product.id}/images/`, {
        headers,
        multipart: {
          alt_text: alt,
          image: { name: 'picture.png', mimeType: 'image/png', buffer: solidPng(rgb) },
        },
      });
      expect(uploaded.status()).toBe(201);
      pictures = (await uploaded.json()).images;
    }
    const closeUp = pictures[1] as { id: number; alt_text: string };

    await signInAsOwnerThroughApi(page, request);
    await page.goto(`/admin/products/${product.id}`);
    const options = page.getByRole('region', { name: 'Options' });
    await expect(options).toBeVisible();
    const types = options.locator('form#product-options');
    await types.getByRole('button', { name: 'Add' }).first().click();
    await types.getByRole('textbox', { name: 'Option' }).fill('Blade length');
    await types.getByRole('textbox', { name: 'Values' }).fill('10 inch, 12 inch');
    await types.getByRole('button', { name: 'Generate variants' }).click();
    await expect(page.getByText('Variants generated')).toBeVisible();

    const grid = options.locator('form#product-variants');
    const rows = grid.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('10 inch');
    await expect(rows.nth(1)).toContainText('12 inch');
    // The product's stock moved into its first variant.
    await expect(rows.nth(0).getByRole('spinbutton', { name: 'Stock' })).toHaveValue('4');
    await rows.nth(1).getByRole('textbox', { name: 'Price', exact: true }).fill('120.00');
    await rows.nth(1).getByRole('spinbutton', { name: 'Stock' }).fill('3');
    // The 12 inch's own picture, chosen among the product's.
    await rows.nth(1).getByRole('combobox', { name: 'Pictures' }).click();
    await page.getByRole('option', { name: '2. Close-up of the mirror polish' }).click();
    await page.keyboard.press('Escape');
    // The 12 inch's own page: its lead text, a specification and its close-up's alt text.
    await rows.nth(1).getByRole('button', { name: 'Own page of 12 inch' }).click();
    const ownPage = page.getByRole('dialog', { name: 'Page of 12 inch' });
    await ownPage.getByRole('textbox', { name: 'Lead text' }).fill('A 12 inch blade, forged to order.');
    await ownPage.getByRole('button', { name: 'Add' }).click();
    await ownPage.getByRole('textbox', { name: 'Name' }).fill('Blade length');
    await ownPage.getByRole('textbox', { name: 'Value' }).fill('12 inches (30 cm)');
    await ownPage.getByRole('textbox', { name: 'Picture 2' }).fill('Close-up of the 12 inch’s mirror polish');
    await ownPage.getByRole('button', { name: 'Done' }).click();
    await expect(ownPage).toBeHidden();
    await expect(rows.nth(1).getByRole('button', { name: 'Own page of 12 inch' })).toHaveText('Own page ✓');
    // The product read again after the save comes late, as on a slow network: the notice waits for it, since the grid
    // is drawn anew from it, and a count typed into the grid drawn before would be lost.
    const productAddress = new RegExp(`/api/admin/products/${product.id}/$`);
    let productReadAgain = false;
    await page.route(productAddress, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    page.on('response', (response) => {
      if (response.request().method() === 'GET' && productAddress.test(response.url())) productReadAgain = true;
    });
    await grid.getByRole('button', { name: 'Save variants' }).click();
    await expect(page.getByText('Variants saved')).toBeVisible();
    expect(productReadAgain).toBe(true);
    await page.unroute(productAddress);
    await expect(page.getByRole('region', { name: 'Stock' }).getByTestId('stock')).toHaveText('7');

    // "Set stock for all" counts every row at once.
    await grid.getByRole('spinbutton', { name: 'Stock for all' }).fill('5');
    await grid.getByRole('button', { name: 'Set stock for all' }).click();
    await grid.getByRole('button', { name: 'Save variants' }).click();
    await expect(page.getByRole('region', { name: 'Stock' }).getByTestId('stock')).toHaveText('10');

    const saved = await request.get(`/api/admin/products/${product.id}/`, { headers });
    const variants = (await saved.json()).variants as {
      options: Record<string, string>;
      price: string | null;
      image_ids: number[];
      description: string | null;
      attributes: { key: string; value: string }[];
      image_alt_texts: { image_id: number; alt_text: string }[];
    }[];
    expect(variants.map((variant) => [variant.options['Blade length'], variant.price, variant.image_ids])).toEqual([
      ['10 inch', null, []],
      ['12 inch', '120.00', [closeUp.id]],
    ]);
    expect(
      variants.map(({ description, attributes, image_alt_texts }) => [description, attributes, image_alt_texts]),
    ).toEqual([
      [null, [], []],
      [
        'A 12 inch blade, forged to order.',
        [{ key: 'Blade length', value: '12 inches (30 cm)' }],
        [{ image_id: closeUp.id, alt_text: 'Close-up of the 12 inch’s mirror polish' }],
      ],
    ]);

    // The shop: the product page offers the blade lengths, the 12 inch at its own price.
    const shop = await page.context().newPage();
    const shopProblems = watchProblems(shop);
    await openPage(shop, `/products/${product.slug}`);
    const price = shop.locator('.product-detail__price .price').first();
    await expect(shop.getByRole('radio', { name: '10 inch' })).toBeChecked();
    await expect(price).toHaveText('$100.00');
    const shown = shop.getByTestId('zoom-stage').getByRole('img');
    await expect(shown).toHaveAttribute('alt', 'Whole piece');
    await expect(shop.locator('.product-detail__description')).toHaveText('No description available.');
    await shop.getByRole('radio', { name: '12 inch' }).check();
    await expect(price).toHaveText('$120.00');
    // Its own picture leads the gallery, described as its page says; its lead text and Details are its own.
    await expect(shown).toHaveAttribute('alt', 'Close-up of the 12 inch’s mirror polish');
    await expect(shop.locator('.product-detail__description')).toHaveText('A 12 inch blade, forged to order.');
    await expect(shop.locator('.product-detail__details')).toContainText('Blade length12 inches (30 cm)');
    expect(problems).toEqual([]);
    expect(shopProblems).toEqual([]);
  });
});

test.describe('the variant grid', () => {
  test('keeps what was typed into two rows and saves both; the stock ledger names the order and the variant', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    const id = unique();
    const token = await ownerToken(request);
    const headers = { ...TENANT, Authorization: `Bearer ${token}` };
    const categoryId = (await (await request.get('/api/admin/categories/', { headers })).json()).results[0].id;
    const created = await request.post('/api/admin/products/', {
      headers,
      data: {
        name: `Grid khukuri ${id}`,
        category: categoryId,
        price: '100.00',
        price_before_discount: '130.00',
        stock: 2,
        is_active: true,
      },
    });
    const product = (await created.json()) as { id: number };
    const options = await request.put(`/api/admin/products/${product.id}/options/`, {
      headers,
      data: { options: [{ name: 'Finish', values: ['Satin', 'Mirror'] }], personalisation: [] },
    });
    expect(options.status(), await options.text()).toBe(200);

    await signInAsOwnerThroughApi(page, request);
    await page.goto(`/admin/products/${product.id}`);
    const grid = page.getByRole('region', { name: 'Options' }).locator('form#product-variants');
    const rows = grid.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await rows.nth(0).getByRole('textbox', { name: 'Price', exact: true }).fill('90.00');
    await rows.nth(0).getByRole('spinbutton', { name: 'Stock' }).fill('4');
    await rows.nth(1).getByRole('textbox', { name: 'Price', exact: true }).fill('110.00');
    await rows.nth(1).getByRole('spinbutton', { name: 'Stock' }).fill('6');
    await expect(rows.nth(0).getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('90.00');
    await expect(rows.nth(1).getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('110.00');
    await grid.getByRole('button', { name: 'Save variants' }).click();
    await expect(page.getByText('Variants saved')).toBeVisible();
    // The first row is the default variant, whose prices are the product's: it shows them, the typed one included.
    const firstBefore = rows.nth(0).getByRole('textbox', { name: 'Before discount' });
    for (const shown of [() => Promise.resolve(), () => page.reload()]) {
      await shown();
      await expect(rows.nth(0).getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('90.00');
      await expect(firstBefore).toHaveValue('130.00');
      await expect(rows.nth(0).getByRole('spinbutton', { name: 'Stock' })).toHaveValue('4');
      await expect(rows.nth(1).getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('110.00');
      await expect(rows.nth(1).getByRole('spinbutton', { name: 'Stock' })).toHaveValue('6');
    }
    const saved = (await (await request.get(`/api/admin/products/${product.id}/`, { headers })).json()) as {
      price: string;
      price_before_discount: string | null;
      variants: { options: Record<string, string>; price: string | null; stock: number }[];
    };
    // The default's own price stays none: the product's is its.
    expect([saved.price, saved.price_before_discount]).toEqual(['90.00', '130.00']);
    expect(saved.variants.map((variant) => [variant.options.Finish, variant.price, variant.stock])).toEqual([
      ['Satin', null, 4],
      ['Mirror', '110.00', 6],
    ]);

    // The stock ledger names an order by its number and a variant by its values.
    const mirror = (saved as unknown as { variants: { id: number; options: Record<string, string> }[] }).variants.find(
      (variant) => variant.options.Finish === 'Mirror',
    );
    const customer = await newCustomer(request);
    const added = await request.post('/api/orders/cart/add-item/', {
      headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
      data: { product_id: product.id, variant_id: mirror?.id, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(200);
    const order = await placeBankTransferOrder(request, customer);
    await page.reload();
    const ledger = page.getByRole('region', { name: 'Stock' });
    const sold = ledger.getByRole('row').filter({ has: page.getByRole('link') });
    await expect(sold).toHaveCount(1);
    await expect(sold.getByRole('cell').nth(3)).toHaveText('Mirror');
    await expect(sold.getByRole('link', { name: `#${order.number}` })).toHaveAttribute(
      'href',
      new RegExp(`/orders/${order.id}/show$`),
    );
    expect(problems).toEqual([]);
  });
});

test.describe('slugs from the name', () => {
  test('a product, a category and a post named like another get a slug of their own; a typed slug taken is refused', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    const id = unique();
    const token = await ownerToken(request);
    const headers = { ...TENANT, Authorization: `Bearer ${token}` };
    const categoryId = (await (await request.get('/api/admin/categories/', { headers })).json()).results[0].id;
    const name = `Twin khukuri ${id}`;
    const first = await request.post('/api/admin/products/', {
      headers,
      data: { name, category: categoryId, price: '100.00' },
    });
    expect((await first.json()).slug).toBe(`twin-khukuri-${id}`);
    await request.post('/api/admin/categories/', { headers, data: { name: `Twin knives ${id}` } });
    await request.post('/api/admin/posts/', { headers, data: { title: `Twin post ${id}` } });

    await signInAsOwnerThroughApi(page, request);
    await page.goto('/admin/products/create');
    const slugField = page.getByRole('textbox', { name: 'Slug' });
    const fillProduct = async () => {
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('textbox', { name: 'Price', exact: true }).fill('120.00');
    };
    // Typed by hand, a slug another product has is refused on its field.
    await fillProduct();
    await expect(slugField).toHaveValue(`twin-khukuri-${id}`);
    await slugField.fill('');
    await slugField.pressSequentially(`twin-khukuri-${id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A product with this slug already exists.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/create$/);

    // Filled from the name, the same slug is made the product's own.
    await page.goto('/admin/products');
    await page.goto('/admin/products/create');
    await fillProduct();
    await expect(slugField).toHaveValue(`twin-khukuri-${id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(slugField).toHaveValue(`twin-khukuri-${id}-2`);

    await page.goto('/admin/categories/create');
    await page.getByRole('textbox', { name: 'Name' }).fill(`Twin knives ${id}`);
    await expect(slugField).toHaveValue(`twin-knives-${id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element created')).toBeVisible();
    const categories = await request.get(`/api/admin/categories/?search=twin-knives-${id}`, { headers });
    expect((await categories.json()).results.map((category: { slug: string }) => category.slug).sort()).toEqual([
      `twin-knives-${id}`,
      `twin-knives-${id}-2`,
    ]);

    await page.goto('/admin/posts/create');
    await page.getByRole('textbox', { name: 'Title' }).fill(`Twin post ${id}`);
    await expect(slugField).toHaveValue(`twin-post-${id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element created')).toBeVisible();
    await expect(slugField).toHaveValue(`twin-post-${id}-2`);
    // The one error answer (and the browser's line about it): the typed slug refused.
    expect(problems).toEqual([
      expect.stringMatching(/^400 .*\/api\/admin\/products\/$/),
      expect.stringContaining('status of 400'),
    ]);
  });
});
