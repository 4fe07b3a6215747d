// The blog's administration through HTTP: posts (drafts, scheduled, published), comment moderation, the switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type DropFirst, shopWithStaff as staffShop } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { XSS_CORPUS, xssLeftovers } from '../../../test/xss-corpus.ts';
import type { Tenant } from '../tenants/index.ts';

const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shopWithStaff = () => staffShop(t, 'Blog admin shop');

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

function publicGet(shop: Tenant, url: string) {
  return t.request(shop, { method: 'GET', url: `/api${url}` });
}

let slugCounter = 0;
async function newPost(shop: Tenant, token: string, body: object = {}) {
  slugCounter += 1;
  const response = await admin(shop, token, 'POST', '/posts/', {
    title: `Post ${slugCounter}`,
    slug: `post-${slugCounter}`,
    content: '<p>Body</p>',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; slug: string; status: string; published_at: string | null };
}

describe('who may administer the blog', () => {
  it('answers 401 to guests and 403 to customers on every route, and lets staff in', async () => {
    const { shop, staff, customer } = await shopWithStaff();
    const post = await newPost(shop, staff.accessToken);
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/posts/'],
      ['GET', `/posts/${post.id}/`],
      ['POST', '/posts/', { title: 'X', slug: 'x' }],
      ['PATCH', `/posts/${post.id}/`, { title: 'X' }],
      ['DELETE', `/posts/${post.id}/`],
      ['GET', '/comments/'],
      ['PATCH', '/comments/1/', { is_approved: true }],
      ['DELETE', '/comments/1/'],
      ['GET', '/blog-settings/'],
      ['PATCH', '/blog-settings/', { moderate_comments: true }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await admin(shop, undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await admin(shop, customer.accessToken, method, url, payload);
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await admin(shop, staff.accessToken, 'GET', '/posts/')).statusCode).toBe(200);
    expect((await admin(shop, staff.accessToken, 'GET', '/blog-settings/')).statusCode).toBe(200);
    expect((await admin(shop, staff.accessToken, 'GET', `/posts/${post.id}/`)).json().title).toBe(
      post.slug.replace('post-', 'Post '),
    );
  });

  it("keeps another shop's staff out, and each shop to its own posts and comments", async () => {
    const mine = await shopWithStaff();
    const theirs = await shopWithStaff();
    const myPost = await newPost(mine.shop, mine.staff.accessToken, { status: 'published' });
    const comment = await t.request(mine.shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: mine.customer.accessToken,
      payload: { post: myPost.id, content: 'Mine' },
    });
    const commentId = comment.json().id as number;
    // Their token on my shop is no sign-in here.
    expect((await admin(mine.shop, theirs.owner.accessToken, 'GET', '/posts/')).statusCode).toBe(401);
    expect(
      (await admin(mine.shop, theirs.owner.accessToken, 'PATCH', `/posts/${myPost.id}/`, { title: 'Hacked' }))
        .statusCode,
    ).toBe(401);
    // On their own shop, my post and comment do not exist.
    const them = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      admin(theirs.shop, theirs.owner.accessToken, method, url, payload);
    expect((await them('GET', `/posts/${myPost.id}/`)).statusCode).toBe(404);
    expect((await them('PATCH', `/posts/${myPost.id}/`, { title: 'Hacked' })).statusCode).toBe(404);
    expect((await them('DELETE', `/posts/${myPost.id}/`)).statusCode).toBe(404);
    expect((await them('PATCH', `/comments/${commentId}/`, { is_approved: false })).statusCode).toBe(404);
    expect((await them('DELETE', `/comments/${commentId}/`)).statusCode).toBe(404);
    expect((await them('GET', '/posts/')).json()).toEqual({ count: 0, results: [] });
    expect((await them('GET', '/comments/')).json()).toEqual({ count: 0, results: [] });
    expect((await them('GET', `/comments/?post=${myPost.id}`)).json().count).toBe(0);
    // The same slug is free in another shop.
    const same = await admin(theirs.shop, theirs.staff.accessToken, 'POST', '/posts/', {
      title: 'Same',
      slug: myPost.slug,
    });
    expect(same.statusCode).toBe(201);
    const mineStill = await admin(mine.shop, mine.staff.accessToken, 'GET', `/posts/${myPost.id}/`);
    expect(mineStill.json().title).not.toBe('Hacked');
    expect((await publicGet(mine.shop, `/blog/comments/?post=${myPost.id}`)).json()).toHaveLength(1);
  });
});

describe('posts', () => {
  it('derives a slug left out from the title, unique in the shop; a slug given that another has is refused', async () => {
    const { shop, staff } = await shopWithStaff();
    const create = (body: object) => admin(shop, staff.accessToken, 'POST', '/posts/', body);
    const first = await create({ title: 'Spring sharpening' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().slug).toBe('spring-sharpening');
    expect((await create({ title: 'Spring Sharpening?' })).json().slug).toBe('spring-sharpening-2');
    expect((await create({ title: 'Spring sharpening' })).json().slug).toBe('spring-sharpening-3');
    expect((await create({ title: 'ククリ' })).json().slug).toBe('post');
    const typed = await create({ title: 'Another', slug: 'spring-sharpening' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ slug: ['A post with this slug already exists.'] });
  });

  it('creates a draft by default, invisible on the storefront; publishing shows it at once', async () => {
    const { shop, staff } = await shopWithStaff();
    const created = await admin(shop, staff.accessToken, 'POST', '/posts/', {
      title: 'Spring sharpening',
      slug: 'spring-sharpening',
      excerpt: 'How to keep an edge.',
      content: '<p>Hone <strong>often</strong>.</p>',
      featured_image: `t${shop.id}/blog/cover.webp`,
    });
    expect(created.statusCode).toBe(201);
    const post = created.json();
    expect(post).toMatchObject({
      title: 'Spring sharpening',
      slug: 'spring-sharpening',
      excerpt: 'How to keep an edge.',
      content: '<p>Hone <strong>often</strong>.</p>',
      featured_image: `t${shop.id}/blog/cover.webp`,
      featured_image_url: `/media/t${shop.id}/blog/cover.webp`,
      status: 'draft',
      published_at: null,
      author: { id: staff.user.id, username: staff.user.username },
      comment_count: 0,
    });
    expect((await publicGet(shop, '/blog/posts/')).json()).toEqual([]);
    expect((await publicGet(shop, '/blog/posts/spring-sharpening/')).statusCode).toBe(404);

    const published = await admin(shop, staff.accessToken, 'PATCH', `/posts/${post.id}/`, { status: 'published' });
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('published');
    expect(Date.parse(published.json().published_at)).toBeLessThanOrEqual(Date.now());
    const visible = await publicGet(shop, '/blog/posts/spring-sharpening/');
    expect(visible.statusCode).toBe(200);
    expect(visible.json()).toMatchObject({
      id: post.id,
      title: 'Spring sharpening',
      featured_image: `/media/t${shop.id}/blog/cover.webp`,
      // The public sees the author's public name; staff see who wrote it by sign-in name.
      author: { username: staff.user.displayName },
    });
    expect((await publicGet(shop, '/blog/posts/')).json().map((p: { id: number }) => p.id)).toEqual([post.id]);

    // Back to draft: gone from the storefront again.
    await admin(shop, staff.accessToken, 'PATCH', `/posts/${post.id}/`, { status: 'draft' });
    expect((await publicGet(shop, '/blog/posts/spring-sharpening/')).statusCode).toBe(404);
  });

  it('schedules a post with a future time: listed as scheduled, invisible on the storefront until then', async () => {
    const { shop, staff } = await shopWithStaff();
    const future = new Date(Date.now() + 2 * HOUR).toISOString();
    const post = await newPost(shop, staff.accessToken, { status: 'published', published_at: future });
    expect(post.status).toBe('scheduled');
    expect(post.published_at).toBe(future);
    expect((await publicGet(shop, '/blog/posts/')).json()).toEqual([]);
    expect((await publicGet(shop, `/blog/posts/${post.slug}/`)).statusCode).toBe(404);
    const scheduled = (await admin(shop, staff.accessToken, 'GET', '/posts/?status=scheduled')).json();
    expect(scheduled.results.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect((await admin(shop, staff.accessToken, 'GET', '/posts/?status=published')).json().count).toBe(0);
    // Its time moved to the past: visible now.
    const past = new Date(Date.now() - HOUR).toISOString();
    const moved = await admin(shop, staff.accessToken, 'PATCH', `/posts/${post.id}/`, { published_at: past });
    expect(moved.json().status).toBe('published');
    expect((await publicGet(shop, `/blog/posts/${post.slug}/`)).statusCode).toBe(200);
  });

  it('lists every state with the status filter, title search, ordering and pages', async () => {
    const { shop, staff } = await shopWithStaff();
    const draft = await newPost(shop, staff.accessToken, { title: 'Alpha draft' });
    const published = await newPost(shop, staff.accessToken, {
      title: 'Beta knives',
      status: 'published',
      published_at: new Date(Date.now() - 3 * HOUR).toISOString(),
    });
    const scheduled = await newPost(shop, staff.accessToken, {
      title: 'Gamma 100% steel',
      status: 'published',
      published_at: new Date(Date.now() + HOUR).toISOString(),
    });
    const list = async (query: string) => {
      const response = await admin(shop, staff.accessToken, 'GET', `/posts/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { count: number; results: { id: number; status: string }[] };
    };
    const ids = (page: { results: { id: number }[] }) => page.results.map((p) => p.id);
    expect(ids(await list(''))).toEqual([scheduled.id, published.id, draft.id]);
    expect((await list('')).count).toBe(3);
    expect(ids(await list('status=draft'))).toEqual([draft.id]);
    expect(ids(await list('status=published'))).toEqual([published.id]);
    expect(ids(await list('status=scheduled'))).toEqual([scheduled.id]);
    expect(ids(await list('search=knives'))).toEqual([published.id]);
    expect(ids(await list('search=100%25'))).toEqual([scheduled.id]);
    expect(ids(await list('search=_'))).toEqual([]);
    expect(ids(await list('ordering=title'))).toEqual([draft.id, published.id, scheduled.id]);
    expect(ids(await list('ordering=-title'))).toEqual([scheduled.id, published.id, draft.id]);
    expect(ids(await list('ordering=published_at')).slice(0, 2)).toEqual([published.id, scheduled.id]);
    expect(await list('page=2&page_size=2')).toMatchObject({ count: 3, results: [{ id: draft.id }] });
    for (const query of ['status=archived', 'ordering=tenant_id', 'ordering=author', 'page_size=1000']) {
      expect((await admin(shop, staff.accessToken, 'GET', `/posts/?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('refuses unknown fields (mass assignment) and invalid values with field messages', async () => {
    const { shop, staff } = await shopWithStaff();
    const post = await newPost(shop, staff.accessToken);
    const create = (payload: object) => admin(shop, staff.accessToken, 'POST', '/posts/', payload);
    const patch = (payload: object) => admin(shop, staff.accessToken, 'PATCH', `/posts/${post.id}/`, payload);
    for (const extra of [{ tenant_id: 999 }, { id: 5 }, { author: 1 }, { author_id: 1 }, { comment_count: 9 }]) {
      expect((await create({ title: 'T', slug: 'mass-assign', ...extra })).statusCode, JSON.stringify(extra)).toBe(400);
      expect((await patch({ title: 'T', ...extra })).statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await create({ slug: 'no-title' })).json()).toHaveProperty('title');
    expect((await create({ title: 'No slug' })).json()).toHaveProperty('slug');
    expect((await create({ title: 'T', slug: 'Bad Slug!' })).json()).toHaveProperty('slug');
    expect((await create({ title: '   ', slug: 'blank' })).json()).toHaveProperty('title');
    expect((await create({ title: 'T', slug: 'st', status: 'scheduled' })).json()).toHaveProperty('status');
    expect((await create({ title: 'T', slug: 'when', published_at: 'tomorrow' })).json()).toHaveProperty(
      'published_at',
    );
    const taken = await create({ title: 'Twin', slug: post.slug });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ slug: ['A post with this slug already exists.'] });
    const other = await newPost(shop, staff.accessToken);
    expect((await admin(shop, staff.accessToken, 'PATCH', `/posts/${other.id}/`, { slug: post.slug })).json()).toEqual({
      slug: ['A post with this slug already exists.'],
    });
    // Its own slug again is no clash.
    expect((await patch({ slug: post.slug })).statusCode).toBe(200);
    const foreignImage = await create({ title: 'T', slug: 'img', featured_image: 't999999/blog/x.webp' });
    expect(foreignImage.json()).toEqual({ featured_image: ["Not one of this shop's media files."] });
    expect((await create({ title: 'T', slug: 'img2', featured_image: '../etc/passwd' })).statusCode).toBe(400);
    expect((await create({ title: 'T', slug: 'img3', featured_image: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await admin(shop, staff.accessToken, 'GET', `/posts/${post.id}/`)).json().title).toBe(
      post.slug.replace('post-', 'Post '),
    );
    expect((await admin(shop, staff.accessToken, 'GET', '/posts/999999/')).statusCode).toBe(404);
    expect((await admin(shop, staff.accessToken, 'GET', '/posts/abc/')).statusCode).toBe(400);
  });

  it('gives one of two simultaneous posts with the same slug a field error, never a server error', async () => {
    const { shop, staff } = await shopWithStaff();
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        admin(shop, staff.accessToken, 'POST', '/posts/', { title: `Racer ${n}`, slug: 'same-time' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    for (const answer of answers.filter((one) => one.statusCode === 400)) {
      expect(answer.json()).toEqual({ slug: ['A post with this slug already exists.'] });
    }
    expect((await admin(shop, staff.accessToken, 'GET', '/posts/')).json().count).toBe(1);
  });

  it('sanitizes every XSS payload of the corpus in post content, on create and on update', async () => {
    const { shop, staff } = await shopWithStaff();
    const post = await newPost(shop, staff.accessToken, {
      status: 'published',
      content: `<p>Intro</p>${XSS_CORPUS.join('\n')}`,
    });
    const stored = (await admin(shop, staff.accessToken, 'GET', `/posts/${post.id}/`)).json().content;
    expect(stored).toContain('<p>Intro</p>');
    expect(xssLeftovers(stored)).toEqual([]);
    for (const payload of XSS_CORPUS) {
      const updated = await admin(shop, staff.accessToken, 'PATCH', `/posts/${post.id}/`, { content: payload });
      expect(updated.statusCode).toBe(200);
      expect(xssLeftovers(updated.json().content), payload).toEqual([]);
      const publicPost = await publicGet(shop, `/blog/posts/${post.slug}/`);
      expect(xssLeftovers(publicPost.json().content), payload).toEqual([]);
    }
  });

  it('deletes a post with its comments, and audits create, update and delete', async () => {
    const { shop, owner, staff, customer } = await shopWithStaff();
    const post = await newPost(shop, staff.accessToken, { status: 'published', title: 'Audited' });
    await t.request(shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: customer.accessToken,
      payload: { post: post.id, content: 'Hi' },
    });
    await admin(shop, staff.accessToken, 'PATCH', `/posts/${post.id}/`, { title: 'Audited again' });
    const removed = await admin(shop, staff.accessToken, 'DELETE', `/posts/${post.id}/`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await admin(shop, staff.accessToken, 'GET', `/posts/${post.id}/`)).statusCode).toBe(404);
    expect((await admin(shop, staff.accessToken, 'DELETE', `/posts/${post.id}/`)).statusCode).toBe(404);
    expect((await publicGet(shop, `/blog/posts/${post.slug}/`)).statusCode).toBe(404);
    expect((await admin(shop, staff.accessToken, 'GET', '/comments/')).json().count).toBe(0);
    const log = (
      await admin(shop, owner.accessToken, 'GET', `/audit-log/?entity=blog_post&entity_id=${post.id}`)
    ).json();
    expect(log.results.map((entry: { action: string }) => entry.action)).toEqual([
      'blog_post.delete',
      'blog_post.update',
      'blog_post.create',
    ]);
    expect(log.results[1]).toMatchObject({
      actor_user_id: staff.user.id,
      actor_role: 'staff',
      summary: { before: { title: 'Audited' }, after: { title: 'Audited again' } },
    });
    expect(log.results[2].summary.after).toMatchObject({ title: 'Audited', slug: post.slug, status: 'published' });
    expect(log.results[0].summary.before).toMatchObject({ title: 'Audited again' });
  });

  it('writes nothing, not even the audit entry, when a write fails', async () => {
    const { shop, owner, staff } = await shopWithStaff();
    const post = await newPost(shop, staff.accessToken);
    const other = await newPost(shop, staff.accessToken);
    await admin(shop, staff.accessToken, 'PATCH', `/posts/${other.id}/`, { title: 'Changed', slug: post.slug });
    expect((await admin(shop, staff.accessToken, 'GET', `/posts/${other.id}/`)).json().title).not.toBe('Changed');
    const log = (
      await admin(shop, owner.accessToken, 'GET', `/audit-log/?entity=blog_post&entity_id=${other.id}`)
    ).json();
    expect(log.results.map((entry: { action: string }) => entry.action)).toEqual(['blog_post.create']);
  });
});

describe('comments', () => {
  async function moderatedShopWithComment() {
    const setup = await shopWithStaff();
    const post = await newPost(setup.shop, setup.staff.accessToken, { status: 'published' });
    const settings = await admin(setup.shop, setup.staff.accessToken, 'PATCH', '/blog-settings/', {
      moderate_comments: true,
    });
    expect(settings.json()).toEqual({ moderate_comments: true });
    const written = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: setup.customer.accessToken,
      payload: { post: post.id, content: 'Please approve me' },
    });
    expect(written.json().is_approved).toBe(false);
    return { ...setup, post, comment: written.json() as { id: number } };
  }

  it('holds comments while moderation is on; approving shows one on the public list, rejecting hides it', async () => {
    const { shop, owner, staff, customer, post, comment } = await moderatedShopWithComment();
    const publicComments = async () =>
      (await publicGet(shop, `/blog/comments/?post=${post.id}`)).json().map((c: { id: number }) => c.id);
    expect(await publicComments()).toEqual([]);
    const pending = (await admin(shop, staff.accessToken, 'GET', '/comments/?is_approved=false')).json();
    expect(pending).toEqual({
      count: 1,
      results: [
        {
          id: comment.id,
          post: post.id,
          post_title: expect.any(String),
          parent: null,
          content: 'Please approve me',
          user: { id: customer.user.id, username: customer.user.username },
          is_approved: false,
          created_at: expect.any(String),
        },
      ],
    });
    const approved = await admin(shop, staff.accessToken, 'PATCH', `/comments/${comment.id}/`, { is_approved: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().is_approved).toBe(true);
    expect(await publicComments()).toEqual([comment.id]);
    expect((await publicGet(shop, `/blog/posts/${post.slug}/`)).json().comment_count).toBe(1);
    expect((await admin(shop, staff.accessToken, 'GET', '/comments/?is_approved=false')).json().count).toBe(0);

    const rejected = await admin(shop, staff.accessToken, 'PATCH', `/comments/${comment.id}/`, { is_approved: false });
    expect(rejected.json().is_approved).toBe(false);
    expect(await publicComments()).toEqual([]);

    const log = (
      await admin(shop, owner.accessToken, 'GET', `/audit-log/?entity=blog_comment&entity_id=${comment.id}`)
    ).json();
    expect(log.results).toEqual([
      expect.objectContaining({
        action: 'blog_comment.reject',
        summary: { before: { is_approved: true }, after: { is_approved: false } },
      }),
      expect.objectContaining({
        action: 'blog_comment.approve',
        actor_user_id: staff.user.id,
        summary: { before: { is_approved: false }, after: { is_approved: true } },
      }),
    ]);
    const settingsLog = (await admin(shop, owner.accessToken, 'GET', '/audit-log/?entity=blog_settings')).json();
    expect(settingsLog.results[0]).toMatchObject({
      action: 'blog_settings.update',
      summary: { before: { moderate_comments: false }, after: { moderate_comments: true } },
    });
  });

  it('turns moderation off again: new comments appear at once', async () => {
    const { shop, staff, customer, post } = await moderatedShopWithComment();
    expect((await admin(shop, staff.accessToken, 'GET', '/blog-settings/')).json()).toEqual({
      moderate_comments: true,
    });
    await admin(shop, staff.accessToken, 'PATCH', '/blog-settings/', { moderate_comments: false });
    expect((await admin(shop, staff.accessToken, 'GET', '/blog-settings/')).json()).toEqual({
      moderate_comments: false,
    });
    const written = await t.request(shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: customer.accessToken,
      payload: { post: post.id, content: 'Straight in' },
    });
    expect(written.json().is_approved).toBe(true);
    for (const payload of [{}, { moderate_comments: 'yes' }, { moderate_comments: true, tenant_id: 1 }]) {
      expect((await admin(shop, staff.accessToken, 'PATCH', '/blog-settings/', payload)).statusCode).toBe(400);
    }
  });

  it('filters by post and approval, and deletes a comment with its audit entry', async () => {
    const { shop, owner, staff, customer, post, comment } = await moderatedShopWithComment();
    const other = await newPost(shop, staff.accessToken, { status: 'published' });
    await admin(shop, staff.accessToken, 'PATCH', '/blog-settings/', { moderate_comments: false });
    const elsewhere = await t.request(shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: customer.accessToken,
      payload: { post: other.id, content: 'Elsewhere' },
    });
    const list = async (query: string) =>
      (await admin(shop, staff.accessToken, 'GET', `/comments/?${query}`))
        .json()
        .results.map((c: { id: number }) => c.id);
    expect(await list('')).toEqual([elsewhere.json().id, comment.id]);
    expect(await list('ordering=created_at')).toEqual([comment.id, elsewhere.json().id]);
    expect(await list(`post=${post.id}`)).toEqual([comment.id]);
    expect(await list('is_approved=true')).toEqual([elsewhere.json().id]);
    expect(await list(`post=${post.id}&is_approved=true`)).toEqual([]);
    expect(await list('search=approve')).toEqual([comment.id]);
    expect((await admin(shop, staff.accessToken, 'GET', '/comments/?is_approved=maybe')).statusCode).toBe(400);
    for (const payload of [{}, { is_approved: true, content: 'Edited' }, { is_approved: 'yes' }]) {
      const response = await admin(shop, staff.accessToken, 'PATCH', `/comments/${comment.id}/`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await admin(shop, staff.accessToken, 'DELETE', `/comments/${comment.id}/`)).statusCode).toBe(204);
    expect(await list('')).toEqual([elsewhere.json().id]);
    expect((await admin(shop, staff.accessToken, 'DELETE', `/comments/${comment.id}/`)).statusCode).toBe(404);
    expect(
      (await admin(shop, staff.accessToken, 'PATCH', `/comments/${comment.id}/`, { is_approved: true })).statusCode,
    ).toBe(404);
    const log = (
      await admin(shop, owner.accessToken, 'GET', `/audit-log/?entity=blog_comment&entity_id=${comment.id}`)
    ).json();
    expect(log.results[0]).toMatchObject({
      action: 'blog_comment.delete',
      summary: { before: { content: 'Please approve me', is_approved: false } },
    });
  });
});
