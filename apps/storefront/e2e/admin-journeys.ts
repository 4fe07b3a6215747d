import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import {
  ADMIN_VIEWPORTS,
  expectNoHorizontalScroll,
  listRecords,
  ownerToken,
  requestsSettled,
  signInAsOwnerThroughApi,
  sharedBrowserTest as test,
} from './admin-support.ts';
import {
  addItem,
  axeViolations,
  newCustomer,
  placeBankTransferOrder,
  stockedProducts,
  TENANT,
  watchProblems,
} from './support.ts';

// The owner's journeys through every screen of the administration's menu, on a desktop and on a phone (the tests are
// in admin-journeys.spec.ts and admin-journeys-content.spec.ts, each file half of the menu: the two run beside each
// other, and never the same screen at once): each lists,
// sorts (by a column's header; a phone has no headers), filters, opens, edits and saves, creates and deletes where
// the screen allows. Any answer of 400 or above, console error or page error during a journey fails it, and so does a
// page wider than the screen. What journeys write never shows on the shop (drafts, hidden FAQs, unpublished
// policies), since the storefront's journeys run meanwhile.

interface Kit {
  page: Page;
  request: APIRequestContext;
  narrow: boolean;
  /** Unique per run and viewport: names of what a journey creates. */
  tag: string;
  /** Screens (lists and forms) checked by axe along the way. */
  axe: (screen: string) => Promise<void>;
}

async function openList(kit: Kit, resource: string) {
  await kit.page.goto(`/admin/${resource}`);
  // The list, or the line a list without any record shows (a fresh shop has no discount yet).
  await expect(
    kit.page.locator('.RaList-main, .RaList-content').or(kit.page.getByText('Nothing here yet.')).first(),
  ).toBeVisible();
  await expect(kit.page.getByRole('progressbar')).toHaveCount(0);
}

/** Sorts the list by a column, on a desktop (a phone shows cards without headers). */
async function sortBy(kit: Kit, column: string, field: string) {
  if (kit.narrow) return;
  const header = kit.page.locator('.RaDatagrid-headerCell').filter({ hasText: new RegExp(`^${column}$`) });
  await header.getByRole('button').click();
  await expect(kit.page).toHaveURL(new RegExp(`sort=${field}`));
  // The records read again in that order (a click meanwhile could land on a row about to be drawn again).
  await settled(kit.page);
  // The pointer moves on, as an owner's does: the header's tooltip, left open under it, would cover the first row.
  await kit.page.mouse.move(0, 0);
  await expect(kit.page.getByRole('tooltip')).toHaveCount(0);
}

/** Chooses `option` in the list filter `label`. */
async function choose(page: Page, label: string, option: string) {
  const before = page.url();
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // Its list closed (a click meanwhile would land on its backdrop), the filter in the address (react-admin writes it
  // there after a pause: a navigation before would be undone) and the list's new records loaded.
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page).not.toHaveURL(before);
  await settled(page);
}

/** Waits until the app has no request under way (a list's records, a record saved). */
async function settled(page: Page) {
  await requestsSettled(page);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

async function search(kit: Kit, text: string, placeholder = 'Search') {
  await kit.page.getByPlaceholder(placeholder).fill(text);
  // The list applies a search after a pause: until the address holds this one, a click on a row could be undone by
  // it (the list's filter navigates back to the list). An earlier sort or search already put a filter there.
  await expect(kit.page).toHaveURL((url) => (url.searchParams.get('filter') ?? '').includes(JSON.stringify(text)));
  await settled(kit.page);
}

/** The form field labelled `label` (a required one's label ends with " *"). */
function field(kit: Kit, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return kit.page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

function record(kit: Kit, text: string) {
  return listRecords(kit.page).filter({ hasText: text });
}

async function createRecord(kit: Kit, label = 'Create') {
  await openWith(kit, kit.page.getByRole('link', { name: label, exact: true }), /\/create$/);
}

/**
 * Clicks what opens a screen until it is open: a phone's floating Create button slides away while the list scrolls,
 * and a list's cards are replaced as its records load.
 */
async function openWith(kit: Kit, target: Locator, address: RegExp) {
  await expect(async () => {
    await target.click();
    await expect(kit.page).toHaveURL(address, { timeout: 2_000 });
  }).toPass();
}

/**
 * Saves the form and waits for the screen it leads to (by default the list: a click before would be undone by that
 * navigation).
 */
async function save(kit: Kit, notice: string | RegExp = 'Element updated', next = /\/admin\/[a-z-]+(\?.*)?$/) {
  const button = kit.page.getByRole('button', { name: 'Save', exact: true });
  await expect(button).toBeEnabled();
  // Tapped, on a phone too: the last notice shows above the form's toolbar (`ShopNotification`).
  await button.click();
  await expect(kit.page.getByText(notice).first()).toBeVisible();
  await expect(kit.page).toHaveURL(next);
  await settled(kit.page);
}

/** Deletes the record open in its edit screen, confirmed in the dialog. */
async function deleteOpenRecord(kit: Kit) {
  // The edit form on screen (the list it came from, a Delete per row, may still be leaving it).
  await expect(kit.page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(kit.page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(1);
  await kit.page.getByRole('button', { name: 'Delete', exact: true }).click();
  await kit.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(kit.page.getByText('Element deleted')).toBeVisible();
}

export async function violations(page: Page): Promise<string[]> {
  // Read once the screen is still: a button fading in, a menu fading out or a spinner would be judged mid-way.
  await settled(page);
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 3_000 },
    )
    // An endless animation (a caret, a pulse) leaves the screen as still as it gets.
    .catch(() => undefined);
  return axeViolations(page);
}

/** A new customer's order of one stocked product, by bank transfer (awaiting payment). */
async function bankTransferOrder(request: APIRequestContext) {
  const customer = await newCustomer(request);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  await addItem(request, customer, product);
  return { customer, order: await placeBankTransferOrder(request, customer) };
}

type Journey = (kit: Kit) => Promise<void>;

/** Every entry of the admin menu (its text) and its journey. */
export const JOURNEYS: Record<string, Journey> = {
  Dashboard: async (kit) => {
    await kit.page.goto('/admin');
    await expect(kit.page.getByRole('heading', { name: 'Low stock' })).toBeVisible();
    await expect(kit.page.getByText('Orders today')).toBeVisible();
    await kit.axe('dashboard');
  },

  Orders: async (kit) => {
    const { customer, order } = await bankTransferOrder(kit.request);
    await openList(kit, 'orders');
    await kit.axe('orders list');
    await sortBy(kit, 'Total', 'total');
    await choose(kit.page, 'Status', 'Awaiting payment');
    await search(kit, order.number, 'Order number or e-mail');
    // Every order found holds the digits, and one is this order: the one whose number is them (its cell, or a card's
    // first line "1047 · $28.00"). Others may hold them in their customer's e-mail address (the tests' addresses hold a
    // time: 1796104701855 holds 1047).
    await expect(listRecords(kit.page).filter({ hasNotText: order.number })).toHaveCount(0);
    const own = listRecords(kit.page).filter({ has: kit.page.getByText(new RegExp(`^${order.number}( ·|$)`)) });
    await expect(own).toHaveCount(1);
    await openWith(kit, own, new RegExp(`/admin/orders/${order.id}/show$`));
    await expect(kit.page.getByText(customer.email).first()).toBeVisible();
    await kit.axe('order');
    // An order's edit: a note, then a move.
    const notes = kit.page.getByRole('region', { name: 'Internal notes' });
    await notes.getByLabel('New note').fill(`Called the customer ${kit.tag}.`);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('list', { name: 'Notes' })).toContainText(`Called the customer ${kit.tag}.`);
    await kit.page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(
      kit.page.getByRole('region', { name: 'Order', exact: true }).locator('[data-status="paid"]').first(),
    ).toBeVisible();
  },

  Returns: async (kit) => {
    // A return to look at: a customer's order, its return opened by the owner on the customer's behalf.
    const { order } = await bankTransferOrder(kit.request);
    const opened = await kit.request.post('/api/admin/returns/', {
      headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(kit.request)}` },
      data: { order_id: order.id },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    await openList(kit, 'returns');
    await kit.axe('returns list');
    await sortBy(kit, 'Requested', 'requested_at');
    await choose(kit.page, 'Status', 'Requested');
    await search(kit, order.number, 'Order number');
    await expect(listRecords(kit.page)).toHaveCount(1);
    await openWith(kit, record(kit, order.number), /\/admin\/returns\/\d+\/show$/);
    await expect(kit.page.getByRole('link', { name: 'Refund' })).toBeVisible();
    await kit.axe('return');
    // Rejected with a reason (the customer is e-mailed it): its units may be returned again.
    await kit.page.getByRole('button', { name: 'Reject' }).click();
    const dialog = kit.page.getByRole('dialog');
    await dialog.getByLabel(/^Reason/).fill(`Not from this shop ${kit.tag}.`);
    await kit.axe('return rejection');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(kit.page.locator('[data-status="rejected"]')).toBeVisible();
    await settled(kit.page);
    // Opened again on the customer's behalf, for the whole order.
    await openList(kit, 'returns');
    await createRecord(kit);
    await kit.page.getByRole('combobox', { name: /^Order/ }).fill(order.number);
    await kit.page.getByRole('option', { name: order.number, exact: true }).click();
    await kit.axe('return form');
    await save(kit, 'Element created', /\/admin\/returns\/\d+\/show$/);
    await expect(kit.page.locator('[data-status="requested"]')).toBeVisible();
  },

  Products: async (kit) => {
    await openList(kit, 'products');
    await kit.axe('products list');
    await sortBy(kit, 'Name', 'name');
    // The category filter lists the shop's categories, and the category cells name theirs.
    await choose(kit.page, 'Category', 'Traditional Khukuris');
    await expect(listRecords(kit.page).first()).toBeVisible();
    if (!kit.narrow) await expect(listRecords(kit.page).first()).toContainText('Traditional Khukuris');
    const first = listRecords(kit.page).first();
    const name = (await first.textContent()) ?? '';
    await openWith(kit, first, /\/admin\/products\/\d+$/);
    // The product's category is named (it used to be an error: the category had no address of its own).
    await expect(kit.page.locator('input[value="Traditional Khukuris"]')).toBeVisible();
    await expect(kit.page.getByText(/not allowed/i)).toHaveCount(0);
    expect(name).not.toBe('');
    await kit.axe('product form');
    // Creating and saving products: the product journeys (admin-products.spec.ts).
    await expectNoHorizontalScroll(kit.page);
  },

  Categories: async (kit) => {
    const name = `Whetstones ${kit.tag}`;
    await openList(kit, 'categories');
    await kit.axe('categories list');
    await sortBy(kit, 'Name', 'name');
    await createRecord(kit);
    await field(kit, 'Name').fill(name);
    await field(kit, 'Slug').fill(`whetstones-${kit.tag}`);
    await kit.axe('category form');
    await save(kit, 'Element created');
    await search(kit, name);
    await expect(listRecords(kit.page)).toHaveCount(1);
    await openWith(kit, record(kit, name), /\/admin\/categories\/\d+$/);
    await expect(field(kit, 'Name')).toHaveValue(name);
    await field(kit, 'Name').fill(`${name} and strops`);
    await save(kit);
    await openWith(kit, record(kit, `${name} and strops`), /\/\d+$/);
    await deleteOpenRecord(kit);
  },

  'Blog posts': async (kit) => {
    const title = `Draft notes ${kit.tag}`;
    await openList(kit, 'posts');
    await kit.axe('posts list');
    await sortBy(kit, 'Title', 'title');
    await choose(kit.page, 'Status', 'Published');
    await expect(listRecords(kit.page).first()).toBeVisible();
    await createRecord(kit);
    await field(kit, 'Title').fill(title);
    await field(kit, 'Slug').fill(`draft-notes-${kit.tag}`);
    await kit.axe('post form');
    // The edit screen reads the new post again: a field typed before that answer came could be reset by it.
    const reread = kit.page.waitForResponse(
      (response) => response.request().method() === 'GET' && /\/api\/admin\/posts\/\d+\/$/.test(response.url()),
    );
    await save(kit, 'Element created', /\/admin\/posts\/\d+$/);
    await reread;
    await settled(kit.page);
    await field(kit, 'Excerpt').fill('Notes from the forge, not yet for the shop.');
    await save(kit, 'Element updated', /\/admin\/posts\/\d+$/);
    await deleteOpenRecord(kit);
  },

  Reviews: async (kit) => {
    await openList(kit, 'reviews');
    await kit.axe('reviews list');
    await sortBy(kit, 'Rating', 'rating');
    await choose(kit.page, 'Visibility', 'Hidden');
    await choose(kit.page, 'Visibility', 'Shown');
    const first = listRecords(kit.page).first();
    await expect(first).toBeVisible();
    // Hidden and shown again: the shop's averages are back as they were.
    await first.getByRole('button', { name: 'Hide' }).click();
    await expect(kit.page.getByText('Review hidden')).toBeVisible();
    await choose(kit.page, 'Visibility', 'Hidden');
    await listRecords(kit.page).first().getByRole('button', { name: 'Show' }).click();
    await expect(kit.page.getByText('Review shown')).toBeVisible();
  },

  'Search synonyms': async (kit) => {
    const word = `whetstone${kit.tag}`;
    await openList(kit, 'synonyms');
    await kit.axe('synonyms list');
    await createRecord(kit);
    const words = field(kit, 'Words that mean the same');
    await words.fill(word);
    await words.press('Enter');
    await words.fill(`sharpening stone ${kit.tag}`);
    await words.press('Enter');
    await kit.axe('synonyms form');
    await save(kit, 'Element created');
    await openWith(kit, record(kit, word), /\/admin\/synonyms\/\d+$/);
    await field(kit, 'Words that mean the same').fill(`hone${kit.tag}`);
    await field(kit, 'Words that mean the same').press('Enter');
    await save(kit);
    await openWith(kit, record(kit, `hone${kit.tag}`), /\/\d+$/);
    await deleteOpenRecord(kit);
  },

  'Search concepts': async (kit) => {
    const word = `trekking${kit.tag}`;
    await openList(kit, 'concepts');
    await kit.axe('concepts list');
    await createRecord(kit);
    const words = field(kit, 'Related words');
    await words.fill(word);
    await words.press('Enter');
    await words.fill(`campfire ${kit.tag}`);
    await words.press('Enter');
    await kit.axe('concepts form');
    await save(kit, 'Element created');
    await openWith(kit, record(kit, word), /\/admin\/concepts\/\d+$/);
    await field(kit, 'Related words').fill(`trail${kit.tag}`);
    await field(kit, 'Related words').press('Enter');
    await save(kit);
    await openWith(kit, record(kit, `trail${kit.tag}`), /\/\d+$/);
    await deleteOpenRecord(kit);
  },

  'Shipping zones': async (kit) => {
    const name = `Pacific ${kit.tag}`;
    await openList(kit, 'shipping-zones');
    await kit.axe('shipping zones list');
    await sortBy(kit, 'Per order', 'flat_rate');
    await createRecord(kit);
    await field(kit, 'Name').fill(name);
    await field(kit, 'Countries').fill(kit.narrow ? 'Nauru' : 'Tuvalu');
    await kit.page.getByRole('option', { name: kit.narrow ? 'Nauru (NR)' : 'Tuvalu (TV)' }).click();
    await field(kit, 'Rate per order').fill('40.00');
    await field(kit, 'Surcharge per item').fill('0.00');
    await field(kit, 'Delivery: from (business days)').fill('10');
    await field(kit, 'Delivery: to (business days)').fill('20');
    await kit.axe('shipping zone form');
    await save(kit, 'Element created');
    await search(kit, name);
    await expect(listRecords(kit.page)).toHaveCount(1);
    await openWith(kit, record(kit, name), /\/\d+$/);
    await field(kit, 'Rate per order').fill('45.00');
    await save(kit);
    await openWith(kit, record(kit, name), /\/\d+$/);
    await deleteOpenRecord(kit);
  },

  'Shipping restrictions': async (kit) => {
    // A destination no journey of the shop ships to, closed to the care kit while it runs.
    const message = `No blades by post ${kit.tag}.`;
    await openList(kit, 'shipping-restrictions');
    await kit.axe('shipping restrictions list');
    await createRecord(kit);
    await field(kit, 'Country').fill(kit.narrow ? 'Nauru' : 'Tuvalu');
    await kit.page.getByRole('option', { name: kit.narrow ? 'Nauru (NR)' : 'Tuvalu (TV)' }).click();
    await field(kit, 'Products').fill('Blade Care');
    await kit.page.getByRole('option', { name: 'Khukuri Blade Care Kit' }).click();
    await field(kit, 'Message to the shopper').fill(message);
    await kit.axe('shipping restriction form');
    await save(kit, 'Element created');
    await search(kit, message);
    await expect(listRecords(kit.page)).toHaveCount(1);
    // A phone's list shows the destination and the message; a desktop's the products too.
    await expect(record(kit, message)).toContainText(kit.narrow ? 'Nauru' : 'Khukuri Blade Care Kit');
    await openWith(kit, record(kit, message), /\/admin\/shipping-restrictions\/\d+$/);
    await field(kit, 'Message to the shopper').fill(`${message} Sorry.`);
    await save(kit);
    await search(kit, `${message} Sorry.`);
    await openWith(kit, record(kit, message), /\/admin\/shipping-restrictions\/\d+$/);
    await deleteOpenRecord(kit);
  },

  Tax: async (kit) => {
    const name = `Levy ${kit.tag}`;
    await openList(kit, 'tax-rates');
    // The shop's setting is only read here: the storefront's journeys price with it meanwhile.
    await expect(kit.page.getByRole('switch', { name: 'Prices are entered with tax' })).toBeVisible();
    await kit.axe('tax list');
    await createRecord(kit);
    await field(kit, 'Name').fill(name);
    await field(kit, 'Rate (%)').fill('5.5');
    await field(kit, 'Country').fill(kit.narrow ? 'Nauru' : 'Tuvalu');
    await kit.page.getByRole('option', { name: kit.narrow ? 'Nauru (NR)' : 'Tuvalu (TV)' }).click();
    await expect(kit.page.getByRole('listbox')).toHaveCount(0);
    await kit.axe('tax rate form');
    await save(kit, 'Element created');
    // Sorted once the list has a rate at least (a shop may have none before).
    await sortBy(kit, 'Rate', 'rate');
    await search(kit, name);
    await expect(listRecords(kit.page)).toHaveCount(1);
    await expect(record(kit, name)).toContainText(kit.narrow ? 'Nauru' : 'Tuvalu');
    await openWith(kit, record(kit, name), /\/admin\/tax-rates\/\d+$/);
    await field(kit, 'Rate (%)').fill('6');
    await kit.page.getByRole('combobox', { name: /^Shown to shoppers/ }).click();
    await kit.page.getByRole('option', { name: 'Added at checkout (sales tax)', exact: true }).click();
    await expect(kit.page.locator('.MuiPopover-root')).toHaveCount(0);
    await save(kit);
    await search(kit, name);
    await expect(record(kit, name)).toContainText('6%');
    await openWith(kit, record(kit, name), /\/admin\/tax-rates\/\d+$/);
    await deleteOpenRecord(kit);
  },

  Currencies: async (kit) => {
    // A currency no journey of the shop reads prices in: the storefront's journeys convert with the others meanwhile.
    const code = kit.narrow ? 'SEK' : 'CHF';
    await kit.page.goto('/admin/currency-settings');
    const codes = kit.page.getByRole('textbox', { name: /^Code/ });
    await expect(codes.first()).toHaveValue('EUR');
    await expect(kit.page.getByRole('combobox', { name: /^Rates/ })).toContainText('Typed here');
    await kit.axe('currencies');
    const lines = await codes.count();
    await kit.page.getByRole('button', { name: 'Add' }).click();
    await codes.nth(lines).fill(code);
    const rate = kit.page.getByRole('textbox', { name: /^Rate/ }).nth(lines);
    await rate.fill('cheap');
    await kit.page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    await expect(kit.page.getByText('Enter a rate above 0 with at most six decimals, such as 0.92.')).toBeVisible();
    await rate.fill('9.5');
    const sent = kit.page.waitForRequest(
      (call) => call.method() === 'PATCH' && call.url().includes('/api/admin/currency-settings/'),
    );
    await kit.page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    expect((await sent).postDataJSON().currencies.at(-1)).toMatchObject({ code, rate: '9.5', rounding: 'none' });
    await expect(kit.page.getByText('Element updated').first()).toBeVisible();
    await settled(kit.page);
    await kit.page.reload();
    await expect(codes.nth(lines)).toHaveValue(code);
    // Back as it was: each line's Remove is in view (and in the keyboard's reach) without the pointer on it.
    const remove = kit.page.locator('.RaSimpleFormIterator-line').nth(lines).getByRole('button', { name: 'Remove' });
    await expect(remove).toBeVisible();
    await remove.focus();
    await remove.press('Enter');
    await expect(codes).toHaveCount(lines);
    await kit.page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    await expect(kit.page.getByText('Element updated').first()).toBeVisible();
    await settled(kit.page);
    await kit.page.reload();
    await expect(codes).toHaveCount(lines);
  },

  Customers: async (kit) => {
    const customer = await newCustomer(kit.request);
    await openList(kit, 'customers');
    await kit.axe('customers list');
    await sortBy(kit, 'E-mail', 'email');
    await choose(kit.page, 'Account', 'Active');
    await search(kit, customer.email, 'E-mail or name');
    await expect(listRecords(kit.page)).toHaveCount(1);
    await openWith(kit, record(kit, customer.email), /\/admin\/customers\/\d+\/show$/);
    await expect(kit.page.getByText('No orders yet.')).toBeVisible();
    await kit.axe('customer');
    kit.page.once('dialog', (dialog) => dialog.accept());
    await kit.page.getByRole('button', { name: 'Disable account' }).click();
    await expect(kit.page.getByText('Account disabled')).toBeVisible();
    await kit.page.getByRole('button', { name: 'Enable account' }).click();
    await expect(kit.page.getByText('Account enabled')).toBeVisible();
  },

  Comments: async (kit) => {
    const reader = await newCustomer(kit.request);
    const posts = await (await kit.request.get('/api/blog/posts/', { headers: TENANT })).json();
    const text = `A fine read ${kit.tag}`;
    const posted = await kit.request.post('/api/blog/comments/', {
      headers: { ...TENANT, Authorization: `Bearer ${reader.access}` },
      data: { post: posts[0].id, content: text },
    });
    expect(posted.status()).toBe(201);
    await openList(kit, 'comments');
    await kit.axe('comments list');
    await sortBy(kit, 'Posted', 'created_at');
    await search(kit, kit.tag);
    await expect(listRecords(kit.page)).toHaveCount(1);
    const comment = record(kit, text);
    const approved = (await comment.getByRole('button', { name: 'Reject' }).count()) > 0;
    await comment.getByRole('button', { name: approved ? 'Reject' : 'Approve' }).click();
    await expect(kit.page.getByText(approved ? 'Comment rejected' : 'Comment approved')).toBeVisible();
    await choose(kit.page, 'Approval', approved ? 'Awaiting approval' : 'Approved');
    await expect(listRecords(kit.page)).toHaveCount(1);
  },

  'Blog settings': async (kit) => {
    await kit.page.goto('/admin/blog-settings');
    const moderate = field(kit, 'Hold new comments for approval');
    await expect(moderate).toBeVisible();
    await kit.axe('blog settings');
    const before = await moderate.isChecked();
    // Saved as it was: other journeys post comments meanwhile.
    await moderate.click();
    await moderate.click();
    await expect(moderate).toBeChecked({ checked: before });
  },

  FAQs: async (kit) => {
    const question = `Do you sharpen old blades ${kit.tag}?`;
    await openList(kit, 'faqs');
    await kit.axe('faqs list');
    await sortBy(kit, 'Order', 'order');
    await createRecord(kit);
    await field(kit, 'Question').fill(question);
    await field(kit, 'Order').fill('99');
    // Hidden from the shop's FAQ page, which other journeys count.
    await field(kit, 'Shown on the FAQ page').uncheck();
    await kit.axe('faq form');
    await save(kit, 'Element created');
    await search(kit, kit.tag);
    await expect(listRecords(kit.page)).toHaveCount(1);
    await openWith(kit, record(kit, question), /\/\d+$/);
    await field(kit, 'Question').fill(`${question} Yes`);
    await save(kit);
    await openWith(kit, record(kit, question), /\/\d+$/);
    await deleteOpenRecord(kit);
  },

  Policies: async (kit) => {
    const title = `Returns draft ${kit.tag}`;
    await openList(kit, 'documents');
    await kit.axe('policies list');
    await sortBy(kit, 'Updated', 'updated_at');
    await choose(kit.page, 'Document', 'Privacy policy');
    await expect(listRecords(kit.page).first()).toBeVisible();
    await createRecord(kit);
    await field(kit, 'Title').fill(title);
    await kit.axe('policy form');
    await save(kit, 'Element created');
    await choose(kit.page, 'Document', 'Refund policy');
    await openWith(kit, record(kit, title), /\/\d+$/);
    await field(kit, 'Title').fill(`${title} (revised)`);
    await save(kit);
    await openWith(kit, record(kit, `${title} (revised)`), /\/\d+$/);
    await deleteOpenRecord(kit);
  },

  'Home page': async (kit) => {
    await kit.page.goto('/admin/home-page');
    await expect(field(kit, 'Title')).not.toHaveValue('');
    await expect(kit.page.getByRole('region', { name: 'Preview of the hero' })).toBeVisible();
    await expect(kit.page.getByRole('radio', { name: 'The products marked as featured' })).toBeChecked();
    await kit.axe('home page');
  },

  'Site settings': async (kit) => {
    await kit.page.goto('/admin/site-settings');
    const title = field(kit, 'Site title');
    await expect(title).not.toHaveValue('');
    await kit.axe('site settings');
    const locale = field(kit, 'Locale');
    await expect(locale).toHaveValue(/^[a-z]{2}/);
  },

  'Contact information': async (kit) => {
    await kit.page.goto('/admin/contact-info');
    await expect(kit.page.getByRole('heading', { name: 'Branches' })).toBeVisible();
    await expect(field(kit, 'Name').first()).not.toHaveValue('');
    await kit.axe('contact information');
  },

  'Contact messages': async (kit) => {
    const subject = `Sheath sizes ${kit.tag}`;
    const sent = await kit.request.post('/api/contact/messages/', {
      headers: TENANT,
      data: { name: 'Asha', email: 'asha@example.com', subject, message: 'Which sheath fits a 10" blade?' },
    });
    expect(sent.status()).toBe(201);
    await openList(kit, 'contact-messages');
    await kit.axe('contact messages list');
    await sortBy(kit, 'Received', 'created_at');
    await record(kit, subject).getByRole('button', { name: 'Archive' }).click();
    await expect(kit.page.getByText('Message archived')).toBeVisible();
    await choose(kit.page, 'Messages', 'Archived');
    await record(kit, subject).getByRole('button', { name: 'Restore' }).click();
    await expect(kit.page.getByText('Message restored')).toBeVisible();
    // Answered from its page: the reply is mailed to its sender and kept with the message, naming who sent it.
    await choose(kit.page, 'Messages', 'Inbox');
    await openWith(kit, record(kit, subject).getByText(subject), /\/contact-messages\/\d+\/show$/);
    // The message's page drawn (the address changes first; the list, which shows the message too, may still be there).
    await expect(kit.page.getByText('Not answered yet.')).toBeVisible();
    await expect(kit.page.getByText('Which sheath fits a 10" blade?')).toBeVisible();
    await kit.axe('contact message');
    const reply = `The 10 inch sheath fits it (${kit.tag}).`;
    await field(kit, 'Reply to asha@example.com').fill(reply);
    await kit.page.getByRole('button', { name: 'Send reply' }).click();
    await expect(kit.page.getByText('Reply sent to asha@example.com.')).toBeVisible();
    const replies = kit.page.getByRole('list', { name: 'Replies sent' });
    await expect(replies.getByText(reply)).toBeVisible();
    await expect(field(kit, 'Reply to asha@example.com')).toHaveValue('');
    await kit.page.reload();
    await expect(replies.getByText(reply)).toBeVisible();
  },

  'Payment settings': async (kit) => {
    await kit.page.goto('/admin/payment-settings');
    await expect(field(kit, 'Bank account details')).not.toHaveValue('');
    await kit.axe('payment settings');
    // The time to pay reads and takes days and hours as written; a bare number is refused (days or hours?).
    await expect(field(kit, 'Time to pay a bank transfer')).toHaveValue('7 days');
    const customTime = field(kit, 'Time to pay by the custom method');
    await expect(customTime).toHaveValue('1 day');
    await customTime.fill('36');
    await kit.page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    await expect(kit.page.getByText(/^Write a time from 1 hour to 30 days, with its unit/)).toBeVisible();
    const saved = async (text: string, shown: string, minutes: number) => {
      await customTime.fill(text);
      await customTime.blur();
      await expect(customTime).toHaveValue(shown);
      const sent = kit.page.waitForRequest(
        (call) => call.method() === 'PATCH' && call.url().includes('/api/admin/payment-settings/'),
      );
      await kit.page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
      expect((await sent).postDataJSON()).toMatchObject({ custom_payment_timeout_minutes: minutes });
      await expect(kit.page.getByText('Payment settings saved.').first()).toBeVisible();
      await settled(kit.page);
    };
    await saved('1.5 days', '1 day 12 hours', 36 * 60);
    await kit.page.reload();
    await expect(customTime).toHaveValue('1 day 12 hours');
    // Back as it was.
    await saved('24 hours', '1 day', 24 * 60);
  },

  'Mail settings': async (kit) => {
    await kit.page.goto('/admin/mail-settings');
    await expect(field(kit, 'Sender name')).toBeVisible();
    await expect(field(kit, 'Reply-to address')).toBeVisible();
    await kit.axe('mail settings');
  },

  Discounts: async (kit) => {
    const code = `LAUNCH${kit.tag}`.toUpperCase();
    await openList(kit, 'discounts');
    await kit.axe('discounts list');
    await createRecord(kit);
    await field(kit, 'Code').fill(code);
    await field(kit, 'Name').fill(`Launch ${kit.tag}`);
    await kit.page.getByRole('combobox', { name: /^Kind/ }).click();
    await kit.page.getByRole('option', { name: 'Percentage off', exact: true }).click();
    // Its menu gone (it fades out), or axe would read its fading options.
    await expect(kit.page.locator('.MuiPopover-root')).toHaveCount(0);
    await field(kit, 'Percent off').fill('10');
    await kit.axe('discount form');
    await save(kit, 'Element created');
    await sortBy(kit, 'Usage', 'times_used');
    await search(kit, code);
    await openWith(kit, record(kit, code), /\/admin\/discounts\/\d+$/);
    await field(kit, 'Name').fill(`Launch week ${kit.tag}`);
    await save(kit);
    await search(kit, code);
    await openWith(kit, record(kit, code), /\/admin\/discounts\/\d+$/);
    await deleteOpenRecord(kit);
  },

  Staff: async (kit) => {
    const email = `clerk.${kit.tag}@example.com`;
    await openList(kit, 'staff');
    await kit.axe('staff list');
    await sortBy(kit, 'E-mail', 'email');
    await createRecord(kit, 'Invite');
    await field(kit, 'E-mail').fill(email);
    await kit.axe('staff form');
    await save(kit, 'Element created');
    // The newest first (the list's order is kept in its address): every run invites someone.
    const newestFirst = '/admin/staff?order=DESC&page=1&perPage=10&sort=created_at';
    await kit.page.goto(newestFirst);
    await openWith(kit, record(kit, email), /\/admin\/staff\/\d+$/);
    await field(kit, 'Active').uncheck();
    await save(kit);
    await kit.page.goto(newestFirst);
    await expect(record(kit, email)).toBeVisible();
  },

  'Carts left behind': async (kit) => {
    // Carts unchanged for hours (240 minutes while reminders are off, as here): a run's own carts are younger, so the
    // screen shows its empty state, unless an earlier run left some behind; then its sort and filter work.
    await openList(kit, 'abandoned-carts');
    await kit.axe('carts left behind');
    if (await kit.page.getByText('Nothing here yet.').isVisible()) return;
    await sortBy(kit, 'Last changed', 'changed_at');
    await choose(kit.page, 'Reminder', 'Not reminded');
    await expect(kit.page.getByRole('progressbar')).toHaveCount(0);
  },

  'Back-in-stock alerts': async (kit) => {
    // A customer waits for the demo's sold-out 15 inch mirror-polished Angkhola.
    const products = await (await kit.request.get('/api/products/products/', { headers: TENANT })).json();
    const angkhola = products.find((product: { name: string }) => /Angkhola/.test(product.name));
    const detail = await (
      await kit.request.get(`/api/products/products/${angkhola.slug}/`, { headers: TENANT })
    ).json();
    const soldOut = detail.variants.find(
      (variant: { stock: number; lead_time_days: number | null }) => variant.stock === 0 && !variant.lead_time_days,
    );
    const customer = await newCustomer(kit.request);
    const asked = await kit.request.post(`/api/products/products/${angkhola.slug}/stock-alerts/`, {
      headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
      data: { variant_id: soldOut.id },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    await openList(kit, 'stock-alerts');
    await kit.axe('back-in-stock alerts');
    await sortBy(kit, 'Waiting', 'waiting');
    await search(kit, angkhola.name, 'Product or variant');
    await expect(record(kit, angkhola.name).first()).toBeVisible();
  },

  'Audit log': async (kit) => {
    await openList(kit, 'audit-log');
    await kit.axe('audit log');
    await sortBy(kit, 'When', 'created_at');
    await choose(kit.page, 'Entity', 'Order');
    await expect(listRecords(kit.page).first()).toBeVisible();
  },
};

/** The texts of the admin menu's entries, as the owner sees them on a desktop. */
export async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.locator('.RaSidebar-fixed').getByRole('menuitem');
  await expect(menu.first()).toBeVisible();
  return (await menu.allTextContents()).map((text) => text.trim());
}

/**
 * The journeys of the menu's `entries`, on a desktop, then on a phone. A journey fails on any answer of 400 or above,
 * console or page error, axe finding or page wider than the screen.
 */
export function journeysThrough(entries: string[]) {
  test.describe('the owner’s journeys through the administration', () => {
    test.describe.configure({ timeout: 120_000 });
    for (const viewport of ADMIN_VIEWPORTS) {
      test.describe(`on a ${viewport.name}`, () => {
        test.use({ viewport: { width: viewport.width, height: viewport.height } });

        for (const entry of entries) {
          const journey = JOURNEYS[entry];
          if (!journey) throw new Error(`No journey for the menu entry ${entry}`);
          test(`${entry}: list, sort, filter, open, edit, save, create and delete where it may`, async ({
            page,
            request,
          }) => {
            await signInAsOwnerThroughApi(page, request);
            const problems = watchProblems(page);
            const axeFindings: string[] = [];
            const tag = `${viewport.name[0]}${Date.now().toString(36)}`;
            await journey({
              page,
              request,
              narrow: viewport.narrow,
              tag,
              axe: async (screen) => {
                await expectNoHorizontalScroll(page);
                for (const finding of await violations(page)) axeFindings.push(`${screen}: ${finding}`);
              },
            });
            await expectNoHorizontalScroll(page);
            expect(axeFindings).toEqual([]);
            expect(problems).toEqual([]);
          });
        }
      });
    }
  });
}

/** The menu in two halves of about equal time, one per file (this order is the menu's). */
const ENTRIES = Object.keys(JOURNEYS);
const HALF = ENTRIES.indexOf('Customers');
export const SALES_AND_CATALOG = ENTRIES.slice(0, HALF);
export const PEOPLE_CONTENT_AND_SETTINGS = ENTRIES.slice(HALF);
