// The administration of accounts: customers for staff (the list, one account, disabling it: its sessions end at
// once), and the staff for the owner (inviting, changing roles, disabling; the shop always keeps an active owner).
import type {
  AdminCustomer,
  AdminCustomerListQuery,
  AdminStaffCreateBody,
  AdminStaffMember,
  AdminStaffUpdateBody,
  StaffRole,
} from '@platform/contracts/admin';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findSessionAccount,
  findUserById,
  listAccounts,
  lockActiveOwnerIds,
  revokeUserRefreshTokens,
  setUserActive,
  setUserRole,
  type UserRow,
} from './accounts.repository.ts';
import { inviteStaffAccount } from './accounts.service.ts';

function customerOf(row: UserRow): AdminCustomer {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** `GET /admin/customers/`: the shop's customers (search by e-mail or username, filter by active). */
export async function listCustomersForStaff(
  ctx: RequestContext,
  query: AdminCustomerListQuery,
): Promise<{ count: number; results: AdminCustomer[] }> {
  requireStaff(ctx);
  const { rows, count } = await listAccounts(
    ctx.scope,
    {
      roles: ['customer'],
      search: query.search,
      isActive: query.is_active === undefined ? undefined : query.is_active === 'true',
    },
    { ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.map(customerOf) };
}

async function customerRow(ctx: RequestContext, id: number): Promise<UserRow> {
  const row = await findUserById(ctx.scope, id);
  if (row?.role !== 'customer') throw new NotFoundError('Customer not found.', 'customer_not_found');
  return row;
}

/** `GET /admin/customers/{id}/` (their orders: `GET /admin/orders/?customer={id}`). */
export async function getCustomerForStaff(ctx: RequestContext, id: number): Promise<AdminCustomer> {
  requireStaff(ctx);
  return customerOf(await customerRow(ctx, id));
}

/**
 * `PATCH /admin/customers/{id}/ {is_active}`: disables (or enables) an account. A disabled account cannot sign in,
 * its refresh tokens are revoked, and its access tokens stop working at once (every request checks the account).
 * Audited.
 */
export async function setCustomerActive(ctx: RequestContext, id: number, isActive: boolean): Promise<AdminCustomer> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = await customerRow(tx, id);
    await setUserActive(tx.scope, id, isActive);
    if (!isActive) await revokeUserRefreshTokens(tx.scope, id);
    await recordAudit(tx, {
      action: isActive ? 'customer.enable' : 'customer.disable',
      entity: 'customer',
      entityId: id,
      before: { is_active: before.isActive },
      after: { is_active: isActive },
    });
    return customerOf({ ...before, isActive });
  });
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The role an account acts with now, or null when it may not act: gone, disabled, or its sign-in ended (logout,
 * password reset, disabling, a reused refresh token). Checked on every signed-in request, in one query, so that each
 * of these takes effect at once, not when the access token expires.
 */
export async function currentAccountRole(
  ctx: RequestContext,
  userId: number,
  session: string | undefined,
): Promise<UserRow['role'] | null> {
  if (!session || !SESSION_ID.test(session)) return null;
  const account = await findSessionAccount(ctx.scope, userId, session);
  return account?.isActive && account.live ? account.role : null;
}

// ── Staff, for the owner ───────────────────────────────────────────────────────────────────────────────────────

function staffOf(row: UserRow & { role: StaffRole }): AdminStaffMember {
  return { ...customerOf(row), role: row.role };
}

function isStaffRow(row: UserRow | null): row is UserRow & { role: StaffRole } {
  return row?.role === 'staff' || row?.role === 'owner';
}

async function staffRow(ctx: RequestContext, id: number): Promise<UserRow & { role: StaffRole }> {
  const row = await findUserById(ctx.scope, id);
  if (!isStaffRow(row)) throw new NotFoundError('Staff member not found.', 'staff_not_found');
  return row;
}

/** `GET /admin/staff/`: the shop's staff and owners (the owner only). */
export async function listStaffForOwner(
  ctx: RequestContext,
  query: AdminCustomerListQuery,
): Promise<{ count: number; results: AdminStaffMember[] }> {
  requirePermission(ctx, 'manage_settings');
  const { rows, count } = await listAccounts(
    ctx.scope,
    {
      roles: ['staff', 'owner'],
      search: query.search,
      isActive: query.is_active === undefined ? undefined : query.is_active === 'true',
    },
    { ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.filter(isStaffRow).map(staffOf) };
}

/** `GET /admin/staff/{id}/`. */
export async function getStaffForOwner(ctx: RequestContext, id: number): Promise<AdminStaffMember> {
  requirePermission(ctx, 'manage_settings');
  return staffOf(await staffRow(ctx, id));
}

/** `POST /admin/staff/`: a new member of staff, invited by e-mail to choose a password; audited. */
export async function inviteStaffByOwner(ctx: RequestContext, body: AdminStaffCreateBody): Promise<AdminStaffMember> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const row = await inviteStaffAccount(tx, body);
    await recordAudit(tx, {
      action: 'staff.invite',
      entity: 'staff',
      entityId: row.id,
      after: { email: row.email, role: body.role },
    });
    return staffOf({ ...row, role: body.role });
  });
}

/**
 * `PATCH /admin/staff/{id}/ {role?, is_active?}`: a new role or the account disabled (its sessions end at once) or
 * enabled; the shop always keeps an active owner, so the last one cannot step down or be disabled. Audited.
 */
export async function updateStaffByOwner(
  ctx: RequestContext,
  id: number,
  body: AdminStaffUpdateBody,
): Promise<AdminStaffMember> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const owners = await lockActiveOwnerIds(tx.scope);
    const before = await staffRow(tx, id);
    const role = body.role ?? before.role;
    const isActive = body.is_active ?? before.isActive;
    const remainingOwners = owners.filter((ownerId) => ownerId !== id).length + (role === 'owner' && isActive ? 1 : 0);
    if (remainingOwners === 0) {
      throw new BadRequestError('The shop needs an active owner: make someone else owner first.', 'last_owner');
    }
    if (role !== before.role) await setUserRole(tx.scope, id, role);
    if (isActive !== before.isActive) await setUserActive(tx.scope, id, isActive);
    if (!isActive) await revokeUserRefreshTokens(tx.scope, id);
    await recordAudit(tx, {
      action: 'staff.update',
      entity: 'staff',
      entityId: id,
      before: { role: before.role, is_active: before.isActive },
      after: { role, is_active: isActive },
    });
    return staffOf({ ...before, role, isActive });
  });
}
