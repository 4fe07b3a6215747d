// What the shop sold, read from its orders for the dashboard and the sales report: paid orders (one definition,
// `soldOrder`) by the calendar of the shop's time zone, and the orders still awaiting payment.
import { PAID_ORDER_STATUSES } from '@platform/contracts';
import type { SalesInterval } from '@platform/contracts/reports';
import { count, desc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import { orderLines, orders, orderTaxes } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { refundColumns } from '../../payments/index.ts';
import type { OrderRow } from '../orders.repository.ts';

/** Calendar days of a time zone, both included: what a report or a figure covers. */
export interface DayRange {
  timeZone: string;
  /** YYYY-MM-DD, the first day. */
  from: string;
  /** YYYY-MM-DD, the last day. */
  to: string;
}

/**
 * NOTE: the one definition of a sold order, which every figure of revenue uses: its payment confirmed and the order
 * not cancelled (`PAID_ORDER_STATUSES`), and not a test order (placed while the shop took cards through the test
 * gateway: no money changed hands), unless the figures are asked with test orders (`includeTest`: the dashboard's
 * switch, for a demo or a shop trying its checkout).
 */
function soldOrder(includeTest = false): SQL {
  const paid = inArray(orders.status, [...PAID_ORDER_STATUSES]);
  return includeTest ? sql`${paid}` : sql`${paid} and ${not(orders.isTest)}`;
}

/** Whether figures count test orders too (left out unless asked). */
export interface SoldOrders {
  includeTest?: boolean;
}

/**
 * Paid within the range's days, from midnight of its first day to midnight after its last, in the shop's time zone
 * (`date::timestamp at time zone zone` is the instant that zone's clocks read midnight of that date).
 */
function paidWithin(range: DayRange): SQL {
  return sql`${orders.paidAt} >= (${range.from}::date::timestamp at time zone ${range.timeZone}::text)
    and ${orders.paidAt} < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone}::text)`;
}

/**
 * NOTE: the one place refunds are summed: the money that went back (refunds that succeeded) of orders counted as
 * revenue (`soldOrder`: a refund of an order cancelled, or of a test order, takes nothing off money never counted),
 * per period of its return in the shop's time zone, in cents. Revenue stays what was paid.
 */
function refundsWithin(scope: TenantScope, range: DayRange, interval: SalesInterval, sold: SoldOrders): SQL {
  const returned = refundColumns.completed(scope);
  return sql`
    select date_trunc(${interval}::text, returned.completed_at at time zone ${range.timeZone}::text) as period,
           sum(returned.amount_cents) as cents
      from ${returned} as returned
      join ${orders} on ${scope.where(orders, sql`${orders.id} = returned.order_id`, soldOrder(sold.includeTest))}
     where returned.completed_at >= (${range.from}::date::timestamp at time zone ${range.timeZone}::text)
       and returned.completed_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone}::text)
     group by 1`;
}

/**
 * One period's figures as the database sums them from the order rows: money in cents, as text (bigint sums, exact).
 * `revenueCents` is the sum of the totals, which the orders' check keeps `goods − discounts + shipping + tax added`.
 */
export interface SalesPeriodRow {
  period: string;
  orders: number;
  units: number;
  goodsCents: string;
  discountCents: string;
  shippingCents: string;
  taxAddedCents: string;
  taxIncludedCents: string;
  revenueCents: string;
  refundCents: string;
}

/**
 * The range's paid orders per day, week (from Monday) or calendar month of the shop's time zone, one row for every
 * period from the one holding `from` to the one holding `to` (zeros for a period without sales); the first and last
 * periods hold only the range's days.
 */
export async function salesSeries(
  scope: TenantScope,
  range: DayRange,
  interval: SalesInterval,
  sold: SoldOrders = {},
): Promise<SalesPeriodRow[]> {
  const rows = await scope.rows<{
    period: string;
    orders: number | string;
    units: number | string;
    goods_cents: string;
    discount_cents: string;
    shipping_cents: string;
    tax_added_cents: string;
    tax_included_cents: string;
    revenue_cents: string;
    refund_cents: string;
  }>(sql`
    with sold as (
      select date_trunc(${interval}::text, ${orders.paidAt} at time zone ${range.timeZone}::text) as period,
             ${orders.subtotalCents} as subtotal_cents,
             ${orders.discountCents} as discount_cents,
             ${orders.shippingCents} as shipping_cents,
             ${orders.taxCents} as tax_cents,
             (select coalesce(sum(${orderTaxes.amountCents}), 0)
                from ${orderTaxes}
               where ${scope.where(orderTaxes, sql`${orderTaxes.orderId} = ${orders.id}`, sql`${orderTaxes.included}`)})
               as tax_included_cents,
             ${orders.totalCents} as total_cents,
             (select coalesce(sum(${orderLines.quantity}), 0)
                from ${orderLines}
               where ${scope.where(orderLines, sql`${orderLines.orderId} = ${orders.id}`)}) as units
        from ${orders}
       where ${scope.where(orders, soldOrder(sold.includeTest), paidWithin(range))}
    ),
    returned as (${refundsWithin(scope, range, interval, sold)})
    select to_char(periods.period, 'YYYY-MM-DD') as period,
           count(sold.period)::integer as orders,
           coalesce(sum(sold.units), 0)::integer as units,
           coalesce(sum(sold.subtotal_cents), 0)::text as goods_cents,
           coalesce(sum(sold.discount_cents), 0)::text as discount_cents,
           coalesce(sum(sold.shipping_cents), 0)::text as shipping_cents,
           coalesce(sum(sold.tax_cents), 0)::text as tax_added_cents,
           coalesce(sum(sold.tax_included_cents), 0)::text as tax_included_cents,
           coalesce(sum(sold.total_cents), 0)::text as revenue_cents,
           coalesce(max(returned.cents), 0)::text as refund_cents
      from generate_series(date_trunc(${interval}::text, ${range.from}::date::timestamp),
                           date_trunc(${interval}::text, ${range.to}::date::timestamp),
                           ('1 ' || ${interval}::text)::interval) as periods(period)
      left join sold on sold.period = periods.period
      left join returned on returned.period = periods.period
     group by periods.period
     order by periods.period`);
  return rows.map((row) => ({
    period: row.period,
    orders: Number(row.orders),
    units: Number(row.units),
    goodsCents: row.goods_cents,
    discountCents: row.discount_cents,
    shippingCents: row.shipping_cents,
    taxAddedCents: row.tax_added_cents,
    taxIncludedCents: row.tax_included_cents,
    revenueCents: row.revenue_cents,
    refundCents: row.refund_cents,
  }));
}

/** A best seller: a product's units and line totals over the range's paid orders, in cents as text. */
export interface TopProductRow {
  productId: number | null;
  name: string;
  units: number;
  revenueCents: string;
}

/**
 * The products that sold for the most within the range (by their lines' totals, then units), named as their latest
 * line names them; a product deleted since counts under its name.
 */
export async function topProducts(scope: TenantScope, range: DayRange, limit: number): Promise<TopProductRow[]> {
  const rows = await scope.rows<{
    product_id: number | null;
    name: string;
    units: number | string;
    revenue_cents: string;
  }>(
    sql`
    select ${orderLines.productId} as product_id,
           (array_agg(${orderLines.productName} order by ${orderLines.id} desc))[1] as name,
           sum(${orderLines.quantity})::integer as units,
           sum(${orderLines.lineTotalCents})::text as revenue_cents
      from ${orderLines}
      join ${orders} on ${orders.tenantId} = ${orderLines.tenantId} and ${orders.id} = ${orderLines.orderId}
     where ${scope.where(orderLines)} and ${scope.where(orders, soldOrder(), paidWithin(range))}
     group by ${orderLines.productId}, case when ${orderLines.productId} is null then ${orderLines.productName} end
     order by sum(${orderLines.lineTotalCents}) desc, sum(${orderLines.quantity}) desc, 2
     limit ${limit}`,
  );
  return rows.map((row) => ({
    productId: row.product_id === null ? null : Number(row.product_id),
    name: row.name,
    units: Number(row.units),
    revenueCents: row.revenue_cents,
  }));
}

/** How many of the shop's orders await payment (test orders too: they hold stock all the same). */
export async function countAwaitingPayment(scope: TenantScope): Promise<number> {
  const [row] = await scope.db
    .select({ count: count() })
    .from(orders)
    .where(scope.where(orders, eq(orders.status, 'awaiting_payment')));
  return row?.count ?? 0;
}

/** The latest orders awaiting payment, newest first (as the order list has them). */
export async function listAwaitingPayment(scope: TenantScope, limit: number): Promise<OrderRow[]> {
  return scope.db
    .select()
    .from(orders)
    .where(scope.where(orders, eq(orders.status, 'awaiting_payment')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The statuses of an order paid and not yet shipped: what the forge still has to make and send. */
const TO_SHIP = ['paid', 'processing'] as const;

/** Orders made to order, paid and not shipped, whose ship-by day is `until` or before, soonest first. */
export async function listDueToShip(scope: TenantScope, until: string, limit: number): Promise<OrderRow[]> {
  return scope.db
    .select()
    .from(orders)
    .where(scope.where(orders, inArray(orders.status, [...TO_SHIP]), sql`${orders.shipsBy} <= ${until}::date`))
    .orderBy(orders.shipsBy, orders.id)
    .limit(limit);
}
