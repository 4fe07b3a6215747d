import { type AnyColumn, and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

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

/** By e-mail; the address must already be lower case (as stored). */
export async function findUserByEmail(scope: TenantScope, email: string): Promise<UserRow | null> {
  const [row] = await scope.db
    .select()
    .from(users)
    .where(scope.where(users, eq(users.email, email)))
    .limit(1);
  return row ?? null;
}

export async function usernameTaken(scope: TenantScope, username: string): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, sql`lower(${users.username}) = ${username.toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(
  scope: TenantScope,
  values: { email: string; username: string; passwordHash: string; role?: UserRow['role']; displayName?: string },
): Promise<UserRow> {
  const [row] = await scope.db.insert(users).values(scope.values(values)).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** Inserts the user unless its e-mail or username is taken (then null): safe against a concurrent registration. */
export async function insertUserIfFree(
  scope: TenantScope,
  values: { email: string; username: string; passwordHash: string; marketingConsentAt: Date | null },
): Promise<UserRow | null> {
  const [row] = await scope.db.insert(users).values(scope.values(values)).onConflictDoNothing().returning();
  return row ?? null;
}

export async function recordLogin(scope: TenantScope, userId: number): Promise<void> {
  await scope.db
    .update(users)
    .set({ lastLoginAt: new Date() })
    .where(scope.where(users, eq(users.id, userId)));
}

export async function updatePassword(scope: TenantScope, userId: number, passwordHash: string): Promise<void> {
  await scope.db
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date() })
    .where(scope.where(users, eq(users.id, userId)));
}

/** Sets the name shown with the account's reviews and comments; the row as it now is (null when there is none). */
export async function updateDisplayName(
  scope: TenantScope,
  userId: number,
  displayName: string,
): Promise<UserRow | null> {
  const [row] = await scope.db
    .update(users)
    .set({ displayName })
    .where(scope.where(users, eq(users.id, userId)))
    .returning();
  return row ?? null;
}

/**
 * Gives (keeping the first date it was given) or withdraws the account's consent to marketing e-mail; the account as
 * it is then, null when there is none.
 */
export async function setMarketingConsent(
  scope: TenantScope,
  userId: number,
  consent: boolean,
): Promise<UserRow | null> {
  const [row] = await scope.db
    .update(users)
    .set({ marketingConsentAt: consent ? sql`coalesce(${users.marketingConsentAt}, now())` : null })
    .where(scope.where(users, eq(users.id, userId)))
    .returning();
  return row ?? null;
}

export async function insertRefreshToken(
  scope: TenantScope,
  values: { userId: number; jti: string; family: string; expiresAt: Date },
): Promise<void> {
  await scope.db.insert(refreshTokens).values(scope.values(values));
}

/** A refresh token's row, locked for the transaction: concurrent rotations of one token take turns. */
export async function lockRefreshToken(scope: TenantScope, jti: string): Promise<RefreshTokenRow | null> {
  const [row] = await scope.db
    .select()
    .from(refreshTokens)
    .where(scope.where(refreshTokens, eq(refreshTokens.jti, jti)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Marks a token as rotated by a client (its digest), keeping the pair its rotation gave for the grace window, and
 * clears the pairs and clients its family kept past that window.
 */
export async function markRefreshTokenRotated(
  scope: TenantScope,
  row: RefreshTokenRow,
  rotation: { successor: string; client: string },
  graceSeconds: number,
): Promise<void> {
  const keep = graceSeconds > 0;
  await scope.db
    .update(refreshTokens)
    .set({
      rotatedAt: new Date(),
      successor: keep ? rotation.successor : null,
      rotatedBy: keep ? rotation.client : null,
    })
    .where(scope.where(refreshTokens, eq(refreshTokens.id, row.id)));
  await scope.db
    .update(refreshTokens)
    .set({ successor: null, rotatedBy: null })
    .where(
      scope.where(
        refreshTokens,
        eq(refreshTokens.family, row.family),
        sql`${refreshTokens.rotatedAt} < now() - make_interval(secs => ${graceSeconds})`,
        sql`${refreshTokens.successor} is not null`,
      ),
    );
}

export async function revokeRefreshTokenFamily(scope: TenantScope, family: string): Promise<void> {
  await scope.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(scope.where(refreshTokens, eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** Revokes every sign-in of the account but one (the family `keep`). */
export async function revokeOtherRefreshTokens(scope: TenantScope, userId: number, keep: string): Promise<void> {
  await scope.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      scope.where(
        refreshTokens,
        eq(refreshTokens.userId, userId),
        ne(refreshTokens.family, keep),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

export async function revokeUserRefreshTokens(scope: TenantScope, userId: number): Promise<void> {
  await scope.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(scope.where(refreshTokens, eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordResetToken(
  scope: TenantScope,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await scope.db.insert(passwordResetTokens).values(scope.values(values));
}

/** Uses up a live reset token (unused, unexpired) and returns its user; null when there is none. */
export async function consumePasswordResetToken(scope: TenantScope, tokenHash: string): Promise<number | null> {
  const [row] = await scope.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      scope.where(
        passwordResetTokens,
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** Every other pending reset link of the user stops working. */
export async function usePasswordResetTokensOf(scope: TenantScope, userId: number): Promise<void> {
  await scope.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      scope.where(passwordResetTokens, and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt))),
    );
}

/** The e-mail addresses of some accounts, by id. */
export async function findUserEmails(scope: TenantScope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(scope.where(users, inArray(users.id, ids)));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Ids of accounts whose e-mail or username contains `text` (at most `limit`). */
export async function findUserIdsMatching(scope: TenantScope, text: string, limit: number): Promise<number[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, or(ilike(users.email, pattern), ilike(users.username, pattern))))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A page of the shop's accounts of some roles (customers, or staff and owners), filtered and ordered. */
export async function listAccounts(
  scope: TenantScope,
  filter: { roles: UserRow['role'][]; search?: string; isActive?: boolean },
  page: { ordering?: string; limit: number; offset: number },
): Promise<{ rows: UserRow[]; count: number }> {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  const where = scope.where(
    users,
    inArray(users.role, filter.roles),
    filter.isActive === undefined ? undefined : eq(users.isActive, filter.isActive),
    pattern ? or(ilike(users.email, pattern), ilike(users.username, pattern)) : undefined,
  );
  const ordering = page.ordering ?? '-created_at';
  const columns = {
    id: users.id,
    email: users.email,
    username: users.username,
    created_at: users.id,
    last_login_at: users.lastLoginAt,
  } as const;
  const column = columns[ordering.replace(/^-/, '') as keyof typeof columns] ?? users.id;
  const direction = ordering.startsWith('-') ? desc : asc;
  const [total] = await scope.db.select({ count: count() }).from(users).where(where);
  const rows = await scope.db
    .select()
    .from(users)
    .where(where)
    .orderBy(direction(column), direction(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: total?.count ?? 0 };
}

/** Changes an account's role: the next request of its tokens acts with it (every request reads the account). */
export async function setUserRole(scope: TenantScope, userId: number, role: UserRow['role']): Promise<void> {
  await scope.db
    .update(users)
    .set({ role })
    .where(scope.where(users, eq(users.id, userId)));
}

/** An account with whether a sign-in (refresh family) of it is still alive: not revoked, not expired. */
export async function findSessionAccount(
  scope: TenantScope,
  userId: number,
  family: string,
): Promise<{ role: UserRow['role']; isActive: boolean; live: boolean } | null> {
  const live = scope.db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      scope.where(
        refreshTokens,
        eq(refreshTokens.family, family),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    );
  const [row] = await scope.db
    .select({ role: users.role, isActive: users.isActive, live: sql<boolean>`exists (${live})` })
    .from(users)
    .where(scope.where(users, eq(users.id, userId)));
  return row ?? null;
}

/** The shop's active owners, locked for the transaction: two owners cannot both step down at once. */
export async function lockActiveOwnerIds(scope: TenantScope): Promise<number[]> {
  const rows = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, eq(users.role, 'owner'), eq(users.isActive, true)))
    .for('update');
  return rows.map((row) => row.id);
}

export async function setUserActive(scope: TenantScope, userId: number, isActive: boolean): Promise<void> {
  await scope.db
    .update(users)
    .set({ isActive })
    .where(scope.where(users, eq(users.id, userId)));
}

/**
 * What other modules show of an account, as SQL they put in their own statements (a review's or comment's author):
 * correlated subqueries on the accounts' table, written here, so that a list of posts or reviews stays one statement
 * while only this module names `users`. `userId` is the other table's column holding the account's id.
 */
export const accountColumns = {
  /** The account's display name (null when there is no such account). */
  displayName: (scope: TenantScope, userId: AnyColumn) =>
    sql<string | null>`(select ${users.displayName} from ${users} where ${scope.where(users, eq(users.id, userId))})`,
  /** The account's username (null when there is no such account). */
  username: (scope: TenantScope, userId: AnyColumn) =>
    sql<string | null>`(select ${users.username} from ${users} where ${scope.where(users, eq(users.id, userId))})`,
  /** Whether the account is active and agreed to marketing e-mail (issue 49). */
  marketingConsent: (scope: TenantScope, userId: AnyColumn) =>
    sql`exists (select 1 from ${users} where ${scope.where(users, eq(users.id, userId), eq(users.isActive, true), sql`${users.marketingConsentAt} is not null`)})`,
  /** The account's e-mail address (null when there is no such account). */
  email: (scope: TenantScope, userId: AnyColumn) =>
    sql<string | null>`(select ${users.email} from ${users} where ${scope.where(users, eq(users.id, userId))})`,
  /** Whether the account exists (what an inner join on `users` used to keep). */
  exists: (scope: TenantScope, userId: AnyColumn) =>
    sql`exists (select 1 from ${users} where ${scope.where(users, eq(users.id, userId))})`,
  /** Whether the account's username contains `pattern` (an ILIKE pattern, already escaped). */
  usernameMatches: (scope: TenantScope, userId: AnyColumn, pattern: string) =>
    sql`exists (select 1 from ${users} where ${scope.where(users, eq(users.id, userId), ilike(users.username, pattern))})`,
};
