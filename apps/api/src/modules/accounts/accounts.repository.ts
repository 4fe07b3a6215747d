import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(scope: TenantScope, id: number): Promise<UserRow | null> {
  const [row] = await scope.db
    .select()
    .from(users)
    .where(scope.where(users, eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

/** By e-mail (case-insensitive) or username (case-insensitive). */
export async function findUserByLogin(scope: TenantScope, login: string): Promise<UserRow | null> {
  const needle = login.trim().toLowerCase();
  const [row] = await scope.db
    .select()
    .from(users)
    .where(scope.where(users, sql`(${users.email} = ${needle} or lower(${users.username}) = ${needle})`))
    .limit(1);
  return row ?? null;
}

export async function insertUser(
  scope: TenantScope,
  values: { email: string; username: string; passwordHash: string; role?: UserRow['role'] },
): Promise<UserRow> {
  const [row] = await scope.db.insert(users).values(scope.values(values)).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}
