import { createHash } from 'node:crypto';
import {
  type CreateOrderBody,
  DEFAULT_PAGE_SIZE,
  DELIVERY_ADDRESS_FIELDS,
  type DeliveryAddress,
  formatMinor,
  ORDER_CURRENCY,
  type Order,
  type OrderListQuery,
  type OrderStatus,
  type OrderSummary,
  PaymentMethod,
} from '@platform/contracts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type RequestContext, requireUser } from '../../plugins/request-context.ts';
import { findUserById } from '../accounts/accounts.repository.ts';
import { deleteCartLines, listCartLines, lockOrCreateCart } from '../cart/cart.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import {
  enabledMethods,
  loadPaymentConfig,
  paymentInstructions,
  paymentLabel,
  paymentTimeoutMinutes,
} from '../payments/payments.service.ts';
import { orderConfirmationMail } from './orders.mail.ts';
import {
  countCustomerOrders,
  findCustomerOrder,
  findOrderByIdempotencyKey,
  findOrderStatus,
  insertOrder,
  type LockedProduct,
  listCustomerOrders,
  lockProducts,
  moveOrder,
  type NewOrderLine,
  nextOrderNumber,
  type OrderRow,
  type OrderWithLines,
  restoreStock,
  takeStock,
} from './orders.repository.ts';

export const INVALID_PAYMENT_METHOD = 'Invalid payment method selected.';
export const EMPTY_CART = 'Your cart is empty.';

/** Where a status may go next; a cancelled order gives its stock back once, whatever status it left. */
const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

function toSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    payment_method: row.paymentMethod,
    payment_label: row.paymentLabel,
    total: formatMinor(row.totalCents),
    currency: row.currency,
    total_items: row.totalItems,
    created_at: row.createdAt.toISOString(),
  };
}

function toOrder(row: OrderWithLines, media: MediaStorage): Order {
  const awaitingPayment = row.status === 'awaiting_payment';
  return {
    ...toSummary(row),
    items: row.lines.map((line) => ({
      id: line.id,
      product: line.productId === null ? null : { id: line.productId, slug: line.productSlug },
      product_name: line.productName,
      unit_price: formatMinor(line.unitPriceCents),
      quantity: line.quantity,
      customization: line.customization,
      line_total: formatMinor(line.lineTotalCents),
      thumb_image: line.thumbKey ? media.url(line.thumbKey) : null,
    })),
    subtotal: formatMinor(row.subtotalCents),
    shipping: formatMinor(row.shippingCents),
    delivery_address: row.deliveryAddress as DeliveryAddress,
    payment_instructions: awaitingPayment ? row.paymentInstructions : '',
    payment_due_at: awaitingPayment && row.paymentDueAt ? row.paymentDueAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The six address fields trimmed; a blank one is a field error (spec section 5 "Checkout"). */
function cleanAddress(address: DeliveryAddress): DeliveryAddress {
  const errors: Record<string, string[]> = {};
  const cleaned = {} as DeliveryAddress;
  for (const field of DELIVERY_ADDRESS_FIELDS) {
    cleaned[field] = address[field].trim();
    if (!cleaned[field]) errors[`delivery_address.${field}`] = ['This field may not be blank.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return cleaned;
}

/** Every line's product is on sale and in stock for the whole quantity the cart asks of it. */
function checkAvailability(wanted: Map<number, number>, products: Map<number, LockedProduct>): void {
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
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface CreateOrderOptions {
  /** A retried request with the same key returns the order the first one made. */
  idempotencyKey?: string | undefined;
  /** The order's page in the account area, for the confirmation e-mail. */
  orderPageUrl: (orderId: number) => string;
}

/**
 * Places an order from the customer's cart in one transaction: the products are locked, their stock checked and
 * taken, prices taken from the catalog, the lines snapshot, the cart emptied. Any failure leaves everything as it was.
 * Returns the order and whether this call made it (false for a retry with a known idempotency key).
 */
export async function createOrder(
  ctx: RequestContext,
  deps: { media: MediaStorage; mailer: Mailer },
  input: CreateOrderBody,
  options: CreateOrderOptions,
): Promise<{ order: Order; created: boolean }> {
  const user = requireUser(ctx);
  const address = cleanAddress(input.delivery_address);
  const config = await loadPaymentConfig(ctx.scope);
  const method = PaymentMethod.safeParse(input.payment_method);
  if (!method.success || !enabledMethods(config).includes(method.data)) {
    throw new BadRequestError(INVALID_PAYMENT_METHOD, 'invalid_payment_method');
  }
  const paymentMethod = method.data;
  const key = options.idempotencyKey;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([paymentMethod, address]))
    .digest('hex');

  const replay = (row: OrderRow) => {
    if (row.requestFingerprint !== fingerprint) {
      throw new BadRequestError(
        'This Idempotency-Key was already used for another order request.',
        'idempotency_key_reused',
      );
    }
    return row.id;
  };

  let created = true;
  let orderId: number;
  try {
    orderId = await ctx.scope.transaction(async (scope) => {
      // The cart row lock orders every checkout (and cart change) of this customer: a retry waits for the first
      // attempt to finish and then finds its order by the key.
      const cart = await lockOrCreateCart(scope, user.id);
      if (key) {
        const earlier = await findOrderByIdempotencyKey(scope, user.id, key);
        if (earlier) {
          created = false;
          return replay(earlier);
        }
      }
      const lines = await listCartLines(scope, cart.id);
      if (lines.length === 0) throw new BadRequestError(EMPTY_CART, 'cart_empty');

      const wanted = new Map<number, number>();
      for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
      const locked = new Map((await lockProducts(scope, [...wanted.keys()])).map((p) => [p.id, p]));
      checkAvailability(wanted, locked);
      await takeStock(scope, wanted);

      let subtotalCents = 0;
      let totalItems = 0;
      const orderLines: NewOrderLine[] = lines.map((line) => {
        const product = locked.get(line.productId) as LockedProduct;
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
      // NOTE: shipping is its own amount from the start; it stays 0 until the shop has shipping rates.
      const shippingCents = 0;
      const now = new Date();
      const id = await insertOrder(
        scope,
        {
          number: await nextOrderNumber(scope),
          userId: user.id,
          status: 'awaiting_payment',
          paymentMethod,
          paymentLabel: paymentLabel(config, paymentMethod),
          paymentInstructions: paymentInstructions(config, paymentMethod),
          currency: ORDER_CURRENCY,
          subtotalCents,
          shippingCents,
          totalCents: subtotalCents + shippingCents,
          totalItems,
          deliveryAddress: address,
          idempotencyKey: key ?? null,
          requestFingerprint: fingerprint,
          paymentDueAt: new Date(now.getTime() + paymentTimeoutMinutes(config, paymentMethod) * 60_000),
        },
        orderLines,
      );
      await deleteCartLines(scope, cart.id);
      return id;
    });
  } catch (error) {
    // Two retries raced past the key check (possible only if the cart row was not yet there): the index decided.
    if (!key || !isUniqueViolation(error)) throw error;
    const earlier = await findOrderByIdempotencyKey(ctx.scope, user.id, key);
    if (!earlier) throw error;
    created = false;
    orderId = replay(earlier);
  }

  const row = await findCustomerOrder(ctx.scope, user.id, orderId);
  if (!row) throw new Error(`order ${orderId} vanished after it was placed`);
  const order = toOrder(row, deps.media);
  if (created) {
    const customer = await findUserById(ctx.scope, user.id);
    if (customer) {
      deps.mailer.send(
        orderConfirmationMail({
          shopName: ctx.tenant.name,
          to: customer.email,
          order,
          orderPageUrl: options.orderPageUrl(order.id),
        }),
      );
    }
  }
  return { order, created };
}

/** One of the customer's own orders; anyone else's answers 404. */
export async function getOrder(ctx: RequestContext, media: MediaStorage, orderId: number): Promise<Order> {
  const user = requireUser(ctx);
  const row = await findCustomerOrder(ctx.scope, user.id, orderId);
  if (!row) throw new NotFoundError('Order not found.', 'order_not_found');
  return toOrder(row, media);
}

/** The customer's orders, newest first, a page at a time. */
export async function listOrders(
  ctx: RequestContext,
  query: OrderListQuery,
): Promise<{ results: OrderSummary[]; count: number; page: number; pageSize: number }> {
  const user = requireUser(ctx);
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const count = await countCustomerOrders(ctx.scope, user.id);
  if (page > 1 && (page - 1) * pageSize >= count) throw new NotFoundError('Invalid page.', 'invalid_page');
  const rows = await listCustomerOrders(ctx.scope, user.id, { limit: pageSize, offset: (page - 1) * pageSize });
  return { results: rows.map(toSummary), count, page, pageSize };
}

export class InvalidTransitionError extends BadRequestError {
  constructor(from: OrderStatus, to: OrderStatus) {
    super(`An order that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`, 'invalid_transition');
  }
}

/**
 * Moves an order along its lifecycle (awaiting_payment → paid → processing → shipped → delivered, or cancelled).
 * Cancelling puts the stock back in the same transaction; the status check in the update makes that happen once
 * even when two callers cancel at the same moment. Returns null when the order does not exist.
 */
export async function changeOrderStatus(
  scope: TenantScope,
  orderId: number,
  to: OrderStatus,
  options: { reason?: string; now?: Date } = {},
): Promise<OrderRow | null> {
  const now = options.now ?? new Date();
  return scope.transaction(async (tx) => {
    const from = (Object.keys(NEXT_STATUSES) as OrderStatus[]).filter((status) => NEXT_STATUSES[status].includes(to));
    const fields =
      to === 'cancelled'
        ? { cancelledAt: now, cancelReason: options.reason ?? 'cancelled', paymentDueAt: null }
        : to === 'paid'
          ? { paidAt: now, paymentDueAt: null }
          : {};
    const moved = await moveOrder(tx, orderId, from, to, fields);
    if (!moved) {
      const current = await findOrderStatus(tx, orderId);
      if (current === null) return null;
      throw new InvalidTransitionError(current, to);
    }
    if (to === 'cancelled') await restoreStock(tx, orderId);
    return moved;
  });
}
