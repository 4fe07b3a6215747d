import { sql } from 'drizzle-orm';
import { cartItems, carts } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { accountColumns } from '../accounts/index.ts';

// The carts left behind (issue 49, migration 0096): which are due a reminder, claimed by one conditional update, and
// the administration's list of them. The cart module owns `carts` and `cart_items`.

/** The most reminders a cart gets until it is emptied, and how long after one a changed cart may get the next. */
export const MAX_CART_REMINDERS = 2;
const AGAIN_AFTER = '1 day';

/**
 * Claims up to `limit` carts due a reminder at `now`: lines in them, unchanged since `cutoff`, their customer active
 * and consenting, fewer than two reminders, and either never reminded or changed after the last reminder at least a
 * day ago. One update sets their `reminded_at` and counts the reminder: another instance running at the same time
 * skips the rows locked here, and finds them no longer due once this commits. Returns the carts claimed.
 */
export async function claimCartReminders(
  scope: TenantScope,
  input: { now: Date; cutoff: Date; limit: number },
): Promise<{ id: number; userId: number }[]> {
  const now = input.now.toISOString();
  const due = sql`${carts.remindersSent} < ${MAX_CART_REMINDERS}
    and ${carts.updatedAt} <= ${input.cutoff.toISOString()}::timestamptz
    and (${carts.remindedAt} is null
         or (${carts.updatedAt} > ${carts.remindedAt} and ${carts.remindedAt} <= ${now}::timestamptz - interval '${sql.raw(AGAIN_AFTER)}'))
    and exists (select 1 from ${cartItems} where ${scope.where(cartItems, sql`${cartItems.cartId} = ${carts.id}`)})
    and ${accountColumns.marketingConsent(scope, carts.userId)}`;
  const rows = await scope.rows<{ id: number; user_id: number }>(sql`
    update ${carts}
       set reminded_at = ${now}::timestamptz, reminders_sent = ${carts.remindersSent} + 1
     where ${scope.where(carts, due)}
       and ${carts.id} in (select ${carts.id} from ${carts} where ${scope.where(carts, due)}
                            order by ${carts.updatedAt} limit ${input.limit} for update skip locked)
    returning ${carts.id} as id, ${carts.userId} as user_id`);
  return rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id) }));
}

/** A cart as the administration lists it. */
export interface LeftCartRow {
  id: number;
  userId: number;
  email: string;
  items: number;
  updatedAt: Date;
  consent: boolean;
  remindersSent: number;
  remindedAt: Date | null;
}

/**
 * A page of the carts with lines unchanged since `cutoff`, newest change first (or oldest), with the customer's
 * address and consent; `reminded` keeps those reminded (true) or never reminded (false).
 */
export async function listLeftCarts(
  scope: TenantScope,
  input: {
    cutoff: Date;
    reminded?: boolean | undefined;
    search?: string | undefined;
    newestFirst: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: LeftCartRow[]; count: number }> {
  const email = accountColumns.email(scope, carts.userId);
  const where = scope.where(
    carts,
    sql`${carts.updatedAt} <= ${input.cutoff.toISOString()}::timestamptz`,
    sql`exists (select 1 from ${cartItems} where ${scope.where(cartItems, sql`${cartItems.cartId} = ${carts.id}`)})`,
    input.reminded === undefined
      ? undefined
      : input.reminded
        ? sql`${carts.remindersSent} > 0`
        : sql`${carts.remindersSent} = 0`,
    input.search ? sql`${email} ilike ${input.search}` : undefined,
  );
  const [total] = await scope.rows<{ count: number }>(
    sql`select count(*)::integer as count from ${carts} where ${where}`,
  );
  const rows = await scope.rows<{
    id: number;
    user_id: number;
    email: string | null;
    items: number;
    updated_at: string | Date;
    consent: boolean;
    reminders_sent: number;
    reminded_at: string | Date | null;
  }>(sql`
    select ${carts.id} as id, ${carts.userId} as user_id, ${email} as email,
           (select coalesce(sum(${cartItems.quantity}), 0)::integer from ${cartItems}
             where ${scope.where(cartItems, sql`${cartItems.cartId} = ${carts.id}`)}) as items,
           ${carts.updatedAt} as updated_at, ${accountColumns.marketingConsent(scope, carts.userId)} as consent,
           ${carts.remindersSent} as reminders_sent, ${carts.remindedAt} as reminded_at
      from ${carts}
     where ${where}
     order by ${carts.updatedAt} ${sql.raw(input.newestFirst ? 'desc' : 'asc')}, ${carts.id}
     limit ${input.limit} offset ${input.offset}`);
  return {
    count: Number(total?.count ?? 0),
    rows: rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      email: row.email ?? '',
      items: Number(row.items),
      updatedAt: new Date(row.updated_at),
      consent: row.consent,
      remindersSent: Number(row.reminders_sent),
      remindedAt: row.reminded_at === null ? null : new Date(row.reminded_at),
    })),
  };
}

/** A new cart begins once checkout (or the customer) empties it: its reminders start again from none. */
export async function resetCartReminders(scope: TenantScope, cartId: number): Promise<void> {
  await scope.db
    .update(carts)
    .set({ remindedAt: null, remindersSent: 0 })
    .where(scope.where(carts, sql`${carts.id} = ${cartId}`));
}
