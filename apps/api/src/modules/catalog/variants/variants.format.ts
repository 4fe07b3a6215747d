// A product's options, personalisation and variants as staff read them (decision 018).
import { formatMinor } from '@platform/contracts';
import type { AdminProduct } from '@platform/contracts/admin-catalog';
import type { products } from '../../../db/schema/index.ts';
import { variantOptions } from './product-options.ts';
import type { VariantRow } from './variants-admin.repository.ts';

const money = (cents: number | null) => (cents === null ? null : formatMinor(cents));

/**
 * The `options`, `personalisation` and `variants` of the admin's product. The default variant (the first on sale)
 * shows the product's before-discount price, which is its own (decision 020); its price stays null, the product's.
 */
export function productOptionsOf(
  product: Pick<typeof products.$inferSelect, 'options' | 'personalisation' | 'priceBeforeDiscountCents'>,
  variants: VariantRow[],
): Pick<AdminProduct, 'options' | 'personalisation' | 'variants'> {
  const defaultId = [...variants]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .find((variant) => variant.isActive)?.id;
  return {
    options: product.options.map((option) => ({ name: option.name, values: [...option.values] })),
    personalisation: product.personalisation.map((field) => ({
      key: field.key,
      label: field.label,
      max_length: field.max_length,
      price: formatMinor(field.price_cents),
      required: field.required,
    })),
    variants: variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      options: variantOptions(product.options, variant.optionValues),
      price: money(variant.priceCents),
      price_before_discount: money(
        variant.id === defaultId ? product.priceBeforeDiscountCents : variant.priceBeforeDiscountCents,
      ),
      stock: variant.stock,
      made_to_order: variant.madeToOrder,
      lead_time_days: variant.leadTimeDays,
      weight_grams: variant.weightGrams,
      image_ids: variant.imageIds,
      is_active: variant.isActive,
      position: variant.position,
      description: variant.description,
      attributes: variant.attributes.map(({ key, value }) => ({ key, value })),
      image_alt_texts: variant.imageAltTexts.map(({ image_id, alt_text }) => ({ image_id, alt_text })),
      hs_code: variant.hsCode,
      country_of_origin: variant.countryOfOrigin,
      customs_description: variant.customsDescription,
    })),
  };
}
