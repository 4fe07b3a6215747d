// The administration of a shop's tax: its rates per place and category, and whether its prices are entered with tax.
// Every write runs in one transaction with its audit entry (which empties the shop's cached pages and answers).
import { findRegion, regionNames } from '@platform/contracts/address';
import type {
  AdminTaxRate,
  AdminTaxRateCreateBody,
  AdminTaxRateListQuery,
  AdminTaxRateUpdateBody,
  AdminTaxSettings,
  AdminTaxSettingsBody,
} from '@platform/contracts/admin-tax';
import { COUNTRY_NOT_FOUND, findCountryCode } from '@platform/contracts/shipping';
import { basisPointsToPercent, percentToBasisPoints } from '@platform/contracts/tax';
import type { TransactionContext } from '../../lib/context.ts';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { listCategories } from '../catalog/index.ts';
import { zoneNames } from '../shipping/index.ts';
import {
  deleteRate,
  findPricesIncludeTax,
  findRate,
  findRateForSamePlace,
  insertRate,
  listRates,
  savePricesIncludeTax,
  type TaxRateRow,
  type TaxRateValues,
  updateRate,
} from './tax.repository.ts';

const rateNotFound = () => new NotFoundError('Tax rate not found.', 'tax_rate_not_found');

/** The names staff read beside a rate's ids: its zone's and its category's. */
interface Names {
  zones: Map<number, string>;
  categories: Map<number, string>;
}

async function namesOf(ctx: RequestContext): Promise<Names> {
  const [zones, categories] = await Promise.all([zoneNames(ctx), listCategories(ctx)]);
  return { zones, categories: new Map(categories.map((category) => [category.id, category.name])) };
}

function toAdminRate(row: TaxRateRow, names: Names): AdminTaxRate {
  return {
    id: row.id,
    name: row.name,
    rate: basisPointsToPercent(row.basisPoints),
    zone: row.zoneId,
    zone_name: row.zoneId === null ? null : (names.zones.get(row.zoneId) ?? null),
    country: row.countryCode,
    region: row.region,
    category: row.categoryId,
    category_name: row.categoryId === null ? null : (names.categories.get(row.categoryId) ?? null),
    display: row.display,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The rate as it would be after the body, checked: a zone of the shop or a country (not both), a region only in a
 * country and one of its list where the country has one, a category of the shop, one rate per place and category.
 */
async function checkedValues(
  tx: TransactionContext,
  current: TaxRateRow | null,
  body: AdminTaxRateUpdateBody,
  names: Names,
): Promise<TaxRateValues> {
  const errors: Record<string, string[]> = {};
  let zoneId = body.zone !== undefined ? body.zone : (current?.zoneId ?? null);
  let countryCode = current?.countryCode ?? null;
  if (body.country !== undefined) {
    countryCode = body.country === null ? null : findCountryCode(body.country);
    if (body.country !== null && !countryCode) errors.country = [COUNTRY_NOT_FOUND];
  }
  // Naming one place replaces the other.
  if (body.country && body.zone === undefined) zoneId = null;
  if (body.zone && body.country === undefined) countryCode = null;
  let region = body.region !== undefined ? body.region : (current?.region ?? null);
  if (countryCode === null) region = body.region ? region : null;
  if (zoneId !== null && !names.zones.has(zoneId)) errors.zone = ['Choose a shipping zone of the shop.'];
  if ((zoneId === null) === (countryCode === null) && !errors.country) {
    errors.zone = ['Choose a shipping zone or a country (one of them).'];
  }
  if (region !== null) {
    if (countryCode === null) errors.region = ['A region is chosen within a country.'];
    else if (regionNames(countryCode).length > 0) {
      const found = findRegion(countryCode, region);
      if (found) region = found;
      else errors.region = ['Choose a region from the list.'];
    }
  }
  const categoryId = body.category !== undefined ? body.category : (current?.categoryId ?? null);
  if (categoryId !== null && !names.categories.has(categoryId)) errors.category = ['Choose a category of the shop.'];
  const values: TaxRateValues = {
    name: body.name ?? current?.name ?? '',
    basisPoints: body.rate !== undefined ? percentToBasisPoints(body.rate) : (current?.basisPoints ?? 0),
    zoneId,
    countryCode,
    region,
    categoryId,
    display: body.display ?? current?.display ?? 'included',
  };
  if (Object.keys(errors).length === 0 && (await findRateForSamePlace(tx.scope, values, current?.id ?? null))) {
    errors.category = ['This place already has a rate for this category (or for every product): edit that one.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return values;
}

/** `GET /admin/tax-rates/`: the shop's rates, by country then name unless ordered otherwise. */
export async function listTaxRatesForStaff(
  ctx: RequestContext,
  query: AdminTaxRateListQuery,
): Promise<{ count: number; results: AdminTaxRate[] }> {
  requireStaff(ctx);
  const [{ rows, count }, names] = await Promise.all([
    listRates(ctx.scope, {
      search: query.search || undefined,
      ordering: query.ordering,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
    namesOf(ctx),
  ]);
  return { count, results: rows.map((row) => toAdminRate(row, names)) };
}

/** `GET /admin/tax-rates/{id}/`. */
export async function getTaxRateForStaff(ctx: RequestContext, id: number): Promise<AdminTaxRate> {
  requireStaff(ctx);
  const row = await findRate(ctx.scope, id);
  if (!row) throw rateNotFound();
  return toAdminRate(row, await namesOf(ctx));
}

async function addRate(tx: TransactionContext, body: AdminTaxRateCreateBody): Promise<AdminTaxRate> {
  const names = await namesOf(tx);
  const row = await insertRate(tx.scope, await checkedValues(tx, null, body, names));
  return toAdminRate(row, names);
}

/** `POST /admin/tax-rates/`; audited. */
export async function createTaxRateByStaff(ctx: RequestContext, body: AdminTaxRateCreateBody): Promise<AdminTaxRate> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const rate = await addRate(tx, body);
    await recordAudit(tx, { action: 'tax_rate.create', entity: 'tax_rate', entityId: rate.id, after: rate });
    return rate;
  });
}

/** `PATCH /admin/tax-rates/{id}/`: changes the given fields; audited. */
export async function updateTaxRateByStaff(
  ctx: RequestContext,
  id: number,
  body: AdminTaxRateUpdateBody,
): Promise<AdminTaxRate> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const current = await findRate(tx.scope, id);
    if (!current) throw rateNotFound();
    const names = await namesOf(tx);
    const row = await updateRate(tx.scope, id, await checkedValues(tx, current, body, names));
    if (!row) throw rateNotFound();
    const rate = toAdminRate(row, names);
    await recordAudit(tx, {
      action: 'tax_rate.update',
      entity: 'tax_rate',
      entityId: id,
      before: toAdminRate(current, names),
      after: rate,
    });
    return rate;
  });
}

/** `DELETE /admin/tax-rates/{id}/`; audited. Orders keep the taxes they were charged. */
export async function deleteTaxRateByStaff(ctx: RequestContext, id: number): Promise<void> {
  requirePermission(ctx, 'manage_settings');
  await inTransaction(ctx, async (tx) => {
    const current = await findRate(tx.scope, id);
    if (!current || !(await deleteRate(tx.scope, id))) throw rateNotFound();
    await recordAudit(tx, {
      action: 'tax_rate.delete',
      entity: 'tax_rate',
      entityId: id,
      before: toAdminRate(current, await namesOf(tx)),
    });
  });
}

/** `GET /admin/tax-settings/`. */
export async function getTaxSettingsForStaff(ctx: RequestContext): Promise<AdminTaxSettings> {
  requireStaff(ctx);
  return { prices_include_tax: await findPricesIncludeTax(ctx.scope) };
}

/** `PATCH /admin/tax-settings/`: whether the shop's prices are entered with tax (owner); audited. */
export async function updateTaxSettingsByStaff(
  ctx: RequestContext,
  body: AdminTaxSettingsBody,
): Promise<AdminTaxSettings> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const before = await findPricesIncludeTax(tx.scope);
    const after = body.prices_include_tax ?? before;
    await savePricesIncludeTax(tx.scope, after);
    await recordAudit(tx, {
      action: 'tax_settings.update',
      entity: 'tax_settings',
      entityId: tx.tenant.id,
      before: { prices_include_tax: before },
      after: { prices_include_tax: after },
    });
    return { prices_include_tax: after };
  });
}

/** A rate as the shop's set-up creates it (the demo seed), by the same rules as staff's. */
export async function createTaxRate(ctx: RequestContext, body: AdminTaxRateCreateBody): Promise<AdminTaxRate> {
  return inTransaction(ctx, (tx) => addRate(tx, body));
}
