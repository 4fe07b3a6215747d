// The moderation of reviews by staff. Every write runs in one transaction with its audit entry.
import type { AdminReview, AdminReviewBody, AdminReviewListQuery } from '@platform/contracts/admin-catalog';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { changeProductRating } from '../catalog/index.ts';
import {
  type AdminReviewRow,
  deleteReview,
  findAdminReview,
  listAdminReviews,
  lockReview,
  setReviewHidden,
} from './reviews.repository.ts';

function reviewOf(row: AdminReviewRow): AdminReview {
  return {
    id: row.id,
    product: row.productId,
    product_name: row.productName,
    user: { id: row.userId, username: row.username },
    rating: row.rating,
    comment: row.comment,
    is_verified_purchase: row.isVerifiedPurchase,
    is_hidden: row.isHidden,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /admin/reviews/`: the shop's reviews, hidden ones too, newest first; by product, visibility or text. */
export async function listReviewsForStaff(
  ctx: RequestContext,
  query: AdminReviewListQuery,
): Promise<{ count: number; results: AdminReview[] }> {
  requireStaff(ctx);
  const { rows, count } = await listAdminReviews(
    ctx.scope,
    { productId: query.product, isHidden: query.is_hidden, search: query.search || undefined },
    { ordering: query.ordering ?? '-created_at', limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.map(reviewOf) };
}

/**
 * `PATCH /admin/reviews/{id}/`: hides a review from the storefront (it no longer counts in its product's rating) or
 * shows it again. Audited.
 */
export async function moderateReview(
  ctx: RequestContext,
  reviewId: number,
  body: AdminReviewBody,
): Promise<AdminReview> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const review = await lockReview(tx.scope, reviewId);
    if (!review) throw new NotFoundError('Review not found.', 'review_not_found');
    if (review.isHidden === body.is_hidden) return;
    await setReviewHidden(tx.scope, review.id, body.is_hidden);
    // Only visible reviews count in their product's rating.
    const sign = body.is_hidden ? -1 : 1;
    await changeProductRating(tx, { productId: review.productId, reviews: sign, ratingSum: sign * review.rating });
    await recordAudit(tx, {
      action: body.is_hidden ? 'review.hide' : 'review.show',
      entity: 'review',
      entityId: reviewId,
      before: { is_hidden: review.isHidden },
      after: { is_hidden: body.is_hidden },
    });
  });
  const row = await findAdminReview(ctx.scope, reviewId);
  if (!row) throw new NotFoundError('Review not found.', 'review_not_found');
  return reviewOf(row);
}

/** `DELETE /admin/reviews/{id}/`: removes a review (and its part of the product's rating). Audited. */
export async function deleteReviewByStaff(ctx: RequestContext, reviewId: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const review = await lockReview(tx.scope, reviewId);
    if (!review) throw new NotFoundError('Review not found.', 'review_not_found');
    await deleteReview(tx.scope, review.id);
    if (!review.isHidden) {
      await changeProductRating(tx, { productId: review.productId, reviews: -1, ratingSum: -review.rating });
    }
    await recordAudit(tx, {
      action: 'review.delete',
      entity: 'review',
      entityId: reviewId,
      before: {
        product: review.productId,
        user: review.userId,
        rating: review.rating,
        comment: review.comment,
        is_hidden: review.isHidden,
      },
    });
  });
}
