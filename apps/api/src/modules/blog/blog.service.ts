import {
  type BlogComment,
  type BlogPost,
  COMMENT_MAX_DEPTH,
  COMMENT_MAX_LENGTH,
  COMMENT_PAGE_SIZE,
  type CreateBlogCommentBody,
} from '@platform/contracts';
import { accountTag, tagAnswer } from '../../lib/cache-tags.ts';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { findStoredPictures, imageVariants, type StoredPicture } from '../media/index.ts';
import {
  type BlogPostRow,
  type CommentWithUser,
  commentAncestry,
  findComment,
  findCommentModeration,
  findVisiblePostById,
  findVisiblePostBySlug,
  insertComment,
  insertCommentWithAuthor,
  insertPost,
  listApprovedThreads,
  listVisiblePosts,
  type NewBlogComment,
  type NewBlogPost,
  saveCommentModeration,
  type VisiblePost,
} from './blog.repository.ts';

function toPost(ctx: RequestContext, row: VisiblePost, pictures: Map<string, StoredPicture>): BlogPost {
  const picture = row.featuredImage ? pictures.get(row.featuredImage) : undefined;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    featured_image: row.featuredImage ? ctx.deps.media.url(row.featuredImage) : null,
    featured_image_width: picture?.width ?? null,
    featured_image_height: picture?.height ?? null,
    featured_image_variants: picture ? imageVariants(ctx, picture) : [],
    published_at: (row.publishedAt ?? row.createdAt).toISOString(),
    comment_count: row.commentCount,
    // The wire's `author.username` is the author's public name, as `user.username` of comments and reviews is.
    author: row.authorName === null ? null : { username: row.authorName },
    status: 'published',
  };
}

/** Published posts whose publication time has come, newest first; only those exist for the public. */
export async function listPublishedPosts(ctx: RequestContext, query: { status?: string }): Promise<BlogPost[]> {
  if (query.status !== undefined && query.status !== 'published') return [];
  const rows = await listVisiblePosts(ctx.scope, new Date());
  tagAuthors(ctx, rows);
  const pictures = await findStoredPictures(
    ctx,
    rows.map((row) => row.featuredImage),
  );
  return rows.map((row) => toPost(ctx, row, pictures));
}

/** One published, due post; a draft, a future or an unknown post is not found. */
export async function getPublishedPost(ctx: RequestContext, slug: string): Promise<BlogPost> {
  const row = await findVisiblePostBySlug(ctx.scope, slug, new Date());
  if (!row) throw new NotFoundError();
  tagAuthors(ctx, [row]);
  return toPost(ctx, row, await findStoredPictures(ctx, [row.featuredImage]));
}

/** Posts show their author's display name. */
function tagAuthors(ctx: RequestContext, rows: readonly VisiblePost[]): void {
  tagAnswer(
    ctx,
    rows.flatMap((row) => (row.authorId === null ? [] : [accountTag(row.authorId)])),
  );
}

function toComment(row: CommentWithUser, replies: BlogComment[] = []): BlogComment {
  return {
    id: row.id,
    post: row.postId,
    parent: row.parentId,
    content: row.content,
    user: { username: row.username },
    created_at: row.createdAt.toISOString(),
    is_approved: row.isApproved,
    replies,
  };
}

/**
 * Builds the reply tree of approved comments; a reply whose parent is not approved is not shown, and a reply deeper
 * than `COMMENT_MAX_DEPTH` levels (left by older versions) joins the last level, beside its parent.
 */
function commentTree(rows: CommentWithUser[]): BlogComment[] {
  const byParent = new Map<number | null, CommentWithUser[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  // Iterative, so that a deep thread cannot exhaust the stack.
  const roots: BlogComment[] = [];
  type Pending = { row: CommentWithUser; into: BlogComment[]; depth: number };
  const stack: Pending[] = (byParent.get(null) ?? []).map((row) => ({ row, into: roots, depth: 1 })).reverse();
  while (stack.length > 0) {
    const { row, into, depth } = stack.pop() as Pending;
    const node = toComment(row);
    into.push(node);
    const children = byParent.get(row.id) ?? [];
    const deeper = depth < COMMENT_MAX_DEPTH;
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index] as CommentWithUser;
      stack.push(deeper ? { row: child, into: node.replies, depth: depth + 1 } : { row: child, into, depth });
    }
  }
  return roots;
}

/**
 * Approved comments of a visible post as a tree (oldest first at every level). The public never sees unapproved
 * comments: asking for them gives an empty list, as does a post that is not visible.
 */
export async function listPublicComments(
  ctx: RequestContext,
  query: { post: number; is_approved?: boolean; page?: number; page_size?: number },
): Promise<{ comments: BlogComment[]; more: boolean }> {
  if (query.is_approved === false) return { comments: [], more: false };
  const post = await findVisiblePostById(ctx.scope, query.post, new Date());
  if (!post) return { comments: [], more: false };
  const limit = query.page_size ?? COMMENT_PAGE_SIZE;
  const { rows, more } = await listApprovedThreads(ctx.scope, post.id, {
    limit,
    offset: ((query.page ?? 1) - 1) * limit,
  });
  // Comments show their authors' display names.
  tagAnswer(
    ctx,
    rows.map((row) => accountTag(row.userId)),
  );
  return { comments: commentTree(rows), more };
}

/** A signed-in customer comments on a visible post, or replies to an approved comment of the same post. */
export async function createComment(ctx: RequestContext, input: CreateBlogCommentBody): Promise<BlogComment> {
  const user = requireUser(ctx);
  const content = input.content.trim();
  const errors: Record<string, string[]> = {};
  if (content.length === 0) errors.content = ['This field may not be blank.'];
  else if (content.length > COMMENT_MAX_LENGTH) {
    errors.content = [`Ensure this field has no more than ${COMMENT_MAX_LENGTH} characters.`];
  }
  const now = new Date();
  const post = await findVisiblePostById(ctx.scope, input.post, now);
  if (!post) errors.post = [`Invalid pk "${input.post}" - object does not exist.`];
  let parentId = input.parent ?? null;
  if (parentId !== null) {
    const parent = await findComment(ctx.scope, parentId);
    if (!parent?.isApproved || parent.postId !== input.post) {
      errors.parent = ['The parent comment must be an approved comment of the same post.'];
    } else {
      // A reply to a comment at the last level joins that level: under the parent's ancestor one level up.
      const ancestry = await commentAncestry(ctx.scope, parent.id);
      if (ancestry.length >= COMMENT_MAX_DEPTH) parentId = ancestry[COMMENT_MAX_DEPTH - 2] ?? parentId;
    }
  }
  if (Object.keys(errors).length > 0 || !post) throw new ValidationError(errors);
  const moderated = await findCommentModeration(ctx.scope);
  const row = await insertCommentWithAuthor(ctx.scope, {
    postId: post.id,
    parentId,
    userId: user.id,
    content,
    isApproved: !moderated,
  });
  // A comment shown at once changes its post's page.
  if (row.isApproved) {
    await ctx.deps.events.publish([
      { name: 'shop.changed', payload: { tenantId: ctx.tenant.id, entity: 'blog_comment' } },
    ]);
  }
  return toComment(row);
}

/** Writes a post with its content sanitized (the only write path of post HTML). */
export async function createPost(ctx: RequestContext, input: NewBlogPost): Promise<BlogPostRow> {
  return insertPost(ctx.scope, { ...input, content: sanitizeRichText(input.content ?? '') });
}

/**
 * Writes a comment as it is given (author, parent, approval, time), without the rules customers comment under: the
 * demo shop's conversations. Customers comment through `createComment`.
 */
export async function importComment(ctx: RequestContext, input: NewBlogComment): Promise<{ id: number }> {
  const row = await insertComment(ctx.scope, input);
  return { id: row.id };
}

/** Turns comment moderation on or off for the shop (off by default). */
export async function setCommentModeration(ctx: RequestContext, on: boolean): Promise<void> {
  await saveCommentModeration(ctx.scope, on);
}
