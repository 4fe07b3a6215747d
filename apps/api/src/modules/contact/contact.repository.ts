import { asc } from 'drizzle-orm';
import { branchLocations, contactEmails, contactMessages, socialMediaProfiles } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type BranchLocationRow = typeof branchLocations.$inferSelect;
export type ContactEmailRow = typeof contactEmails.$inferSelect;
export type SocialProfileRow = typeof socialMediaProfiles.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

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
