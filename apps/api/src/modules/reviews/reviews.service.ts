import { type CreateReviewBody, REVIEW_COMMENT_MAX, type Review } from '@platform/contracts';
import { accountTag, tagAnswer } from '../../lib/cache-tags.ts';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import { BadRequestError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { changeProductRating, findActiveProduct, type ProductPageReviews } from '../catalog/index.ts';
import { hasBoughtProduct } from '../inventory/index.ts';
import {
  findReviewWithUser,
  insertReview,
  type ReviewJson,
  type ReviewWithUser,
  reviewColumns,
} from './reviews.repository.ts';

function toReview(row: ReviewWithUser): Review {
  return {
    id: row.id,
    product: row.productId,
    user: { username: row.username },
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    is_verified_purchase: row.isVerifiedPurchase,
  };
}

/** A signed-in customer's one review of an active product; marked verified when they bought it. */
export async function createReview(ctx: RequestContext, input: CreateReviewBody): Promise<Review> {
  const user = requireUser(ctx);
  const comment = input.comment.trim();
  if (!comment) throw new ValidationError({ comment: ['This field may not be blank.'] });
  if (comment.length > REVIEW_COMMENT_MAX) {
    throw new ValidationError({ comment: [`Ensure this field has no more than ${REVIEW_COMMENT_MAX} characters.`] });
  }
  return inTransaction(ctx, async (tx) => {
    const product = await findActiveProduct(tx, input.product);
    if (!product) throw new ValidationError({ product: [`Invalid pk "${input.product}" - object does not exist.`] });
    const id = await insertReview(tx.scope, {
      productId: product.id,
      userId: user.id,
      rating: input.rating,
      comment,
      isVerifiedPurchase: await hasBoughtProduct(tx, product.id),
    });
    // The review counts in its product's rating at once.
    if (id !== null) await changeProductRating(tx, { productId: product.id, reviews: 1, ratingSum: input.rating });
    const review = id === null ? null : await findReviewWithUser(tx.scope, id);
    if (!review) throw new BadRequestError('You have already reviewed this product.', 'already_reviewed');
    // The product's page shows its reviews and rating.
    tx.emit({ name: 'shop.changed', payload: { tenantId: tx.tenant.id, entity: 'review' } });
    return toReview(review);
  });
}

/**
 * The reviews of the product page: a column of the page's one statement (the catalog's), and their answer. Their
 * authors' display names are shown: the answer names their accounts for the response cache.
 */
export const productPageReviews: ProductPageReviews = {
  column: reviewColumns.visibleOfProduct,
  answer(ctx, value) {
    const reviews = value as ReviewJson[];
    tagAnswer(
      ctx,
      reviews.map((review) => accountTag(review.user_id)),
    );
    return reviews.map((review) => ({
      id: review.id,
      product: review.product_id,
      user: { username: review.username },
      rating: review.rating,
      comment: review.comment,
      created_at: new Date(review.created_at).toISOString(),
      is_verified_purchase: review.is_verified_purchase,
    }));
  },
};
