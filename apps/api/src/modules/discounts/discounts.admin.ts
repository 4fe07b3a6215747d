// The administration of a shop's discounts: codes and automatic promotions, their conditions, and their use so far.
// Every write runs in one transaction with its audit entry.
import { formatMinor, parseMinor } from '@platform/contracts';
import type {
  AdminDiscount,
  AdminDiscountCreateBody,
  AdminDiscountListQuery,
  AdminDiscountUpdateBody,
} from '@platform/contracts/admin-discounts';
import type { TransactionContext } from '../../lib/context.ts';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { staffMoment } from '../../lib/time-zones.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { getShopTimeZone } from '../site/index.ts';
import {
  type DiscountRow,
  type DiscountValues,
  deleteDiscount,
  findDiscount,
  findOtherWithCode,
  insertDiscount,
  listDiscounts,
  updateDiscount,
} from './discounts.repository.ts';

const discountNotFound = () => new NotFoundError('Discount not found.', 'discount_not_found');

function toAdminDiscount(row: DiscountRow): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    value: formatMinor(row.value),
    buy_quantity: row.buyQuantity,
    get_quantity: row.getQuantity,
    product_ids: row.productIds,
    category_ids: row.categoryIds,
    min_subtotal: formatMinor(row.minSubtotalCents),
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    usage_limit: row.usageLimit,
    uses_per_customer: row.usesPerCustomer,
    once_per_customer: row.usesPerCustomer === 1,
    first_order_only: row.firstOrderOnly,
    combines_with_code: row.combinesWithCode,
    is_active: row.isActive,
    times_used: row.timesUsed,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The discount as it would be after the body: the current values (none for a new one), then the body's; a date and
 * time without an offset is read in the shop's time zone.
 */
function merged(current: DiscountRow | null, body: AdminDiscountUpdateBody, timeZone: string): DiscountValues {
  const cents = (money: string | undefined, fallback: number) =>
    money === undefined ? fallback : (parseMinor(money) as number);
  const date = (text: string | null | undefined, fallback: Date | null) =>
    text === undefined ? fallback : text === null ? null : staffMoment(text, timeZone);
  const kind = body.kind ?? current?.kind ?? 'percentage';
  let usesPerCustomer =
    body.uses_per_customer !== undefined ? body.uses_per_customer : (current?.usesPerCustomer ?? null);
  if (body.once_per_customer === true) usesPerCustomer = 1;
  else if (body.once_per_customer === false && body.uses_per_customer === undefined && usesPerCustomer === 1) {
    usesPerCustomer = null;
  }
  const takesValue = kind === 'percentage' || kind === 'fixed';
  const buyXGetY = kind === 'buy_x_get_y';
  return {
    code: body.code !== undefined ? body.code : (current?.code ?? null),
    name: body.name ?? current?.name ?? '',
    kind,
    value: takesValue ? cents(body.value, current?.value ?? 0) : 0,
    buyQuantity: buyXGetY
      ? body.buy_quantity !== undefined
        ? body.buy_quantity
        : (current?.buyQuantity ?? null)
      : null,
    getQuantity: buyXGetY
      ? body.get_quantity !== undefined
        ? body.get_quantity
        : (current?.getQuantity ?? null)
      : null,
    productIds: body.product_ids ? [...new Set(body.product_ids)] : (current?.productIds ?? []),
    categoryIds: body.category_ids ? [...new Set(body.category_ids)] : (current?.categoryIds ?? []),
    minSubtotalCents: cents(body.min_subtotal, current?.minSubtotalCents ?? 0),
    startsAt: date(body.starts_at, current?.startsAt ?? null),
    endsAt: date(body.ends_at, current?.endsAt ?? null),
    usageLimit: body.usage_limit !== undefined ? body.usage_limit : (current?.usageLimit ?? null),
    usesPerCustomer,
    firstOrderOnly: body.first_order_only ?? current?.firstOrderOnly ?? false,
    combinesWithCode: body.combines_with_code ?? current?.combinesWithCode ?? false,
    isActive: body.is_active ?? current?.isActive ?? true,
  };
}

/** The rules of a discount as it would be: a code unique in the shop, a value its kind takes, a window in order. */
async function checkDiscount(
  tx: TransactionContext,
  id: number | null,
  values: DiscountValues,
  timesUsed: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (values.code && (await findOtherWithCode(tx.scope, values.code, id))) {
    errors.code = ['A discount with this code exists.'];
  }
  const value = values.value ?? 0;
  if (values.kind === 'percentage' && (value <= 0 || value > 10_000)) {
    errors.value = ['Enter a percentage above 0 and at most 100.'];
  }
  if (values.kind === 'fixed' && value <= 0) errors.value = ['Enter an amount above 0.'];
  if (values.kind === 'buy_x_get_y') {
    if (!values.buyQuantity) errors.buy_quantity = ['Enter how many the customer buys.'];
    if (!values.getQuantity) errors.get_quantity = ['Enter how many the customer gets free.'];
  }
  if (values.startsAt && values.endsAt && values.startsAt >= values.endsAt) {
    errors.ends_at = ['Ensure the end is after the start.'];
  }
  if (values.usageLimit != null && values.usageLimit < timesUsed) {
    errors.usage_limit = [`It was used ${timesUsed} times already: ensure the limit is at least that.`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** What the audit log keeps of a discount. */
function audited(discount: AdminDiscount): Record<string, unknown> {
  const { id: _id, created_at: _created, updated_at: _updated, times_used: _used, ...fields } = discount;
  return { ...fields, product_ids: fields.product_ids.join(' '), category_ids: fields.category_ids.join(' ') };
}

/** `GET /admin/discounts/`: the shop's discounts with their use so far. */
export async function listDiscountsForStaff(
  ctx: RequestContext,
  query: AdminDiscountListQuery,
): Promise<{ count: number; results: AdminDiscount[] }> {
  requireStaff(ctx);
  const { rows, count } = await listDiscounts(ctx.scope, {
    search: query.search || undefined,
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { count, results: rows.map(toAdminDiscount) };
}

/** `GET /admin/discounts/{id}/`. */
export async function getDiscountForStaff(ctx: RequestContext, id: number): Promise<AdminDiscount> {
  requireStaff(ctx);
  const row = await findDiscount(ctx.scope, id);
  if (!row) throw discountNotFound();
  return toAdminDiscount(row);
}

/** `POST /admin/discounts/`; audited. */
export async function createDiscountByStaff(
  ctx: RequestContext,
  body: AdminDiscountCreateBody,
): Promise<AdminDiscount> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const values = merged(null, body, await getShopTimeZone(tx));
    await checkDiscount(tx, null, values, 0);
    const discount = toAdminDiscount(await insertDiscount(tx.scope, values));
    await recordAudit(tx, {
      action: 'discount.create',
      entity: 'discount',
      entityId: discount.id,
      after: audited(discount),
    });
    return discount;
  });
}

/** `PATCH /admin/discounts/{id}/`: changes the given fields; audited. */
export async function updateDiscountByStaff(
  ctx: RequestContext,
  id: number,
  body: AdminDiscountUpdateBody,
): Promise<AdminDiscount> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const current = await findDiscount(tx.scope, id, true);
    if (!current) throw discountNotFound();
    const values = merged(current, body, await getShopTimeZone(tx));
    await checkDiscount(tx, id, values, current.timesUsed);
    const row = await updateDiscount(tx.scope, id, values);
    if (!row) throw discountNotFound();
    const before = audited(toAdminDiscount(current));
    const after = audited(toAdminDiscount(row));
    const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
    await recordAudit(tx, {
      action: 'discount.update',
      entity: 'discount',
      entityId: id,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    });
    return toAdminDiscount(row);
  });
}

/** `DELETE /admin/discounts/{id}/`; audited. Orders keep the discount lines they were sold with. */
export async function deleteDiscountByStaff(ctx: RequestContext, id: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const current = await findDiscount(tx.scope, id, true);
    if (!current || !(await deleteDiscount(tx.scope, id))) throw discountNotFound();
    await recordAudit(tx, {
      action: 'discount.delete',
      entity: 'discount',
      entityId: id,
      before: audited(toAdminDiscount(current)),
    });
  });
}
