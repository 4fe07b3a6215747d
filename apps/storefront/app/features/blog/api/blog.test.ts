import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client.ts';
import { loadBlogList, loadBlogPost } from './blog.ts';

function apiAnswering(answer: (path: string) => { status: number; body: unknown }) {
  return createApiClient({
    baseUrl: 'http://api.test/api',
    tenantToken: 'shop-1',
    fetch: async (input) => {
      const { status, body } = answer(new URL(String(input)).pathname.replace(/^\/api/, ''));
      return Response.json(body, { status });
    },
  });
}

const post = {
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
};

describe('blog loaders', () => {
  afterEach(() => vi.restoreAllMocks());

  it("show the screen's generic error when an answer breaks its contract", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loadBlogList(apiAnswering(() => ({ status: 200, body: [{ id: 1 }] })))).resolves.toEqual({
      posts: null,
      error: 'Failed to load blog posts.',
    });
    const badComments = apiAnswering((path) =>
      path.startsWith('/blog/posts/') ? { status: 200, body: post } : { status: 200, body: [{ id: 'x' }] },
    );
    await expect(loadBlogPost(badComments, 'plain')).resolves.toMatchObject({
      post: null,
      error: 'Failed to load blog post or comments.',
      status: 500,
    });
  });

  it('treat a post that is not published as not found', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const draft = apiAnswering(() => ({ status: 200, body: { ...post, status: 'draft' } }));
    await expect(loadBlogPost(draft, 'plain')).resolves.toMatchObject({
      post: null,
      error: 'Blog post not found.',
      status: 404,
    });
  });

  it('give a published post with its approved comments', async () => {
    const api = apiAnswering((path) =>
      path.startsWith('/blog/posts/') ? { status: 200, body: post } : { status: 200, body: [] },
    );
    await expect(loadBlogPost(api, 'plain')).resolves.toEqual({ post, comments: [], error: null, status: 200 });
  });
});
