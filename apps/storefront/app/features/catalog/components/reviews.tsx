import type { Review } from '@platform/contracts';
import { REVIEW_COMMENT_MAX } from '@platform/contracts/plain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { useIsSignedIn } from '../../session/index.ts';
import { useFormat } from '../../site/index.ts';
import { createReview } from '../api/products.ts';
import { StarRating } from './star-rating.tsx';

const REVIEW_FALLBACK = 'Failed to submit review. Please try again.';

// Spec section 8: the detail, else the JSON text of the body, else the fallback.
const reviewFailureText = (error: unknown) => errorText(error, REVIEW_FALLBACK, { body: true, message: false });

export function ReviewList({ reviews }: { reviews: Review[] }) {
  const format = useFormat();
  if (reviews.length === 0) return <p className="empty-message">No reviews yet</p>;
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="review">
          <div className="review__head">
            <StarRating value={review.rating} label={`${review.rating} out of 5 stars`} />
            <strong>{review.user.username}</strong>
            {review.is_verified_purchase && <span className="badge badge--verified">Verified purchase</span>}
            <time dateTime={review.created_at}>{format.date(review.created_at)}</time>
          </div>
          <p className="review__comment">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}

/** The product page's reviews: the list, then the form to write one. */
export function ProductReviews({
  reviews,
  productId,
  slug,
  onCreated,
}: {
  reviews: Review[];
  productId: number;
  slug: string;
  onCreated: (review: Review) => void;
}) {
  return (
    <>
      <ReviewList reviews={reviews} />
      <ReviewForm productId={productId} slug={slug} onCreated={onCreated} />
    </>
  );
}

/** The Write a Review form for signed-in customers, or the login prompt (spec /products/{slug}). */
export function ReviewForm({
  productId,
  slug,
  onCreated,
}: {
  productId: number | undefined;
  slug: string;
  onCreated: (review: Review) => void;
}) {
  const signedIn = useIsSignedIn();
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const { outcome, setOutcome, submitting, submit: send } = useSubmission({ fleeting: true });

  if (!signedIn) {
    return (
      <p className="login-prompt">
        <Link to={`/login?redirect=/products/${slug}#reviews`}>You must be logged in to write a review.</Link>
      </p>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!productId) return setOutcome({ kind: 'error', text: 'Product ID is required to submit a review.' });
    const trimmed = comment.trim();
    if (!trimmed) return setOutcome({ kind: 'error', text: 'Please enter your review comment.' });
    void send(async () => {
      onCreated(await createReview(browserApi(), { product: productId, rating, comment: trimmed }));
      setRating(5);
      setComment('');
      return 'Review submitted successfully!';
    }, reviewFailureText);
  }

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <h3>Write a Review</h3>
      <fieldset className="star-picker">
        <legend>Rating</legend>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={star <= rating ? 'is-on' : undefined}>
            <input type="radio" name="rating" value={star} checked={rating === star} onChange={() => setRating(star)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {star} star{star > 1 ? 's' : ''}
            </span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>Comment</span>
        <textarea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit Review'}
      </button>
      <FormMessage outcome={outcome} />
    </form>
  );
}
