import { BlogComment, BlogPost, type CreateBlogCommentBody, listAnswer } from '@platform/contracts';
import { type ApiClient, ApiContractError, ApiError } from '../../../lib/api-client.ts';

function fetchPublishedPosts(api: ApiClient): Promise<BlogPost[]> {
  return api.get('/blog/posts/', { schema: listAnswer(BlogPost), query: { status: 'published' } });
}

function fetchApprovedComments(api: ApiClient, postId: number): Promise<BlogComment[]> {
  return api.get('/blog/comments/', { schema: listAnswer(BlogComment), query: { post: postId, is_approved: true } });
}

export function submitComment(api: ApiClient, body: CreateBlogCommentBody): Promise<BlogComment> {
  return api.post('/blog/comments/', body, { schema: BlogComment });
}

type BlogListData = { posts: BlogPost[]; error: null } | { posts: null; error: string };

/** The blog list page's data, with the spec's error text (section 8). */
export async function loadBlogList(api: ApiClient): Promise<BlogListData> {
  try {
    return { posts: await fetchPublishedPosts(api), error: null };
  } catch {
    return { posts: null, error: 'Failed to load blog posts.' };
  }
}

type BlogPostData =
  | { post: BlogPost; comments: BlogComment[]; error: null; status: 200 }
  | { post: null; comments: null; error: string; status: number };

/** A post and its approved comments; a post that is not published is not found (spec section 4 "Blog"). */
export async function loadBlogPost(api: ApiClient, slug: string): Promise<BlogPostData> {
  try {
    const post = await api.get(`/blog/posts/${encodeURIComponent(slug)}/`, { schema: BlogPost });
    const comments = await fetchApprovedComments(api, post.id);
    return { post, comments, error: null, status: 200 };
  } catch (error) {
    if (isUnpublishedPost(error)) return { post: null, comments: null, error: 'Blog post not found.', status: 404 };
    if (error instanceof ApiError && error.status === 404) {
      return { post: null, comments: null, error: 'Blog post not found or not published.', status: 404 };
    }
    return { post: null, comments: null, error: 'Failed to load blog post or comments.', status: 500 };
  }
}

/** The contract admits published posts only: an answer that is a post in another status is a post not found. */
function isUnpublishedPost(error: unknown): boolean {
  if (!(error instanceof ApiContractError)) return false;
  const status = (error.answer as { status?: unknown } | null)?.status;
  return typeof status === 'string' && status !== 'published';
}
