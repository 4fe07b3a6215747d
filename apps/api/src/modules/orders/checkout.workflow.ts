import { createHash } from 'node:crypto';
import {
  type CreateOrderBody,
  DELIVERY_ADDRESS_FIELDS,
  type DeliveryAddress,
  ORDER_CURRENCY,
} from '@platform/contracts';
import { invalidAddressFields, keptAddress } from '@platform/contracts/address';
import type { TransactionContext } from '../../lib/context.ts';
import { requireUser } from '../../lib/context.ts';
import { BadRequestError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { runWorkflow, step, workflow } from '../../lib/workflow.ts';
import { type CheckoutLine, emptyCart, lockCartForCheckout } from '../cart/index.ts';
import { personalisationCents } from '../catalog/index.ts';
import { orderDiscountLines, recordDiscountUses, refusalStops } from '../discounts/index.ts';
import {
  lockProductsForSale,
  lockVariantsForSale,
  moveStock,
  type SaleProduct,
  type SaleVariant,
  type StockChange,
} from '../inventory/index.ts';
import { checkoutPaymentTerms, orderLimits, type PaymentTerms } from '../payments/index.ts';
import { type CatalogLine, enteredUnitCents, type PricedBasket, priceBasket } from '../pricing/index.ts';
import { type TaxView, taxView } from '../tax/index.ts';
import {
  countCustomerOrders,
  countUnpaidOrders,
  findOrderByIdempotencyKey,
  insertOrder,
  insertOrderHistory,
  type NewOrderLine,
  nextOrderNumber,
  type OrderRow,
} from './orders.repository.ts';

export const EMPTY_CART = 'Your cart is empty.';

/** What placing an order starts from: the request, checked for its shape by the route. */
export interface CheckoutInput {
  body: CreateOrderBody;
  /** A retried request with the same key answers the order the first one made. */
  idempotencyKey?: string | undefined;
  now?: Date;
}

/**
 * The six address fields trimmed; a blank one is a field error (spec section 5 "Checkout"), and so are a country
 * that is not one, a contact number that is not a phone number, and, for a country whose addresses need one, a
 * missing region or one not of its list. The country, given as its English name or its ISO code, is kept as its
 * English name; the region as its name, and only for such a country.
 */
function cleanAddress(address: DeliveryAddress): DeliveryAddress {
  const errors: Record<string, string[]> = {};
  const cleaned = {} as DeliveryAddress;
  for (const field of DELIVERY_ADDRESS_FIELDS) {
    cleaned[field] = address[field].trim();
    if (!cleaned[field]) errors[`delivery_address.${field}`] = ['This field may not be blank.'];
  }
  if (address.region !== undefined) cleaned.region = address.region.trim();
  for (const [field, message] of Object.entries(invalidAddressFields(cleaned))) {
    errors[`delivery_address.${field}`] = [message];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return keptAddress(cleaned);
}

/** What identifies a request's intent: the same key with another method or address is another order request. */
function fingerprintOf(paymentMethod: string, address: DeliveryAddress): string {
  return createHash('sha256')
    .update(JSON.stringify([paymentMethod, address]))
    .digest('hex');
}

/** The order an earlier request with the same key placed, when this request asks for the same thing. */
export function checkReplay(earlier: OrderRow, fingerprint: string): OrderRow {
  if (earlier.requestFingerprint !== fingerprint) {
    throw new BadRequestError(
      'This Idempotency-Key was already used for another order request.',
      'idempotency_key_reused',
    );
  }
  return earlier;
}

/** The fingerprint of a checkout request (its address trimmed as the order keeps it). */
export function checkoutFingerprint(body: CreateOrderBody): string {
  return fingerprintOf(body.payment_method, cleanAddress(body.delivery_address));
}

/** Units of each product over all the cart's lines. */
function quantitiesOf(lines: CheckoutLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  return wanted;
}

/** What leaves stock: the units of each product, or of each variant of a product sold in options. */
function stockChangesOf(lines: CheckoutLine[]): StockChange[] {
  const changes = new Map<string, StockChange>();
  for (const line of lines) {
    const key = `${line.productId}:${line.variantId ?? ''}`;
    const change = changes.get(key) ?? {
      productId: line.productId,
      ...(line.variantId === null ? {} : { variantId: line.variantId }),
      quantity: 0,
    };
    change.quantity += line.quantity;
    changes.set(key, change);
  }
  return [...changes.values()];
}

/** What a message names: the product, and the variant's options for a product sold in options. */
function saleName(product: SaleProduct, variant: SaleVariant | undefined): string {
  return variant ? `${product.name} (${variant.optionValues.join(', ')})` : product.name;
}

/** The customer's cart as checkout holds it: its row locked until the transaction ends. */
type HeldCart = { cartId: number; discountCode: string | null; lines: CheckoutLine[] };

/**
 * The cart's lines at the catalog's current prices (as entered), for the pricing module, and what each order line
 * keeps of its product and variant.
 */
interface CatalogCart {
  lines: CatalogLine[];
  snapshots: Omit<NewOrderLine, 'unitPriceCents' | 'lineTotalCents'>[];
}

/** The terms of the chosen payment method, and when an unpaid order gives its stock back. */
type PreparedPayment = PaymentTerms & { dueAt: Date };

/**
 * 1. Hold the cart: lock the customer's cart row. It puts every checkout of this customer in a line, so a retry waits
 * for the first attempt and then finds its order by the key.
 */
const holdCart = step(
  'hold cart',
  (tx: TransactionContext, _: undefined): Promise<HeldCart> => lockCartForCheckout(tx),
);

/** 2. Find the earlier order: the one a request with the same idempotency key placed, when this request repeats it. */
const findEarlierOrder = step(
  'find earlier order',
  async (
    tx: TransactionContext,
    input: { userId: number; idempotencyKey: string | null; fingerprint: string },
  ): Promise<OrderRow | null> => {
    if (!input.idempotencyKey) return null;
    const earlier = await findOrderByIdempotencyKey(tx.scope, input.userId, input.idempotencyKey);
    return earlier && checkReplay(earlier, input.fingerprint);
  },
);

/** Why a customer with `unpaid` orders awaiting payment may not place another. */
function unpaidOrdersLimitMessage(unpaid: number): string {
  return unpaid === 1
    ? 'You already have 1 order awaiting payment. Pay for it before placing another.'
    : `You already have ${unpaid} orders awaiting payment. Pay for one of them before placing another.`;
}

/**
 * 3. Check order limits: what one customer may hold without paying, as the shop set it (`payment_settings`). A
 * customer at the shop's number of orders awaiting payment places no other (409 `unpaid_orders_limit`), and an order
 * takes no more units of a product than the shop allows (400 `product_quantity_limit`; the cart refuses them as well,
 * but the shop may have lowered the limit since). A customer at the limit is told so before anything else. NOTE:
 * exact under concurrent checkouts of one customer only because "hold cart" locks the customer's cart row, which
 * every checkout of this customer takes first: the next one counts after this one has committed or rolled back. It
 * runs before any product is locked.
 */
const checkOrderLimits = step(
  'check order limits',
  async (tx: TransactionContext, input: { userId: number; lines: CheckoutLine[] }): Promise<void> => {
    const limits = await orderLimits(tx);
    const unpaid = await countUnpaidOrders(tx.scope, input.userId);
    if (unpaid >= limits.maxUnpaidOrders) {
      throw new ConflictError(unpaidOrdersLimitMessage(unpaid), 'unpaid_orders_limit');
    }
    for (const [productId, quantity] of quantitiesOf(input.lines)) {
      if (quantity > limits.maxUnitsPerProduct) {
        const name = input.lines.find((line) => line.productId === productId)?.productName ?? 'this item';
        throw new BadRequestError(
          `You can order at most ${limits.maxUnitsPerProduct} of ${name} at a time. Lower its quantity in your cart.`,
          'product_quantity_limit',
        );
      }
    }
  },
);

/** 4. Validate the cart: refuse an empty one. */
const validateCart = step('validate cart', async (_: TransactionContext, lines: CheckoutLine[]): Promise<void> => {
  if (lines.length === 0) throw new BadRequestError(EMPTY_CART, 'cart_empty');
});

/**
 * 5. Prepare payment: the method must be one the shop takes (the spec's text otherwise); the order keeps its label
 * and instructions, and the time by which it must be paid before it gives its stock back. It runs before the products
 * are locked, so that their locks, which every order of the same product waits for, are held as briefly as possible.
 */
const preparePayment = step(
  'prepare payment',
  async (tx: TransactionContext, input: { method: string; now: Date }): Promise<PreparedPayment> => {
    const terms = await checkoutPaymentTerms(tx, input.method);
    return { ...terms, dueAt: new Date(input.now.getTime() + terms.timeoutMinutes * 60_000) };
  },
);

/** 6. Find the destination's taxes: its rates, and how it is shown prices (decision 016). */
const findTaxes = step(
  'find taxes',
  (tx: TransactionContext, address: DeliveryAddress): Promise<TaxView> =>
    taxView(tx, { country: address.country, region: address.region, field: 'delivery_address.country' }),
);

/**
 * 7. Read the catalog: lock the products (in id order), then the variants of those sold in options, and read their
 * current price, name and stock; every product (and variant) must be on sale and in stock for all the units the cart
 * asks of it. Each unit's price as entered: its variant's (or product's) with what its filled-in texts add.
 */
const readCatalog = step(
  'read catalog',
  async (tx: TransactionContext, input: { lines: CheckoutLine[] }): Promise<CatalogCart> => {
    const { lines } = input;
    const changes = stockChangesOf(lines);
    const products = await lockProductsForSale(tx, [...quantitiesOf(lines).keys()]);
    const variants = await lockVariantsForSale(
      tx,
      changes.flatMap((change) => (change.variantId === undefined ? [] : [change.variantId])),
    );
    for (const { productId, variantId, quantity: wanted } of changes) {
      const product = products.get(productId);
      const variant = variantId === undefined ? undefined : variants.get(variantId);
      if (!product?.isActive || (variantId !== undefined && !(variant?.isActive && variant.productId === productId))) {
        throw new BadRequestError(
          `${product?.name ?? 'A product in your cart'} is no longer available. Remove it from your cart.`,
          'product_unavailable',
        );
      }
      if (variantId === undefined && product.options.length > 0) {
        throw new BadRequestError(
          `${product.name} is now sold in options. Remove it from your cart and choose one.`,
          'variant_required',
        );
      }
      const name = saleName(product, variant);
      const stock = variant ? variant.stock : product.stock;
      if (stock <= 0) throw new BadRequestError(`${name} is out of stock.`, 'out_of_stock');
      if (wanted > stock) {
        throw new BadRequestError(`Only ${stock} items of ${name} available.`, 'insufficient_stock');
      }
    }
    const catalog: CatalogCart = { lines: [], snapshots: [] };
    for (const line of lines) {
      const product = products.get(line.productId) as SaleProduct;
      const variant = line.variantId === null ? undefined : variants.get(line.variantId);
      catalog.lines.push({
        productId: product.id,
        categoryId: line.categoryId,
        productName: product.name,
        enteredUnitCents: enteredUnitCents({
          productPriceCents: product.priceCents,
          variantPriceCents: variant ? variant.priceCents : null,
          personalisationCents: personalisationCents(product.personalisation, line.customization),
        }),
        quantity: line.quantity,
      });
      catalog.snapshots.push({
        productId: product.id,
        productSlug: product.slug,
        productName: product.name,
        variantId: variant?.id ?? null,
        sku: variant?.sku ?? null,
        thumbKey: product.thumbKey,
        quantity: line.quantity,
        customization: line.customization,
      });
    }
    return catalog;
  },
);

/**
 * 8. Price the order (the pricing module, decision 019): the lines as the destination is shown them, the shipping its
 * zone charges, the cart's code (refused with its reason when it no longer applies) and the automatic promotions, the
 * taxes and the total. NOTE: only the server prices; a request cannot name an amount.
 */
const priceOrder = step(
  'price order',
  async (
    tx: TransactionContext,
    input: { userId: number; cart: HeldCart; catalog: CatalogCart; view: TaxView; country: string; now: Date },
  ): Promise<PricedBasket> => {
    const priced = await priceBasket(tx, {
      userId: input.userId,
      code: input.cart.discountCode,
      lines: input.catalog.lines,
      view: input.view,
      shipTo: { country: input.country, field: 'delivery_address.country' },
      placedOrders: await countCustomerOrders(tx.scope, input.userId),
      now: input.now,
    });
    if (refusalStops(priced.codeRefusal)) {
      throw new BadRequestError(priced.codeRefusal.message, priced.codeRefusal.code);
    }
    return priced;
  },
);

/** What the order row is made of: the request, and what the steps before found. */
interface NewOrder {
  userId: number;
  address: DeliveryAddress;
  idempotencyKey: string | null;
  fingerprint: string;
  now: Date;
  catalog: CatalogCart;
  payment: PreparedPayment;
  priced: PricedBasket;
}

/**
 * 9. Create the order: its number, the figures the pricing module found (`total = subtotal - discount + shipping +
 * tax added`), payment terms and snapshot lines, its discount lines and taxes, the zone and delivery estimate it was
 * sold with, and the first entry of its history. Returns its id.
 */
const createOrder = step('create order', async (tx: TransactionContext, input: NewOrder): Promise<number> => {
  const { catalog, payment, priced } = input;
  const { order, charge } = priced;
  if (!charge) throw new Error('an order is priced with its shipping');
  const discountLines = orderDiscountLines(order.discounts);
  const orderId = await insertOrder(
    tx.scope,
    {
      number: await nextOrderNumber(tx.scope),
      userId: input.userId,
      status: 'awaiting_payment',
      paymentMethod: payment.method,
      paymentLabel: payment.label,
      paymentInstructions: payment.instructions,
      currency: ORDER_CURRENCY,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents ?? 0,
      discountCents: order.discountCents,
      taxCents: order.taxAddedCents,
      totalCents: order.totalCents,
      shippingZone: charge.zone,
      deliveryEstimate: charge.deliveryEstimate,
      totalItems: order.totalItems,
      deliveryAddress: input.address,
      idempotencyKey: input.idempotencyKey,
      requestFingerprint: input.fingerprint,
      paymentDueAt: payment.dueAt,
      isTest: payment.testMode,
      createdAt: input.now,
      updatedAt: input.now,
    },
    catalog.snapshots.map((snapshot, index) => {
      const line = order.lines[index];
      if (!line) throw new Error('every order line is priced');
      return { ...snapshot, unitPriceCents: line.unitPriceCents, lineTotalCents: line.totalCents };
    }),
    discountLines,
    order.taxes.map((tax) => ({
      name: tax.name,
      basisPoints: tax.basisPoints,
      amountCents: tax.cents,
      included: tax.included,
    })),
  );
  await recordDiscountUses(tx, { orderId, userId: input.userId, lines: discountLines });
  await insertOrderHistory(tx.scope, {
    orderId,
    fromStatus: null,
    toStatus: 'awaiting_payment',
    actor: 'customer',
    actorUserId: input.userId,
    reason: 'placed',
    createdAt: input.now,
  });
  return orderId;
});

/**
 * 10. Take stock: the units leave stock through the ledger, referenced to the order. Nothing is held across requests:
 * an order that is cancelled or expires gives them back through the lifecycle.
 */
const takeStock = step(
  'take stock',
  async (tx: TransactionContext, input: { lines: CheckoutLine[]; orderId: number }): Promise<void> => {
    await moveStock(tx, {
      changes: stockChangesOf(input.lines).map((change) => ({ ...change, quantity: -change.quantity })),
      reason: 'order',
      orderId: input.orderId,
    });
  },
);

/**
 * 11. Clear the cart, and announce the order once the transaction has committed (its confirmation e-mail is queued
 * inside the transaction, by the event's `beforeCommit` handler, so it commits or rolls back with the order).
 */
const clearCart = step(
  'clear cart',
  async (tx: TransactionContext, input: { cartId: number; orderId: number }): Promise<void> => {
    await emptyCart(tx, input.cartId);
    tx.emit({ name: 'order.placed', payload: { tenantId: tx.tenant.id, orderId: input.orderId } });
  },
);

/** A checkout request, its address cleaned, as the steps read it. */
interface CheckoutRequest {
  userId: number;
  address: DeliveryAddress;
  paymentMethod: string;
  idempotencyKey: string | null;
  fingerprint: string;
  now: Date;
}

/** The order placed, or the one an earlier request with the same key placed (`replayOf`). */
export interface CheckoutResult {
  orderId: number;
  replayOf?: OrderRow;
}

/**
 * Placing an order, step by step, in the caller's transaction. Every step writes inside it, so none has a
 * compensation: a failure rolls back the order, its stock movements, the emptied cart and the queued e-mail at once.
 */
const checkoutWorkflow = workflow<CheckoutRequest, CheckoutResult, TransactionContext>('checkout')
  .step('cart', holdCart, () => undefined)
  .step('earlier', findEarlierOrder, ({ input }) => input)
  .endIf(({ earlier }) => earlier && { orderId: earlier.id, replayOf: earlier })
  .step('limits', checkOrderLimits, ({ input, cart }) => ({ userId: input.userId, lines: cart.lines }))
  .step('validated', validateCart, ({ cart }) => cart.lines)
  .step('payment', preparePayment, ({ input }) => ({ method: input.paymentMethod, now: input.now }))
  .step('view', findTaxes, ({ input }) => input.address)
  .step('catalog', readCatalog, ({ cart }) => ({ lines: cart.lines }))
  .step('priced', priceOrder, ({ input, cart, catalog, view }) => ({
    userId: input.userId,
    cart,
    catalog,
    view,
    country: input.address.country,
    now: input.now,
  }))
  .step('orderId', createOrder, ({ input, catalog, payment, priced }) => ({ ...input, catalog, payment, priced }))
  .step('stockTaken', takeStock, ({ cart, orderId }) => ({ lines: cart.lines, orderId }))
  .step('cartCleared', clearCart, ({ cart, orderId }) => ({ cartId: cart.cartId, orderId }))
  .returns(({ orderId }) => ({ orderId }));

/**
 * Places an order from the signed-in customer's cart: the address is checked before anything is locked, then the
 * steps run in the caller's transaction. Returns the new order's id, or the order a request with the same
 * idempotency key placed before (`replayOf`).
 */
export async function runCheckout(tx: TransactionContext, input: CheckoutInput): Promise<CheckoutResult> {
  const user = requireUser(tx);
  const address = cleanAddress(input.body.delivery_address);
  return runWorkflow(checkoutWorkflow, tx, {
    userId: user.id,
    address,
    paymentMethod: input.body.payment_method,
    idempotencyKey: input.idempotencyKey ?? null,
    fingerprint: fingerprintOf(input.body.payment_method, address),
    now: input.now ?? new Date(),
  });
}
