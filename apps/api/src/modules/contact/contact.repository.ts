import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  branchLocations,
  contactEmails,
  contactMessageReplies,
  contactMessages,
  socialMediaProfiles,
} from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { accountColumns } from '../accounts/index.ts';

export type BranchLocationRow = typeof branchLocations.$inferSelect;
export type ContactEmailRow = typeof contactEmails.$inferSelect;
export type SocialProfileRow = typeof socialMediaProfiles.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
/** A message as staff list it: with when it was last answered (null: never). */
export type StaffMessageRow = ContactMessageRow & { lastRepliedAt: Date | null };

type Insert<T extends { $inferInsert: object }> = Omit<T['$inferInsert'], 'tenantId' | 'id'>;
export type NewBranch = Insert<typeof branchLocations>;
export type NewContactEmail = Insert<typeof contactEmails>;
export type NewSocialProfile = Insert<typeof socialMediaProfiles>;

export async function listBranches(scope: TenantScope): Promise<BranchLocationRow[]> {
  return scope.db
    .select()
    .from(branchLocations)
    .where(scope.where(branchLocations))
    .orderBy(asc(branchLocations.position), asc(branchLocations.id));
}

export async function listContactEmails(scope: TenantScope): Promise<ContactEmailRow[]> {
  return scope.db
    .select()
    .from(contactEmails)
    .where(scope.where(contactEmails))
    .orderBy(asc(contactEmails.position), asc(contactEmails.id));
}

export async function listSocialProfiles(scope: TenantScope): Promise<SocialProfileRow[]> {
  return scope.db
    .select()
    .from(socialMediaProfiles)
    .where(scope.where(socialMediaProfiles))
    .orderBy(asc(socialMediaProfiles.position), asc(socialMediaProfiles.id));
}

export async function insertBranches(scope: TenantScope, rows: NewBranch[]): Promise<void> {
  if (rows.length > 0) await scope.db.insert(branchLocations).values(rows.map((row) => scope.values(row)));
}

export async function insertContactEmails(scope: TenantScope, rows: NewContactEmail[]): Promise<void> {
  if (rows.length > 0) await scope.db.insert(contactEmails).values(rows.map((row) => scope.values(row)));
}

export async function insertSocialProfiles(scope: TenantScope, rows: NewSocialProfile[]): Promise<void> {
  if (rows.length > 0) await scope.db.insert(socialMediaProfiles).values(rows.map((row) => scope.values(row)));
}

export async function insertMessage(
  scope: TenantScope,
  values: Insert<typeof contactMessages>,
): Promise<ContactMessageRow> {
  const [row] = await scope.db.insert(contactMessages).values(scope.values(values)).returning();
  if (!row) throw new Error('contact message insert returned nothing');
  return row;
}

export async function listMessages(scope: TenantScope): Promise<ContactMessageRow[]> {
  return scope.db.select().from(contactMessages).where(scope.where(contactMessages)).orderBy(asc(contactMessages.id));
}

// ── Administration ───────────────────────────────────────────────────────────────────────────────────────────────

/** Replaces the shop's branches with `rows`, in their order. */
export async function replaceBranches(scope: TenantScope, rows: Omit<NewBranch, 'position'>[]): Promise<void> {
  await scope.db.delete(branchLocations).where(scope.where(branchLocations));
  await insertBranches(
    scope,
    rows.map((row, position) => ({ ...row, position })),
  );
}

/** Replaces the shop's contact e-mails with `rows`, in their order. */
export async function replaceContactEmails(
  scope: TenantScope,
  rows: Omit<NewContactEmail, 'position'>[],
): Promise<void> {
  await scope.db.delete(contactEmails).where(scope.where(contactEmails));
  await insertContactEmails(
    scope,
    rows.map((row, position) => ({ ...row, position })),
  );
}

/** Replaces the shop's social profiles with `rows`, in their order. */
export async function replaceSocialProfiles(
  scope: TenantScope,
  rows: Omit<NewSocialProfile, 'position'>[],
): Promise<void> {
  await scope.db.delete(socialMediaProfiles).where(scope.where(socialMediaProfiles));
  await insertSocialProfiles(
    scope,
    rows.map((row, position) => ({ ...row, position })),
  );
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A page of the shop's contact messages, newest first, by archive state, searched in sender and subject. */
export async function listStaffMessages(
  scope: TenantScope,
  filter: { isArchived?: boolean; search?: string },
  page: { oldestFirst?: boolean; limit: number; offset: number },
): Promise<{ rows: StaffMessageRow[]; count: number }> {
  const direction = page.oldestFirst ? asc : desc;
  const pattern = filter.search ? likePattern(filter.search) : '';
  const where = scope.where(
    contactMessages,
    filter.isArchived !== undefined ? eq(contactMessages.isArchived, filter.isArchived) : undefined,
    filter.search
      ? or(
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.subject, pattern),
        )
      : undefined,
  );
  const [total] = await scope.db.select({ count: count() }).from(contactMessages).where(where);
  const rows = await scope.db
    .select({ message: contactMessages, lastRepliedAt: lastReplyOf(scope) })
    .from(contactMessages)
    .where(where)
    .orderBy(direction(contactMessages.createdAt), direction(contactMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(withLastReply), count: total?.count ?? 0 };
}

/** When the message of the row was last answered, as a column of a statement over `contact_messages`. */
function lastReplyOf(scope: TenantScope) {
  return sql<Date | string | null>`(select max(${contactMessageReplies.createdAt}) from ${contactMessageReplies}
    where ${scope.where(contactMessageReplies, eq(contactMessageReplies.messageId, contactMessages.id))})`;
}

function withLastReply(row: { message: ContactMessageRow; lastRepliedAt: Date | string | null }): StaffMessageRow {
  const at = row.lastRepliedAt;
  return { ...row.message, lastRepliedAt: at === null ? null : new Date(at) };
}

/** One of the shop's messages with when it was last answered; null when the shop has no such message. */
export async function findStaffMessage(scope: TenantScope, id: number): Promise<StaffMessageRow | null> {
  const [row] = await scope.db
    .select({ message: contactMessages, lastRepliedAt: lastReplyOf(scope) })
    .from(contactMessages)
    .where(scope.where(contactMessages, eq(contactMessages.id, id)));
  return row ? withLastReply(row) : null;
}

export interface ContactReplyRow {
  id: number;
  body: string;
  createdAt: Date;
  staffUserId: number;
  /** The member of staff's display name, else username; null when the account is gone. */
  staffName: string | null;
}

/** A message's replies, oldest first, each with the name of the member of staff who wrote it. */
export async function listReplies(scope: TenantScope, messageId: number): Promise<ContactReplyRow[]> {
  return scope.db
    .select({
      id: contactMessageReplies.id,
      body: contactMessageReplies.body,
      createdAt: contactMessageReplies.createdAt,
      staffUserId: contactMessageReplies.staffUserId,
      staffName: sql<
        string | null
      >`coalesce(nullif(${accountColumns.displayName(scope, contactMessageReplies.staffUserId)}, ''), ${accountColumns.username(scope, contactMessageReplies.staffUserId)})`,
    })
    .from(contactMessageReplies)
    .where(scope.where(contactMessageReplies, eq(contactMessageReplies.messageId, messageId)))
    .orderBy(asc(contactMessageReplies.id));
}

export async function insertReply(
  scope: TenantScope,
  values: { messageId: number; body: string; staffUserId: number },
): Promise<void> {
  await scope.db.insert(contactMessageReplies).values(scope.values(values));
}

export async function lockMessage(scope: TenantScope, id: number): Promise<ContactMessageRow | null> {
  const [row] = await scope.db
    .select()
    .from(contactMessages)
    .where(scope.where(contactMessages, eq(contactMessages.id, id)))
    .for('update');
  return row ?? null;
}

export async function setMessageArchived(
  scope: TenantScope,
  id: number,
  isArchived: boolean,
): Promise<ContactMessageRow | null> {
  const [row] = await scope.db
    .update(contactMessages)
    .set({ isArchived })
    .where(scope.where(contactMessages, eq(contactMessages.id, id)))
    .returning();
  return row ?? null;
}
