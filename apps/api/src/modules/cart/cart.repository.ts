import { asc, eq, ne, sql } from 'drizzle-orm';
import { cartItems, carts } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { type OptionType, type PersonalisationRule, productColumns, variantColumns } from '../catalog/index.ts';
import { mediaColumns } from '../media/index.ts';

export type CartRow = typeof carts.$inferSelect;

/** A cart line with what the cart shows of its product, in one row. */
export type CartLineRow = Awaited<ReturnType<typeof listCartLines>>[number];

/** What the cart rules need of a product. */
export interface CartProduct {
  id: number;
  name: string;
  stock: number;
  /** Made to order: its lead time in days (on sale at any stock); null when not. */
  leadTimeDays: number | null;
  isActive: boolean;
  options: OptionType[];
  personalisation: PersonalisationRule[];
}

/**
 * The customer's cart, made on first use. Inside a transaction the row stays locked until it ends, so that two
 * changes of one cart never interleave.
 */
export async function lockOrCreateCart(scope: TenantScope, userId: number): Promise<CartRow> {
  const [row] = await scope.db
    .insert(carts)
    .values(scope.values({ userId }))
    .onConflictDoUpdate({ target: [carts.tenantId, carts.userId], set: { updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('cart upsert returned nothing');
  return row;
}

export async function findCartByUser(scope: TenantScope, userId: number): Promise<CartRow | null> {
  const [row] = await scope.db
    .select()
    .from(carts)
    .where(scope.where(carts, eq(carts.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Makes the customer's cart if it does not exist yet, without locking anything. */
export async function ensureCart(scope: TenantScope, userId: number): Promise<CartRow> {
  const existing = await findCartByUser(scope, userId);
  if (existing) return existing;
  await scope.db.insert(carts).values(scope.values({ userId })).onConflictDoNothing();
  const created = await findCartByUser(scope, userId);
  if (!created) throw new Error('cart insert found nothing');
  return created;
}

/**
 * The cart's lines in the order they were added, with the current catalog data of their products and, for a product
 * sold in options, of their variants (null columns without one).
 */
export async function listCartLines(scope: TenantScope, cartId: number) {
  const product = productColumns.forCart(scope);
  const variant = variantColumns.forCart(scope);
  return scope.db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      customization: cartItems.customization,
      variantId: variant.id,
      sku: variant.sku,
      optionValues: variant.optionValues,
      variantPriceCents: variant.priceCents,
      variantStock: variant.stock,
      variantLeadTimeDays: variant.leadTimeDays,
      variantIsActive: variant.isActive,
      options: product.options,
      personalisation: product.personalisation,
      productId: product.id,
      slug: product.slug,
      name: product.name,
      priceCents: product.priceCents,
      categoryId: product.categoryId,
      stock: product.stock,
      leadTimeDays: product.leadTimeDays,
      isActive: product.isActive,
      mainImageAlt: product.mainImageAlt,
      thumbKey: mediaColumns.thumbKey(scope, product.mainImageId),
      variantPictureAlt: variant.pictureAlt,
      variantThumbKey: mediaColumns.thumbKey(scope, variant.pictureImageId),
    })
    .from(cartItems)
    .innerJoin(product, eq(product.id, cartItems.productId))
    .leftJoin(variant, eq(variant.id, cartItems.variantId))
    .where(scope.where(cartItems, eq(cartItems.cartId, cartId)))
    .orderBy(asc(cartItems.id));
}

export async function findCartProduct(scope: TenantScope, productId: number): Promise<CartProduct | null> {
  const product = productColumns.forCart(scope);
  const [row] = await scope.db
    .select({
      id: product.id,
      name: product.name,
      stock: product.stock,
      leadTimeDays: product.leadTimeDays,
      isActive: product.isActive,
      options: product.options,
      personalisation: product.personalisation,
    })
    .from(product)
    .where(eq(product.id, productId))
    .limit(1);
  return row ?? null;
}

/** A line of the given cart (null for a line of another cart: someone else's line is not found). */
export async function findCartItem(scope: TenantScope, cartId: number, itemId: number) {
  const [row] = await scope.db
    .select()
    .from(cartItems)
    .where(scope.where(cartItems, eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
    .limit(1);
  return row ?? null;
}

/**
 * How many units of the product the cart holds over all its lines, leaving out one line when given; with `variantId`,
 * of that variant only.
 */
export async function quantityInCart(
  scope: TenantScope,
  cartId: number,
  productId: number,
  exceptItemId?: number,
  variantId?: number,
): Promise<number> {
  const [row] = await scope.db
    .select({ total: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::integer` })
    .from(cartItems)
    .where(
      scope.where(
        cartItems,
        eq(cartItems.cartId, cartId),
        eq(cartItems.productId, productId),
        variantId === undefined ? undefined : eq(cartItems.variantId, variantId),
        exceptItemId === undefined ? undefined : ne(cartItems.id, exceptItemId),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Adds a line, or adds to the quantity of the line with the same product and customization (which holds the
 * variant's options: the same customization of a product is the same variant).
 */
export async function addCartLine(
  scope: TenantScope,
  values: {
    cartId: number;
    productId: number;
    variantId: number | null;
    quantity: number;
    customization: Record<string, string>;
  },
): Promise<void> {
  await scope.db
    .insert(cartItems)
    .values(scope.values(values))
    .onConflictDoUpdate({
      target: [cartItems.tenantId, cartItems.cartId, cartItems.productId, cartItems.customization],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
    });
}

export async function setCartLineQuantity(
  scope: TenantScope,
  cartId: number,
  itemId: number,
  quantity: number,
): Promise<void> {
  await scope.db
    .update(cartItems)
    .set({ quantity })
    .where(scope.where(cartItems, eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)));
}

/** Removes one line; false when the cart has no such line. */
export async function deleteCartLine(scope: TenantScope, cartId: number, itemId: number): Promise<boolean> {
  const deleted = await scope.db
    .delete(cartItems)
    .where(scope.where(cartItems, eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
    .returning({ id: cartItems.id });
  return deleted.length > 0;
}

export async function deleteCartLines(scope: TenantScope, cartId: number): Promise<void> {
  await scope.db.delete(cartItems).where(scope.where(cartItems, eq(cartItems.cartId, cartId)));
}

/** Sets the discount code applied to the cart (null: none). */
export async function setCartDiscountCode(scope: TenantScope, cartId: number, code: string | null): Promise<void> {
  await scope.db
    .update(carts)
    .set({ discountCode: code })
    .where(scope.where(carts, eq(carts.id, cartId)));
}
