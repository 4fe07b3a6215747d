import type { TransactionContext } from '../../../lib/context.ts';

/**
 * The stock ledger as the product form writes a product's stock: the inventory module's (it builds on the catalog, so
 * the app hands it to the catalog's staff routes). `open` is a new product's opening entry; `count` sets the stock to
 * a count through an adjustment of the difference, and tells the stock before and after.
 */
export interface ProductFormStock {
  open(tx: TransactionContext, input: { productId: number; quantity: number }): Promise<void>;
  count(
    tx: TransactionContext,
    input: { productId: number; stock: number; note?: string },
  ): Promise<{ before: number; after: number }>;
  /** Moves variants' stock by the signed quantities, as adjustments with `note` (the variant grid's counts). */
  moveVariants(
    tx: TransactionContext,
    input: { productId: number; changes: { variantId: number; quantity: number }[]; note: string },
  ): Promise<void>;
}
