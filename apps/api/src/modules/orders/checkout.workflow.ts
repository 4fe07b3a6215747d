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
import { runWorkflow, type WorkflowStep } from '../../lib/workflow.ts';
import { type CheckoutLine, emptyCart, lockCartForCheckout } from '../cart/index.ts';
import { lockProductsForSale, moveStock, type SaleProduct } from '../catalog/index.ts';
import { checkoutPaymentTerms, orderLimits, type PaymentTerms } from '../payments/index.ts';
import { chargeShipping, type ShippingCharge } from '../shipping/index.ts';
import {
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

/** The state the checkout steps fill in, one after the other. */
interface CheckoutState {
  tx: TransactionContext;
  userId: number;
  address: DeliveryAddress;
  paymentMethod: string;
  idempotencyKey: string | null;
  fingerprint: string;
  now: Date;
  cart?: { cartId: number; lines: CheckoutLine[] };
  products?: Map<number, SaleProduct>;
  priced?: { lines: NewOrderLine[]; subtotalCents: number; totalItems: number };
  shipping?: ShippingCharge;
  payment?: PaymentTerms & { dueAt: Date };
  orderId?: number;
  /** The order an earlier request with the same key placed: the workflow ends at once with it. */
  replayOf?: OrderRow;
  stockTaken?: { productId: number; quantity: number }[];
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

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`checkout step ran before ${what} was known`);
  return value;
}

/**
 * 1. Hold the cart: lock the customer's cart row (it puts every checkout of this customer in a line, so a retry waits
 * for the first attempt and then finds its order by the key), and answer a known key's order.
 */
const holdCart: WorkflowStep<CheckoutState> = {
  name: 'hold cart',
  async run(state) {
    state.cart = await lockCartForCheckout(state.tx);
    if (state.idempotencyKey) {
      const earlier = await findOrderByIdempotencyKey(state.tx.scope, state.userId, state.idempotencyKey);
      if (earlier) {
        state.replayOf = checkReplay(earlier, state.fingerprint);
        return 'complete';
      }
    }
    return undefined;
  },
};

/** 3. Validate the cart: refuse an empty one. */
const validateCart: WorkflowStep<CheckoutState> = {
  name: 'validate cart',
  async run(state) {
    if (must(state.cart, 'the cart').lines.length === 0) throw new BadRequestError(EMPTY_CART, 'cart_empty');
    return undefined;
  },
};

/** Why a customer with `unpaid` orders awaiting payment may not place another. */
function unpaidOrdersLimitMessage(unpaid: number): string {
  return unpaid === 1
    ? 'You already have 1 order awaiting payment. Pay for it before placing another.'
    : `You already have ${unpaid} orders awaiting payment. Pay for one of them before placing another.`;
}

/**
 * 2. Check order limits: what one customer may hold without paying, as the shop set it (`payment_settings`). A
 * customer at the shop's number of orders awaiting payment places no other (409 `unpaid_orders_limit`), and an order
 * takes no more units of a product than the shop allows (400 `product_quantity_limit`; the cart refuses them as well,
 * but the shop may have lowered the limit since). A customer at the limit is told so before anything else. NOTE:
 * exact under concurrent checkouts of one customer only because "hold cart" locks the customer's cart row, which
 * every checkout of this customer takes first: the next one counts after this one has committed or rolled back. It
 * runs before any product is locked.
 */
const checkOrderLimits: WorkflowStep<CheckoutState> = {
  name: 'check order limits',
  async run(state) {
    const limits = await orderLimits(state.tx);
    const unpaid = await countUnpaidOrders(state.tx.scope, state.userId);
    if (unpaid >= limits.maxUnpaidOrders) {
      throw new ConflictError(unpaidOrdersLimitMessage(unpaid), 'unpaid_orders_limit');
    }
    const lines = must(state.cart, 'the cart').lines;
    for (const [productId, quantity] of quantitiesOf(lines)) {
      if (quantity > limits.maxUnitsPerProduct) {
        const name = lines.find((line) => line.productId === productId)?.productName ?? 'this item';
        throw new BadRequestError(
          `You can order at most ${limits.maxUnitsPerProduct} of ${name} at a time. Lower its quantity in your cart.`,
          'product_quantity_limit',
        );
      }
    }
    return undefined;
  },
};

/**
 * 5. Price it from the catalog: lock the products (in id order) and read their current price, name and stock; every
 * product must be on sale and in stock for all the units the cart asks of it.
 */
const priceFromCatalog: WorkflowStep<CheckoutState> = {
  name: 'price from catalog',
  async run(state) {
    const lines = must(state.cart, 'the cart').lines;
    const wanted = quantitiesOf(lines);
    const products = await lockProductsForSale(state.tx, [...wanted.keys()]);
    for (const [productId, quantity] of wanted) {
      const product = products.get(productId);
      if (!product?.isActive) {
        throw new BadRequestError(
          `${product?.name ?? 'A product in your cart'} is no longer available. Remove it from your cart.`,
          'product_unavailable',
        );
      }
      if (product.stock <= 0) throw new BadRequestError(`${product.name} is out of stock.`, 'out_of_stock');
      if (quantity > product.stock) {
        throw new BadRequestError(`Only ${product.stock} items of ${product.name} available.`, 'insufficient_stock');
      }
    }
    let subtotalCents = 0;
    let totalItems = 0;
    const priced = lines.map((line): NewOrderLine => {
      const product = products.get(line.productId) as SaleProduct;
      const lineTotalCents = product.priceCents * line.quantity;
      subtotalCents += lineTotalCents;
      totalItems += line.quantity;
      return {
        productId: product.id,
        productSlug: product.slug,
        productName: product.name,
        thumbKey: product.thumbKey,
        unitPriceCents: product.priceCents,
        quantity: line.quantity,
        customization: line.customization,
        lineTotalCents,
      };
    });
    state.products = products;
    state.priced = { lines: priced, subtotalCents, totalItems };
    return undefined;
  },
};

/**
 * 6. Price shipping: the zone serving the delivery country charges for this order (its subtotal and items), by the
 * same rule as the checkout's quote. NOTE: the amount is the server's alone; a request cannot name one.
 */
const priceShipping: WorkflowStep<CheckoutState> = {
  name: 'price shipping',
  async run(state) {
    const priced = must(state.priced, 'the prices');
    state.shipping = await chargeShipping(state.tx, {
      country: state.address.country,
      subtotalCents: priced.subtotalCents,
      totalItems: priced.totalItems,
      field: 'delivery_address.country',
    });
    return undefined;
  },
};

/**
 * 4. Prepare payment: the method must be one the shop takes (the spec's text otherwise); the order keeps its label
 * and instructions, and the time by which it must be paid before it gives its stock back. It runs before the products
 * are locked, so that their locks, which every order of the same product waits for, are held as briefly as possible.
 */
const preparePayment: WorkflowStep<CheckoutState> = {
  name: 'prepare payment',
  async run(state) {
    const terms = await checkoutPaymentTerms(state.tx, state.paymentMethod);
    state.payment = { ...terms, dueAt: new Date(state.now.getTime() + terms.timeoutMinutes * 60_000) };
    return undefined;
  },
};

/**
 * 7. Create the order: its number, totals (shipping its own amount), payment terms and snapshot lines, the zone and
 * delivery estimate it was sold with, and the first entry of its history.
 */
const createOrderRow: WorkflowStep<CheckoutState> = {
  name: 'create order',
  async run(state) {
    const priced = must(state.priced, 'the prices');
    const payment = must(state.payment, 'the payment terms');
    const shipping = must(state.shipping, 'the shipping');
    const { scope } = state.tx;
    state.orderId = await insertOrder(
      scope,
      {
        number: await nextOrderNumber(scope),
        userId: state.userId,
        status: 'awaiting_payment',
        paymentMethod: payment.method,
        paymentLabel: payment.label,
        paymentInstructions: payment.instructions,
        currency: ORDER_CURRENCY,
        subtotalCents: priced.subtotalCents,
        shippingCents: shipping.shippingCents,
        totalCents: priced.subtotalCents + shipping.shippingCents,
        shippingZone: shipping.zone,
        deliveryEstimate: shipping.deliveryEstimate,
        totalItems: priced.totalItems,
        deliveryAddress: state.address,
        idempotencyKey: state.idempotencyKey,
        requestFingerprint: state.fingerprint,
        paymentDueAt: payment.dueAt,
        isTest: payment.testMode,
        createdAt: state.now,
        updatedAt: state.now,
      },
      priced.lines,
    );
    await insertOrderHistory(scope, {
      orderId: state.orderId,
      fromStatus: null,
      toStatus: 'awaiting_payment',
      actor: 'customer',
      actorUserId: state.userId,
      reason: 'placed',
      createdAt: state.now,
    });
    return undefined;
  },
  // The order's rows go with the transaction's rollback: nothing was announced yet.
};

/** 8. Reserve stock: take the units out of stock through the ledger, referenced to the order. */
const reserveStock: WorkflowStep<CheckoutState> = {
  name: 'reserve stock',
  async run(state) {
    const taken = [...quantitiesOf(must(state.cart, 'the cart').lines)].map(([productId, quantity]) => ({
      productId,
      quantity,
    }));
    await moveStock(state.tx, {
      changes: taken.map((change) => ({ ...change, quantity: -change.quantity })),
      reason: 'order',
      orderId: must(state.orderId, 'the order'),
    });
    state.stockTaken = taken;
    return undefined;
  },
  async compensate(state) {
    if (!state.stockTaken) return;
    await moveStock(state.tx, {
      changes: state.stockTaken,
      reason: 'cancellation',
      orderId: state.orderId,
      note: 'checkout failed',
    });
  },
};

/** 9. Clear the cart, and announce the order once the transaction has committed. */
const clearCart: WorkflowStep<CheckoutState> = {
  name: 'clear cart',
  async run(state) {
    await emptyCart(state.tx, must(state.cart, 'the cart').cartId);
    state.tx.emit({
      name: 'order.placed',
      payload: { tenantId: state.tx.tenant.id, orderId: must(state.orderId, 'the order') },
    });
    return undefined;
  },
};

/** Placing an order, step by step; `placeOrder` runs them in one transaction. */
export const CHECKOUT_STEPS: readonly WorkflowStep<CheckoutState>[] = [
  holdCart,
  checkOrderLimits,
  validateCart,
  preparePayment,
  priceFromCatalog,
  priceShipping,
  createOrderRow,
  reserveStock,
  clearCart,
];

/**
 * Places an order from the signed-in customer's cart: the address is checked before anything is locked, then the
 * steps run in the caller's transaction. Returns the new order's id, or the order a request with the same
 * idempotency key placed before (`replayOf`).
 */
export async function runCheckout(
  tx: TransactionContext,
  input: CheckoutInput,
): Promise<{ orderId: number; replayOf?: OrderRow }> {
  const user = requireUser(tx);
  const address = cleanAddress(input.body.delivery_address);
  const state: CheckoutState = {
    tx,
    userId: user.id,
    address,
    paymentMethod: input.body.payment_method,
    idempotencyKey: input.idempotencyKey ?? null,
    fingerprint: fingerprintOf(input.body.payment_method, address),
    now: input.now ?? new Date(),
  };
  await runWorkflow(CHECKOUT_STEPS, state);
  if (state.replayOf) return { orderId: state.replayOf.id, replayOf: state.replayOf };
  return { orderId: must(state.orderId, 'the order') };
}
