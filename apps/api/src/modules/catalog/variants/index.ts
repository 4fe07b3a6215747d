// A product's options and variants (decision 018): its option types and personalisation, its variants as staff write
// them and as the seed creates them, and the old addresses of products merged into another.

export {
  filledPersonalisationCents,
  lineCustomization,
  type OptionType,
  type PersonalisationRule,
  personalisationCents,
  variantOptions,
  withVariantOptions,
} from './product-options.ts';
export { writeOptionsByStaff, writeVariantsByStaff } from './variants.admin.ts';
export {
  createProductVariants,
  findProductRedirect,
  findVariantSkuOwners,
  isSoldInOptions,
  listVariantsOfProducts,
  MAX_OPTION_TYPES,
  type NewPersonalisationField,
  type NewProductOptions,
  type NewProductVariant,
  optionsForStaff,
  ProductMovedError,
  type ProductVariantRow,
  type VariantRow,
  type VariantStock,
  variantLabels,
} from './variants.service.ts';
