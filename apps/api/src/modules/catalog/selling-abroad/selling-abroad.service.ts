// What the shop's rules for selling abroad say of products (decision 029): which only adults may buy, which a
// destination is closed to (with the shop's message), and what customs papers say of each. The orders module asks
// at checkout, the cart for its lines, the documents' customs declaration for an order's lines.
import type { RequestContext } from '../../../lib/context.ts';
import { findCustomsRows, findSaleRules } from './selling-abroad.repository.ts';

/** What the rules say of selling one product to a destination. */
export interface SaleRule {
  productId: number;
  /** Sold to adults only (itself, or its category). */
  ageRestricted: boolean;
  /** The shop's message when the destination is closed to it; null otherwise (and without a destination). */
  closedMessage: string | null;
}

/**
 * The rules of selling these products (the shop's) to a destination: a country's code and its region's name, or
 * none (then only whether adults only may buy them). By product id; a product not of the shop is absent.
 */
export async function saleRules(
  ctx: RequestContext,
  input: { productIds: number[]; countryCode: string | null; region?: string | null | undefined },
): Promise<Map<number, SaleRule>> {
  const rows = await findSaleRules(ctx.scope, {
    productIds: [...new Set(input.productIds)],
    countryCode: input.countryCode,
    region: input.region?.trim() || null,
  });
  return new Map(rows.map((row) => [row.productId, row]));
}

/** What customs papers say of a line's goods: the variant's own details where it has them, else the product's. */
export interface CustomsDetails {
  /** '' when the shop has not said. */
  hsCode: string;
  countryOfOrigin: string;
  description: string;
  /** Null when the shop has not said. */
  weightGrams: number | null;
}

/**
 * The customs details of lines (a product, and its variant when sold in options), in their order; null for a line
 * whose product the shop no longer has.
 */
export async function customsDetails(
  ctx: RequestContext,
  lines: { productId: number | null; variantId: number | null }[],
): Promise<(CustomsDetails | null)[]> {
  const ids = (pick: (line: (typeof lines)[number]) => number | null) =>
    [...new Set(lines.map(pick))].filter((id): id is number => id !== null);
  const found = await findCustomsRows(ctx.scope, {
    productIds: ids((line) => line.productId),
    variantIds: ids((line) => line.variantId),
  });
  const productsById = new Map(found.products.map((row) => [row.id, row]));
  const variantsById = new Map(found.variants.map((row) => [row.id, row]));
  return lines.map((line) => {
    const product = line.productId === null ? undefined : productsById.get(line.productId);
    if (!product) return null;
    const variant = line.variantId === null ? undefined : variantsById.get(line.variantId);
    const own = variant?.productId === product.id ? variant : undefined;
    return {
      hsCode: own?.hsCode ?? product.hsCode,
      countryOfOrigin: own?.countryOfOrigin ?? product.countryOfOrigin,
      description: own?.customsDescription ?? (product.customsDescription || product.name),
      weightGrams: own?.weightGrams ?? product.weightGrams,
    };
  });
}
