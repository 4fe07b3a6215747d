// What a public answer shows, named as cache tags: a change empties only the cached pages and answers that show it.
import type { RequestContext } from './context.ts';

/** A product as a list or its page shows it: its stock. */
export const productTag = (id: number) => `product:${id}`;
/** A customer or author whose display name an answer shows (reviews, comments, posts). */
export const accountTag = (id: number) => `account:${id}`;
/** Lists whose members or order depend on any product's stock (filtered by it, a search's ties broken by it). */
export const STOCK_TAG = 'stock';

/**
 * Beyond this many products an answer is tagged `stock` instead of each of them (a long gallery): every stock change
 * bumps that tag too. NOTE: valid while stock is all a product tag stands for; another event that bumps product tags
 * must bump whatever replaces them here as well.
 */
const MOST_PRODUCT_TAGS = 100;

/** Names what the request's answer shows; nothing happens for an answer that is not cached. */
export function tagAnswer(ctx: RequestContext, tags: Iterable<string>): void {
  if (!ctx.cacheTags) return;
  for (const tag of tags) ctx.cacheTags.add(tag);
}

/** Names the products the request's answer shows. */
export function tagProducts(ctx: RequestContext, ids: readonly number[]): void {
  tagAnswer(ctx, ids.length > MOST_PRODUCT_TAGS ? [STOCK_TAG] : ids.map(productTag));
}
