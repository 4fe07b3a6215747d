// A product's options and variants as the product's staff routes (and the product CSV) write them: the variants'
// writes, then the product as staff read it.

import type {
  AdminProduct,
  AdminProductOptionsBody,
  AdminProductVariantsBody,
} from '@platform/contracts/admin-catalog';
import type { RequestContext } from '../../../lib/context.ts';
import type { ProductFormStock } from '../stock/index.ts';
import { writeOptionsByStaff, writeVariantsByStaff } from '../variants/index.ts';
import { getProductForStaff } from './product-reads.admin.ts';

/** `PUT /admin/products/{id}/options/`: the product's option types and variants (`writeOptionsByStaff`). */
export async function setProductOptionsByStaff(
  ctx: RequestContext,
  productId: number,
  body: AdminProductOptionsBody,
  stock: ProductFormStock,
): Promise<AdminProduct> {
  await writeOptionsByStaff(ctx, productId, body, stock);
  return getProductForStaff(ctx, productId);
}

/** `PATCH /admin/products/{id}/variants/`: the variant grid's changes (`writeVariantsByStaff`). */
export async function updateVariantsByStaff(
  ctx: RequestContext,
  productId: number,
  body: AdminProductVariantsBody,
  stock: ProductFormStock,
  note?: string,
): Promise<AdminProduct> {
  await writeVariantsByStaff(ctx, productId, body, stock, note);
  return getProductForStaff(ctx, productId);
}
