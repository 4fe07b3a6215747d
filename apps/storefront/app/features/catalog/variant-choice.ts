// The shopper's choice of a product sold in options (decision 018): which variant a choice of values names, and what
// the page shows of it. Which values lead somewhere buyable is the pickers' (`valueState`), what the cart is sent of a
// personalisation the cart button's (personalisation.ts): both load after the page's first load. Pure: the page and
// its tests share it.
import type { Product, ProductVariant } from '@platform/contracts';

/** One value per option type, by the type's name. */
export type Selection = Record<string, string>;

/** The variant whose values are the selection's for every option type; null when no variant is sold so. */
export function matchVariant(product: Pick<Product, 'options' | 'variants'>, selection: Selection) {
  return (
    product.variants.find((variant) =>
      product.options.every((type) => variant.options[type.name] === selection[type.name]),
    ) ?? null
  );
}

/**
 * The choice a page opens with: the variant the address names (`?variant=`), else the default variant, else the
 * first one; every type has a value.
 */
export function initialSelection(product: Pick<Product, 'options' | 'variants'>, wanted: number | null): Selection {
  const variant =
    product.variants.find((candidate) => candidate.id === wanted) ??
    product.variants.find((candidate) => candidate.is_default) ??
    product.variants[0];
  return Object.fromEntries(
    product.options.map((type) => [type.name, variant?.options[type.name] ?? type.values[0] ?? '']),
  );
}

/** The variant's pictures first (its `image_ids`, in their order), then the product's others, as `key`s. */
export function variantImageOrder<T extends { key: string }>(images: T[], variant: ProductVariant | null): T[] {
  if (!variant || variant.image_ids.length === 0) return images;
  const first = variant.image_ids
    .map((id) => images.find((image) => image.key === String(id)))
    .filter((image): image is T => image !== undefined);
  return [...first, ...images.filter((image) => !first.includes(image))];
}

/** The lead text while a variant is chosen (issue 45): its own, else the product's. */
export function variantDescription(product: Pick<Product, 'description'>, variant: ProductVariant | null): string {
  return variant?.description || product.description;
}

/**
 * The specifications (Details) while a variant is chosen: the product's by their order, each value the variant's
 * own for its key where it has one, then the variant's keys the product lacks. `key` is the entry's React key.
 */
export function variantAttributes(
  product: Pick<Product, 'attributes'>,
  variant: ProductVariant | null,
): { id: string; key: string; value: string }[] {
  const own = new Map((variant?.attributes ?? []).map((attribute) => [attribute.key, attribute.value]));
  const productKeys = new Set(product.attributes.map((attribute) => attribute.key));
  return [
    ...[...product.attributes]
      .sort((a, b) => a.order - b.order)
      .map((attribute) => ({
        id: String(attribute.id),
        key: attribute.key,
        value: own.get(attribute.key) ?? attribute.value,
      })),
    ...(variant?.attributes ?? [])
      .filter((attribute) => !productKeys.has(attribute.key))
      .map((attribute) => ({ id: `variant-${attribute.key}`, key: attribute.key, value: attribute.value })),
  ];
}

/** The pictures with the variant's own alt texts (by the picture's id, its `key`), the product's for the others. */
export function variantImageAlts<T extends { key: string; alt: string }>(images: T[], variant: ProductVariant | null) {
  const own = new Map((variant?.image_alt_texts ?? []).map((text) => [String(text.image_id), text.alt_text]));
  if (own.size === 0) return images;
  return images.map((image) => {
    const alt = own.get(image.key);
    return alt ? { ...image, alt } : image;
  });
}

/** The address of a product with its variant chosen: `/products/{slug}?variant={id}`. */
export function variantPath(slug: string, variant: number | null): string {
  return `/products/${slug}${variant === null ? '' : `?variant=${variant}`}`;
}
