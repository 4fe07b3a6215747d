import { and, asc, count, eq } from 'drizzle-orm';
import { savedAddresses, users } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type SavedAddressRow = typeof savedAddresses.$inferSelect;

/** The account's saved addresses, oldest first. */
export async function listSavedAddresses(scope: TenantScope, userId: number): Promise<SavedAddressRow[]> {
  return scope.db
    .select()
    .from(savedAddresses)
    .where(scope.where(savedAddresses, eq(savedAddresses.userId, userId)))
    .orderBy(asc(savedAddresses.id));
}

export async function countSavedAddresses(scope: TenantScope, userId: number): Promise<number> {
  const [row] = await scope.db
    .select({ count: count() })
    .from(savedAddresses)
    .where(scope.where(savedAddresses, eq(savedAddresses.userId, userId)));
  return row?.count ?? 0;
}

export async function insertSavedAddress(
  scope: TenantScope,
  userId: number,
  address: Record<string, string>,
): Promise<SavedAddressRow> {
  const [row] = await scope.db.insert(savedAddresses).values(scope.values({ userId, address })).returning();
  if (!row) throw new Error('saved address insert returned nothing');
  return row;
}

/** One of the account's addresses, locked until the transaction ends; null when the account has none with this id. */
export async function lockSavedAddress(
  scope: TenantScope,
  userId: number,
  id: number,
): Promise<SavedAddressRow | null> {
  const [row] = await scope.db
    .select()
    .from(savedAddresses)
    .where(scope.where(savedAddresses, and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId))))
    .for('update');
  return row ?? null;
}

/** Replaces one of the account's addresses; null when the account has no address with this id. */
export async function updateSavedAddress(
  scope: TenantScope,
  userId: number,
  id: number,
  address: Record<string, string>,
): Promise<SavedAddressRow | null> {
  const [row] = await scope.db
    .update(savedAddresses)
    .set({ address, updatedAt: new Date() })
    .where(scope.where(savedAddresses, and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId))))
    .returning();
  return row ?? null;
}

/** Deletes one of the account's addresses; false when the account has no address with this id. */
export async function deleteSavedAddress(scope: TenantScope, userId: number, id: number): Promise<boolean> {
  const rows = await scope.db
    .delete(savedAddresses)
    .where(scope.where(savedAddresses, and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId))))
    .returning({ id: savedAddresses.id });
  return rows.length > 0;
}

/** Locks the account's row until the transaction ends: its address writes take turns (the limit holds). */
export async function lockAddressOwner(scope: TenantScope, userId: number): Promise<void> {
  await scope.db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, eq(users.id, userId)))
    .for('update');
}
