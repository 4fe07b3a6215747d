import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/builders.ts';
import { XSS_CORPUS, xssLeftovers } from '../../../test/xss-corpus.ts';
import type { Tenant } from '../tenants/tenants.service.ts';
import { insertComment } from './blog.repository.ts';
import { createPost, setCommentModeration } from './blog.service.ts';

const HOUR = 3_600_000;
let slugCounter = 0;

describe('blog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function post(
    shop: Tenant,
    overrides: Partial<Parameters<typeof createPost>[1]> & { authorId?: number | null } = {},
  ) {
    slugCounter += 1;
    return createPost(t.context(shop), {
      slug: `post-${slugCounter}`,
      title: `Post ${slugCounter}`,
      content: '<p>Body</p>',
      status: 'published',
      publishedAt: new Date(Date.now() - HOUR),
      ...overrides,
    });
  }

  async function comment(
    shop: Tenant,
    values: { postId: number; userId: number; parentId?: number | null; isApproved?: boolean; content?: string },
  ) {
    return insertComment(t.scope(shop), {
      postId: values.postId,
      userId: values.userId,
      parentId: values.parentId ?? null,
      isApproved: values.isApproved ?? true,
      content: values.content ?? 'A comment',
    });
  }

  describe('GET /api/blog/posts/', () => {
    it('lists published posts newest first with the spec fields', async () => {
      const shop = await t.createTenant();
      // The author shows by their public name, never by their sign-in name (often an e-mail address).
      const { user } = await createCustomer(t, shop, { username: 'kami@example.com', displayName: 'Kami Sherpa' });
      const older = await post(shop, { publishedAt: new Date(Date.now() - 3 * HOUR), authorId: user.id });
      const newer = await post(shop, { featuredImage: `t${shop.id}/blog/newer.webp` });
      await comment(shop, { postId: older.id, userId: user.id });
      await comment(shop, { postId: older.id, userId: user.id });
      await comment(shop, { postId: older.id, userId: user.id, isApproved: false });

      const response = await t.request(shop, { method: 'GET', url: '/api/blog/posts/?status=published' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.map((p: { slug: string }) => p.slug)).toEqual([newer.slug, older.slug]);
      expect(body[1]).toEqual({
        id: older.id,
        slug: older.slug,
        title: older.title,
        content: '<p>Body</p>',
        featured_image: null,
        featured_image_width: null,
        featured_image_height: null,
        featured_image_variants: [],
        published_at: older.publishedAt?.toISOString(),
        comment_count: 2,
        author: { username: 'Kami Sherpa' },
        status: 'published',
      });
      // A file the media module has no record of: its path alone, as before pictures had variants.
      expect(body[0]).toMatchObject({
        featured_image: `/media/t${shop.id}/blog/newer.webp`,
        featured_image_width: null,
        featured_image_variants: [],
        author: null,
        comment_count: 0,
      });
    });

    it('never lists drafts or posts whose publication time has not come, whatever the status asked', async () => {
      const shop = await t.createTenant();
      const visible = await post(shop);
      await post(shop, { status: 'draft', publishedAt: null });
      await post(shop, { status: 'draft', publishedAt: new Date(Date.now() - HOUR) });
      await post(shop, { publishedAt: new Date(Date.now() + HOUR) });

      for (const url of ['/api/blog/posts/', '/api/blog/posts/?status=published']) {
        const response = await t.request(shop, { method: 'GET', url });
        expect(response.json().map((p: { id: number }) => p.id)).toEqual([visible.id]);
      }
      for (const status of ['draft', 'scheduled', '']) {
        const response = await t.request(shop, { method: 'GET', url: `/api/blog/posts/?status=${status}` });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual([]);
      }
    });
  });

  describe('GET /api/blog/posts/{slug}/', () => {
    it('answers a published post', async () => {
      const shop = await t.createTenant();
      const published = await post(shop);
      const response = await t.request(shop, { method: 'GET', url: `/api/blog/posts/${published.slug}/` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: published.id, title: published.title, status: 'published' });
    });

    it('answers 404 for a draft, a future post and an unknown slug', async () => {
      const shop = await t.createTenant();
      const draft = await post(shop, { status: 'draft', publishedAt: new Date(Date.now() - HOUR) });
      const future = await post(shop, { publishedAt: new Date(Date.now() + HOUR) });
      for (const slug of [draft.slug, future.slug, 'no-such-post']) {
        const response = await t.request(shop, { method: 'GET', url: `/api/blog/posts/${slug}/` });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
    });
  });

  describe('GET /api/blog/comments/', () => {
    it('answers the approved comments of the post as a tree, oldest first at every level', async () => {
      const shop = await t.createTenant();
      const { user } = await createCustomer(t, shop, { username: 'reader', displayName: 'Reader R.' });
      const target = await post(shop);
      const other = await post(shop);
      const first = await comment(shop, { postId: target.id, userId: user.id, content: 'first' });
      const second = await comment(shop, { postId: target.id, userId: user.id, content: 'second' });
      const reply = await comment(shop, { postId: target.id, userId: user.id, parentId: first.id, content: 'reply' });
      const deep = await comment(shop, { postId: target.id, userId: user.id, parentId: reply.id, content: 'deep' });
      const laterReply = await comment(shop, {
        postId: target.id,
        userId: user.id,
        parentId: first.id,
        content: 'later reply',
      });
      await comment(shop, { postId: target.id, userId: user.id, content: 'hidden', isApproved: false });
      await comment(shop, { postId: target.id, userId: user.id, parentId: first.id, isApproved: false });
      await comment(shop, { postId: other.id, userId: user.id, content: 'elsewhere' });

      const response = await t.request(shop, {
        method: 'GET',
        url: `/api/blog/comments/?post=${target.id}&is_approved=true`,
      });
      expect(response.statusCode).toBe(200);
      const tree = response.json();
      expect(tree.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);
      expect(tree[0]).toMatchObject({
        id: first.id,
        post: target.id,
        parent: null,
        content: 'first',
        user: { username: 'Reader R.' },
        is_approved: true,
      });
      expect(tree[0].replies.map((c: { id: number }) => c.id)).toEqual([reply.id, laterReply.id]);
      expect(tree[0].replies[0].replies.map((c: { id: number }) => c.id)).toEqual([deep.id]);
      expect(tree[0].replies[0].replies[0]).toMatchObject({ parent: reply.id, replies: [] });
      expect(tree[1].replies).toEqual([]);
    });

    it('never lists unapproved comments, whatever the parameters', async () => {
      const shop = await t.createTenant();
      const { user } = await createCustomer(t, shop);
      const target = await post(shop);
      const approved = await comment(shop, { postId: target.id, userId: user.id });
      const unapproved = await comment(shop, { postId: target.id, userId: user.id, isApproved: false });
      // A reply to an unapproved comment (approved later by mistake) stays hidden with its parent.
      await comment(shop, { postId: target.id, userId: user.id, parentId: unapproved.id });

      for (const query of ['', '&is_approved=true', '&is_approved=True', '&is_approved=1', '&is_approved=false']) {
        const response = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${target.id}${query}` });
        expect(response.statusCode).toBe(200);
        const ids = JSON.stringify(response.json());
        expect(ids).not.toContain(`"id":${unapproved.id}`);
        expect(ids).not.toContain('"is_approved":false');
      }
      const approvedOnly = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${target.id}` });
      expect(approvedOnly.json().map((c: { id: number }) => c.id)).toEqual([approved.id]);
    });

    it('lists no comments of a draft or future post', async () => {
      const shop = await t.createTenant();
      const { user } = await createCustomer(t, shop);
      const draft = await post(shop, { status: 'draft', publishedAt: null });
      const future = await post(shop, { publishedAt: new Date(Date.now() + HOUR) });
      await comment(shop, { postId: draft.id, userId: user.id });
      await comment(shop, { postId: future.id, userId: user.id });
      for (const target of [draft, future]) {
        const response = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${target.id}` });
        expect(response.json()).toEqual([]);
      }
    });

    it('asks for the post', async () => {
      const shop = await t.createTenant();
      const response = await t.request(shop, { method: 'GET', url: '/api/blog/comments/' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('post');
    });
  });

  describe('POST /api/blog/comments/', () => {
    it('publishes a signed-in customer comment at once when moderation is off, trimmed and as plain text', async () => {
      const shop = await t.createTenant();
      const { user, accessToken } = await createCustomer(t, shop, { username: 'writer', displayName: 'Writer W.' });
      const target = await post(shop);
      const response = await t.request(shop, {
        method: 'POST',
        url: '/api/blog/comments/',
        token: accessToken,
        payload: { post: target.id, content: '  <b>Great</b> blade & sheath!  ', parent: null },
      });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({
        post: target.id,
        parent: null,
        content: '<b>Great</b> blade & sheath!',
        user: { username: 'Writer W.' },
        is_approved: true,
        replies: [],
      });
      expect(user.id).toBeGreaterThan(0);
      const listed = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${target.id}` });
      expect(listed.json().map((c: { id: number }) => c.id)).toEqual([created.id]);
      const detail = await t.request(shop, { method: 'GET', url: `/api/blog/posts/${target.slug}/` });
      expect(detail.json().comment_count).toBe(1);
    });

    it('holds a new comment for approval when the shop moderates comments, and says so', async () => {
      const shop = await t.createTenant();
      await setCommentModeration(t.context(shop), true);
      const { accessToken } = await createCustomer(t, shop);
      const target = await post(shop);
      const response = await t.request(shop, {
        method: 'POST',
        url: '/api/blog/comments/',
        token: accessToken,
        payload: { post: target.id, content: 'Wait for me' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().is_approved).toBe(false);
      const listed = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${target.id}` });
      expect(listed.json()).toEqual([]);
    });

    it('accepts a reply to an approved comment of the same post', async () => {
      const shop = await t.createTenant();
      const { user, accessToken } = await createCustomer(t, shop);
      const target = await post(shop);
      const parent = await comment(shop, { postId: target.id, userId: user.id });
      const response = await t.request(shop, {
        method: 'POST',
        url: '/api/blog/comments/',
        token: accessToken,
        payload: { post: target.id, content: 'A reply', parent: parent.id },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().parent).toBe(parent.id);
      const listed = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${target.id}` });
      expect(listed.json()[0].replies[0].content).toBe('A reply');
    });

    it('refuses a reply to a comment of another post, to an unapproved comment and to an unknown one', async () => {
      const shop = await t.createTenant();
      const { user, accessToken } = await createCustomer(t, shop);
      const target = await post(shop);
      const other = await post(shop);
      const elsewhere = await comment(shop, { postId: other.id, userId: user.id });
      const unapproved = await comment(shop, { postId: target.id, userId: user.id, isApproved: false });
      for (const parent of [elsewhere.id, unapproved.id, 999_999]) {
        const response = await t.request(shop, {
          method: 'POST',
          url: '/api/blog/comments/',
          token: accessToken,
          payload: { post: target.id, content: 'A reply', parent },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          parent: ['The parent comment must be an approved comment of the same post.'],
        });
      }
    });

    it('refuses guests with 401', async () => {
      const shop = await t.createTenant();
      const target = await post(shop);
      for (const payload of [{ post: target.id, content: 'Hello' }, {}]) {
        const response = await t.request(shop, { method: 'POST', url: '/api/blog/comments/', payload });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('not_authenticated');
      }
    });

    it('refuses blank, over-long content and a draft, future or unknown post with field errors', async () => {
      const shop = await t.createTenant();
      const { accessToken } = await createCustomer(t, shop);
      const target = await post(shop);
      const draft = await post(shop, { status: 'draft', publishedAt: null });
      const future = await post(shop, { publishedAt: new Date(Date.now() + HOUR) });
      const send = (payload: object) =>
        t.request(shop, { method: 'POST', url: '/api/blog/comments/', token: accessToken, payload });

      const blank = await send({ post: target.id, content: '   \n ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ content: ['This field may not be blank.'] });
      const long = await send({ post: target.id, content: 'x'.repeat(2001) });
      expect(long.json()).toEqual({ content: ['Ensure this field has no more than 2000 characters.'] });
      expect((await send({ post: target.id, content: 'x'.repeat(2000) })).statusCode).toBe(201);
      for (const hidden of [draft.id, future.id, 999_999]) {
        const response = await send({ post: hidden, content: 'Hello' });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ post: [`Invalid pk "${hidden}" - object does not exist.`] });
      }
      const missing = await send({ content: 'Hello' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toHaveProperty('post');
    });
  });

  it('neutralises every XSS payload of the corpus in post content, through the API answers', async () => {
    const shop = await t.createTenant();
    const written = await post(shop, { content: `<p>Intro</p>${XSS_CORPUS.join('\n')}` });
    for (const payload of XSS_CORPUS) await post(shop, { content: payload });

    const detail = await t.request(shop, { method: 'GET', url: `/api/blog/posts/${written.slug}/` });
    expect(detail.json().content).toContain('<p>Intro</p>');
    expect(xssLeftovers(detail.json().content)).toEqual([]);
    const list = await t.request(shop, { method: 'GET', url: '/api/blog/posts/' });
    const contents = list.json().map((p: { content: string }) => p.content);
    expect(contents).toHaveLength(XSS_CORPUS.length + 1);
    for (const content of contents) expect(xssLeftovers(content)).toEqual([]);
  });

  it('keeps each shop to its own posts and comments', async () => {
    const mine = await t.createTenant();
    const theirs = await t.createTenant();
    const { user: theirUser } = await createCustomer(t, theirs);
    const { accessToken: myToken } = await createCustomer(t, mine);
    const theirPost = await post(theirs);
    const theirComment = await comment(theirs, { postId: theirPost.id, userId: theirUser.id });

    expect((await t.request(mine, { method: 'GET', url: '/api/blog/posts/' })).json()).toEqual([]);
    expect((await t.request(mine, { method: 'GET', url: `/api/blog/posts/${theirPost.slug}/` })).statusCode).toBe(404);
    const comments = await t.request(mine, { method: 'GET', url: `/api/blog/comments/?post=${theirPost.id}` });
    expect(comments.json()).toEqual([]);
    const onTheirPost = await t.request(mine, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: myToken,
      payload: { post: theirPost.id, content: 'Hello' },
    });
    expect(onTheirPost.statusCode).toBe(400);
    const myPost = await post(mine);
    const replyToTheirs = await t.request(mine, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: myToken,
      payload: { post: myPost.id, content: 'Hello', parent: theirComment.id },
    });
    expect(replyToTheirs.statusCode).toBe(400);
    // Another shop's token is no sign-in here.
    const { accessToken: theirToken } = await createCustomer(t, theirs);
    const foreign = await t.request(mine, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: theirToken,
      payload: { post: myPost.id, content: 'Hello' },
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('keeps the same slug apart in two shops', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    await post(a, { slug: 'same-slug', title: 'In A' });
    await post(b, { slug: 'same-slug', title: 'In B' });
    const inB = await t.request(b, { method: 'GET', url: '/api/blog/posts/same-slug/' });
    expect(inB.json().title).toBe('In B');
  });
});
