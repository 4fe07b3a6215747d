import type { BlogComment, BlogPost } from '@platform/contracts';
import { type ApiClient, ApiError, type ListAnswer, listResults } from '../../../lib/api-client.ts';

export async function fetchPublishedPosts(api: ApiClient): Promise<BlogPost[]> {
  return listResults(await api.get<ListAnswer<BlogPost>>('/blog/posts/', { query: { status: 'published' } }));
}

export async function fetchApprovedComments(api: ApiClient, postId: number): Promise<BlogComment[]> {
  return listResults(
    await api.get<ListAnswer<BlogComment>>('/blog/comments/', { query: { post: postId, is_approved: true } }),
  );
}

export function submitComment(api: ApiClient, body: { post: number; content: string; parent: number | null }) {
  return api.post<BlogComment>('/blog/comments/', body);
}

export type BlogListData = { posts: BlogPost[]; error: null } | { posts: null; error: string };

/** The blog list page's data, with the spec's error text (section 8). */
export async function loadBlogList(api: ApiClient): Promise<BlogListData> {
  try {
    return { posts: await fetchPublishedPosts(api), error: null };
  } catch {
    return { posts: null, error: 'Failed to load blog posts.' };
  }
}

export type BlogPostData =
  | { post: BlogPost; comments: BlogComment[]; error: null; status: 200 }
  | { post: null; comments: null; error: string; status: number };

/** A post and its approved comments; a post that is not published is not found (spec section 4 "Blog"). */
export async function loadBlogPost(api: ApiClient, slug: string): Promise<BlogPostData> {
  try {
    const post = await api.get<BlogPost>(`/blog/posts/${encodeURIComponent(slug)}/`);
    if (post.status !== 'published') return { post: null, comments: null, error: 'Blog post not found.', status: 404 };
    const comments = await fetchApprovedComments(api, post.id);
    return { post, comments, error: null, status: 200 };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { post: null, comments: null, error: 'Blog post not found or not published.', status: 404 };
    }
    return { post: null, comments: null, error: 'Failed to load blog post or comments.', status: 500 };
  }
}

/** Comment submit errors (spec section 8): the detail, else the JSON text of the body, else the fallback. */
export function commentErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.body && typeof error.body === 'object') return JSON.stringify(error.body);
  }
  return 'Failed to submit comment. Please try again.';
}
