// Shipping: which zone serves a country, and what it charges for an order (flat per order, per item, free from an
// amount). The checkout and its quote both ask here, so the customer is shown exactly what the order then charges.
import { COUNTRY_NOT_FOUND, countryName, deliveryEstimateText, findCountryCode } from '@platform/contracts/shipping';
import type { RequestContext } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { findZoneForCountry, listZoneNames } from './shipping.repository.ts';

/** The rates of a zone. */
export interface ShippingRates {
  flatRateCents: number;
  freeAboveCents: number | null;
  perItemCents: number;
}

/** What shipping an order costs in a zone: nothing from its free-above amount on, else flat plus per item. */
export function shippingCost(rates: ShippingRates, order: { subtotalCents: number; totalItems: number }): number {
  if (rates.freeAboveCents !== null && order.subtotalCents >= rates.freeAboveCents) return 0;
  return rates.flatRateCents + rates.perItemCents * order.totalItems;
}

/** Shipping of an order to a country: its code and English name, the zone, the cost, the estimate. */
export interface ShippingCharge {
  countryCode: string;
  countryName: string;
  /** The zone's name; '' for a shop without zones (which charges no shipping). */
  zone: string;
  shippingCents: number;
  freeAboveCents: number | null;
  deliveryEstimate: string;
}

/**
 * What shipping an order of `subtotalCents` and `totalItems` costs to `country` (an ISO code or an English name):
 * by the zone listing the country, else the shop's default zone; free in a shop without zones. A country that is
 * not one, or that no zone serves, is a field error on `field`.
 */
export async function chargeShipping(
  ctx: RequestContext,
  input: { country: string; subtotalCents: number; totalItems: number; field: string },
): Promise<ShippingCharge> {
  const countryCode = findCountryCode(input.country);
  if (!countryCode) throw new ValidationError({ [input.field]: [COUNTRY_NOT_FOUND] });
  const name = countryName(countryCode);
  const { zone, hasZones } = await findZoneForCountry(ctx.scope, countryCode);
  if (!zone) {
    if (hasZones) throw new ValidationError({ [input.field]: [`We do not ship to ${name}.`] });
    return { countryCode, countryName: name, zone: '', shippingCents: 0, freeAboveCents: null, deliveryEstimate: '' };
  }
  return {
    countryCode,
    countryName: name,
    zone: zone.name,
    shippingCents: shippingCost(zone, input),
    freeAboveCents: zone.freeAboveCents,
    deliveryEstimate: deliveryEstimateText(zone.deliveryDaysMin, zone.deliveryDaysMax),
  };
}

/** The id of the zone that serves a country (its code): the zone listing it, else the default; null when none does. */
export async function findZoneIdForCountry(ctx: RequestContext, countryCode: string): Promise<number | null> {
  return (await findZoneForCountry(ctx.scope, countryCode)).zone?.id ?? null;
}

/** The shop's shipping zones' names by id. */
export async function zoneNames(ctx: RequestContext): Promise<Map<number, string>> {
  return listZoneNames(ctx.scope);
}
