// Comment threads under abuse: a chain of a thousand replies, a flood of comments, thousands of top-level comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/builders.ts';
import type { Tenant } from '../tenants/index.ts';
import { insertComment } from './blog.repository.ts';
import { createPost } from './blog.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ENABLED: 'true' });
});
afterAll(() => t.close());

let counter = 0;
async function publishedPost(shop: Tenant) {
  counter += 1;
  return createPost(t.context(shop), {
    slug: `thread-post-${counter}`,
    title: `Thread post ${counter}`,
    content: '<p>Body</p>',
    status: 'published',
    publishedAt: new Date(Date.now() - 60_000),
  });
}

interface Node {
  id: number;
  parent: number | null;
  replies: Node[];
}

function depthOf(nodes: Node[]): number {
  let deepest = 0;
  const stack = nodes.map((node) => ({ node, depth: 1 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: Node; depth: number };
    deepest = Math.max(deepest, depth);
    for (const reply of node.replies) stack.push({ node: reply, depth: depth + 1 });
  }
  return deepest;
}

function countOf(nodes: Node[]): number {
  let total = 0;
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    total += 1;
    stack.push(...node.replies);
  }
  return total;
}

describe('comment threads', () => {
  it('a chain of 1 000 nested replies is listed, five levels deep at most, with every reply kept', async () => {
    const shop = await t.createTenant();
    const { user } = await createCustomer(t, shop);
    const post = await publishedPost(shop);
    let parentId: number | null = null;
    for (let index = 0; index < 1000; index++) {
      const row = await insertComment(t.scope(shop), {
        postId: post.id,
        userId: user.id,
        parentId,
        isApproved: true,
        content: `Reply ${index}`,
      });
      parentId = row.id;
    }
    const answer = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${post.id}` });
    expect(answer.statusCode).toBe(200);
    const tree = answer.json() as Node[];
    expect(tree).toHaveLength(1);
    expect(depthOf(tree)).toBe(5);
    expect(countOf(tree)).toBe(1000);

    // The post's page renders too: its answer is the post, and its comment count counts them all.
    const page = await t.request(shop, { method: 'GET', url: `/api/blog/posts/${post.slug}/` });
    expect(page.statusCode).toBe(200);
    expect(page.json().comment_count).toBe(1000);

    // A reply to the deepest comment joins the last level.
    const customer = await createCustomer(t, shop);
    const deepest = await t.request(shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: customer.accessToken,
      payload: { post: post.id, content: 'At the bottom', parent: parentId },
    });
    expect(deepest.statusCode).toBe(201);
    const again = (await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${post.id}` })).json();
    expect(depthOf(again)).toBe(5);
  });

  it('a reply to a comment on the fifth level is stored on the fifth level, under its parent’s parent', async () => {
    const shop = await t.createTenant();
    const customer = await createCustomer(t, shop);
    const post = await publishedPost(shop);
    const ids: number[] = [];
    for (let level = 0; level < 5; level++) {
      const answer = await t.request(shop, {
        method: 'POST',
        url: '/api/blog/comments/',
        token: customer.accessToken,
        payload: { post: post.id, content: `Level ${level + 1}`, parent: ids.at(-1) ?? null },
      });
      expect(answer.statusCode).toBe(201);
      expect(answer.json().parent).toBe(ids.at(-1) ?? null);
      ids.push(answer.json().id);
    }
    const sixth = await t.request(shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: customer.accessToken,
      payload: { post: post.id, content: 'Level 6?', parent: ids[4] },
    });
    expect(sixth.statusCode).toBe(201);
    expect(sixth.json().parent).toBe(ids[3]);
  });

  it('pages the top-level comments, each with its replies, and links the next page', async () => {
    const shop = await t.createTenant();
    const { user } = await createCustomer(t, shop);
    const post = await publishedPost(shop);
    const roots: number[] = [];
    for (let index = 0; index < 120; index++) {
      const root = await insertComment(t.scope(shop), {
        postId: post.id,
        userId: user.id,
        parentId: null,
        isApproved: true,
        content: `Top ${index}`,
      });
      roots.push(root.id);
      if (index % 40 === 0) {
        await insertComment(t.scope(shop), {
          postId: post.id,
          userId: user.id,
          parentId: root.id,
          isApproved: true,
          content: `Reply to ${index}`,
        });
      }
    }
    const first = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${post.id}` });
    const firstPage = first.json() as Node[];
    expect(firstPage.map((node) => node.id)).toEqual(roots.slice(0, 50));
    expect(firstPage[0]?.replies).toHaveLength(1);
    expect(first.headers.link).toBe(`</api/blog/comments/?post=${post.id}&page=2>; rel="next"`);
    const third = await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${post.id}&page=3` });
    expect((third.json() as Node[]).map((node) => node.id)).toEqual(roots.slice(100));
    const second = (
      await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${post.id}&page=2` })
    ).json() as Node[];
    expect(second.filter((node) => node.replies.length > 0).map((node) => node.id)).toEqual([roots[80]]);
    expect(third.headers.link).toBeUndefined();
    const small = await t.request(shop, {
      method: 'GET',
      url: `/api/blog/comments/?post=${post.id}&page_size=10&page=2`,
    });
    expect((small.json() as Node[]).map((node) => node.id)).toEqual(roots.slice(10, 20));
    expect(small.headers.link).toContain('page=3&page_size=10');
    expect(
      (await t.request(shop, { method: 'GET', url: `/api/blog/comments/?post=${post.id}&page_size=1000` })).statusCode,
    ).toBe(400);
  });

  it('limits comment posting per account, from any address, and per address, for any account', async () => {
    const shop = await t.createTenant();
    const post = await publishedPost(shop);
    const send = (token: string, address: string) =>
      t.request(shop, {
        method: 'POST',
        url: '/api/blog/comments/',
        token,
        remoteAddress: address,
        payload: { post: post.id, content: 'Again and again' },
      });
    const flooder = await createCustomer(t, shop);
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++)
      statuses.push((await send(flooder.accessToken, `10.0.0.${index}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const refused = await send(flooder.accessToken, '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(statuses[10]).toBe(429);

    // Many accounts behind one address: 30 in ten minutes.
    const fromOneAddress: number[] = [];
    for (let index = 0; index < 31; index++) {
      const someone = await createCustomer(t, shop);
      fromOneAddress.push((await send(someone.accessToken, '10.9.9.9')).statusCode);
    }
    expect(fromOneAddress.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(fromOneAddress[30]).toBe(429);
  });
});
