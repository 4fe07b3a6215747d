// One reminder for a cart left behind (issue 49), only to a customer who agreed to marketing e-mail: a cart whose
// lines waited ABANDONED_CART_REMINDER_MINUTES unchanged gets one e-mail naming them, with a link to the cart and one to
// unsubscribe; changed after it, a day later it may get one more, never a third until it is emptied. The claim (one
// conditional update of the cart) and the e-mail commit together: one e-mail however many instances run the job.
import type { Cart } from '@platform/contracts';
import type { AdminAbandonedCart, AdminAbandonedCartQuery } from '@platform/contracts/admin';
import { containsPattern } from '../../lib/admin-lists.ts';
import { type RequestContext, requirePermission, systemContext } from '../../lib/context.ts';
import { type JobDeps, type ModuleJobs, scheduleJob } from '../../lib/jobs.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { shopUrl } from '../../lib/urls.ts';
import { getAccountEmail, unsubscribeUrl } from '../accounts/index.ts';
import { type MailMessage, queueMail } from '../mail/index.ts';
import { getContactSettings } from '../site/index.ts';
import { listTenants } from '../tenants/index.ts';
import { cartOfCustomer } from './cart.service.ts';
import { claimCartReminders, listLeftCarts } from './cart-reminders.repository.ts';

const BATCH = 50;
/** The wait the administration's list uses while reminders are off. */
const LIST_WAIT_MINUTES_WHEN_OFF = 240;

/** The shop's name as its e-mails say it: its site title, else its name on the platform. */
async function shopName(ctx: RequestContext): Promise<string> {
  return (await getContactSettings(ctx))?.siteTitle || ctx.tenant.name;
}

/** The reminder: the cart's lines, its subtotal, a link to it and one to unsubscribe (also its List-Unsubscribe). */
export function cartReminderMail(input: {
  shopName: string;
  to: string;
  cart: Cart;
  cartUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const lines = input.cart.items.map((item) => {
    const variant = item.variant ? Object.values(item.variant.options).join(' / ') : '';
    return `  ${item.quantity} x ${item.product.name}${variant ? ` (${variant})` : ''}: $${item.line_total}`;
  });
  return {
    to: input.to,
    subject: `${input.shopName}: your cart is waiting for you`,
    text: [
      'Hello,',
      '',
      `You left ${input.cart.total_items === 1 ? 'this' : 'these'} in your cart at ${input.shopName}:`,
      '',
      ...lines,
      '',
      `Subtotal: $${input.cart.total_price}`,
      '',
      `Your cart: ${input.cartUrl}`,
      '',
      `You get this e-mail because you agreed to e-mail from ${input.shopName}. To get no more, unsubscribe here (no sign-in needed): ${input.unsubscribeUrl}`,
    ].join('\n'),
    list: { unsubscribe: input.unsubscribeUrl },
  };
}

/** The wait before a cart is left behind, from the configuration (0: reminders off). */
function waitMinutes(ctx: { deps: { config: { ABANDONED_CART_REMINDER_MINUTES: number } } }): number {
  return ctx.deps.config.ABANDONED_CART_REMINDER_MINUTES;
}

/**
 * Sends the reminders due at `now` in every shop, each cart's claim and e-mail in one transaction. Returns how many
 * were queued. Nothing when reminders are off.
 */
export async function sendCartReminders(deps: JobDeps, now = new Date()): Promise<number> {
  const minutes = deps.config.ABANDONED_CART_REMINDER_MINUTES;
  if (minutes <= 0) return 0;
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  let sent = 0;
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'cart-reminders');
    const name = await shopName(ctx);
    for (;;) {
      const claimed = await inTransaction(ctx, async (tx) => {
        const carts = await claimCartReminders(tx.scope, { now, cutoff, limit: BATCH });
        for (const claim of carts) {
          const [to, cart] = [await getAccountEmail(tx, claim.userId), await cartOfCustomer(tx, claim.userId)];
          if (!to || !cart || cart.items.length === 0) continue;
          await queueMail(
            tx,
            cartReminderMail({
              shopName: name,
              to,
              cart,
              cartUrl: shopUrl(tx, '/cart'),
              unsubscribeUrl: unsubscribeUrl(tx, claim.userId),
            }),
          );
          sent += 1;
        }
        return carts.length;
      });
      if (claimed < BATCH) break;
    }
  }
  return sent;
}

/**
 * The cart module's recurring job: `sendCartReminders` every `CART_REMINDER_INTERVAL_SECONDS` (a minute) while
 * `ABANDONED_CART_REMINDER_MINUTES` > 0.
 */
export const cartJobs: ModuleJobs = (deps, log) => {
  if (deps.config.ABANDONED_CART_REMINDER_MINUTES <= 0) return [];
  return [
    scheduleJob({
      name: 'cart reminders',
      intervalMs: deps.config.CART_REMINDER_INTERVAL_SECONDS * 1_000,
      run: () => sendCartReminders(deps),
      report: (reminded) => (reminded > 0 ? { reminded } : null),
      log,
    }),
  ];
};

/**
 * `GET /admin/abandoned-carts/`: customers' carts with lines unchanged for the reminder's wait (240 minutes while
 * reminders are off), newest change first: the customer, its value as entered, when, whether it was reminded.
 */
export async function listAbandonedCarts(
  ctx: RequestContext,
  query: AdminAbandonedCartQuery,
): Promise<{ count: number; results: AdminAbandonedCart[] }> {
  requirePermission(ctx, 'manage_orders');
  const minutes = waitMinutes(ctx) || LIST_WAIT_MINUTES_WHEN_OFF;
  const { rows, count } = await listLeftCarts(ctx.scope, {
    cutoff: new Date(Date.now() - minutes * 60_000),
    reminded: query.reminded === undefined ? undefined : query.reminded === 'true',
    search: query.search ? containsPattern(query.search) : undefined,
    newestFirst: query.ordering !== 'changed_at' && query.ordering !== 'id',
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const results: AdminAbandonedCart[] = [];
  for (const row of rows) {
    const cart = await cartOfCustomer(ctx, row.userId);
    results.push({
      id: row.id,
      customer: { id: row.userId, email: row.email },
      items: row.items,
      value: cart?.total_price ?? '0.00',
      changed_at: row.updatedAt.toISOString(),
      marketing_consent: row.consent,
      reminders_sent: row.remindersSent,
      reminded_at: row.remindedAt?.toISOString() ?? null,
    });
  }
  return { count, results };
}
