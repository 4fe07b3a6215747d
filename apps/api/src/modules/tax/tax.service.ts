// Tax by destination (decision 016): which rates a delivery pays, how its prices are shown, and what an order's taxes
// come to. The arithmetic is the contracts' (`@platform/contracts/tax`), shared with the storefront, so that the
// prices shown are the prices charged.
import { formatMinor } from '@platform/contracts';
import { findRegion, regionNames } from '@platform/contracts/address';
import { COUNTRY_NOT_FOUND, countryName, findCountryCode } from '@platform/contracts/shipping';
import {
  basisPointsToPercent,
  type DestinationRate,
  type OrderTax,
  type TaxAmount,
  type TaxDestination,
  type TaxDisplay,
  taxNotice,
} from '@platform/contracts/tax';
import type { RequestContext } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { findZoneIdForCountry } from '../shipping/index.ts';
import { findPricesIncludeTax, listRatesForPlace, type TaxRateRow } from './tax.repository.ts';

/** A delivery's taxes: where it goes, how its prices are shown, and its rates. */
export interface TaxView {
  countryCode: string;
  countryName: string;
  /** The region as the shop's rates name it (its name from the country's list, else as given); null without one. */
  region: string | null;
  display: TaxDisplay;
  pricesIncludeTax: boolean;
  rates: DestinationRate[];
  notice: string;
}

/** How precisely a rate names the place: a region, a country, a zone. */
const precision = (rate: TaxRateRow) => (rate.region ? 3 : rate.countryCode ? 2 : 1);

/**
 * The rates of a place: the most precise general rate (region, then country, then zone), and per category the most
 * precise rate at least as precise as the general one (a zone's reduced rate does not undercut a country's own).
 */
function effectiveRates(rows: TaxRateRow[]): { general: TaxRateRow | undefined; own: TaxRateRow[] } {
  const best = new Map<number | null, TaxRateRow>();
  for (const row of rows) {
    const kept = best.get(row.categoryId);
    if (!kept || precision(row) > precision(kept)) best.set(row.categoryId, row);
  }
  const general = best.get(null);
  const own = [...best.values()].filter(
    (row) => row.categoryId !== null && (!general || precision(row) >= precision(general)),
  );
  return { general, own };
}

/** The region as the shop's rates name it: its name from the country's list ("NY" is New York), else as given. */
function regionOf(countryCode: string, region: string | null | undefined): string | null {
  const text = region?.trim();
  if (!text) return null;
  return findRegion(countryCode, text) ?? text;
}

/**
 * The taxes of a delivery to `country` (a code or an English name) and `region`: the rates of its country, region
 * and shipping zone, and how the destination shows prices. A country that is not one is a field error on `field`.
 */
export async function taxView(
  ctx: RequestContext,
  input: { country: string; region?: string | null | undefined; field: string },
): Promise<TaxView> {
  const countryCode = findCountryCode(input.country);
  if (!countryCode) throw new ValidationError({ [input.field]: [COUNTRY_NOT_FOUND] });
  const name = countryName(countryCode);
  const region = regionOf(countryCode, input.region);
  const [rows, pricesIncludeTax] = await Promise.all([
    findZoneIdForCountry(ctx, countryCode).then((zoneId) =>
      listRatesForPlace(ctx.scope, { countryCode, region, zoneId }),
    ),
    findPricesIncludeTax(ctx.scope),
  ]);
  const { general, own } = effectiveRates(rows);
  const named = general ?? own[0];
  const display: TaxDisplay = named?.display ?? 'added';
  return {
    countryCode,
    countryName: name,
    region,
    display,
    pricesIncludeTax,
    rates: [...(general ? [general] : []), ...own].map((row) => ({
      categoryId: row.categoryId,
      name: row.name,
      basisPoints: row.basisPoints,
    })),
    notice: taxNotice({ display, countryName: name, taxName: named?.name ?? null }),
  };
}

/** A tax of an order on the wire. */
export function toOrderTax(tax: TaxAmount & { included: boolean }): OrderTax {
  return {
    name: tax.name,
    rate: basisPointsToPercent(tax.basisPoints),
    amount: formatMinor(tax.cents),
    included: tax.included,
  };
}

/**
 * The query of `GET /tax/destination/` as its answer is cached: the country as its code, the region by its name from
 * the country's list. Region text a listed country does not have names no rate (the shop's rates take their regions
 * from the list), so it is dropped; for a country without a list any text may name a rate, so such a query is
 * answered but not cached (`cacheable: false`): made-up regions cannot fill the cache. Null: not a country (a 400).
 */
export function taxDestinationCacheQuery(
  country: string,
  region: string | null,
): { country: string; region: string | null; cacheable: boolean } | null {
  const code = findCountryCode(country);
  if (!code) return null;
  const text = region?.trim() ?? '';
  if (!text) return { country: code, region: null, cacheable: true };
  const known = findRegion(code, text);
  if (known) return { country: code, region: known, cacheable: true };
  if (regionNames(code).length > 0) return { country: code, region: null, cacheable: true };
  return { country: code, region: text, cacheable: false };
}

/** `GET /tax/destination/`: how a destination's prices are shown, and its rates. */
export async function getTaxDestination(
  ctx: RequestContext,
  query: { country: string; region?: string | undefined },
): Promise<TaxDestination> {
  const view = await taxView(ctx, { ...query, field: 'country' });
  return {
    country: view.countryCode,
    country_name: view.countryName,
    display: view.display,
    prices_include_tax: view.pricesIncludeTax,
    rates: view.rates.map((rate) => ({
      category_id: rate.categoryId,
      name: rate.name,
      rate: basisPointsToPercent(rate.basisPoints),
    })),
    notice: view.notice,
  };
}
