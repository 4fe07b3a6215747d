import { type AddCartItemBody, type Cart, type CartQuery, type Customization, formatMinor } from '@platform/contracts';
import { basketOf } from '@platform/contracts/pricing';
import type { z } from 'zod';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { TransactionContext } from '../../lib/context.ts';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import {
  filledPersonalisationCents,
  findVariantForSale,
  lineCustomization,
  personalisationCents,
  type SaleRule,
  type SaleVariant,
  saleRules,
  variantOptions,
} from '../catalog/index.ts';
import { checkDiscountCode } from '../discounts/index.ts';
import type { MediaStorage } from '../media/index.ts';
import { orderLimits } from '../payments/index.ts';
import { type CatalogLine, enteredUnitCents, type PricedBasket, priceBasket, pricedFigures } from '../pricing/index.ts';
import { type TaxView, taxView } from '../tax/index.ts';
import {
  addCartLine,
  type CartLineRow,
  type CartProduct,
  type CartRow,
  deleteCartLine,
  deleteCartLines,
  ensureCart,
  findCartByUser,
  findCartItem,
  findCartProduct,
  listCartLines,
  lockOrCreateCart,
  quantityInCart,
  setCartDiscountCode,
  setCartLineQuantity,
} from './cart.repository.ts';
import { resetCartReminders } from './cart-reminders.repository.ts';

/** The spec's answer to a guest asking for anything of the cart. */
export const CART_AUTH_REQUIRED = 'Authentication required to view cart.';
export const QUANTITY_AT_LEAST_ONE = 'Quantity must be at least 1. Use remove to delete.';

export const VARIANT_UNAVAILABLE = 'This option is not available.';

/**
 * A cart line as the cart reads it: a variant's line at the variant's stock (decision 018), and its unit price as
 * entered (the variant's or product's, with what its filled-in texts add), which the pricing module prices.
 */
type CartLine = CartLineRow & { variant: { id: number; sku: string; options: Record<string, string> } | null };

/** The cart's lines, each at its variant's price and stock and with its texts' extra price. */
async function listLines(scope: TenantScope, cartId: number): Promise<CartLine[]> {
  const rows = await listCartLines(scope, cartId);
  return rows.map((row) => {
    const priceCents = enteredUnitCents({
      productPriceCents: row.priceCents,
      variantPriceCents: row.variantId === null ? null : row.variantPriceCents,
      personalisationCents: filledPersonalisationCents(row.personalisation, row.customization),
    });
    if (row.variantId === null || row.sku === null) return { ...row, priceCents, variant: null };
    return {
      ...row,
      priceCents,
      stock: row.variantStock ?? 0,
      leadTimeDays: row.variantLeadTimeDays,
      isActive: row.isActive && row.variantIsActive === true,
      variant: { id: row.variantId, sku: row.sku, options: variantOptions(row.options, row.optionValues ?? []) },
    };
  });
}

/** The lines as the pricing module takes them. */
function catalogLines(lines: CartLine[]): CatalogLine[] {
  return lines.map((line) => ({
    productId: line.productId,
    categoryId: line.categoryId,
    productName: line.name,
    enteredUnitCents: line.priceCents,
    quantity: line.quantity,
  }));
}

/**
 * The cart's answer from its lines as priced: each line at its destination's price, the subtotal (`total_price`),
 * what its discounts take off, and `total`, the subtotal less the discounts (shipping and tax come at checkout).
 */
function toCart(
  cart: { id: number; discountCode: string | null },
  lines: CartLine[],
  media: MediaStorage,
  priced: PricedBasket | null,
  rules: Map<number, SaleRule>,
): Cart {
  const figures = priced?.order;
  const items = lines.map((line, index) => {
    const pricedLine = figures?.lines[index];
    const rule = rules.get(line.productId);
    return {
      id: line.id,
      quantity: line.quantity,
      customization: line.customization,
      product: {
        id: line.productId,
        name: line.name,
        slug: line.slug,
        price: formatMinor(pricedLine?.unitPriceCents ?? line.priceCents),
        stock: line.stock,
        is_active: line.isActive,
        made_to_order: line.leadTimeDays !== null,
        lead_time_days: line.leadTimeDays,
        main_image: line.thumbKey
          ? { thumb_image: media.url(line.thumbKey), alt_text: line.mainImageAlt || line.name }
          : null,
        age_restricted: rule?.ageRestricted ?? false,
      },
      // The variant's own first picture, when it has one (issue 45).
      variant: line.variant && {
        ...line.variant,
        image: line.variantThumbKey
          ? { thumb_image: media.url(line.variantThumbKey), alt_text: line.variantPictureAlt || line.name }
          : null,
      },
      line_total: formatMinor(pricedLine?.totalCents ?? 0),
      shipping_restriction: rule?.closedMessage ?? null,
    };
  });
  const money = figures ? pricedFigures(figures) : null;
  return {
    id: cart.id,
    items,
    total_items: figures?.totalItems ?? 0,
    total_price: money?.subtotal ?? '0.00',
    discount_code: priced?.code?.code ?? cart.discountCode,
    discount: money?.discount ?? '0.00',
    discounts: money?.discounts ?? [],
    discount_message: priced?.codeRefusal?.message ?? null,
    total: money?.total ?? '0.00',
  };
}

/** Where the cart goes, when the request says: its taxes (decision 016); null without a country. */
export async function cartDestination(ctx: RequestContext, query: CartQuery = {}): Promise<TaxView | null> {
  if (!query.country) return null;
  return taxView(ctx, { country: query.country, region: query.region, field: 'country' });
}

/**
 * The cart priced by the pricing module, before shipping: its destination's prices and what its discounts save; each
 * line marked when only adults may buy it, and with the shop's message when the destination is closed to it.
 */
async function cartAnswer(ctx: RequestContext, cart: CartRow, view: TaxView | null): Promise<Cart> {
  const lines = await listLines(ctx.scope, cart.id);
  const priced = await priceBasket(ctx, {
    userId: cart.userId,
    code: cart.discountCode,
    lines: catalogLines(lines),
    view,
    shipTo: null,
    placedOrders: null,
  });
  const rules = await saleRules(ctx, {
    productIds: lines.map((line) => line.productId),
    countryCode: view?.countryCode ?? null,
    region: view?.region,
  });
  return toCart(cart, lines, ctx.deps.media, priced, rules);
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

/**
 * The variant a line of the product takes: the one asked for, which must be one of the product's on sale (400
 * otherwise), else the product's default variant; null for a product bought as it is.
 */
async function chooseVariant(
  ctx: RequestContext,
  product: CartProduct,
  variantId: number | null,
): Promise<SaleVariant | null> {
  const variant = await findVariantForSale(ctx, product.id, variantId);
  if (variant) return variant;
  if (variantId !== null) throw new BadRequestError(VARIANT_UNAVAILABLE, 'variant_unavailable');
  if (product.options.length > 0) throw new BadRequestError('This product is not available.', 'product_unavailable');
  return null;
}

/**
 * The cart never asks for more than the stock: `wanted` is the quantity over all the cart's lines of the product, or
 * of its variant for a product sold in options (`stock` is then the variant's). A piece made to order (a lead time)
 * is made for what the stock does not cover: any quantity within the shop's limit.
 */
function checkStock(stock: number, wanted: number, leadTimeDays: number | null): void {
  if (leadTimeDays !== null) return;
  if (stock <= 0) throw new BadRequestError('Item is out of stock.', 'out_of_stock');
  if (wanted > stock) {
    throw new BadRequestError(`Only ${stock} items available.`, 'insufficient_stock');
  }
}

/** The cart's answer when a product's units over all its lines would exceed what one order may take of it. */
function productLimitMessage(limit: number): string {
  return `You can order at most ${limit} of this item at a time.`;
}

/**
 * The cart never holds more units of a product than one order may take (the shop's limit, `payment_settings`), so
 * that one customer cannot take a product's whole stock in one unpaid order.
 */
async function checkProductLimit(ctx: RequestContext, wanted: number): Promise<void> {
  const { maxUnitsPerProduct } = await orderLimits(ctx);
  if (wanted > maxUnitsPerProduct) {
    throw new BadRequestError(productLimitMessage(maxUnitsPerProduct), 'product_quantity_limit');
  }
}

/** The signed-in customer's cart, made on first use; prices and totals from the current catalog. */
export async function getCart(ctx: RequestContext, view: TaxView | null = null): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  const cart = await ensureCart(ctx.scope, user.id);
  return cartAnswer(ctx, cart, view);
}

/**
 * Adds units of a product; the same product (and variant) with the same customization adds to its line. For a
 * product sold in options, the line takes the variant asked for or the default one, and the variant's options are
 * written into its customization (decision 018); the shopper's texts are checked against the product's fields.
 */
export async function addItem(
  ctx: RequestContext,
  input: z.output<typeof AddCartItemBody>,
  view: TaxView | null = null,
): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  const asked = normalizeCustomization(input.customization);
  return inTransaction(ctx, async (tx) => {
    const cart = await lockOrCreateCart(tx.scope, user.id);
    const product = await availableProduct(tx.scope, input.product_id);
    const variant = await chooseVariant(tx, product, input.variant_id ?? null);
    const customization = lineCustomization(asked, product, variant?.optionValues ?? null);
    personalisationCents(product.personalisation, customization);
    const wanted = (await quantityInCart(tx.scope, cart.id, product.id)) + input.quantity;
    if (variant) {
      checkStock(
        variant.stock,
        (await quantityInCart(tx.scope, cart.id, product.id, undefined, variant.id)) + input.quantity,
        variant.leadTimeDays,
      );
    } else {
      checkStock(product.stock, wanted, product.leadTimeDays);
    }
    await checkProductLimit(tx, wanted);
    await addCartLine(tx.scope, {
      cartId: cart.id,
      productId: product.id,
      variantId: variant?.id ?? null,
      quantity: input.quantity,
      customization,
    });
    return cartAnswer(tx, cart, view);
  });
}

/** Sets a line's quantity (at least 1: removing is its own call). */
export async function updateItem(
  ctx: RequestContext,
  input: { itemId: number; quantity: number },
  view: TaxView | null = null,
): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  if (input.quantity < 1) throw new BadRequestError(QUANTITY_AT_LEAST_ONE, 'quantity_too_low');
  return inTransaction(ctx, async (tx) => {
    const cart = await lockOrCreateCart(tx.scope, user.id);
    const item = await findCartItem(tx.scope, cart.id, input.itemId);
    if (!item) throw new NotFoundError('Cart item not found.', 'cart_item_not_found');
    if (item.quantity !== input.quantity) {
      const product = await availableProduct(tx.scope, item.productId);
      const wanted = (await quantityInCart(tx.scope, cart.id, product.id, item.id)) + input.quantity;
      if (item.variantId === null) {
        checkStock(product.stock, wanted, product.leadTimeDays);
      } else {
        const variant = await findVariantForSale(tx, product.id, item.variantId);
        if (!variant) throw new BadRequestError(VARIANT_UNAVAILABLE, 'variant_unavailable');
        const ofVariant = await quantityInCart(tx.scope, cart.id, product.id, item.id, variant.id);
        checkStock(variant.stock, ofVariant + input.quantity, variant.leadTimeDays);
      }
      // Lowering a quantity is always allowed, even while still above a limit the shop has lowered since.
      if (input.quantity > item.quantity) await checkProductLimit(tx, wanted);
      await setCartLineQuantity(tx.scope, cart.id, item.id, input.quantity);
    }
    return cartAnswer(tx, cart, view);
  });
}

/** Removes one line of the customer's cart. */
export async function removeItem(ctx: RequestContext, itemId: number, view: TaxView | null = null): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  return inTransaction(ctx, async (tx) => {
    const cart = await lockOrCreateCart(tx.scope, user.id);
    if (!(await deleteCartLine(tx.scope, cart.id, itemId))) {
      throw new NotFoundError('Cart item not found.', 'cart_item_not_found');
    }
    return cartAnswer(tx, cart, view);
  });
}

/** Empties the customer's cart. */
export async function clearCart(ctx: RequestContext): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  return inTransaction(ctx, async (tx) => {
    const cart = await lockOrCreateCart(tx.scope, user.id);
    await deleteCartLines(tx.scope, cart.id);
    await setCartDiscountCode(tx.scope, cart.id, null);
    await resetCartReminders(tx.scope, cart.id);
    return toCart({ id: cart.id, discountCode: null }, [], ctx.deps.media, null, new Map());
  });
}

/**
 * `POST /orders/cart/discount/`: applies a discount code to the cart, in place of the one applied before. The code
 * must exist and apply to the cart as it is now (400 with the reason otherwise: not valid, not yet valid, expired,
 * used up, already used, for a first order only, below the minimum, not for these products); the cart keeps it as
 * the shop wrote it. `placedOrders`: the orders the customer has placed (the orders module counts them).
 */
export async function applyDiscountCode(
  ctx: RequestContext,
  input: { code: string; placedOrders: number },
  view: TaxView | null = null,
): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  return inTransaction(ctx, async (tx) => {
    const cart = await lockOrCreateCart(tx.scope, user.id);
    const lines = await listLines(tx.scope, cart.id);
    const basket = basketOf(catalogLines(lines), view);
    const kept = await checkDiscountCode(tx, { ...input, userId: user.id, basket });
    await setCartDiscountCode(tx.scope, cart.id, kept);
    return cartAnswer(tx, { ...cart, discountCode: kept }, view);
  });
}

/** `DELETE /orders/cart/discount/`: takes the discount code off the cart. */
export async function removeDiscountCode(ctx: RequestContext, view: TaxView | null = null): Promise<Cart> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  return inTransaction(ctx, async (tx) => {
    const cart = await lockOrCreateCart(tx.scope, user.id);
    await setCartDiscountCode(tx.scope, cart.id, null);
    return cartAnswer(tx, { ...cart, discountCode: null }, view);
  });
}

/** The signed-in customer's cart as the pricing module takes it (the checkout's quote): its code and lines. */
export async function cartForPricing(
  ctx: RequestContext,
): Promise<{ userId: number; code: string | null; lines: CatalogLine[] }> {
  const user = requireUser(ctx, CART_AUTH_REQUIRED);
  const cart = await ensureCart(ctx.scope, user.id);
  return { userId: user.id, code: cart.discountCode, lines: catalogLines(await listLines(ctx.scope, cart.id)) };
}

/** A cart line as checkout takes it. */
export interface CheckoutLine {
  productId: number;
  /** The variant of a product sold in options (null for a product bought as it is). */
  variantId: number | null;
  categoryId: number;
  productName: string;
  quantity: number;
  customization: Record<string, string>;
}

/**
 * Checkout's hold on the signed-in customer's cart: the cart row (made on first use) stays locked until the
 * transaction ends, so that every checkout and cart change of this customer happens one after the other.
 */
export async function lockCartForCheckout(
  tx: TransactionContext,
): Promise<{ cartId: number; discountCode: string | null; lines: CheckoutLine[] }> {
  const user = requireUser(tx, CART_AUTH_REQUIRED);
  const cart = await lockOrCreateCart(tx.scope, user.id);
  const lines = await listLines(tx.scope, cart.id);
  return {
    cartId: cart.id,
    discountCode: cart.discountCode,
    lines: lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      categoryId: line.categoryId,
      productName: line.name,
      quantity: line.quantity,
      customization: line.customization,
    })),
  };
}

/** Empties the cart checkout holds, and takes its discount code off (the order used it), in checkout's transaction. */
export async function emptyCart(tx: TransactionContext, cartId: number): Promise<void> {
  await deleteCartLines(tx.scope, cartId);
  await setCartDiscountCode(tx.scope, cartId, null);
  // The next cart left behind may be reminded again (issue 49).
  await resetCartReminders(tx.scope, cartId);
}

/** A customer's cart as its answer, at the prices as entered (the reminders' e-mail, the administration's list). */
export async function cartOfCustomer(ctx: RequestContext, userId: number): Promise<Cart | null> {
  const cart = await findCartByUser(ctx.scope, userId);
  return cart && cartAnswer(ctx, cart, null);
}
