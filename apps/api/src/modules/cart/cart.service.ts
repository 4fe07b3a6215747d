import { type AddCartItemBody, type Cart, type Customization, formatMinor } from '@platform/contracts';
import type { z } from 'zod';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type RequestContext, requireUser } from '../../plugins/request-context.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import {
  addCartLine,
  type CartLineRow,
  type CartProduct,
  deleteCartLine,
  deleteCartLines,
  ensureCart,
  findCartItem,
  findCartProduct,
  listCartLines,
  lockOrCreateCart,
  quantityInCart,
  setCartLineQuantity,
} from './cart.repository.ts';

/** The spec's answer to a guest asking for anything of the cart. */
export const CART_AUTH_REQUIRED = 'Authentication required to view cart.';
export const QUANTITY_AT_LEAST_ONE = 'Quantity must be at least 1. Use remove to delete.';

function toCart(cartId: number, lines: CartLineRow[], media: MediaStorage): Cart {
  let totalItems = 0;
  let totalCents = 0;
  const items = lines.map((line) => {
    const lineCents = line.priceCents * line.quantity;
    totalItems += line.quantity;
    totalCents += lineCents;
    return {
      id: line.id,
      quantity: line.quantity,
      customization: line.customization,
      product: {
        id: line.productId,
        name: line.name,
        slug: line.slug,
        price: formatMinor(line.priceCents),
        stock: line.stock,
        is_active: line.isActive,
        main_image: line.thumbKey
          ? { thumb_image: media.url(line.thumbKey), alt_text: line.mainImageAlt || line.name }
          : null,
      },
      line_total: formatMinor(lineCents),
    };
  });
  return { id: cartId, items, total_items: totalItems, total_price: formatMinor(totalCents) };
}

async function cartAnswer(scope: TenantScope, cartId: number, media: MediaStorage): Promise<Cart> {
  return toCart(cartId, await listCartLines(scope, cartId), media);
}

/** Trimmed keys and values; a key that is blank once trimmed is refused. */
function normalizeCustomization(customization: Customization): Record<string, string> {
  const normalized: Record<string, string> = {};
  for (const [key, value] of Object.entries(customization)) {
    const name = key.trim();
    if (!name) throw new ValidationError({ customization: ['Customization names may not be blank.'] });
    normalized[name] = value.trim();
  }
  return normalized;
}

/** The product may go in the cart at all: it exists in this shop and is on sale. */
async function availableProduct(scope: TenantScope, productId: number): Promise<CartProduct> {
  const product = await findCartProduct(scope, productId);
  if (!product?.isActive) throw new BadRequestError('This product is not available.', 'product_unavailable');
  return product;
}

/** The cart never asks for more than the stock: `wanted` is the product's quantity over all the cart's lines. */
function checkStock(product: CartProduct, wanted: number): void {
  if (product.stock <= 0) throw new BadRequestError('Item is out of stock.', 'out_of_stock');
  if (wanted > product.stock) {
    throw new BadRequestError(`Only ${product.stock} items available.`, 'insufficient_stock');
  }
}

/** The signed-in customer's cart, made on first use; prices and totals from the current catalog. */
export async function getCart(ctx: RequestContext, media: MediaStorage): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  const cart = await ensureCart(ctx.scope, user.id);
  return cartAnswer(ctx.scope, cart.id, media);
}

/** Adds units of a product; the same product with the same customization adds to its line. */
export async function addItem(
  ctx: RequestContext,
  media: MediaStorage,
  input: z.output<typeof AddCartItemBody>,
): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  const customization = normalizeCustomization(input.customization);
  return ctx.scope.transaction(async (scope) => {
    const cart = await lockOrCreateCart(scope, user.id);
    const product = await availableProduct(scope, input.product_id);
    checkStock(product, (await quantityInCart(scope, cart.id, product.id)) + input.quantity);
    await addCartLine(scope, { cartId: cart.id, productId: product.id, quantity: input.quantity, customization });
    return cartAnswer(scope, cart.id, media);
  });
}

/** Sets a line's quantity (at least 1: removing is its own call). */
export async function updateItem(
  ctx: RequestContext,
  media: MediaStorage,
  itemId: number,
  quantity: number,
): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  if (quantity < 1) throw new BadRequestError(QUANTITY_AT_LEAST_ONE, 'quantity_too_low');
  return ctx.scope.transaction(async (scope) => {
    const cart = await lockOrCreateCart(scope, user.id);
    const item = await findCartItem(scope, cart.id, itemId);
    if (!item) throw new NotFoundError('Cart item not found.', 'cart_item_not_found');
    if (item.quantity !== quantity) {
      const product = await availableProduct(scope, item.productId);
      checkStock(product, (await quantityInCart(scope, cart.id, product.id, item.id)) + quantity);
      await setCartLineQuantity(scope, cart.id, item.id, quantity);
    }
    return cartAnswer(scope, cart.id, media);
  });
}

/** Removes one line of the customer's cart. */
export async function removeItem(ctx: RequestContext, media: MediaStorage, itemId: number): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  return ctx.scope.transaction(async (scope) => {
    const cart = await lockOrCreateCart(scope, user.id);
    if (!(await deleteCartLine(scope, cart.id, itemId))) {
      throw new NotFoundError('Cart item not found.', 'cart_item_not_found');
    }
    return cartAnswer(scope, cart.id, media);
  });
}

/** Empties the customer's cart. */
export async function clearCart(ctx: RequestContext, media: MediaStorage): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  return ctx.scope.transaction(async (scope) => {
    const cart = await lockOrCreateCart(scope, user.id);
    await deleteCartLines(scope, cart.id);
    return toCart(cart.id, [], media);
  });
}
