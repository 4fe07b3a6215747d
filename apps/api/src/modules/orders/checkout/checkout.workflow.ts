import {
  ageConfirmationRequired,
  type CreateOrderBody,
  type DeliveryAddress,
  ORDER_CURRENCY,
} from '@platform/contracts';
import { addDays, dateInZone } from '@platform/contracts/reports';
import type { TransactionContext } from '../../../lib/context.ts';
import { requireUser } from '../../../lib/context.ts';
import { BadRequestError, ConflictError } from '../../../lib/errors.ts';
import { runWorkflow, step, workflow } from '../../../lib/workflow.ts';
import { type CheckoutLine, emptyCart, lockCartForCheckout } from '../../cart/index.ts';
import { personalisationCents, saleRules } from '../../catalog/index.ts';
import { orderDiscountLines, recordDiscountUses, refusalStops } from '../../discounts/index.ts';
import {
  lockProductsForSale,
  lockVariantsForSale,
  moveStock,
  orderUnitKey,
  type SaleProduct,
  type SaleVariant,
  type StockChange,
} from '../../inventory/index.ts';
import { checkoutPaymentTerms, orderLimits, type PaymentTerms } from '../../payments/index.ts';
import {
  type CatalogLine,
  enteredUnitCents,
  type PresentmentCurrency,
  type PricedBasket,
  presentmentCurrency,
  presentmentOf,
  priceBasket,
} from '../../pricing/index.ts';
import { getSellingAbroadSettings, getShopTimeZone } from '../../site/index.ts';
import { type TaxView, taxView } from '../../tax/index.ts';
import {
  countCustomerOrders,
  countUnpaidOrders,
  findOrderByIdempotencyKey,
  insertOrder,
  insertOrderHistory,
  type NewOrderLine,
  nextOrderNumber,
  type OrderRow,
} from '../orders.repository.ts';
import { checkReplay, cleanAddress, fingerprintOf, namedCurrency } from './checkout.request.ts';

export const EMPTY_CART = 'Your cart is empty.';

/** What placing an order starts from: the request, checked for its shape by the route. */
export interface CheckoutInput {
  body: CreateOrderBody;
  /** A retried request with the same key answers the order the first one made. */
  idempotencyKey?: string | undefined;
  now?: Date;
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

/**
 * What the order takes from stock, per product or variant: all its units, or, for a piece made to order, what the
 * stock has (the rest is made). `madeToOrder`: the keys (`orderUnitKey`) with units to make, and their lead time.
 */
interface StockTaken {
  changes: StockChange[];
  leadTimes: Map<string, number>;
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
  /** What leaves stock; the rest of a piece made to order is made (issue 49). */
  taken: StockTaken;
  lines: CatalogLine[];
  snapshots: Omit<
    NewOrderLine,
    'unitPriceCents' | 'lineTotalCents' | 'discountCents' | 'taxCents' | 'taxName' | 'taxBasisPoints' | 'shipsBy'
  >[];
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
 * 4b. Find the currency the shopper read prices in (decision 028): one the shop lists, or its own (none named); any
 * other is refused (400 on `currency`). The order keeps its total in it as shown; it is charged in the shop's own.
 */
const findCurrency = step(
  'find currency',
  (tx: TransactionContext, code: string | undefined): Promise<PresentmentCurrency | null> =>
    presentmentCurrency(tx, code),
);

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
 * 6b. Check the rules of selling abroad (decision 029): a destination the shop closes to a product of the cart is
 * refused with the shop's message (400 `shipping_restricted`); an order holding a product only adults may buy needs
 * the buyer's confirmation of the shop's age (400 `age_confirmation_required` without it), and keeps that age.
 * Before the products are locked: a refusal holds nothing.
 */
const checkSaleRules = step(
  'check sale rules',
  async (
    tx: TransactionContext,
    input: { lines: CheckoutLine[]; view: TaxView; ageConfirmed: boolean },
  ): Promise<{ confirmedAge: number | null }> => {
    const rules = await saleRules(tx, {
      productIds: input.lines.map((line) => line.productId),
      countryCode: input.view.countryCode,
      region: input.view.region,
    });
    const closed = input.lines.map((line) => rules.get(line.productId)?.closedMessage).find(Boolean);
    if (closed) throw new BadRequestError(closed, 'shipping_restricted');
    if (!input.lines.some((line) => rules.get(line.productId)?.ageRestricted)) return { confirmedAge: null };
    const { adultAge } = await getSellingAbroadSettings(tx);
    if (!input.ageConfirmed) throw new BadRequestError(ageConfirmationRequired(adultAge), 'age_confirmation_required');
    return { confirmedAge: adultAge };
  },
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
    const taken: StockTaken = { changes: [], leadTimes: new Map() };
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
      const leadTimeDays = variant ? variant.leadTimeDays : product.leadTimeDays;
      if (leadTimeDays !== null) {
        // Made to order: what the stock has leaves it, the rest is made within the lead time.
        const fromStock = Math.min(Math.max(stock, 0), wanted);
        taken.changes.push({ productId, variantId, quantity: fromStock });
        if (fromStock < wanted) taken.leadTimes.set(orderUnitKey({ productId, variantId }), leadTimeDays);
        continue;
      }
      if (stock <= 0) throw new BadRequestError(`${name} is out of stock.`, 'out_of_stock');
      if (wanted > stock) {
        throw new BadRequestError(`Only ${stock} items of ${name} available.`, 'insufficient_stock');
      }
      taken.changes.push({ productId, variantId, quantity: wanted });
    }
    const catalog: CatalogCart = { taken, lines: [], snapshots: [] };
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
        optionValues: variant?.optionValues ?? null,
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

/** The day the order is placed on the shop's calendar (a made-to-order line ships by it plus its lead time). */
const findPlacedOn = step(
  'find the shop day',
  async (tx: TransactionContext, now: Date): Promise<string> => dateInZone(now, await getShopTimeZone(tx)),
);

/** What the order row is made of: the request, and what the steps before found. */
interface NewOrder {
  userId: number;
  currency: PresentmentCurrency | null;
  address: DeliveryAddress;
  confirmedAge: number | null;
  idempotencyKey: string | null;
  fingerprint: string;
  now: Date;
  /** The day it is placed on the shop's calendar: what a lead time counts from. */
  placedOn: string;
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
  const linesShipBy = catalog.snapshots.map((snapshot) => {
    const days = catalog.taken.leadTimes.get(
      orderUnitKey({ productId: snapshot.productId ?? 0, variantId: snapshot.variantId }),
    );
    return days === undefined ? null : addDays(input.placedOn, days);
  });
  const shipsBy = linesShipBy.reduce<string | null>(
    (latest, day) => (day && (!latest || day > latest) ? day : latest),
    null,
  );
  const discountLines = orderDiscountLines(order.discounts);
  const shown = input.currency && presentmentOf(input.currency, order.totalCents);
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
      shipsBy,
      totalItems: order.totalItems,
      deliveryAddress: input.address,
      idempotencyKey: input.idempotencyKey,
      requestFingerprint: input.fingerprint,
      paymentDueAt: payment.dueAt,
      isTest: payment.testMode,
      presentmentCurrency: shown ? shown.code : null,
      presentmentRateMicros: shown ? shown.rateMicros : null,
      presentmentDecimals: shown ? shown.decimals : null,
      presentmentTotalMinor: shown ? shown.totalMinor : null,
      confirmedAge: input.confirmedAge,
      createdAt: input.now,
      updatedAt: input.now,
    },
    catalog.snapshots.map((snapshot, index) => {
      const line = order.lines[index];
      if (!line) throw new Error('every order line is priced');
      // The line as sold: what a refund by line gives back of it (decision 024).
      return {
        ...snapshot,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.totalCents,
        discountCents: line.discountCents,
        taxCents: line.taxCents,
        taxName: line.rate?.name ?? null,
        taxBasisPoints: line.rate?.basisPoints ?? null,
        shipsBy: linesShipBy[index] ?? null,
      };
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
 * 10. Take stock: the units leave stock through the ledger, referenced to the order (of a piece made to order, what
 * the stock had). Nothing is held across requests: an order that is cancelled or expires gives them back through the
 * lifecycle, never more than it took.
 */
const takeStock = step(
  'take stock',
  async (tx: TransactionContext, input: { taken: StockTaken; orderId: number }): Promise<void> => {
    await moveStock(tx, {
      changes: input.taken.changes.map((change) => ({ ...change, quantity: -change.quantity })),
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
  ageConfirmed: boolean;
  paymentMethod: string;
  /** The currency the shopper read prices in, when not the shop's own. */
  currency: string | undefined;
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
  .step('currency', findCurrency, ({ input }) => input.currency)
  .step('payment', preparePayment, ({ input }) => ({ method: input.paymentMethod, now: input.now }))
  .step('view', findTaxes, ({ input }) => input.address)
  .step('rules', checkSaleRules, ({ input, cart, view }) => ({
    lines: cart.lines,
    view,
    ageConfirmed: input.ageConfirmed,
  }))
  .step('catalog', readCatalog, ({ cart }) => ({ lines: cart.lines }))
  .step('priced', priceOrder, ({ input, cart, catalog, view }) => ({
    userId: input.userId,
    cart,
    catalog,
    view,
    country: input.address.country,
    now: input.now,
  }))
  .step('placedOn', findPlacedOn, ({ input }) => input.now)
  .step('orderId', createOrder, ({ input, currency, rules, catalog, payment, priced, placedOn }) => ({
    ...input,
    currency,
    placedOn,
    confirmedAge: rules.confirmedAge,
    catalog,
    payment,
    priced,
  }))
  .step('stockTaken', takeStock, ({ catalog, orderId }) => ({ taken: catalog.taken, orderId }))
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
  const currency = namedCurrency(input.body.currency);
  return runWorkflow(checkoutWorkflow, tx, {
    userId: user.id,
    address,
    ageConfirmed: input.body.age_confirmed === true,
    paymentMethod: input.body.payment_method,
    currency,
    idempotencyKey: input.idempotencyKey ?? null,
    fingerprint: fingerprintOf(input.body.payment_method, address, currency),
    now: input.now ?? new Date(),
  });
}
