// The administration of the blog: posts in every state (drafts, scheduled, published), comment moderation and the
// moderation switch. Every write runs in one transaction with its audit entry; post HTML is sanitized on write.
import type {
  AdminBlogSettings,
  AdminComment,
  AdminCommentListQuery,
  AdminCommentUpdateBody,
  AdminPost,
  AdminPostCreateBody,
  AdminPostListQuery,
  AdminPostStatus,
  AdminPostUpdateBody,
} from '@platform/contracts/admin-content';
import { firstFreeSlug, slugFromName } from '@platform/contracts/admin-products';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type BlogPostRow,
  deleteComment,
  deletePost,
  findCommentModeration,
  findStaffComment,
  findStaffPost,
  insertPost,
  listStaffComments,
  listStaffPosts,
  lockPost,
  type NewBlogPost,
  postSlugsLike,
  type StaffComment,
  type StaffPost,
  saveCommentModeration,
  setCommentApproval,
  slugTaken,
  updatePost,
} from './blog.repository.ts';

const postNotFound = () => new NotFoundError('Post not found.', 'post_not_found');
const commentNotFound = () => new NotFoundError('Comment not found.', 'comment_not_found');

function statusOf(row: BlogPostRow, now: Date): AdminPostStatus {
  if (row.status === 'draft') return 'draft';
  return row.publishedAt && row.publishedAt > now ? 'scheduled' : 'published';
}

function toAdminPost(ctx: RequestContext, row: StaffPost, now = new Date()): AdminPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    featured_image: row.featuredImage,
    featured_image_url: row.featuredImage ? ctx.deps.media.url(row.featuredImage) : null,
    status: statusOf(row, now),
    published_at: row.publishedAt?.toISOString() ?? null,
    author:
      row.authorId !== null && row.authorUsername !== null ? { id: row.authorId, username: row.authorUsername } : null,
    comment_count: row.commentCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a post: its fields but the content (only whether it changed). */
function auditedPost(row: BlogPostRow): Record<string, unknown> {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    featured_image: row.featuredImage,
    content_length: row.content.length,
  };
}

function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const SLUG_TAKEN = { slug: ['A post with this slug already exists.'] };

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a post write; two writes racing past the slug check are told apart by the unique index (a field error). */
async function writingPost<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError(SLUG_TAKEN);
    throw error;
  }
}

/** A featured image must be one of this shop's media files. */
function checkMediaKey(ctx: RequestContext, key: string | undefined): void {
  if (key && !key.startsWith(`t${ctx.tenant.id}/`)) {
    throw new ValidationError({ featured_image: ["Not one of this shop's media files."] });
  }
}

/** `GET /admin/posts/`: the shop's posts in every state, filtered by status, searched by title, ordered. */
export async function listPostsForStaff(
  ctx: RequestContext,
  query: AdminPostListQuery,
): Promise<{ count: number; results: AdminPost[] }> {
  requireStaff(ctx);
  const now = new Date();
  const { rows, count } = await listStaffPosts(
    ctx.scope,
    { status: query.status, search: query.search || undefined, now },
    { ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.map((row) => toAdminPost(ctx, row, now)) };
}

/** `GET /admin/posts/{id}/`. */
export async function getPostForStaff(ctx: RequestContext, id: number): Promise<AdminPost> {
  requireStaff(ctx);
  const row = await findStaffPost(ctx.scope, id);
  if (!row) throw postNotFound();
  return toAdminPost(ctx, row);
}

/**
 * The publication time a write leaves: publishing without a time (and none before) publishes now; a draft keeps the
 * time it is given, or none.
 */
function publicationTime(
  status: 'draft' | 'published',
  given: string | null | undefined,
  current: Date | null,
): Date | null {
  const time = given === undefined ? current : given === null ? null : new Date(given);
  if (status === 'published' && time === null) return new Date();
  return time;
}

/**
 * `POST /admin/posts/`: a new post by the signed-in member of staff; without a slug, one is derived from the title,
 * unique in the shop (a slug given that another post has is refused). Audited.
 */
export async function createPostByStaff(ctx: RequestContext, body: AdminPostCreateBody): Promise<AdminPost> {
  const user = requireStaff(ctx);
  checkMediaKey(ctx, body.featured_image);
  const status = body.status ?? 'draft';
  const id = await writingPost(() =>
    inTransaction(ctx, async (tx) => {
      if (body.slug !== undefined && (await slugTaken(tx.scope, body.slug))) throw new ValidationError(SLUG_TAKEN);
      const base = slugFromName(body.title, 190) || 'post';
      const values: NewBlogPost = {
        title: body.title,
        slug: body.slug ?? firstFreeSlug(base, await postSlugsLike(tx.scope, base)),
        excerpt: body.excerpt ?? '',
        content: sanitizeRichText(body.content ?? ''),
        featuredImage: body.featured_image ?? '',
        status,
        publishedAt: publicationTime(status, body.published_at, null),
        authorId: user.id,
      };
      const row = await insertPost(tx.scope, values);
      await recordAudit(tx, {
        action: 'blog_post.create',
        entity: 'blog_post',
        entityId: row.id,
        after: auditedPost(row),
      });
      return row.id;
    }),
  );
  return getPostForStaff(ctx, id);
}

/** `PATCH /admin/posts/{id}/`: changes the given fields; publishing makes the post visible at once (or when due). */
export async function updatePostByStaff(
  ctx: RequestContext,
  id: number,
  body: AdminPostUpdateBody,
): Promise<AdminPost> {
  requireStaff(ctx);
  checkMediaKey(ctx, body.featured_image);
  await writingPost(() =>
    inTransaction(ctx, async (tx) => {
      const current = await lockPost(tx.scope, id);
      if (!current) throw postNotFound();
      if (body.slug !== undefined && (await slugTaken(tx.scope, body.slug, id))) throw new ValidationError(SLUG_TAKEN);
      const status = body.status ?? current.status;
      const row = await updatePost(tx.scope, id, {
        title: body.title,
        slug: body.slug,
        excerpt: body.excerpt,
        content: body.content === undefined ? undefined : sanitizeRichText(body.content),
        featuredImage: body.featured_image,
        status,
        publishedAt: publicationTime(status, body.published_at, current.publishedAt),
      });
      if (!row) throw postNotFound();
      const change = changedFields(auditedPost(current), auditedPost(row));
      await recordAudit(tx, { action: 'blog_post.update', entity: 'blog_post', entityId: id, ...change });
    }),
  );
  return getPostForStaff(ctx, id);
}

/** `DELETE /admin/posts/{id}/`: the post and its comments; audited. */
export async function deletePostByStaff(ctx: RequestContext, id: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const current = await lockPost(tx.scope, id);
    if (!current || !(await deletePost(tx.scope, id))) throw postNotFound();
    await recordAudit(tx, {
      action: 'blog_post.delete',
      entity: 'blog_post',
      entityId: id,
      before: auditedPost(current),
    });
  });
}

function toAdminComment(row: StaffComment): AdminComment {
  return {
    id: row.id,
    post: row.postId,
    post_title: row.postTitle,
    parent: row.parentId,
    content: row.content,
    user: { id: row.userId, username: row.username },
    is_approved: row.isApproved,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /admin/comments/`: every comment of the shop, newest first, by post and approval. */
export async function listCommentsForStaff(
  ctx: RequestContext,
  query: AdminCommentListQuery,
): Promise<{ count: number; results: AdminComment[] }> {
  requireStaff(ctx);
  const { rows, count } = await listStaffComments(
    ctx.scope,
    { postId: query.post, isApproved: query.is_approved, search: query.search || undefined },
    {
      // Comments are numbered in the order they were written: `id` orders them as `created_at` does.
      oldestFirst: query.ordering === 'created_at' || query.ordering === 'id',
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    },
  );
  return { count, results: rows.map(toAdminComment) };
}

/** `PATCH /admin/comments/{id}/`: approves or rejects (hides) a comment; audited. */
export async function moderateComment(
  ctx: RequestContext,
  id: number,
  body: AdminCommentUpdateBody,
): Promise<AdminComment> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const current = await findStaffComment(tx.scope, id);
    if (!current || !(await setCommentApproval(tx.scope, id, body.is_approved))) throw commentNotFound();
    await recordAudit(tx, {
      action: body.is_approved ? 'blog_comment.approve' : 'blog_comment.reject',
      entity: 'blog_comment',
      entityId: id,
      before: { is_approved: current.isApproved },
      after: { is_approved: body.is_approved },
    });
    return toAdminComment({ ...current, isApproved: body.is_approved });
  });
}

/** `DELETE /admin/comments/{id}/`: the comment and its replies; audited. */
export async function deleteCommentByStaff(ctx: RequestContext, id: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const current = await findStaffComment(tx.scope, id);
    if (!current || !(await deleteComment(tx.scope, id))) throw commentNotFound();
    await recordAudit(tx, {
      action: 'blog_comment.delete',
      entity: 'blog_comment',
      entityId: id,
      before: { post: current.postId, user: current.userId, content: current.content, is_approved: current.isApproved },
    });
  });
}

/** `GET /admin/blog-settings/`. */
export async function getBlogSettings(ctx: RequestContext): Promise<AdminBlogSettings> {
  requireStaff(ctx);
  return { moderate_comments: await findCommentModeration(ctx.scope) };
}

/** `PATCH /admin/blog-settings/`: turns comment moderation on or off; audited. */
export async function updateBlogSettings(ctx: RequestContext, body: AdminBlogSettings): Promise<AdminBlogSettings> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = await findCommentModeration(tx.scope);
    await saveCommentModeration(tx.scope, body.moderate_comments);
    await recordAudit(tx, {
      action: 'blog_settings.update',
      entity: 'blog_settings',
      entityId: '',
      before: { moderate_comments: before },
      after: { moderate_comments: body.moderate_comments },
    });
    return { moderate_comments: body.moderate_comments };
  });
}
