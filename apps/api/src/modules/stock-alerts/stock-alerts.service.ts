// Back-in-stock alerts (issue 49): a shopper asks to hear once when a sold-out product or variant is back; a change
// that brings its stock above 0 (a correction, a refund's restock, a cancellation: `stock.replenished`) mails each
// confirmed alert once and spends it. The module sits above the catalog (what is sold out), the accounts (the
// customer's address) and the mail; the inventory never calls it.
import { timingSafeEqual } from 'node:crypto';
import {
  isEmailAddress,
  STOCK_ALERT_CONFIRM_SENT,
  STOCK_ALERT_CONFIRMED,
  STOCK_ALERT_SET,
  type StockAlert,
  type StockAlertAnswer,
  type StockAlertBody,
  type StockAlertConfirmBody,
} from '@platform/contracts';
import type { AdminStockAlertDemand, AdminStockAlertQuery } from '@platform/contracts/admin';
import { type RequestContext, requirePermission, requireUser, type ServiceDeps } from '../../lib/context.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { shopUrl } from '../../lib/urls.ts';
import { getAccountEmail } from '../accounts/index.ts';
import { findProductIdForSlug, readStockItems, type StockItem } from '../catalog/index.ts';
import { queueMail } from '../mail/index.ts';
import { getContactSettings } from '../site/index.ts';
import { backInStockMail, confirmAlertMail, itemName } from './stock-alerts.mail.ts';
import {
  claimAlerts,
  confirmAlert,
  countWaitingAlerts,
  deleteCustomerAlert,
  findAlert,
  listCustomerAlerts,
  type StockAlertRow,
  upsertAlert,
} from './stock-alerts.repository.ts';

export const VARIANT_UNAVAILABLE = 'This option is not available.';
export const ALERT_IN_STOCK = 'This item is in stock: add it to your cart.';
export const ALERT_MADE_TO_ORDER = 'This item is made to order: you can order it now.';
export const ALERT_LINK_INVALID = 'This link is not valid, or the alert was already confirmed or sent.';

/** The shop's name as its e-mails say it: its site title, else its name on the platform. */
async function shopName(ctx: RequestContext): Promise<string> {
  return (await getContactSettings(ctx))?.siteTitle || ctx.tenant.name;
}

const keyOf = (item: { productId: number; variantId: number | null }) => `${item.productId}:${item.variantId ?? ''}`;

/** The product page of an alert's item: the variant chosen when it is one. */
function itemUrl(ctx: RequestContext, item: StockItem): string {
  const path = `/products/${encodeURIComponent(item.slug)}`;
  return shopUrl(ctx, item.variantId === null ? path : `${path}?variant=${item.variantId}`);
}

/** The key of a guest's confirmation link: a keyed digest of the shop, the alert and its address. */
function confirmKey(ctx: RequestContext, alert: StockAlertRow): string {
  return ctx.deps.tokens.digest('stock-alert-confirm', `${ctx.tenant.id}\n${alert.id}\n${alert.email.toLowerCase()}`);
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `POST /products/products/{slug}/stock-alerts/`: an alert for a sold-out product on sale or one of its variants
 * (`variant_id`). A signed-in customer's is set at once on the account's address (201); a guest's waits for the
 * link mailed to the address given (202), the same answer whether or not it was already asked. Asking again for
 * the same item and address changes nothing. An item in stock, or made to order, is refused (400: it can be bought).
 */
export async function requestStockAlert(
  ctx: RequestContext,
  slug: string,
  body: StockAlertBody,
): Promise<StockAlertAnswer> {
  const productId = await findProductIdForSlug(ctx, slug);
  const items = productId === null ? [] : await readStockItems(ctx, [productId]);
  const product = items.find((item) => item.variantId === null);
  if (!product?.isActive) throw new NotFoundError('Product not found.', 'product_not_found');
  const variantId = body.variant_id ?? null;
  const item = variantId === null ? product : items.find((candidate) => candidate.variantId === variantId);
  if (!item?.isActive) throw new BadRequestError(VARIANT_UNAVAILABLE, 'variant_unavailable');
  if (item.leadTimeDays !== null) throw new BadRequestError(ALERT_MADE_TO_ORDER, 'made_to_order');
  if (item.stock > 0) throw new BadRequestError(ALERT_IN_STOCK, 'in_stock');
  const user = ctx.user;
  if (user) {
    const email = await getAccountEmail(ctx, user.id);
    if (!email) throw new NotFoundError('Account not found.', 'account_not_found');
    await upsertAlert(ctx.scope, { productId: product.productId, variantId, userId: user.id, email });
    return { detail: STOCK_ALERT_SET, confirmed: true };
  }
  const email = body.email?.trim() ?? '';
  if (!email) throw new ValidationError({ email: ['Enter your e-mail address.'] });
  if (!isEmailAddress(email)) throw new ValidationError({ email: ['Enter a valid e-mail address.'] });
  const name = await shopName(ctx);
  await inTransaction(ctx, async (tx) => {
    const alert = await upsertAlert(tx.scope, { productId: product.productId, variantId, userId: null, email });
    // Already confirmed (or a customer's): nothing more to send.
    if (alert.confirmedAt !== null) return;
    const link = new URL(shopUrl(tx, '/stock-alerts/confirm'));
    link.searchParams.set('alert', String(alert.id));
    link.searchParams.set('key', confirmKey(tx, alert));
    await queueMail(tx, confirmAlertMail({ shopName: name, to: email, item: itemName(item), link: link.toString() }));
  });
  return { detail: STOCK_ALERT_CONFIRM_SENT, confirmed: false };
}

/** `POST /products/stock-alerts/confirm/`: a guest's link confirms the alert (no sign-in); 404 for a wrong link. */
export async function confirmStockAlert(ctx: RequestContext, body: StockAlertConfirmBody): Promise<StockAlertAnswer> {
  const alert = await findAlert(ctx.scope, body.alert);
  if (!alert || !sameKey(body.key, confirmKey(ctx, alert))) {
    throw new NotFoundError(ALERT_LINK_INVALID, 'stock_alert_link_invalid');
  }
  if (alert.notifiedAt === null && alert.confirmedAt === null) await confirmAlert(ctx.scope, alert.id);
  else if (alert.notifiedAt !== null) throw new NotFoundError(ALERT_LINK_INVALID, 'stock_alert_link_invalid');
  return { detail: STOCK_ALERT_CONFIRMED, confirmed: true };
}

/** The alerts as their customer or staff read them: each with its product's names. */
async function describe(ctx: RequestContext, rows: { productId: number; variantId: number | null }[]) {
  const items = await readStockItems(ctx, [...new Set(rows.map((row) => row.productId))]);
  return new Map(items.map((item) => [keyOf(item), item]));
}

/** `GET /products/stock-alerts/`: the signed-in customer's waiting alerts, newest first. */
export async function listMyStockAlerts(ctx: RequestContext): Promise<StockAlert[]> {
  const user = requireUser(ctx);
  const rows = await listCustomerAlerts(ctx.scope, user.id);
  const items = await describe(ctx, rows);
  return rows.flatMap((row) => {
    const item = items.get(keyOf(row));
    const product = items.get(keyOf({ productId: row.productId, variantId: null }));
    if (!item || !product) return [];
    return [
      {
        id: row.id,
        product: { id: product.productId, slug: product.slug, name: product.name },
        variant: row.variantId === null ? null : { id: row.variantId, name: item.variant },
        email: row.email,
        created_at: row.createdAt.toISOString(),
      },
    ];
  });
}

/** `DELETE /products/stock-alerts/{id}/`: cancels one of the customer's waiting alerts (another's: 404). */
export async function cancelMyStockAlert(ctx: RequestContext, id: number): Promise<void> {
  const user = requireUser(ctx);
  if (!(await deleteCustomerAlert(ctx.scope, user.id, id))) {
    throw new NotFoundError('Alert not found.', 'stock_alert_not_found');
  }
}

/**
 * Mails the alerts of what came back: for each product and variant whose stock rose and is now above 0 (and on sale),
 * its confirmed alerts are spent and each gets its e-mail, in the caller's transaction. Returns how many were sent.
 */
export async function sendBackInStockMails(
  ctx: RequestContext,
  rose: { productId: number; variantId: number | null }[],
): Promise<number> {
  const items = await describe(ctx, rose);
  // A variant's stock rising raises its product's too: alerts for the product itself come due as well.
  const due = new Map<string, StockItem>();
  for (const change of rose) {
    for (const key of [keyOf(change), keyOf({ productId: change.productId, variantId: null })]) {
      const item = items.get(key);
      if (item && item.stock > 0 && item.isActive && !due.has(key)) due.set(key, item);
    }
  }
  if (due.size === 0) return 0;
  const name = await shopName(ctx);
  let sent = 0;
  for (const item of due.values()) {
    for (const alert of await claimAlerts(ctx.scope, item)) {
      await queueMail(
        ctx,
        backInStockMail({ shopName: name, to: alert.email, item: itemName(item), link: itemUrl(ctx, item) }),
      );
      sent += 1;
    }
  }
  return sent;
}

/**
 * Listens for stock that came back: through the outbox (decision 021), so the e-mails are written once after the
 * change committed, even across a crash, and a failure here never fails the change.
 */
export function subscribeStockAlerts(deps: ServiceDeps): void {
  deps.events.durable('stock.replenished', 'stock-alerts.back-in-stock', async (event, tx) => {
    await sendBackInStockMails(tx, event.items);
  });
}

/** `GET /admin/stock-alerts/`: what shoppers wait for, per product and variant, most waiting first. */
export async function listStockAlertDemand(
  ctx: RequestContext,
  query: AdminStockAlertQuery,
): Promise<{ count: number; results: AdminStockAlertDemand[] }> {
  requirePermission(ctx, 'manage_products');
  const counts = await countWaitingAlerts(ctx.scope);
  const items = await describe(ctx, counts);
  const rows = counts.flatMap((count) => {
    const item = items.get(keyOf(count));
    if (!item) return [];
    return [
      {
        id: count.variantId === null ? String(count.productId) : `${count.productId}-${count.variantId}`,
        product_id: count.productId,
        product_name: item.name,
        variant_id: count.variantId,
        variant: item.variant,
        stock: item.stock,
        waiting: count.waiting,
        unconfirmed: count.unconfirmed,
        oldest: count.oldest.toISOString(),
      },
    ];
  });
  const search = query.search?.toLowerCase();
  const found = search
    ? rows.filter((row) => `${row.product_name} ${row.variant}`.toLowerCase().includes(search))
    : rows;
  const ordering = query.ordering ?? '-waiting';
  const field = ordering.replace(/^-/, '') as 'id' | 'waiting' | 'oldest' | 'product_name';
  const sign = ordering.startsWith('-') ? -1 : 1;
  found.sort((a, b) => {
    const [x, y] = field === 'id' ? [a.product_id, b.product_id] : [a[field], b[field]];
    return (x < y ? -1 : x > y ? 1 : 0) * sign || a.id.localeCompare(b.id);
  });
  const start = (query.page - 1) * query.page_size;
  return { count: found.length, results: found.slice(start, start + query.page_size) };
}
