// The Options section's forms as the API takes them: option values as a comma list, empty prices as the product's.
import type { AdminProductOptionsBody, AdminProductVariantsBody } from '@platform/contracts/admin-catalog';

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
  weight_grams: number | null;
  /** The product's pictures shown first for the variant (ids of `AdminProduct.images`), in their order. */
  image_ids?: number[] | null;
  is_active: boolean;
}

const blankIsNull = (value: unknown) => (value === '' || value === undefined || value === null ? null : value);

/** The grid's save: every row's fields, an empty price as the product's, no pictures chosen as none of its own. */
export function variantsBody(rows: GridRow[]): AdminProductVariantsBody {
  return {
    variants: rows.map((row) => ({
      id: row.id,
      sku: row.sku.trim(),
      price: blankIsNull(row.price) as string | null,
      price_before_discount: blankIsNull(row.price_before_discount) as string | null,
      stock: Number(row.stock),
      weight_grams: blankIsNull(row.weight_grams) === null ? null : Number(row.weight_grams),
      image_ids: (row.image_ids ?? []).map(Number),
      is_active: Boolean(row.is_active),
    })),
  };
}
