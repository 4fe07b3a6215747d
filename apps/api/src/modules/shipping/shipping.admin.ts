// The administration of a shop's shipping zones: their countries, rates and delivery estimates. Every write runs in
// one transaction with its audit entry.
import { formatMinor, parseMinor } from '@platform/contracts';
import {
  type AdminShippingZone,
  type AdminShippingZoneCreateBody,
  type AdminShippingZoneListQuery,
  type AdminShippingZoneUpdateBody,
  countryName,
  deliveryEstimateText,
} from '@platform/contracts/shipping';
import type { TransactionContext } from '../../lib/context.ts';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  deleteZone,
  findDefaultZone,
  findZone,
  findZoneByName,
  insertZone,
  listZones,
  type ShippingZoneRow,
  type ShippingZoneValues,
  updateZone,
  zonesListing,
} from './shipping.repository.ts';

const zoneNotFound = () => new NotFoundError('Shipping zone not found.', 'shipping_zone_not_found');

function toAdminZone(row: ShippingZoneRow): AdminShippingZone {
  return {
    id: row.id,
    name: row.name,
    countries: row.countries,
    is_default: row.isDefault,
    flat_rate: formatMinor(row.flatRateCents),
    free_above: row.freeAboveCents === null ? null : formatMinor(row.freeAboveCents),
    per_item: formatMinor(row.perItemCents),
    delivery_days_min: row.deliveryDaysMin,
    delivery_days_max: row.deliveryDaysMax,
    delivery_estimate: deliveryEstimateText(row.deliveryDaysMin, row.deliveryDaysMax),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a zone. */
function audited(zone: AdminShippingZone): Record<string, unknown> {
  const { id: _id, created_at: _created, updated_at: _updated, delivery_estimate: _estimate, ...fields } = zone;
  return { ...fields, countries: fields.countries.join(' ') };
}

function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const cents = (money: string) => parseMinor(money) as number;

/** The columns a body sets (the bodies' schemas have checked every amount). */
function columnsOf(body: AdminShippingZoneUpdateBody): Partial<ShippingZoneValues> {
  return {
    name: body.name,
    isDefault: body.is_default,
    flatRateCents: body.flat_rate === undefined ? undefined : cents(body.flat_rate),
    freeAboveCents:
      body.free_above === undefined ? undefined : body.free_above === null ? null : cents(body.free_above),
    perItemCents: body.per_item === undefined ? undefined : cents(body.per_item),
    deliveryDaysMin: body.delivery_days_min,
    deliveryDaysMax: body.delivery_days_max,
  };
}

/**
 * The rules of a zone as it would be: a unique name, countries in no other zone, one default zone per shop (it
 * lists no country: it serves the rest), days from at most the days to.
 */
async function checkZone(
  tx: TransactionContext,
  zone: { id: number | null; name: string; countries: string[]; isDefault: boolean; min: number; max: number },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (await findZoneByName(tx.scope, zone.name, zone.id)) errors.name = ['A shipping zone with this name exists.'];
  if (zone.isDefault) {
    const other = await findDefaultZone(tx.scope, zone.id);
    if (other) errors.is_default = [`The default zone is ${other.name}: a shop has one.`];
    if (zone.countries.length > 0) {
      errors.countries = ['The default zone serves every country no other zone lists: it lists none.'];
    }
  } else if (zone.countries.length === 0) {
    errors.countries = ['A zone lists at least one country (or is the default zone).'];
  } else {
    const taken = await zonesListing(tx.scope, zone.countries, zone.id);
    if (taken.length > 0) {
      errors.countries = taken.map((row) => `${countryName(row.countryCode)} is in the zone ${row.zoneName}.`);
    }
  }
  if (zone.min > zone.max) errors.delivery_days_max = ['Ensure this is at least the days from.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const unique = (codes: string[] | undefined) => (codes ? [...new Set(codes)].sort() : undefined);

/** `GET /admin/shipping-zones/`: the shop's zones, the default last. */
export async function listZonesForStaff(
  ctx: RequestContext,
  query: AdminShippingZoneListQuery,
): Promise<{ count: number; results: AdminShippingZone[] }> {
  requireStaff(ctx);
  const { rows, count } = await listZones(ctx.scope, {
    search: query.search || undefined,
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { count, results: rows.map(toAdminZone) };
}

/** `GET /admin/shipping-zones/{id}/`. */
export async function getZoneForStaff(ctx: RequestContext, id: number): Promise<AdminShippingZone> {
  requireStaff(ctx);
  const row = await findZone(ctx.scope, id);
  if (!row) throw zoneNotFound();
  return toAdminZone(row);
}

/** A new zone, checked by the zones' rules. */
async function addZone(tx: TransactionContext, body: AdminShippingZoneCreateBody): Promise<AdminShippingZone> {
  const countries = unique(body.countries) ?? [];
  const isDefault = body.is_default ?? false;
  await checkZone(tx, {
    id: null,
    name: body.name,
    countries,
    isDefault,
    min: body.delivery_days_min,
    max: body.delivery_days_max,
  });
  const row = await insertZone(
    tx.scope,
    {
      name: body.name,
      isDefault,
      flatRateCents: cents(body.flat_rate),
      freeAboveCents: body.free_above ? cents(body.free_above) : null,
      perItemCents: body.per_item ? cents(body.per_item) : 0,
      deliveryDaysMin: body.delivery_days_min,
      deliveryDaysMax: body.delivery_days_max,
    },
    countries,
  );
  return toAdminZone(row);
}

/** `POST /admin/shipping-zones/`; audited. */
export async function createZoneByStaff(
  ctx: RequestContext,
  body: AdminShippingZoneCreateBody,
): Promise<AdminShippingZone> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const zone = await addZone(tx, body);
    await recordAudit(tx, {
      action: 'shipping_zone.create',
      entity: 'shipping_zone',
      entityId: zone.id,
      after: audited(zone),
    });
    return zone;
  });
}

/** `PATCH /admin/shipping-zones/{id}/`: changes the given fields (the countries replaced as a whole); audited. */
export async function updateZoneByStaff(
  ctx: RequestContext,
  id: number,
  body: AdminShippingZoneUpdateBody,
): Promise<AdminShippingZone> {
  requirePermission(ctx, 'manage_settings');
  const countries = unique(body.countries);
  return inTransaction(ctx, async (tx) => {
    const current = await findZone(tx.scope, id, true);
    if (!current) throw zoneNotFound();
    await checkZone(tx, {
      id,
      name: body.name ?? current.name,
      countries: countries ?? current.countries,
      isDefault: body.is_default ?? current.isDefault,
      min: body.delivery_days_min ?? current.deliveryDaysMin,
      max: body.delivery_days_max ?? current.deliveryDaysMax,
    });
    const row = await updateZone(tx.scope, id, columnsOf(body), countries);
    if (!row) throw zoneNotFound();
    const zone = toAdminZone(row);
    await recordAudit(tx, {
      action: 'shipping_zone.update',
      entity: 'shipping_zone',
      entityId: id,
      ...changes(audited(toAdminZone(current)), audited(zone)),
    });
    return zone;
  });
}

/** `DELETE /admin/shipping-zones/{id}/`; audited. Orders keep the zone's name and estimate they were sold with. */
export async function deleteZoneByStaff(ctx: RequestContext, id: number): Promise<void> {
  requirePermission(ctx, 'manage_settings');
  await inTransaction(ctx, async (tx) => {
    const current = await findZone(tx.scope, id, true);
    if (!current || !(await deleteZone(tx.scope, id))) throw zoneNotFound();
    await recordAudit(tx, {
      action: 'shipping_zone.delete',
      entity: 'shipping_zone',
      entityId: id,
      before: audited(toAdminZone(current)),
    });
  });
}

/** A zone as the shop's set-up creates it (the demo seed), by the same rules as staff's. */
export async function createZone(ctx: RequestContext, body: AdminShippingZoneCreateBody): Promise<AdminShippingZone> {
  return inTransaction(ctx, (tx) => addZone(tx, body));
}
