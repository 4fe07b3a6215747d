// The administration of tax (`/api/admin/tax-rates/`, `/api/admin/tax-settings/`): the rates a shop charges per
// shipping zone or country (and region), optionally per category, and whether it enters its prices with tax
// (decision 016). A subpath of its own (`@platform/contracts/admin-tax`): only the API and the admin app load it.
import './browser.ts';
import { z } from 'zod';
import { AdminListQuery, adminOrdering, adminPage } from './admin.ts';
import { TaxDisplay, TaxPercent } from './tax.ts';

/**
 * A tax rate as staff see it. It applies where it names: a shipping zone (`zone`), or a country (`country`, a code)
 * and within it a region (`region`, e.g. a US state); for one category (`category`) or, null, for every product
 * without a rate of its own, and the shipping. The most precise place wins: region, then country, then zone.
 */
export const AdminTaxRate = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The percent, "19.00". */
  rate: z.string(),
  zone: z.number().int().nullable(),
  zone_name: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  category: z.number().int().nullable(),
  category_name: z.string().nullable(),
  /** How the destination shows prices: with this tax `included` (VAT, GST) or `added` at checkout (sales tax). */
  display: TaxDisplay,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminTaxRate = z.infer<typeof AdminTaxRate>;
export const AdminTaxRatePage = adminPage(AdminTaxRate);

/** `GET /admin/tax-rates/`: pages, search by name or country code, an ordering of the allowlist. */
export const AdminTaxRateListQuery = AdminListQuery.extend({
  ordering: adminOrdering('name', 'rate', 'country', 'created_at'),
});
export type AdminTaxRateListQuery = z.infer<typeof AdminTaxRateListQuery>;

const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.literal('').transform(() => null)]).nullable();

const taxRateFields = {
  name: z.string().trim().min(1, { error: 'Enter a name, such as VAT.' }).max(60),
  rate: TaxPercent,
  zone: z.number().int().positive().nullable(),
  /** A country's code or English name. */
  country: blankToNull(z.string().trim().max(100)),
  region: blankToNull(z.string().trim().max(100)),
  category: z.number().int().positive().nullable(),
  display: TaxDisplay,
};

/** `POST /admin/tax-rates/`: a name, a rate, and a zone or a country. */
export const AdminTaxRateCreateBody = z.object(taxRateFields).partial().required({ name: true, rate: true }).strict();
export type AdminTaxRateCreateBody = z.infer<typeof AdminTaxRateCreateBody>;

/** `PATCH /admin/tax-rates/{id}/`: the fields to change. */
export const AdminTaxRateUpdateBody = z.object(taxRateFields).partial().strict();
export type AdminTaxRateUpdateBody = z.infer<typeof AdminTaxRateUpdateBody>;

/** `GET`/`PATCH /admin/tax-settings/`: the shop's prices are entered with tax (for destinations that show it). */
export const AdminTaxSettings = z.object({ prices_include_tax: z.boolean() });
export type AdminTaxSettings = z.infer<typeof AdminTaxSettings>;
export const AdminTaxSettingsBody = AdminTaxSettings.partial().strict();
export type AdminTaxSettingsBody = z.infer<typeof AdminTaxSettingsBody>;
