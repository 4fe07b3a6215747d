import { expect, type Page, test } from '@playwright/test';
import { openPage, SITE_TITLE } from './support.ts';

/** A token the session counts as signed in (far expiry); for journeys whose API calls are answered by stubs. */
function fakeAccessToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: 4_102_444_800, user_id: 1 })}.signature`;
}

async function signInWithTokens(page: Page, access: string, refresh = access) {
  await page.addInitScript(
    ([a, r]) => {
      window.localStorage.setItem('authToken', a as string);
      window.localStorage.setItem('refreshToken', r as string);
    },
    [access, refresh],
  );
}

/** A real customer of the demo shop, registered and signed in through the API; returns their display name. */
async function signInForReal(page: Page): Promise<string> {
  const email = `reader.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'khukuri-reader-2024';
  const headers = { 'X-Tenant-Token': 'khukuri-demo' };
  const registered = await page.request.post('/api/accounts/register/', {
    headers,
    data: { email, password, password_confirm: password },
  });
  expect(registered.ok()).toBe(true);
  const login = await page.request.post('/api/accounts/login/', { headers, data: { login_id: email, password } });
  expect(login.ok()).toBe(true);
  const { access, refresh, user } = await login.json();
  await signInWithTokens(page, access, refresh);
  return user.display_name;
}

test.describe('/blog', () => {
  test('lists the published posts with image, author, date, comment count and Read More', async ({ page }) => {
    const response = await openPage(page, '/blog');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    const card = page.locator('.post-card').filter({ hasText: 'A Short History of the Khukuri' });
    await expect(card).toContainText(/By Bir B\. on \w+ \d{1,2}, \d{4} \| 4 Comment\(s\)/);
    await expect(card).toContainText('Read More →');
    await expect(card.getByRole('link')).toHaveAttribute('href', '/blog/history-of-the-khukuri');
    await expect(card.locator('img')).toHaveAttribute('src', /\/media\/t\d+\/blog\/[\w-]+\.webp$/);
    await expect(page.locator('.post-card')).toHaveCount(4);
    await expect(page.getByText('Winter Workshop Diary')).toHaveCount(0);
  });

  test('renders on the server', async ({ request }) => {
    const html = await (await request.get('/blog')).text();
    expect(html).toContain('A Short History of the Khukuri');
    expect(html).toContain('Read More →');
  });

  test('says so when no post is published, and shows the error text when the list fails', async ({ page }) => {
    await openPage(page, '/');
    await page.route('**/api/blog/posts/**', (route) => route.fulfill({ json: [] }));
    await page.getByRole('link', { name: 'BLOG' }).first().click();
    await expect(page.getByText('No blog posts have been published yet.')).toBeVisible();
    await page.unroute('**/api/blog/posts/**');
    await page.route('**/api/blog/posts/**', (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await page.goto('/');
    await page.getByRole('link', { name: 'BLOG' }).first().click();
    await expect(page.getByRole('alert')).toHaveText('Failed to load blog posts.');
  });

  test('a post without a featured image shows No image', async ({ page }) => {
    await page.route('**/api/blog/posts/?status=published', (route) =>
      route.fulfill({
        json: [
          {
            id: 1,
            slug: 'plain',
            title: 'Plain post',
            content: '',
            featured_image: null,
            featured_image_width: null,
            featured_image_height: null,
            featured_image_variants: [],
            published_at: '2024-03-05T10:00:00Z',
            comment_count: 0,
            author: null,
            status: 'published',
          },
        ],
      }),
    );
    await openPage(page, '/');
    await page.getByRole('link', { name: 'BLOG' }).first().click();
    const card = page.locator('.post-card');
    await expect(card).toContainText('No image');
    await expect(card).toContainText('By Admin on March 5, 2024 | 0 Comment(s)');
  });
});

test.describe('/blog/{slug}', () => {
  test('shows the post, its content and its nested approved comments', async ({ page }) => {
    const response = await openPage(page, '/blog/history-of-the-khukuri');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'A Short History of the Khukuri' })).toBeVisible();
    await expect(page.getByText(/^Published on \w+ \d{1,2}, \d{4} by Bir B\.$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'From the farm to the regiment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comments (4)' })).toBeVisible();
    const nested = page.locator('.comment-list--replies .comment-list--replies .comment');
    await expect(nested).toContainText('My grandfather said the same.');
    await expect(page.getByRole('link', { name: 'You must be logged in to leave a comment.' })).toHaveAttribute(
      'href',
      '/login?redirect=/blog/history-of-the-khukuri#comments',
    );
  });

  test('renders the post on the server, and never the unapproved comment', async ({ request }) => {
    const html = await (await request.get('/blog/khukuri-care-and-sharpening')).text();
    expect(html).toContain('Caring For and Sharpening Your Khukuri');
    expect(html).toContain('Mineral oil or camellia oil');
    expect(html).not.toContain('spam.example');
  });

  test('a draft or unknown post answers 404 with the spec text', async ({ page }) => {
    for (const slug of ['winter-workshop-diary', 'no-such-post']) {
      const response = await openPage(page, `/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('alert')).toHaveText('Blog post not found or not published.');
    }
  });

  test('other failures show the load error text', async ({ page }) => {
    await openPage(page, '/blog');
    await page.route('**/api/blog/comments/**', (route) => route.fulfill({ status: 500, json: {} }));
    await page.locator('.post-card').first().click();
    await expect(page.getByRole('alert')).toHaveText('Failed to load blog post or comments.');
  });

  test('a post without approved comments invites the first one', async ({ page }) => {
    await openPage(page, '/blog/choosing-your-first-khukuri');
    await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
    await expect(page.getByText('No approved comments yet. Be the first!')).toBeVisible();
  });

  test('a signed-in customer comments and replies; new comments show at once', async ({ page }) => {
    const displayName = await signInForReal(page);
    await openPage(page, '/blog/how-a-khukuri-is-forged');
    await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your comment.');

    // Comments are plain text: markup in one is shown as typed, never rendered.
    const text = `Lovely <b>write-up</b> ${Date.now()}`;
    await page.getByLabel('Your comment').fill(`  ${text}  `);
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByText('Comment submitted successfully!')).toBeVisible();
    await expect(page.getByLabel('Your comment')).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
    // Prepended: the newest top-level comment comes first.
    const first = page.locator('#comments > .comment-list > .comment').first();
    await expect(first.locator('.comment__content')).toHaveText(text);
    await expect(first.locator('.comment__content b')).toHaveCount(0);
    // Under the customer's display name: never their username or e-mail address.
    await expect(first.locator('.comment__author')).toHaveText(displayName);

    const parent = page.locator('#comments > .comment-list > .comment').nth(1);
    await parent.getByRole('button', { name: 'Reply' }).first().click();
    const reply = `Agreed ${Date.now()}`;
    await parent.getByLabel('Your reply').fill(reply);
    await parent.getByRole('button', { name: 'Post Reply' }).click();
    await expect(parent.locator('.comment-list--replies .comment__content')).toHaveText(reply);
    await expect(page.getByRole('heading', { name: 'Comments (3)' })).toBeVisible();

    // The server kept both: they come back after a reload.
    await page.reload();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText(reply)).toBeVisible();
  });

  test('a comment awaiting moderation is announced, not shown', async ({ page }) => {
    await signInWithTokens(page, fakeAccessToken());
    await page.route('**/api/blog/comments/', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const body = route.request().postDataJSON();
      await route.fulfill({
        status: 201,
        json: {
          id: 999,
          post: body.post,
          parent: null,
          content: body.content,
          user: { username: 'someone' },
          created_at: new Date().toISOString(),
          is_approved: false,
          replies: [],
        },
      });
    });
    await openPage(page, '/blog/choosing-your-first-khukuri');
    await page.getByLabel('Your comment').fill('Please approve me');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByText('Your comment has been submitted and is awaiting moderation.')).toBeVisible();
    await expect(page.locator('.comment')).toHaveCount(0);
    await expect(page.getByText('No approved comments yet. Be the first!')).toBeVisible();
  });

  test('a failed comment shows the detail, else the JSON body, else the fallback', async ({ page }) => {
    await signInWithTokens(page, fakeAccessToken());
    const answers = [
      { status: 400, json: { detail: 'Slow down.' } },
      { status: 400, json: { content: ['This field may not be blank.'] } },
      { status: 500, body: '' },
    ];
    await page.route('**/api/blog/comments/', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fulfill(answers.shift() ?? { status: 500 });
    });
    await openPage(page, '/blog/choosing-your-first-khukuri');
    const expected = [
      'Slow down.',
      '{"content":["This field may not be blank."]}',
      'Failed to submit comment. Please try again.',
    ];
    for (const text of expected) {
      await page.getByLabel('Your comment').fill('Hello');
      await page.getByRole('button', { name: 'Post Comment' }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
    }
  });
});

test.describe('/contact', () => {
  test('shows the locations, e-mails and social profiles', async ({ page }) => {
    await openPage(page, '/contact');
    await expect(page.getByRole('heading', { name: 'Our Locations' })).toBeVisible();
    const hq = page.locator('.contact-branch').filter({ hasText: 'Dharan Forge & Head Office' });
    await expect(hq.locator('.contact-branch__hq')).toHaveText('HQ');
    await expect(hq.getByRole('link', { name: 'View on Map →' })).toHaveAttribute('href', /openstreetmap/);
    await expect(page.getByRole('heading', { name: 'Email Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'sales@khukuri-house.example' })).toHaveAttribute(
      'href',
      'mailto:sales@khukuri-house.example',
    );
    // The shop's own address first: the one its invoices print and its e-mails take replies at.
    const emails = page
      .locator('.contact-info > section', { has: page.getByRole('heading', { name: 'Email Us' }) })
      .getByRole('listitem');
    await expect(emails.first()).toHaveText('General enquiries: hello@khukuri-house.example');
    await expect(page.getByRole('heading', { name: 'Connect With Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Instagram' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Send us a Message' })).toBeVisible();
  });

  test('validates, sends, thanks and clears the form', async ({ page }) => {
    await openPage(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('.form-field__error')).toHaveCount(4);
    await page.getByLabel('Name').fill('Maya Rai');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Subject').fill('Sheath');
    await page.getByLabel('Message', { exact: true }).fill('Do you sell spare sheaths?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();

    await page.getByLabel('Email').fill(`maya.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thank you for your message! We will get back to you soon.')).toBeVisible();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    }
  });

  test('shows the detail of a failed send, else the JSON body, else the fallback', async ({ page }) => {
    const answers = [
      { status: 429, json: { detail: 'Request was throttled. Expected available in 60 seconds.', code: 'throttled' } },
      { status: 400, json: { email: ['Enter a valid email address.'] } },
    ];
    await page.route('**/api/contact/messages/', (route) => route.fulfill(answers.shift() ?? { status: 500 }));
    await openPage(page, '/contact');
    await page.getByLabel('Name').fill('Maya Rai');
    await page.getByLabel('Email').fill('maya@example.com');
    await page.getByLabel('Subject').fill('Sheath');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    const expected = [
      'Request was throttled. Expected available in 60 seconds.',
      '{"email":["Enter a valid email address."]}',
      'Request failed with status code 500',
    ];
    for (const text of expected) {
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
    }
    await expect(page.getByLabel('Name')).toHaveValue('Maya Rai');
  });

  test('says so when there is no contact information, and shows load errors', async ({ page }) => {
    await openPage(page, '/');
    await page.route('**/api/contact/info/', (route) =>
      route.fulfill({ json: { email: '', branch_locations: [], contact_emails: [], social_media_profiles: [] } }),
    );
    await page.getByRole('link', { name: 'CONTACT' }).first().click();
    await expect(page.getByText('Contact information is currently unavailable.')).toBeVisible();
    await page.unroute('**/api/contact/info/');
    await page.route('**/api/contact/info/', (route) => route.fulfill({ status: 503, json: { detail: 'Down.' } }));
    await page.goto('/');
    await page.getByRole('link', { name: 'CONTACT' }).first().click();
    await expect(page.getByRole('alert')).toHaveText('Down.');
  });
});

test('/company-info shows the shop name, tagline, history, mission, vision and core values', async ({ page }) => {
  const response = await openPage(page, '/company-info');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`About ${SITE_TITLE}`);
  await expect(page.locator('.company-info__tagline')).toHaveText('Forged in the foothills. Carried for a lifetime.');
  await expect(page.getByText(/began in 1994 as a two-anvil workshop/)).toBeVisible();
  await expect(page.getByText(/keep the craft of the Nepalese khukuri alive/)).toBeVisible();
  await expect(page.getByText(/A world where a hand-forged tool/)).toBeVisible();
  await expect(page.locator('.core-value')).toHaveCount(4);
  await expect(page.locator('.core-value').first()).toContainText('Hand-forged, never stamped');
});

test.describe('/faq', () => {
  test('toggles an answer with + and -, and links to /contact', async ({ page }) => {
    await openPage(page, '/faq');
    await expect(page.locator('.faq')).toHaveCount(9);
    const question = page.getByRole('button', { name: /Do you ship outside Nepal\?/ });
    const answer = page.getByText(/We ship worldwide with DHL Express/);
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(question.locator('.faq__marker')).toHaveText('+');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await expect(question.locator('.faq__marker')).toHaveText('-');
    await question.click();
    await expect(answer).toBeHidden();
    await expect(question.locator('.faq__marker')).toHaveText('+');
    await page.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('shows No FAQs found. and the load error', async ({ page }) => {
    await openPage(page, '/');
    await page.route('**/api/pages/manage/faqs/', (route) => route.fulfill({ json: { results: 'nope' } }));
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await expect(page.getByRole('alert')).toHaveText('No FAQs found.');
    await page.unroute('**/api/pages/manage/faqs/');
    await page.route('**/api/pages/manage/faqs/', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/');
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await expect(page.getByRole('alert')).toHaveText('Failed to load FAQs.');
  });
});

test.describe('policy pages', () => {
  test('render the refund and privacy policies on the server', async ({ page, request }) => {
    expect(await (await request.get('/refund-policy')).text()).toContain('Returns within 30 days');
    await openPage(page, '/refund-policy');
    await expect(page.getByRole('heading', { name: 'Refund Policy', level: 2 })).toBeVisible();
    await openPage(page, '/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 2 })).toBeVisible();
    await expect(page.getByText('We never sell your data.')).toBeVisible();
  });

  test('show the empty and error texts', async ({ page }) => {
    const cases = [
      { link: 'Refund Policy', answer: { json: [] }, text: 'No refund policy found.' },
      { link: 'Privacy Policy', answer: { json: [] }, text: 'No privacy policy found.' },
      { link: 'Refund Policy', answer: { status: 500, json: { detail: 'Broken.' } }, text: 'Broken.' },
    ];
    for (const { link, answer, text } of cases) {
      await page.unroute('**/api/pages/manage/documents/**');
      await page.route('**/api/pages/manage/documents/**', (route) => route.fulfill(answer));
      await openPage(page, '/');
      await page.getByRole('link', { name: link }).first().click();
      await expect(page.getByRole('alert')).toHaveText(text);
    }
  });

  test('sanitize stored rich text again in the browser', async ({ page }) => {
    await page.route('**/api/pages/manage/documents/**', (route) =>
      route.fulfill({
        json: [
          {
            id: 1,
            document_type: 'privacy_policy',
            title: 'x',
            content:
              '<p>Safe text</p><img src="x" onerror="window.__xss = 1"><a href="javascript:window.__xss=2">x</a>',
            updated_at: '2024-01-01T00:00:00Z',
          },
        ],
      }),
    );
    await openPage(page, '/');
    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await expect(page.getByText('Safe text')).toBeVisible();
    const html = await page.locator('.policy .rich-text').innerHTML();
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });
});
