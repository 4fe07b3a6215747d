// Shipping: countries (ISO 3166-1 alpha-2 codes, English names), a shop's shipping zones, and the quote the checkout
// shows. Names come from `Intl.DisplayNames`, so the list costs a few hundred bytes of codes, not a table of names.
// `@platform/contracts/shipping`, apart from the package's index: only the checkout, the API and the admin app load it.
import './browser.ts';
import { z } from 'zod';
import { AdminListQuery, adminOrdering, adminPage } from './admin.ts';
import { AdminPrice } from './admin-catalog.ts';
import { CountryCode } from './countries.ts';
import { Money } from './money.ts';
import { COUNTRY_CODES } from './places.ts';
import { OrderTax } from './tax.ts';

export { COUNTRY_CODES, CountryCode } from './countries.ts';
export { countryChoices, countryName, findCountryCode } from './places.ts';

/** How long delivery takes, as customers read it: '3–7 business days', '1 business day'. */
export function deliveryEstimateText(minDays: number, maxDays: number): string {
  if (minDays === maxDays) return `${minDays} business ${minDays === 1 ? 'day' : 'days'}`;
  return `${minDays}–${maxDays} business days`;
}

/** The field message of a country that is not one of the list. */
export const COUNTRY_NOT_FOUND = 'Choose a country from the list.';

/** `GET /orders/shipping-quote/?country=&region=`: the country's English name or its code, and its region if any. */
export const ShippingQuoteQuery = z.object({
  country: z.string({ error: 'This field is required.' }).trim().min(1, { error: 'This field is required.' }).max(200),
  region: z.string().trim().max(100).optional(),
});
export type ShippingQuoteQuery = z.infer<typeof ShippingQuoteQuery>;

/**
 * What the signed-in customer's cart costs delivered to a country, computed by the server from its cart and the
 * shop's zones: the same amounts placing the order then charges.
 */
export const ShippingQuote = z.object({
  country: z.string(),
  country_name: z.string(),
  /** The shipping zone that serves the country ('' for a shop without zones: shipping is free). */
  zone: z.string(),
  subtotal: Money,
  /** What the cart's discounts take off with this shipping (free shipping included); `total` is net of it. */
  discount: Money,
  shipping: Money,
  /** Tax added to the total ("0.00" when none, or when the prices include it), and every tax per rate. */
  tax: Money,
  taxes: z.array(OrderTax),
  total: Money,
  total_items: z.number().int(),
  /** The order amount from which shipping is free in this zone, if it is. */
  free_above: Money.nullable(),
  delivery_estimate: z.string(),
  /**
   * Platform extension (issue 48): for a destination outside the shop's country, the shop's notice that import duties
   * and taxes may be charged on delivery; null at home, and where a tax rate of the destination already collects them.
   */
  duties_notice: z.string().nullable(),
});
export type ShippingQuote = z.infer<typeof ShippingQuote>;

// ── Administration ───────────────────────────────────────────────────────────────────────────────────────────────

/** A shipping zone as staff see it: its countries (codes), rates and delivery estimate. */
export const AdminShippingZone = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Codes; empty for the default zone, which serves every country no other zone lists. */
  countries: z.array(z.string()),
  is_default: z.boolean(),
  /** Charged once per order. */
  flat_rate: Money,
  /** From this order amount (the subtotal) on, shipping is free; null: never free. */
  free_above: Money.nullable(),
  /** Added for each item of the order. */
  per_item: Money,
  delivery_days_min: z.number().int(),
  delivery_days_max: z.number().int(),
  delivery_estimate: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminShippingZone = z.infer<typeof AdminShippingZone>;
export const AdminShippingZonePage = adminPage(AdminShippingZone);

/** `GET /admin/shipping-zones/`: pages, search by name, an ordering of the allowlist (the default zone last). */
export const AdminShippingZoneListQuery = AdminListQuery.extend({
  ordering: adminOrdering('name', 'flat_rate', 'created_at'),
});
export type AdminShippingZoneListQuery = z.infer<typeof AdminShippingZoneListQuery>;

const deliveryDays = () => z.number().int().min(0).max(365);

const zoneFields = {
  name: z.string().trim().min(1).max(100),
  countries: z.array(CountryCode).max(COUNTRY_CODES.length),
  is_default: z.boolean(),
  flat_rate: AdminPrice,
  /** Null, or '' (a cleared form field): shipping is never free in the zone. */
  free_above: z.union([AdminPrice, z.literal('').transform(() => null)]).nullable(),
  per_item: AdminPrice,
  delivery_days_min: deliveryDays(),
  delivery_days_max: deliveryDays(),
};

/** `POST /admin/shipping-zones/`: a name and the rates; countries unless it is the default zone. */
export const AdminShippingZoneCreateBody = z
  .object(zoneFields)
  .partial()
  .required({ name: true, flat_rate: true, delivery_days_min: true, delivery_days_max: true })
  .strict();
export type AdminShippingZoneCreateBody = z.infer<typeof AdminShippingZoneCreateBody>;

/** `PATCH /admin/shipping-zones/{id}/`: the fields to change. */
export const AdminShippingZoneUpdateBody = z.object(zoneFields).partial().strict();
export type AdminShippingZoneUpdateBody = z.infer<typeof AdminShippingZoneUpdateBody>;
