-- The product list's "top rated" order: the average review, unreviewed products last, then the number of reviews.
-- The expression is the one the catalog repository orders by, so that a shop's best rated products come from the
-- index. The price filter uses products_active_price; the stock filter needs no index of its own.
create index products_active_rating on products
  (tenant_id, (rating_sum::numeric / nullif(review_count, 0)) desc nulls last, review_count desc, id desc)
  where is_active;
