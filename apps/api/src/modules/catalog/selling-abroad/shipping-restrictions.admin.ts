// The destinations the shop closes to some products, as staff administer them (issue 48). Every write runs in one
// transaction with its audit entry, which empties the shop's cached pages (a product page lists its closed
// destinations).
import { findRegion, regionNames } from '@platform/contracts/address';
import type {
  AdminShippingRestriction,
  AdminShippingRestrictionCreateBody,
  AdminShippingRestrictionListQuery,
  AdminShippingRestrictionUpdateBody,
} from '@platform/contracts/admin-catalog';
import { countryName } from '@platform/contracts/shipping';
import type { TransactionContext } from '../../../lib/context.ts';
import { type RequestContext, requireStaff } from '../../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { recordAudit } from '../../audit/index.ts';
import {
  deleteRestriction,
  findKnownIds,
  findRestriction,
  insertRestriction,
  listRestrictions,
  type RestrictionOrdering,
  type ShippingRestrictionRow,
  type ShippingRestrictionValues,
  updateRestriction,
} from './selling-abroad.repository.ts';

const restrictionNotFound = () =>
  new NotFoundError('Shipping restriction not found.', 'shipping_restriction_not_found');

function toAdminRestriction(row: ShippingRestrictionRow): AdminShippingRestriction {
  return {
    id: row.id,
    country: row.countryCode,
    country_name: countryName(row.countryCode),
    region: row.region,
    product_ids: row.productIds,
    category_ids: row.categoryIds,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a restriction. */
function audited(row: ShippingRestrictionValues): Record<string, unknown> {
  return {
    country: row.countryCode,
    region: row.region,
    product_ids: row.productIds,
    category_ids: row.categoryIds,
    message: row.message,
  };
}

/**
 * A restriction as it would be, checked: its region one of the country's list (by name) for a country that has one,
 * and every product and category named one of the shop's.
 */
async function checked(tx: TransactionContext, values: ShippingRestrictionValues): Promise<ShippingRestrictionValues> {
  const errors: Record<string, string[]> = {};
  let region = values.region?.trim() || null;
  if (region && regionNames(values.countryCode).length > 0) {
    const known = findRegion(values.countryCode, region);
    if (!known) errors.region = [`Not a region of ${countryName(values.countryCode)}: choose one of its list.`];
    region = known;
  }
  const known = await findKnownIds(tx.scope, { productIds: values.productIds, categoryIds: values.categoryIds });
  const unknownProducts = values.productIds.filter((id) => !known.productIds.has(id));
  const unknownCategories = values.categoryIds.filter((id) => !known.categoryIds.has(id));
  if (unknownProducts.length > 0) errors.product_ids = [`No product has the id ${unknownProducts.join(', ')}.`];
  if (unknownCategories.length > 0) errors.category_ids = [`No category has the id ${unknownCategories.join(', ')}.`];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { ...values, region, productIds: [...values.productIds], categoryIds: [...values.categoryIds] };
}

/** `GET /admin/shipping-restrictions/`: the shop's restrictions, newest first unless ordered otherwise. */
export async function listRestrictionsForStaff(
  ctx: RequestContext,
  query: AdminShippingRestrictionListQuery,
): Promise<{ count: number; results: AdminShippingRestriction[] }> {
  requireStaff(ctx);
  const { rows, count } = await listRestrictions(ctx.scope, {
    search: query.search || undefined,
    country: query.country || undefined,
    ordering: (query.ordering ?? '-created_at') as RestrictionOrdering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { count, results: rows.map(toAdminRestriction) };
}

/** `GET /admin/shipping-restrictions/{id}/`. */
export async function getRestrictionForStaff(ctx: RequestContext, id: number): Promise<AdminShippingRestriction> {
  requireStaff(ctx);
  const row = await findRestriction(ctx.scope, id);
  if (!row) throw restrictionNotFound();
  return toAdminRestriction(row);
}

/** `POST /admin/shipping-restrictions/`: a destination closed to the products named (neither list: every one). */
export async function createRestrictionByStaff(
  ctx: RequestContext,
  body: AdminShippingRestrictionCreateBody,
): Promise<AdminShippingRestriction> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const values = await checked(tx, {
      countryCode: body.country,
      region: body.region ?? null,
      productIds: body.product_ids ?? [],
      categoryIds: body.category_ids ?? [],
      message: body.message,
    });
    const row = await insertRestriction(tx.scope, values);
    await recordAudit(tx, {
      action: 'shipping_restriction.create',
      entity: 'shipping_restriction',
      entityId: row.id,
      after: audited(values),
    });
    return toAdminRestriction(row);
  });
}

/** `PATCH /admin/shipping-restrictions/{id}/`: the fields given change; audited. */
export async function updateRestrictionByStaff(
  ctx: RequestContext,
  id: number,
  body: AdminShippingRestrictionUpdateBody,
): Promise<AdminShippingRestriction> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const current = await findRestriction(tx.scope, id, true);
    if (!current) throw restrictionNotFound();
    const values = await checked(tx, {
      countryCode: body.country ?? current.countryCode,
      // A region of the old country does not name one of another.
      region: body.region !== undefined ? body.region : body.country === undefined ? current.region : null,
      productIds: body.product_ids ?? current.productIds,
      categoryIds: body.category_ids ?? current.categoryIds,
      message: body.message ?? current.message,
    });
    const row = await updateRestriction(tx.scope, id, values);
    if (!row) throw restrictionNotFound();
    await recordAudit(tx, {
      action: 'shipping_restriction.update',
      entity: 'shipping_restriction',
      entityId: id,
      before: audited(current),
      after: audited(values),
    });
    return toAdminRestriction(row);
  });
}

/** `DELETE /admin/shipping-restrictions/{id}/`: the destination opens again; audited. */
export async function deleteRestrictionByStaff(ctx: RequestContext, id: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const current = await findRestriction(tx.scope, id, true);
    if (!current || !(await deleteRestriction(tx.scope, id))) throw restrictionNotFound();
    await recordAudit(tx, {
      action: 'shipping_restriction.delete',
      entity: 'shipping_restriction',
      entityId: id,
      before: audited(current),
    });
  });
}
