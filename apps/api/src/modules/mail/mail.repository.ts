import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailQueue, mailSettings } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type QueuedMail = typeof mailQueue.$inferSelect;

export async function insertMail(
  scope: TenantScope,
  message: {
    to: string;
    subject: string;
    text: string;
    html?: string | undefined;
    attachments?: { filename: string; contentType: string; content: Buffer }[] | undefined;
    list?: { unsubscribe: string } | undefined;
  },
  sender: { from: string | null; replyTo: string | null },
): Promise<void> {
  await scope.db.insert(mailQueue).values(
    scope.values({
      recipient: message.to,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      sender: sender.from,
      replyTo: sender.replyTo,
      listUnsubscribe: message.list?.unsubscribe ?? null,
      attachments: (message.attachments ?? []).map((attachment) => ({
        filename: attachment.filename,
        content_type: attachment.contentType,
        content_base64: attachment.content.toString('base64'),
      })),
    }),
  );
}

export type MailSettingsRow = typeof mailSettings.$inferSelect;

export async function findMailSettings(scope: TenantScope): Promise<MailSettingsRow | null> {
  const [row] = await scope.db.select().from(mailSettings).where(scope.where(mailSettings)).limit(1);
  return row ?? null;
}

export async function upsertMailSettings(
  scope: TenantScope,
  values: Pick<MailSettingsRow, 'senderName' | 'senderAddress' | 'replyTo'> &
    Partial<Pick<MailSettingsRow, 'notifyNewOrder' | 'notifyLowStock'>>,
): Promise<MailSettingsRow> {
  const [row] = await scope.db
    .insert(mailSettings)
    .values(scope.values(values))
    .onConflictDoUpdate({ target: mailSettings.tenantId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('mail settings upsert returned nothing');
  return row;
}

/**
 * Sets the day of the last low-stock e-mail to `day` unless it already is that day or later, in one statement (a row
 * made for a shop without one); true when this call set it.
 */
export async function claimLowStockDay(scope: TenantScope, day: string): Promise<boolean> {
  const rows = await scope.db
    .insert(mailSettings)
    .values(scope.values({ lowStockMailedOn: day }))
    .onConflictDoUpdate({
      target: mailSettings.tenantId,
      set: { lowStockMailedOn: day },
      setWhere: or(isNull(mailSettings.lowStockMailedOn), lt(mailSettings.lowStockMailedOn, day)),
    })
    .returning({ day: mailSettings.lowStockMailedOn });
  return rows.length > 0;
}

/** Queued, due, and not claimed by another instance (or its lease ran out). */
function due() {
  return and(
    eq(mailQueue.status, 'queued'),
    lte(mailQueue.nextAttemptAt, sql`now()`),
    or(isNull(mailQueue.claimedUntil), lt(mailQueue.claimedUntil, sql`now()`)),
  );
}

/**
 * The shops with mail due now: the delivery job's only look across shops, through the platform door, which reads
 * nothing but their ids; each shop's mail is then read through its own scope.
 */
export async function tenantsWithDueMail(database: Database): Promise<number[]> {
  const rows = await database.asPlatform((db) =>
    db.selectDistinct({ tenantId: mailQueue.tenantId }).from(mailQueue).where(due()),
  );
  return rows.map((row) => row.tenantId);
}

/** Whether any shop has mail due now (through the platform door, like `tenantsWithDueMail`). */
export async function hasDueMail(database: Database): Promise<boolean> {
  const [row] = await database.asPlatform((db) =>
    db.select({ id: mailQueue.id }).from(mailQueue).where(due()).limit(1),
  );
  return row !== undefined;
}

/**
 * Claims up to `limit` of the shop's due messages for this instance: locked rows another instance holds are skipped,
 * and each claimed one is leased for `leaseMs` and counted as an attempt, all in one statement.
 */
export async function claimDueMail(scope: TenantScope, limit: number, leaseMs: number): Promise<QueuedMail[]> {
  const ids = scope.db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(scope.where(mailQueue, due()))
    .orderBy(asc(mailQueue.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return scope.db
    .update(mailQueue)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      attempts: sql`${mailQueue.attempts} + 1`,
    })
    .where(scope.where(mailQueue, inArray(mailQueue.id, ids)))
    .returning();
}

/** Delivered: the record keeps who, what and when; the body is dropped (reset links are credentials). */
export async function markMailSent(scope: TenantScope, id: number): Promise<void> {
  await scope.db
    .update(mailQueue)
    .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, bodyText: '', bodyHtml: null, lastError: null })
    .where(scope.where(mailQueue, eq(mailQueue.id, id)));
}

export async function retryMailLater(scope: TenantScope, id: number, error: string, delayMs: number): Promise<void> {
  await scope.db
    .update(mailQueue)
    .set({
      claimedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(scope.where(mailQueue, eq(mailQueue.id, id)));
}

export async function markMailFailed(scope: TenantScope, id: number, error: string): Promise<void> {
  await scope.db
    .update(mailQueue)
    .set({ status: 'failed', claimedUntil: null, lastError: error.slice(0, 1000), bodyText: '', bodyHtml: null })
    .where(scope.where(mailQueue, eq(mailQueue.id, id)));
}
