// The Options section's forms as the API takes them: option values as a comma list, empty prices as the product's.
import type {
  AdminProductOptionsBody,
  AdminProductVariant,
  AdminProductVariantsBody,
} from '@platform/contracts/admin-catalog';

/** The values of a comma list, trimmed, empty ones left out. */
export function valuesOf(text: unknown): string[] {
  return String(text ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

export interface OptionsForm {
  options: { name: string; values: string }[];
  personalisation: { key: string; label: string; max_length: number; price: string; required: boolean }[];
}

/** The options call's body from the form. */
export function optionsBody(data: OptionsForm): AdminProductOptionsBody {
  return {
    options: (data.options ?? []).map((option) => ({ name: option.name.trim(), values: valuesOf(option.values) })),
    personalisation: (data.personalisation ?? []).map((field) => ({
      key: field.key,
      label: field.label.trim(),
      max_length: Number(field.max_length),
      price: field.price,
      required: Boolean(field.required),
    })),
  };
}

export interface GridRow {
  id: number;
  sku: string;
  price: string | null;
  price_before_discount: string | null;
  stock: number;
  /** Made to order with its own lead time (issue 49); unmarked, it follows the product's. */
  made_to_order?: boolean | null;
  lead_time_days?: number | string | null;
  weight_grams: number | null;
  /** The product's pictures shown first for the variant (ids of `AdminProduct.images`), in their order. */
  image_ids?: number[] | null;
  is_active: boolean;
  /** Its own page (issue 45): lead text, specification values, pictures' alt texts; empty: the product's. */
  description?: string | null;
  attributes?: ({ key?: string | null; value?: string | null } | null)[] | null;
  /** Its own alt text of each of the product's pictures, under `altKey(picture id)`. */
  alts?: Record<string, string | null | undefined> | null;
  /** Its own customs details (issue 48); empty: the product's. */
  hs_code?: string | null;
  country_of_origin?: string | null;
  customs_description?: string | null;
}

/** Where the grid's form keeps a variant's alt text of a picture: `alts.p<picture id>`. */
export const altKey = (pictureId: number) => `p${pictureId}`;

/**
 * The grid's rows from the product's variants: their alt texts by picture, as the form edits them. The default
 * variant (the first on sale) has no prices of its own: its prices are the product's (decisions 018, 020), so its
 * row shows them. Empty, that row would lose a price just typed into it once saved, and its save would send the
 * before-discount price as none, taking the product's away.
 */
export function gridRows(
  variants: AdminProductVariant[],
  product: { price: string; price_before_discount: string | null },
): GridRow[] {
  const defaultId = variants.find((variant) => variant.is_active)?.id;
  return variants.map(({ image_alt_texts, attributes, ...variant }) => ({
    ...variant,
    ...(variant.id === defaultId ? { price: product.price, price_before_discount: product.price_before_discount } : {}),
    attributes: attributes.map((attribute) => ({ ...attribute })),
    alts: Object.fromEntries(image_alt_texts.map((text) => [altKey(text.image_id), text.alt_text])),
  }));
}

const trimmed = (text: unknown) => (typeof text === 'string' ? text.trim() : '');

/**
 * A row's own page and customs details as the API takes them: blank texts and empty specification rows are the
 * product's.
 */
function pageOf(row: GridRow) {
  return {
    description: trimmed(row.description) || null,
    attributes: (row.attributes ?? [])
      .map((attribute) => ({ key: trimmed(attribute?.key), value: trimmed(attribute?.value) }))
      .filter((attribute) => attribute.key !== '' || attribute.value !== ''),
    image_alt_texts: Object.entries(row.alts ?? {})
      .flatMap(([key, text]) =>
        /^p\d+$/.test(key) && trimmed(text) ? [{ image_id: Number(key.slice(1)), alt_text: trimmed(text) }] : [],
      )
      .sort((a, b) => a.image_id - b.image_id),
    hs_code: trimmed(row.hs_code) || null,
    country_of_origin: trimmed(row.country_of_origin).toUpperCase() || null,
    customs_description: trimmed(row.customs_description) || null,
  };
}

const blankIsNull = (value: unknown) => (value === '' || value === undefined || value === null ? null : value);

/**
 * The grid's save: every row's fields, an empty price as the product's, no pictures chosen as none of its own, its
 * own page's empty fields as the product's.
 */
export function variantsBody(rows: GridRow[]): AdminProductVariantsBody {
  return {
    variants: rows.map((row) => ({
      id: row.id,
      sku: row.sku.trim(),
      price: blankIsNull(row.price) as string | null,
      price_before_discount: blankIsNull(row.price_before_discount) as string | null,
      stock: Number(row.stock),
      made_to_order: Boolean(row.made_to_order),
      lead_time_days: blankIsNull(row.lead_time_days) === null ? null : Number(row.lead_time_days),
      weight_grams: blankIsNull(row.weight_grams) === null ? null : Number(row.weight_grams),
      image_ids: (row.image_ids ?? []).map(Number),
      is_active: Boolean(row.is_active),
      ...pageOf(row),
    })),
  };
}
