// What the shop sold, for staff: the dashboard's figures of today and the sales report over a range, both by the
// calendar of the shop's time zone and both counting paid orders only (`soldOrder` in sales.repository.ts).
import { formatMinor, ORDER_CURRENCY } from '@platform/contracts';
import { type AdminDashboard, type AdminDashboardQuery, roleMay } from '@platform/contracts/admin';
import {
  addDays,
  checkSalesRange,
  DEFAULT_SALES_DAYS,
  dateInZone,
  previousSalesRange,
  type SalesFigures,
  type SalesInterval,
  type SalesRange,
  type SalesReport,
  type SalesReportQuery,
} from '@platform/contracts/reports';
import { type RequestContext, requirePermission, requireStaff } from '../../../lib/context.ts';
import { ValidationError } from '../../../lib/errors.ts';
import { getAccountEmails } from '../../accounts/index.ts';
import { listLowStockProducts } from '../../inventory/index.ts';
import { getShopTimeZone } from '../../site/index.ts';
import {
  countAwaitingPayment,
  type DayRange,
  listAwaitingPayment,
  listDueToShip,
  type SalesPeriodRow,
  salesSeries,
  topProducts,
} from './sales.repository.ts';

/** How many orders awaiting payment the dashboard lists, and how many best sellers the report names. */
const AWAITING_LISTED = 10;
const TOP_PRODUCTS = 10;

/** The money of periods added up, in cents (bigint: sums of sums stay exact). */
interface Sums {
  goods: bigint;
  discounts: bigint;
  shipping: bigint;
  taxAdded: bigint;
  taxIncluded: bigint;
  revenue: bigint;
  refunds: bigint;
}

function sumsOf(rows: SalesPeriodRow[]): Sums {
  const sums: Sums = {
    goods: 0n,
    discounts: 0n,
    shipping: 0n,
    taxAdded: 0n,
    taxIncluded: 0n,
    revenue: 0n,
    refunds: 0n,
  };
  for (const row of rows) {
    sums.goods += BigInt(row.goodsCents);
    sums.discounts += BigInt(row.discountCents);
    sums.shipping += BigInt(row.shippingCents);
    sums.taxAdded += BigInt(row.taxAddedCents);
    sums.taxIncluded += BigInt(row.taxIncludedCents);
    sums.revenue += BigInt(row.revenueCents);
    sums.refunds += BigInt(row.refundCents);
  }
  return sums;
}

/** Periods' figures as the wire has them: each sum from the order rows, and net as revenue less refunds. */
function figuresOf(rows: SalesPeriodRow[]): SalesFigures {
  const sums = sumsOf(rows);
  return {
    orders: rows.reduce((total, row) => total + row.orders, 0),
    units: rows.reduce((total, row) => total + row.units, 0),
    goods: formatMinor(sums.goods),
    discounts: formatMinor(sums.discounts),
    shipping: formatMinor(sums.shipping),
    tax_added: formatMinor(sums.taxAdded),
    tax_included: formatMinor(sums.taxIncluded),
    revenue: formatMinor(sums.revenue),
    refunds: formatMinor(sums.refunds),
    net: formatMinor(sums.revenue - sums.refunds),
  };
}

async function rangeReport(ctx: RequestContext, range: DayRange, interval: SalesInterval): Promise<SalesRange> {
  const rows = await salesSeries(ctx.scope, range, interval);
  return {
    from: range.from,
    to: range.to,
    series: rows.map((row) => ({ period: row.period, ...figuresOf([row]) })),
    totals: figuresOf(rows),
  };
}

/**
 * `GET /admin/reports/sales/`: paid orders, units and their money (goods, discounts, shipping, tax added and
 * included, revenue, refunds, net: `SalesFigures`) per day, week or month of the shop's time zone over `from`…`to` (by default the last 30 days, today included; given one end, the 30 days from or to it), every
 * period present; the totals; the range of equal length just before it (`previousSalesRange`), for comparison; and
 * the range's best-selling products. A range that ends before it starts, or is longer than its interval allows, is
 * refused (400 on `to`).
 */
export async function salesReport(
  ctx: RequestContext,
  query: SalesReportQuery,
  now = new Date(),
): Promise<SalesReport> {
  requirePermission(ctx, 'see_revenue');
  const timeZone = await getShopTimeZone(ctx);
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_SALES_DAYS - 1) : dateInZone(now, timeZone));
  const from = query.from ?? addDays(to, -(DEFAULT_SALES_DAYS - 1));
  const refusal = checkSalesRange(from, to, query.interval);
  if (refusal) throw new ValidationError(refusal);
  const previous = previousSalesRange(from, to, query.interval);
  const [current, before, best] = await Promise.all([
    rangeReport(ctx, { timeZone, from, to }, query.interval),
    rangeReport(ctx, { timeZone, ...previous }, query.interval),
    topProducts(ctx.scope, { timeZone, from, to }, TOP_PRODUCTS),
  ]);
  return {
    currency: ORDER_CURRENCY,
    time_zone: timeZone,
    interval: query.interval,
    ...current,
    previous: before,
    top_products: best.map((row) => ({
      product_id: row.productId,
      name: row.name,
      units: row.units,
      revenue: formatMinor(BigInt(row.revenueCents)),
    })),
  };
}

/**
 * `GET /admin/dashboard/`: today's paid orders and their money, split as the report splits it (today: the shop's calendar day, from its midnight),
 * (the money left out, null, for a role that may not see revenue), the orders awaiting payment (how many, and the latest), and the products at or below their low-stock threshold.
 * Test orders count in today's figures only when `include_test` asks for them.
 */
export async function shopDashboard(
  ctx: RequestContext,
  query: AdminDashboardQuery = { include_test: false },
  now = new Date(),
): Promise<AdminDashboard> {
  const user = requireStaff(ctx);
  const seesRevenue = roleMay(user.role, 'see_revenue');
  const timeZone = await getShopTimeZone(ctx);
  const today = dateInZone(now, timeZone);
  const [todays, awaitingCount, awaiting, lowStock, due] = await Promise.all([
    salesSeries(ctx.scope, { timeZone, from: today, to: today }, 'day', { includeTest: query.include_test }),
    countAwaitingPayment(ctx.scope),
    listAwaitingPayment(ctx.scope, AWAITING_LISTED),
    listLowStockProducts(ctx),
    listDueToShip(ctx.scope, addDays(today, 7), AWAITING_LISTED),
  ]);
  const emails = await getAccountEmails(
    ctx,
    [...awaiting, ...due].map((order) => order.userId),
  );
  const figures = figuresOf(todays);
  return {
    time_zone: timeZone,
    today,
    include_test: query.include_test,
    orders_today: figures.orders,
    revenue_today: seesRevenue ? figures.revenue : null,
    sales_today: seesRevenue ? figures : null,
    awaiting_payment: awaitingCount,
    awaiting_payment_orders: awaiting.map((order) => ({
      id: order.id,
      number: order.number,
      total: formatMinor(order.totalCents),
      currency: order.currency,
      payment_method: order.paymentMethod,
      customer_email: emails.get(order.userId) ?? '',
      is_test: order.isTest,
      created_at: order.createdAt.toISOString(),
      payment_due_at: order.paymentDueAt?.toISOString() ?? null,
    })),
    low_stock: lowStock,
    due_to_ship: due.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      ships_by: order.shipsBy ?? today,
      customer_email: emails.get(order.userId) ?? '',
    })),
  };
}
