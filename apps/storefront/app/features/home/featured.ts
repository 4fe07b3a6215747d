// What the home page's featured shelf lists, for the shop's featured choice (its content, `HomePage.featured`).
import type { Category, HomePage, ProductSummary } from '@platform/contracts';

/** How many products a flagged or category shelf shows: one row of the grid. */
export const SHELF_SIZE = 4;

/** The product list's query for a featured choice; null when it names nothing the shop has (no shelf). */
export function featuredQuery(
  featured: HomePage['featured'],
  categories: readonly Category[],
): Record<string, string | number | boolean | readonly string[]> | null {
  const base = { is_active: true, page: 1 };
  if (featured.source === 'flagged') return { ...base, featured: true, page_size: SHELF_SIZE };
  if (featured.source === 'category') {
    const category = categories.find((candidate) => candidate.id === featured.category);
    return category ? { ...base, category__slug: category.slug, page_size: SHELF_SIZE } : null;
  }
  return featured.products.length > 0
    ? { ...base, id: featured.products.map(String), page_size: featured.products.length }
    : null;
}

/** The chosen products in the owner's order (the list answers them in its own); others as they came. */
export function inChosenOrder(products: ProductSummary[], featured: HomePage['featured']): ProductSummary[] {
  if (featured.source !== 'products') return products;
  const position = new Map(featured.products.map((id, index) => [id, index]));
  return [...products].sort(
    (a, b) => (position.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (position.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
}
