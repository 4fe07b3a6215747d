// The administration of customer accounts: the list, one account, and disabling it (its sessions end at once).
import type { AdminCustomer, AdminCustomerListQuery } from '@platform/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { type RequestContext, requireStaff } from '../../plugins/request-context.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findUserById,
  listCustomerAccounts,
  revokeUserRefreshTokens,
  setUserActive,
  type UserRow,
} from './accounts.repository.ts';

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
  const { rows, count } = await listCustomerAccounts(
    ctx.scope,
    { search: query.search, isActive: query.is_active === undefined ? undefined : query.is_active === 'true' },
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

/** Whether an account may act now (it exists and is not disabled): checked on every signed-in request. */
export async function isAccountActive(ctx: RequestContext, userId: number): Promise<boolean> {
  return (await findUserById(ctx.scope, userId))?.isActive === true;
}
