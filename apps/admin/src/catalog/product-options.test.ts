import { AdminProductOptionsBody, AdminProductVariantsBody } from '@platform/contracts/admin-catalog';
import { describe, expect, it } from 'vitest';
import { optionsBody, valuesOf, variantsBody } from './product-options.ts';

describe('the Options section’s bodies', () => {
  it('reads option values from a comma list, trimmed, empty ones left out', () => {
    expect(valuesOf(' 10 inch, 12 inch ,, ')).toEqual(['10 inch', '12 inch']);
    expect(valuesOf(undefined)).toEqual([]);
  });

  it('sends the option types and personalisation fields as the API takes them', () => {
    const body = optionsBody({
      options: [{ name: ' Blade length ', values: '10 inch, 12 inch' }],
      personalisation: [{ key: 'engraving', label: 'Engraving', max_length: 20, price: '15.00', required: false }],
    });
    expect(body).toEqual({
      options: [{ name: 'Blade length', values: ['10 inch', '12 inch'] }],
      personalisation: [{ key: 'engraving', label: 'Engraving', max_length: 20, price: '15.00', required: false }],
    });
    expect(AdminProductOptionsBody.safeParse(body).success).toBe(true);
  });

  it('sends every row of the grid, an empty price or weight as none, the pictures chosen in their order', () => {
    const body = variantsBody([
      { id: 1, sku: ' KH-10 ', price: '', price_before_discount: null, stock: 3, weight_grams: null, is_active: true },
      {
        id: 2,
        sku: 'KH-12',
        price: '120.00',
        price_before_discount: '150.00',
        stock: 0,
        weight_grams: 900,
        image_ids: [31, 30],
        is_active: false,
      },
    ]);
    expect(body.variants).toEqual([
      {
        id: 1,
        sku: 'KH-10',
        price: null,
        price_before_discount: null,
        stock: 3,
        weight_grams: null,
        image_ids: [],
        is_active: true,
      },
      {
        id: 2,
        sku: 'KH-12',
        price: '120.00',
        price_before_discount: '150.00',
        stock: 0,
        weight_grams: 900,
        image_ids: [31, 30],
        is_active: false,
      },
    ]);
    expect(AdminProductVariantsBody.safeParse(body).success).toBe(true);
  });
});
