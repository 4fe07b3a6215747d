import { type AnyColumn, and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { productReviews } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { accountColumns } from '../accounts/index.ts';
import { productColumns } from '../catalog/index.ts';

export type ReviewRow = typeof productReviews.$inferSelect;

/** A review with its author's public name (the display name; the wire calls it `user.username`). */
export type ReviewWithUser = ReviewRow & { username: string };

/** A review as the product page's statement carries it (JSON). */
export interface ReviewJson {
  id: number;
  product_id: number;
  rating: number;
  comment: string;
  is_verified_purchase: boolean;
  created_at: string;
  username: string;
  user_id: number;
}

/**
 * What other modules show of the shop's reviews, as SQL they put in their own statements (the product page stays one
 * statement).
 */
export const reviewColumns = {
  /**
   * The product's visible reviews, newest first, with their authors' display names, as a JSON array (`ReviewJson`);
   * reviews whose author no longer exists are left out.
   */
  visibleOfProduct: (scope: TenantScope, productId: AnyColumn): SQL<ReviewJson[]> =>
    sql<ReviewJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productReviews.id}, 'product_id', ${productReviews.productId},
                                                   'rating', ${productReviews.rating}, 'comment', ${productReviews.comment},
                                                   'is_verified_purchase', ${productReviews.isVerifiedPurchase},
                                                   'created_at', ${productReviews.createdAt},
                                                   'username', ${accountColumns.displayName(scope, productReviews.userId)},
                                                   'user_id', ${productReviews.userId})
                                 order by ${productReviews.createdAt} desc, ${productReviews.id} desc), '[]'::json)
          from ${productReviews}
         where ${scope.where(
           productReviews,
           eq(productReviews.productId, productId),
           eq(productReviews.isHidden, false),
           accountColumns.exists(scope, productReviews.userId),
         )})`,
};

const reviewWithUserColumns = (scope: TenantScope) => ({
  tenantId: productReviews.tenantId,
  id: productReviews.id,
  productId: productReviews.productId,
  userId: productReviews.userId,
  rating: productReviews.rating,
  comment: productReviews.comment,
  isVerifiedPurchase: productReviews.isVerifiedPurchase,
  isHidden: productReviews.isHidden,
  createdAt: productReviews.createdAt,
  username: sql<string>`${accountColumns.displayName(scope, productReviews.userId)}`,
});

/**
 * Adds a review; its id, or null when the customer already reviewed the product (the unique index decides, so two
 * racing requests cannot both succeed).
 */
export async function insertReview(
  scope: TenantScope,
  values: { productId: number; userId: number; rating: number; comment: string; isVerifiedPurchase: boolean },
): Promise<number | null> {
  const [row] = await scope.db
    .insert(productReviews)
    .values(scope.values(values))
    .onConflictDoNothing()
    .returning({ id: productReviews.id });
  return row?.id ?? null;
}

/** A review with its author's display name; null when there is no such review, or no such author. */
export async function findReviewWithUser(scope: TenantScope, id: number): Promise<ReviewWithUser | null> {
  const [review] = await scope.db
    .select(reviewWithUserColumns(scope))
    .from(productReviews)
    .where(scope.where(productReviews, eq(productReviews.id, id), accountColumns.exists(scope, productReviews.userId)));
  return review ?? null;
}

// The moderation of reviews by staff.

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type AdminReviewOrdering = 'id' | '-id' | 'created_at' | '-created_at' | 'rating' | '-rating';

/** A review as staff moderate it: with its author and its product's name. */
export type AdminReviewRow = ReviewRow & { username: string; productName: string };

function adminReviewColumns(scope: TenantScope) {
  return {
    review: productReviews,
    username: sql<string>`${accountColumns.username(scope, productReviews.userId)}`,
    productName: sql<string>`${productColumns.name(scope, productReviews.productId)}`,
  };
}

/** The reviews whose author and product exist (what inner joins on both kept). */
function withAuthorAndProduct(scope: TenantScope): SQL {
  return and(
    accountColumns.exists(scope, productReviews.userId),
    productColumns.exists(scope, productReviews.productId),
  ) as SQL;
}

/** A page of the shop's reviews (hidden ones too), filtered by product, visibility or text, and the total. */
export async function listAdminReviews(
  scope: TenantScope,
  filter: { productId?: number; isHidden?: boolean; search?: string },
  page: { ordering: AdminReviewOrdering; limit: number; offset: number },
): Promise<{ rows: AdminReviewRow[]; count: number }> {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  const conditions = [
    filter.productId === undefined ? undefined : eq(productReviews.productId, filter.productId),
    filter.isHidden === undefined ? undefined : eq(productReviews.isHidden, filter.isHidden),
    pattern
      ? or(
          ilike(productReviews.comment, pattern),
          accountColumns.usernameMatches(scope, productReviews.userId, pattern),
        )
      : undefined,
  ];
  const order = page.ordering.startsWith('-') ? desc : asc;
  const field = page.ordering.replace(/^-/, '');
  const column =
    field === 'rating' ? productReviews.rating : field === 'id' ? productReviews.id : productReviews.createdAt;
  // NOTE: the total counts the reviews whose author exists, as the join on `users` it replaces did; the page also
  // needs their product.
  const [total] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(scope.where(productReviews, ...conditions, accountColumns.exists(scope, productReviews.userId)));
  const rows = await scope.db
    .select(adminReviewColumns(scope))
    .from(productReviews)
    .where(scope.where(productReviews, ...conditions, withAuthorAndProduct(scope)))
    .orderBy(order(column), order(productReviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map((row) => ({ ...row.review, username: row.username, productName: row.productName })),
    count: total?.count ?? 0,
  };
}

export async function findAdminReview(scope: TenantScope, id: number): Promise<AdminReviewRow | null> {
  const [row] = await scope.db
    .select(adminReviewColumns(scope))
    .from(productReviews)
    .where(scope.where(productReviews, eq(productReviews.id, id), withAuthorAndProduct(scope)))
    .limit(1);
  return row ? { ...row.review, username: row.username, productName: row.productName } : null;
}

/** Locks a review's row until the transaction ends. */
export async function lockReview(scope: TenantScope, id: number): Promise<ReviewRow | null> {
  const [row] = await scope.db
    .select()
    .from(productReviews)
    .where(scope.where(productReviews, eq(productReviews.id, id)))
    .for('update');
  return row ?? null;
}

/** Hides a review from the storefront or shows it again. */
export async function setReviewHidden(scope: TenantScope, id: number, isHidden: boolean): Promise<void> {
  await scope.db
    .update(productReviews)
    .set({ isHidden })
    .where(scope.where(productReviews, eq(productReviews.id, id)));
}

export async function deleteReview(scope: TenantScope, id: number): Promise<void> {
  await scope.db.delete(productReviews).where(scope.where(productReviews, eq(productReviews.id, id)));
}
