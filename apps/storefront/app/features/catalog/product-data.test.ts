import { describe, expect, it } from 'vitest';
import { productData } from './product-data.ts';

const root = {
  loaderData: {
    settings: {
      site_title: 'Khukuri House',
      site_description: 'Hand-forged blades.',
      site_url: 'https://shop.example',
      logo: '',
    },
    mediaHost: '',
  },
};

describe('a product’s structured data', () => {
  it('describes a product’s offer from its price and stock, and its rating only when reviewed', () => {
    const product = {
      name: 'Blade',
      slug: 'blade',
      description: 'Sharp',
      long_html_description: '',
      price: '85.00',
      stock: 0,
      category: { name: 'Knives', slug: 'knives' },
      main_image: null,
      review_count: 0,
      average_rating: null,
      variants: [],
    } as unknown as Parameters<typeof productData>[1];
    const data = productData([root], product) as { offers: Record<string, string>; aggregateRating?: object };
    expect(data.offers).toMatchObject({
      price: '85.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
      url: 'https://shop.example/products/blade',
    });
    expect(data.aggregateRating).toBeUndefined();
  });

  it('gives a product sold in options one offer per variant: its SKU, price, stock and address', () => {
    const variant = (id: number, sku: string, price: string, stock: number) => ({ id, sku, price, stock });
    const product = {
      name: 'Kami',
      slug: 'kami',
      description: 'Sharp',
      long_html_description: '',
      price: '85.00',
      stock: 3,
      category: { name: 'Knives', slug: 'knives' },
      main_image: null,
      review_count: 0,
      average_rating: null,
      variants: [variant(7, 'KAMI-10', '85.00', 3), variant(8, 'KAMI-12', '95.00', 0)],
    } as unknown as Parameters<typeof productData>[1];
    const data = productData([root], product) as { offers: object[] };
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        sku: 'KAMI-10',
        url: 'https://shop.example/products/kami?variant=7',
        price: '85.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
      {
        '@type': 'Offer',
        sku: 'KAMI-12',
        url: 'https://shop.example/products/kami?variant=8',
        price: '95.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
      },
    ]);
  });
});
