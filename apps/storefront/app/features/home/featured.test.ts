import type { Category, HomePage, ProductSummary } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { featuredQuery, inChosenOrder } from './featured.ts';

const categories = [
  { id: 3, slug: 'bowls', name: 'Bowls' },
  { id: 5, slug: 'mugs', name: 'Mugs' },
] as Category[];

const choice = (featured: Partial<HomePage['featured']>): HomePage['featured'] => ({
  heading: 'Featured',
  source: 'flagged',
  category: null,
  products: [],
  ...featured,
});

describe("the home page's featured shelf", () => {
  it('lists the flagged products, a category by its slug, or the chosen products by id', () => {
    expect(featuredQuery(choice({}), categories)).toEqual({ is_active: true, page: 1, featured: true, page_size: 4 });
    expect(featuredQuery(choice({ source: 'category', category: 5 }), categories)).toEqual({
      is_active: true,
      page: 1,
      category__slug: 'mugs',
      page_size: 4,
    });
    expect(featuredQuery(choice({ source: 'products', products: [9, 2, 7] }), categories)).toEqual({
      is_active: true,
      page: 1,
      id: ['9', '2', '7'],
      page_size: 3,
    });
  });

  it('shows no shelf for a category the shop no longer has, or no product chosen', () => {
    expect(featuredQuery(choice({ source: 'category', category: 99 }), categories)).toBeNull();
    expect(featuredQuery(choice({ source: 'products', products: [] }), categories)).toBeNull();
  });

  it("keeps the owner's order of the chosen products", () => {
    const products = [{ id: 2 }, { id: 7 }, { id: 9 }] as ProductSummary[];
    const ordered = inChosenOrder(products, choice({ source: 'products', products: [9, 2, 7] }));
    expect(ordered.map((product) => product.id)).toEqual([9, 2, 7]);
    expect(inChosenOrder(products, choice({})).map((product) => product.id)).toEqual([2, 7, 9]);
  });
});
