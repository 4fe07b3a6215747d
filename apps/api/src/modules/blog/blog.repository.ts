import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNull,
  like,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { blogComments, blogPosts, contentSettings } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { accountColumns } from '../accounts/index.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type BlogCommentRow = typeof blogComments.$inferSelect;
export type NewBlogPost = Omit<typeof blogPosts.$inferInsert, 'tenantId' | 'id'>;
export type NewBlogComment = Omit<typeof blogComments.$inferInsert, 'tenantId' | 'id'>;

export interface VisiblePost extends BlogPostRow {
  /** The author's public name (the display name, as comments and reviews show theirs; never the sign-in name). */
  authorName: string | null;
  commentCount: number;
}

/** A comment with its author's public name (the display name; the wire calls it `user.username`). */
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
    .select({
      post: blogPosts,
      authorName: accountColumns.displayName(scope, blogPosts.authorId),
      commentCount: counts.total,
    })
    .from(blogPosts)
    .leftJoin(counts, eq(counts.postId, blogPosts.id))
    .where(slug === undefined ? visible(scope, now) : and(visible(scope, now), eq(blogPosts.slug, slug)))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((row) => ({
    ...row.post,
    authorName: row.authorName,
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
/**
 * A page of a post's approved top-level comments (oldest first) with every approved reply under them, at any depth
 * (a reply under an unapproved comment is left out with it); `more` when later top-level comments exist.
 */
export async function listApprovedThreads(
  scope: TenantScope,
  postId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: CommentWithUser[]; more: boolean }> {
  const approved = eq(blogComments.isApproved, true);
  const roots = await scope.db
    .select({ id: blogComments.id })
    .from(blogComments)
    .where(scope.where(blogComments, eq(blogComments.postId, postId), approved, isNull(blogComments.parentId)))
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const more = roots.length > page.limit;
  const rootIds = roots.slice(0, page.limit).map((root) => root.id);
  if (rootIds.length === 0) return { rows: [], more };
  const thread = await scope.rows<{ id: number }>(sql`
    with recursive thread as (
      select blog_comments.id from blog_comments
       where ${scope.where(blogComments, inArray(blogComments.id, rootIds))}
      union all
      select blog_comments.id from blog_comments join thread on blog_comments.parent_id = thread.id
       where ${scope.where(blogComments, approved)}
    )
    select id from thread`);
  const rows = await scope.db
    .select({ comment: blogComments, username: accountColumns.displayName(scope, blogComments.userId) })
    .from(blogComments)
    .where(
      scope.where(
        blogComments,
        inArray(
          blogComments.id,
          thread.map((row) => Number(row.id)),
        ),
        accountColumns.exists(scope, blogComments.userId),
      ),
    )
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id));
  return { rows: rows.map((row) => ({ ...row.comment, username: row.username ?? '' })), more };
}

/** A comment's ancestors from its thread's top-level comment down to the comment itself (ids). */
export async function commentAncestry(scope: TenantScope, commentId: number): Promise<number[]> {
  const chain = await scope.rows<{ id: number }>(sql`
    with recursive chain as (
      select blog_comments.id, blog_comments.parent_id, 0 as up from blog_comments
       where ${scope.where(blogComments, eq(blogComments.id, commentId))}
      union all
      select blog_comments.id, blog_comments.parent_id, chain.up + 1 from blog_comments
        join chain on blog_comments.id = chain.parent_id
       where ${scope.where(blogComments)}
    )
    select id from chain order by up desc`);
  return chain.map((row) => Number(row.id));
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

/**
 * Writes a customer's comment and answers it with the name shown with it: the author's display name, never their
 * username or e-mail address (empty when the account is gone).
 */
export async function insertCommentWithAuthor(scope: TenantScope, values: NewBlogComment): Promise<CommentWithUser> {
  const [row] = await scope.db
    .insert(blogComments)
    .values(scope.values(values))
    .returning({
      ...getTableColumns(blogComments),
      username: accountColumns.displayName(scope, blogComments.userId),
    });
  if (!row) throw new Error('blog comment insert returned nothing');
  return { ...row, username: row.username ?? '' };
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

// ── Administration ───────────────────────────────────────────────────────────────────────────────────────────────

export interface StaffPost extends BlogPostRow {
  authorUsername: string | null;
  commentCount: number;
}

export interface StaffComment extends BlogCommentRow {
  username: string;
  postTitle: string;
}

export interface StaffPostFilter {
  /** `scheduled`: published with a publication time after `now`; `published`: published and due. */
  status?: 'draft' | 'published' | 'scheduled';
  search?: string;
  now: Date;
}

const POST_ORDERINGS = {
  id: blogPosts.id,
  published_at: blogPosts.publishedAt,
  title: blogPosts.title,
  created_at: blogPosts.createdAt,
} as const;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function staffPostWhere(scope: TenantScope, filter: StaffPostFilter): SQL | undefined {
  const status =
    filter.status === 'draft'
      ? eq(blogPosts.status, 'draft')
      : filter.status === 'published'
        ? and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, filter.now))
        : filter.status === 'scheduled'
          ? and(eq(blogPosts.status, 'published'), gt(blogPosts.publishedAt, filter.now))
          : undefined;
  return scope.where(blogPosts, status, filter.search ? ilike(blogPosts.title, likePattern(filter.search)) : undefined);
}

function allCommentCounts(scope: TenantScope) {
  return scope.db
    .select({ postId: blogComments.postId, total: count().as('total') })
    .from(blogComments)
    .where(scope.where(blogComments))
    .groupBy(blogComments.postId)
    .as('all_counts');
}

async function selectStaffPosts(
  scope: TenantScope,
  where: SQL | undefined,
  page: { ordering?: string; limit: number; offset: number },
): Promise<StaffPost[]> {
  const ordering = page.ordering ?? '-created_at';
  const field = ordering.replace(/^-/, '');
  const column = field in POST_ORDERINGS ? POST_ORDERINGS[field as keyof typeof POST_ORDERINGS] : blogPosts.createdAt;
  const direction = ordering.startsWith('-') ? desc : asc;
  const counts = allCommentCounts(scope);
  const rows = await scope.db
    .select({
      post: blogPosts,
      authorUsername: accountColumns.username(scope, blogPosts.authorId),
      commentCount: counts.total,
    })
    .from(blogPosts)
    .leftJoin(counts, eq(counts.postId, blogPosts.id))
    .where(where)
    .orderBy(direction(column), direction(blogPosts.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    ...row.post,
    authorUsername: row.authorUsername,
    commentCount: Number(row.commentCount ?? 0),
  }));
}

/** A page of the shop's posts in every state, filtered and ordered (`field` or `-field`; newest first). */
export async function listStaffPosts(
  scope: TenantScope,
  filter: StaffPostFilter,
  page: { ordering?: string; limit: number; offset: number },
): Promise<{ rows: StaffPost[]; count: number }> {
  const where = staffPostWhere(scope, filter);
  const [total] = await scope.db.select({ count: count() }).from(blogPosts).where(where);
  return { rows: await selectStaffPosts(scope, where, page), count: total?.count ?? 0 };
}

export async function findStaffPost(scope: TenantScope, id: number): Promise<StaffPost | null> {
  const [row] = await selectStaffPosts(scope, scope.where(blogPosts, eq(blogPosts.id, id)), { limit: 1, offset: 0 });
  return row ?? null;
}

/** The post, its row locked until the transaction ends. */
export async function lockPost(scope: TenantScope, id: number): Promise<BlogPostRow | null> {
  const [row] = await scope.db
    .select()
    .from(blogPosts)
    .where(scope.where(blogPosts, eq(blogPosts.id, id)))
    .for('update');
  return row ?? null;
}

/** Whether another post of the shop (not `exceptId`) has the slug. */
/** The shop's post slugs that are `base` or `base-<something>`: those a slug derived from `base` must avoid. */
export async function postSlugsLike(scope: TenantScope, base: string): Promise<Set<string>> {
  const rows = await scope.db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(scope.where(blogPosts, or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`))));
  return new Set(rows.map((row) => row.slug));
}

export async function slugTaken(scope: TenantScope, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(scope.where(blogPosts, eq(blogPosts.slug, slug), exceptId ? ne(blogPosts.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function updatePost(
  scope: TenantScope,
  id: number,
  values: Partial<Omit<NewBlogPost, 'createdAt'>>,
): Promise<BlogPostRow | null> {
  const [row] = await scope.db
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(scope.where(blogPosts, eq(blogPosts.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the post (its comments go with it); false when there was none. */
export async function deletePost(scope: TenantScope, id: number): Promise<boolean> {
  const rows = await scope.db
    .delete(blogPosts)
    .where(scope.where(blogPosts, eq(blogPosts.id, id)))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

export interface StaffCommentFilter {
  postId?: number;
  isApproved?: boolean;
  search?: string;
}

function staffCommentWhere(scope: TenantScope, filter: StaffCommentFilter): SQL | undefined {
  return scope.where(
    blogComments,
    filter.postId !== undefined ? eq(blogComments.postId, filter.postId) : undefined,
    filter.isApproved !== undefined ? eq(blogComments.isApproved, filter.isApproved) : undefined,
    filter.search
      ? or(
          ilike(blogComments.content, likePattern(filter.search)),
          accountColumns.usernameMatches(scope, blogComments.userId, likePattern(filter.search)),
        )
      : undefined,
    // What the join on the accounts' table kept: comments whose author's account exists.
    accountColumns.exists(scope, blogComments.userId),
  );
}

async function selectStaffComments(
  scope: TenantScope,
  where: SQL | undefined,
  page: { oldestFirst?: boolean; limit: number; offset: number },
): Promise<StaffComment[]> {
  const direction = page.oldestFirst ? asc : desc;
  const rows = await scope.db
    .select({
      comment: blogComments,
      username: accountColumns.username(scope, blogComments.userId),
      postTitle: blogPosts.title,
    })
    .from(blogComments)
    .innerJoin(blogPosts, and(eq(blogPosts.tenantId, blogComments.tenantId), eq(blogPosts.id, blogComments.postId)))
    .where(where)
    .orderBy(direction(blogComments.createdAt), direction(blogComments.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row.comment, username: row.username ?? '', postTitle: row.postTitle }));
}

/** A page of the shop's comments, approved or not, newest first unless asked otherwise. */
export async function listStaffComments(
  scope: TenantScope,
  filter: StaffCommentFilter,
  page: { oldestFirst: boolean; limit: number; offset: number },
): Promise<{ rows: StaffComment[]; count: number }> {
  const where = staffCommentWhere(scope, filter);
  const [total] = await scope.db.select({ count: count() }).from(blogComments).where(where);
  return { rows: await selectStaffComments(scope, where, page), count: total?.count ?? 0 };
}

export async function findStaffComment(scope: TenantScope, id: number): Promise<StaffComment | null> {
  const [row] = await selectStaffComments(scope, scope.where(blogComments, eq(blogComments.id, id)), {
    limit: 1,
    offset: 0,
  });
  return row ?? null;
}

export async function setCommentApproval(
  scope: TenantScope,
  id: number,
  isApproved: boolean,
): Promise<BlogCommentRow | null> {
  const [row] = await scope.db
    .update(blogComments)
    .set({ isApproved })
    .where(scope.where(blogComments, eq(blogComments.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the comment (its replies go with it); false when there was none. */
export async function deleteComment(scope: TenantScope, id: number): Promise<boolean> {
  const rows = await scope.db
    .delete(blogComments)
    .where(scope.where(blogComments, eq(blogComments.id, id)))
    .returning({ id: blogComments.id });
  return rows.length > 0;
}
