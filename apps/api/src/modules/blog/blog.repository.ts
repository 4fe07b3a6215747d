import { and, asc, count, desc, eq, lte } from 'drizzle-orm';
import { blogComments, blogPosts, contentSettings, users } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type BlogCommentRow = typeof blogComments.$inferSelect;
export type NewBlogPost = Omit<typeof blogPosts.$inferInsert, 'tenantId' | 'id'>;
export type NewBlogComment = Omit<typeof blogComments.$inferInsert, 'tenantId' | 'id'>;

export interface VisiblePost extends BlogPostRow {
  authorUsername: string | null;
  commentCount: number;
}

export interface CommentWithUser extends BlogCommentRow {
  username: string;
}

/** Published and due: the only posts the public may see. */
function visible(scope: TenantScope, now: Date) {
  return scope.where(blogPosts, eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, now));
}

function approvedCount(scope: TenantScope) {
  return scope.db
    .select({ postId: blogComments.postId, total: count().as('total') })
    .from(blogComments)
    .where(scope.where(blogComments, eq(blogComments.isApproved, true)))
    .groupBy(blogComments.postId)
    .as('approved_counts');
}

async function selectVisible(scope: TenantScope, now: Date, slug?: string): Promise<VisiblePost[]> {
  const counts = approvedCount(scope);
  const rows = await scope.db
    .select({ post: blogPosts, authorUsername: users.username, commentCount: counts.total })
    .from(blogPosts)
    .leftJoin(users, and(eq(users.tenantId, blogPosts.tenantId), eq(users.id, blogPosts.authorId)))
    .leftJoin(counts, eq(counts.postId, blogPosts.id))
    .where(slug === undefined ? visible(scope, now) : and(visible(scope, now), eq(blogPosts.slug, slug)))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((row) => ({
    ...row.post,
    authorUsername: row.authorUsername,
    commentCount: Number(row.commentCount ?? 0),
  }));
}

export function listVisiblePosts(scope: TenantScope, now: Date): Promise<VisiblePost[]> {
  return selectVisible(scope, now);
}

export async function findVisiblePostBySlug(scope: TenantScope, slug: string, now: Date): Promise<VisiblePost | null> {
  const [row] = await selectVisible(scope, now, slug);
  return row ?? null;
}

export async function findVisiblePostById(scope: TenantScope, id: number, now: Date): Promise<BlogPostRow | null> {
  const [row] = await scope.db
    .select()
    .from(blogPosts)
    .where(and(visible(scope, now), eq(blogPosts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertPost(scope: TenantScope, values: NewBlogPost): Promise<BlogPostRow> {
  const [row] = await scope.db.insert(blogPosts).values(scope.values(values)).returning();
  if (!row) throw new Error('blog post insert returned nothing');
  return row;
}

/** Approved comments of a post, oldest first, with their authors' usernames. */
export async function listApprovedComments(scope: TenantScope, postId: number): Promise<CommentWithUser[]> {
  const rows = await scope.db
    .select({ comment: blogComments, username: users.username })
    .from(blogComments)
    .innerJoin(users, and(eq(users.tenantId, blogComments.tenantId), eq(users.id, blogComments.userId)))
    .where(scope.where(blogComments, eq(blogComments.postId, postId), eq(blogComments.isApproved, true)))
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id));
  return rows.map((row) => ({ ...row.comment, username: row.username }));
}

export async function findComment(scope: TenantScope, id: number): Promise<BlogCommentRow | null> {
  const [row] = await scope.db
    .select()
    .from(blogComments)
    .where(scope.where(blogComments, eq(blogComments.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertComment(scope: TenantScope, values: NewBlogComment): Promise<BlogCommentRow> {
  const [row] = await scope.db.insert(blogComments).values(scope.values(values)).returning();
  if (!row) throw new Error('blog comment insert returned nothing');
  return row;
}

export async function findUsername(scope: TenantScope, userId: number): Promise<string | null> {
  const [row] = await scope.db
    .select({ username: users.username })
    .from(users)
    .where(scope.where(users, eq(users.id, userId)))
    .limit(1);
  return row?.username ?? null;
}

export async function findCommentModeration(scope: TenantScope): Promise<boolean> {
  const [row] = await scope.db
    .select({ on: contentSettings.commentModeration })
    .from(contentSettings)
    .where(scope.where(contentSettings))
    .limit(1);
  return row?.on ?? false;
}

export async function saveCommentModeration(scope: TenantScope, on: boolean): Promise<void> {
  await scope.db
    .insert(contentSettings)
    .values(scope.values({ commentModeration: on }))
    .onConflictDoUpdate({ target: contentSettings.tenantId, set: { commentModeration: on, updatedAt: new Date() } });
}
