import {
  type CreateOrderBody,
  DEFAULT_PAGE_SIZE,
  type DeliveryAddress,
  formatMinor,
  type Order,
  type OrderListQuery,
  type OrderSummary,
  type Presentment,
} from '@platform/contracts';
import { formatMinorIn, formatRate } from '@platform/contracts/currency';
import { findCountryCode, type ShippingQuote, type ShippingQuoteQuery } from '@platform/contracts/shipping';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { cartForPricing } from '../cart/index.ts';
import { customerRefunds, type RefundableOrder, refundTotals } from '../payments/index.ts';
import { priceBasket, pricedFigures } from '../pricing/index.ts';
import { getSellingAbroadSettings } from '../site/index.ts';
import { taxView, toOrderTax } from '../tax/index.ts';
import { checkoutFingerprint, checkReplay, runCheckout } from './checkout/index.ts';
import {
  countCustomerOrders,
  findOrderByIdempotencyKey,
  findOrderIdByNumber,
  findOrderNumbers,
  findOrderWithLines,
  listCustomerOrders,
  type OrderRow,
  type OrderWithLines,
} from './orders.repository.ts';

/** An order in a list: what the customer's order history shows, and the start of every other view of it. */
export function toSummary(row: OrderRow): OrderSummary {
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
    ships_by: row.shipsBy,
  };
}

/**
 * What the shopper saw (decision 028): the currency they read prices in, its rate then and the total in it as shown;
 * an order read in the shop's own currency answers that currency, a rate of 1 and its total.
 */
export function presentmentOfOrder(row: OrderRow): Presentment {
  const { presentmentCurrency, presentmentRateMicros, presentmentDecimals, presentmentTotalMinor } = row;
  if (presentmentCurrency === null || presentmentRateMicros === null || presentmentDecimals === null) {
    return {
      presentment_currency: row.currency,
      presentment_rate: '1',
      presentment_total: formatMinor(row.totalCents),
    };
  }
  return {
    presentment_currency: presentmentCurrency,
    presentment_rate: formatRate(presentmentRateMicros),
    presentment_total: formatMinorIn(presentmentTotalMinor ?? 0, presentmentDecimals),
  };
}

/**
 * Whether an order's address is in another country than the shop's (decision 029): it leaves the country, with a
 * customs declaration. False while the shop's settings name no country.
 */
export function leavesShopCountry(address: DeliveryAddress, shopCountry: string): boolean {
  if (!shopCountry) return false;
  const destination = findCountryCode(address.country);
  return destination !== null && destination !== shopCountry;
}

/** The order as its refunds need it. */
export function refundableOf(row: OrderRow): RefundableOrder {
  return {
    id: row.id,
    paymentMethod: row.paymentMethod,
    totalCents: row.totalCents,
    currency: row.currency,
    paid: row.paidAt !== null,
  };
}

const NO_REFUNDS = { refunded_amount: '0.00', refunds: [] };

/** The order's refunds as its customer reads them. */
async function refundsOf(ctx: RequestContext, row: OrderRow) {
  return row.paidAt ? customerRefunds(await refundTotals(ctx, refundableOf(row))) : NO_REFUNDS;
}

/** An order as the customer reads it (and as its e-mails show it), with its refunds when it has any. */
export function toOrder(
  ctx: RequestContext,
  row: OrderWithLines,
  refunds: Pick<Order, 'refunded_amount' | 'refunds'> = NO_REFUNDS,
): Order {
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
      thumb_image: line.thumbKey ? ctx.deps.media.url(line.thumbKey) : null,
      variant: line.sku ? { id: line.variantId ?? null, sku: line.sku, option_values: line.optionValues ?? [] } : null,
      ships_by: line.shipsBy ?? null,
    })),
    subtotal: formatMinor(row.subtotalCents),
    discount: formatMinor(row.discountCents),
    discounts: row.discounts.map((discount) => ({
      code: discount.code,
      name: discount.name,
      kind: discount.kind,
      description: discount.description,
      amount: formatMinor(discount.amountCents),
    })),
    shipping: formatMinor(row.shippingCents),
    tax: formatMinor(row.taxCents),
    taxes: row.taxes.map((tax) => toOrderTax({ ...tax, cents: tax.amountCents })),
    shipping_zone: row.shippingZone,
    delivery_estimate: row.deliveryEstimate,
    delivery_address: row.deliveryAddress as DeliveryAddress,
    payment_instructions: awaitingPayment ? row.paymentInstructions : '',
    payment_due_at: awaitingPayment && row.paymentDueAt ? row.paymentDueAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
    history: row.history.map((entry) => ({ status: entry.status, at: new Date(entry.at).toISOString() })),
    shipment: row.carrier
      ? { carrier: row.carrier, tracking_number: row.trackingNumber, tracking_url: row.trackingUrl }
      : null,
    ...refunds,
    ...presentmentOfOrder(row),
    confirmed_age: row.confirmedAge,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Places an order from the signed-in customer's cart through the checkout workflow (`checkout.workflow.ts`), in one
 * transaction: any failure leaves stock, cart and orders as they were. Returns the order and whether this call
 * placed it (false for a retry with a known idempotency key).
 */
export async function placeOrder(
  ctx: RequestContext,
  input: { body: CreateOrderBody; idempotencyKey?: string | undefined; now?: Date },
): Promise<{ order: Order; created: boolean }> {
  const user = requireUser(ctx);
  let placed: { orderId: number; replayOf?: OrderRow };
  try {
    placed = await inTransaction(ctx, (tx) => runCheckout(tx, input));
  } catch (error) {
    // Two retries raced past the key check (possible only if the cart row was not there yet): the index decided.
    const key = input.idempotencyKey;
    if (!key || !isUniqueViolation(error)) throw error;
    const earlier = await findOrderByIdempotencyKey(ctx.scope, user.id, key);
    if (!earlier) throw error;
    placed = { orderId: earlier.id, replayOf: checkReplay(earlier, checkoutFingerprint(input.body)) };
  }
  const row = await findOrderWithLines(ctx.scope, placed.orderId, user.id);
  if (!row) throw new Error(`order ${placed.orderId} vanished after it was placed`);
  return { order: toOrder(ctx, row), created: !placed.replayOf };
}

/**
 * `GET /orders/shipping-quote/`: what the signed-in customer's cart, as it is now, costs delivered to `country` (its
 * English name or ISO code) and `region`: the figures placing the order would charge, priced by the same module (its
 * discounts and taxes too), at the prices that destination is shown.
 */
export async function quoteShipping(ctx: RequestContext, query: ShippingQuoteQuery): Promise<ShippingQuote> {
  const user = requireUser(ctx);
  const view = await taxView(ctx, { country: query.country, region: query.region, field: 'country' });
  const cart = await cartForPricing(ctx);
  const { order, charge } = await priceBasket(ctx, {
    userId: user.id,
    code: cart.code,
    lines: cart.lines,
    view,
    shipTo: { country: query.country, field: 'country' },
    placedOrders: await countCustomerOrders(ctx.scope, user.id),
  });
  if (!charge) throw new Error('a quote is priced with its shipping');
  const { subtotal, discount, shipping, tax, taxes, total } = pricedFigures(order);
  const abroad = await getSellingAbroadSettings(ctx);
  // Leaving the shop's country, unless one of the destination's taxes is charged already (decision 029).
  const leaves = abroad.country !== '' && abroad.country !== charge.countryCode;
  return {
    country: charge.countryCode,
    country_name: charge.countryName,
    zone: charge.zone,
    subtotal,
    discount,
    shipping,
    tax,
    taxes,
    total,
    total_items: order.totalItems,
    free_above: charge.freeAboveCents === null ? null : formatMinor(charge.freeAboveCents),
    delivery_estimate: charge.deliveryEstimate,
    duties_notice: leaves && order.taxes.length === 0 ? abroad.dutiesNotice : null,
  };
}

/** How many orders the customer has placed in the shop (a first-order-only code is for a customer with none). */
export async function countPlacedOrders(ctx: RequestContext, userId: number): Promise<number> {
  return countCustomerOrders(ctx.scope, userId);
}

/** One of the customer's own orders, with its history; anyone else's answers 404. */
export async function getOrder(ctx: RequestContext, orderId: number): Promise<Order> {
  const user = requireUser(ctx);
  const row = await findOrderWithLines(ctx.scope, orderId, user.id);
  if (!row) throw new NotFoundError('Order not found.', 'order_not_found');
  return toOrder(ctx, row, await refundsOf(ctx, row));
}

/** Any order of the shop, for the platform's own work (e-mails, jobs); null when there is none. */
export async function findOrder(
  ctx: RequestContext,
  orderId: number,
): Promise<(Order & { userId: number; isTest: boolean }) | null> {
  const row = await findOrderWithLines(ctx.scope, orderId);
  return row ? { ...toOrder(ctx, row, await refundsOf(ctx, row)), userId: row.userId, isTest: row.isTest } : null;
}

/** The shop's order with this number, for the platform's own work (a guest's withdrawal); null when there is none. */
export async function findOrderByNumber(
  ctx: RequestContext,
  number: string,
): Promise<(Order & { userId: number; isTest: boolean }) | null> {
  const id = await findOrderIdByNumber(ctx.scope, number);
  return id === null ? null : findOrder(ctx, id);
}

/** The numbers of the shop's orders among `ids`, by id: what the stock ledger names its movements' orders by. */
export async function orderNumbers(ctx: RequestContext, ids: number[]): Promise<Map<number, string>> {
  return findOrderNumbers(ctx.scope, [...new Set(ids)]);
}

/**
 * Units of each line of the order that refunds which went through gave back by line (decision 024), by line id: what
 * the returns module reads to end the returns a refund covers.
 */
export async function refundedUnitsByLine(ctx: RequestContext, orderId: number): Promise<Map<number, number>> {
  const row = await findOrderWithLines(ctx.scope, orderId);
  const units = new Map<number, number>();
  if (!row?.paidAt) return units;
  for (const refund of (await refundTotals(ctx, refundableOf(row))).rows) {
    if (refund.status !== 'succeeded') continue;
    for (const line of refund.lines) units.set(line.line_id, (units.get(line.line_id) ?? 0) + line.quantity);
  }
  return units;
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
