// What the shop's staff hear of by e-mail, at the shop's own address: each order placed, and once a shop day what
// runs low on stock, each of which can be switched off in the mail settings (on by default); and a refund that
// failed at the bank after it was sent, always. This module sits above the modules it reads (orders, payments,
// inventory, site, mail) and is reached only through domain events and its job: the orders module never calls it
// (decision 026).
import { dateInZone } from '@platform/contracts/reports';
import { type RequestContext, type ServiceDeps, systemContext } from '../../lib/context.ts';
import { type JobDeps, type ModuleJobs, scheduleJob } from '../../lib/jobs.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { shopUrl } from '../../lib/urls.ts';
import { getAccountEmail } from '../accounts/index.ts';
import { listLowStockProducts } from '../inventory/index.ts';
import { claimLowStockMailDay, queueMail, shopEmailAddress, staffNoticeSettings } from '../mail/index.ts';
import { findOrder } from '../orders/index.ts';
import { refundNotice } from '../payments/index.ts';
import { getContactSettings, getShopTimeZone } from '../site/index.ts';
import { listTenants } from '../tenants/index.ts';
import { lowStockMail, newOrderMail, refundFailedMail } from './staff-notices.mail.ts';

/** The most items one low-stock e-mail lists (the rest are on the dashboard and the product list). */
export const LOW_STOCK_MAIL_LIMIT = 100;

/** The shop's name as its e-mails say it: its site title, else its name on the platform. */
async function shopName(ctx: RequestContext): Promise<string> {
  return (await getContactSettings(ctx))?.siteTitle || ctx.tenant.name;
}

/**
 * Tells the shop of each order placed, and of each refund the bank refused after it was sent: through the outbox
 * (decision 021), so the e-mail is written once after the change committed, even across a crash, and a failure here
 * never fails a checkout.
 */
export function subscribeStaffNotices(deps: ServiceDeps): void {
  deps.events.durable('order.placed', 'notifications.new-order', async (event, tx) => {
    if (!(await staffNoticeSettings(tx)).newOrder) return;
    const to = await shopEmailAddress(tx);
    const order = to && (await findOrder(tx, event.orderId));
    if (!to || !order) return;
    const customerEmail = (await getAccountEmail(tx, order.userId)) ?? '';
    await queueMail(
      tx,
      newOrderMail({
        shopName: await shopName(tx),
        to,
        order,
        customerEmail,
        adminUrl: shopUrl(tx, `/admin/orders/${order.id}/show`),
      }),
    );
  });
  // A refund that failed at the bank after staff sent it (the re-drive found it): always told, since money is owed.
  deps.events.durable('refund.failed', 'notifications.refund-failed', async (event, tx) => {
    const to = await shopEmailAddress(tx);
    const [order, refund] = to
      ? await Promise.all([findOrder(tx, event.orderId), refundNotice(tx, event.refundId)])
      : [null, null];
    if (!to || !order || refund?.status !== 'failed') return;
    await queueMail(
      tx,
      refundFailedMail({
        shopName: await shopName(tx),
        to,
        order,
        refund,
        adminUrl: shopUrl(tx, `/admin/orders/${order.id}/show`),
      }),
    );
  });
}

/**
 * Sends each shop that wants it (and has an address) one e-mail listing what runs low, at most once per day of the
 * shop's calendar: the day is claimed in the transaction that queues the e-mail, so however many instances run the
 * job, a day gets one. A shop with nothing running low is not mailed, and its day stays open. Returns how many
 * e-mails were queued.
 */
export async function sendLowStockMails(deps: JobDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'low-stock-mail');
    if (!(await staffNoticeSettings(ctx)).lowStock) continue;
    const to = await shopEmailAddress(ctx);
    if (!to) continue;
    const items = await listLowStockProducts(ctx, LOW_STOCK_MAIL_LIMIT);
    if (items.length === 0) continue;
    const day = dateInZone(now, await getShopTimeZone(ctx));
    const name = await shopName(ctx);
    const queued = await inTransaction(ctx, async (tx) => {
      if (!(await claimLowStockMailDay(tx, day))) return false;
      await queueMail(tx, lowStockMail({ shopName: name, to, day, items, dashboardUrl: shopUrl(tx, '/admin/') }));
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/**
 * The notifications' recurring job (`LOW_STOCK_MAIL_INTERVAL_SECONDS`): `sendLowStockMails`, never twice at once in
 * this process, logging what it did.
 */
export const staffNoticeJobs: ModuleJobs = (deps, log) => {
  const seconds = deps.config.LOW_STOCK_MAIL_INTERVAL_SECONDS;
  if (seconds <= 0) return [];
  return [
    scheduleJob({
      name: 'low-stock mail',
      intervalMs: seconds * 1000,
      run: () => sendLowStockMails(deps),
      report: (mailed) => (mailed > 0 ? { mailed } : null),
      log,
    }),
  ];
};
