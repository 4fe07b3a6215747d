import type { RequestContext } from '../../lib/context.ts';
import { addPurchases, hasPurchase, removePurchases } from './purchases.repository.ts';

/**
 * The customer's order holding these products is paid: each is now a purchase of theirs (their reviews of it are
 * verified). Called by the order lifecycle in the transaction that marks the order paid.
 */
export async function recordPurchase(
  ctx: RequestContext,
  input: { userId: number; productIds: number[] },
): Promise<void> {
  await addPurchases(ctx.scope, input.userId, [...new Set(input.productIds)]);
}

/** A paid order of the customer holding these products was cancelled: it no longer counts as their purchase. */
export async function withdrawPurchase(
  ctx: RequestContext,
  input: { userId: number; productIds: number[] },
): Promise<void> {
  await removePurchases(ctx.scope, input.userId, [...new Set(input.productIds)]);
}

/** Whether the signed-in customer has paid for the product (an order of it paid and not cancelled). */
export async function hasBoughtProduct(ctx: RequestContext, productId: number): Promise<boolean> {
  return ctx.user ? hasPurchase(ctx.scope, ctx.user.id, productId) : false;
}
