import { AdminProductOptionsBody, AdminProductVariantsBody } from '@platform/contracts/admin-catalog';
import { describe, expect, it } from 'vitest';
import { gridRows, optionsBody, valuesOf, variantsBody } from './product-options.ts';

/** A row without a page of its own: the product's lead text, specifications and alt texts. */
/** A row without a page or customs details of its own: the product's. */
const NO_PAGE = {
  description: null,
  attributes: [],
  image_alt_texts: [],
  hs_code: null,
  country_of_origin: null,
  customs_description: null,
};

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

  it('sends every row of the grid, an empty price, weight or lead time as none, the pictures chosen in their order', () => {
    const body = variantsBody([
      {
        id: 1,
        sku: ' KH-10 ',
        price: '',
        price_before_discount: null,
        stock: 3,
        made_to_order: true,
        lead_time_days: '21',
        weight_grams: null,
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
    expect(body.variants).toEqual([
      {
        id: 1,
        sku: 'KH-10',
        price: null,
        price_before_discount: null,
        stock: 3,
        made_to_order: true,
        lead_time_days: 21,
        weight_grams: null,
        image_ids: [],
        is_active: true,
        ...NO_PAGE,
      },
      {
        id: 2,
        sku: 'KH-12',
        price: '120.00',
        price_before_discount: '150.00',
        stock: 0,
        made_to_order: false,
        lead_time_days: null,
        weight_grams: 900,
        image_ids: [31, 30],
        is_active: false,
        ...NO_PAGE,
      },
    ]);
    expect(AdminProductVariantsBody.safeParse(body).success).toBe(true);
  });

  it('sends a row’s own page, its empty fields as the product’s, and reads it back as the form edits it', () => {
    const variant = {
      id: 3,
      sku: 'KH-15',
      options: { 'Blade length': '15 inch' },
      price: null,
      price_before_discount: null,
      stock: 1,
      made_to_order: false,
      lead_time_days: null,
      weight_grams: null,
      image_ids: [],
      is_active: true,
      position: 2,
      description: 'A 15 inch blade.',
      attributes: [{ key: 'Blade length', value: '15 inches (38 cm)' }],
      image_alt_texts: [{ image_id: 30, alt_text: 'Khukuri, 15-inch blade' }],
      hs_code: null,
      country_of_origin: null,
      customs_description: null,
    };
    const [row] = gridRows([variant], { price: '100.00', price_before_discount: null });
    expect(row).toMatchObject({ alts: { p30: 'Khukuri, 15-inch blade' } });
    expect(variantsBody([row as NonNullable<typeof row>]).variants[0]).toMatchObject({
      description: 'A 15 inch blade.',
      attributes: [{ key: 'Blade length', value: '15 inches (38 cm)' }],
      image_alt_texts: [{ image_id: 30, alt_text: 'Khukuri, 15-inch blade' }],
    });

    const edited = variantsBody([
      {
        ...(row as NonNullable<typeof row>),
        description: '   ',
        attributes: [{ key: ' Weight ', value: ' 850 g ' }, { key: '', value: '' }, null],
        alts: { p31: ' Close-up, 15 inch ', p30: '', p29: null },
      },
    ]);
    expect(edited.variants[0]).toMatchObject({
      description: null,
      attributes: [{ key: 'Weight', value: '850 g' }],
      image_alt_texts: [{ image_id: 31, alt_text: 'Close-up, 15 inch' }],
    });
    expect(AdminProductVariantsBody.safeParse(edited).success).toBe(true);

    // Customs details of its own where they differ (issue 48): trimmed, the country's code in capitals, blank none.
    const customs = variantsBody([
      {
        ...(row as NonNullable<typeof row>),
        hs_code: ' 8211.92.90 ',
        country_of_origin: 'in',
        customs_description: '  ',
      },
    ]);
    expect(customs.variants[0]).toMatchObject({
      hs_code: '8211.92.90',
      country_of_origin: 'IN',
      customs_description: null,
    });
    expect(AdminProductVariantsBody.safeParse(customs).success).toBe(true);
  });

  it('shows the default variant’s prices, which are the product’s, so that a save keeps them', () => {
    const variant = (id: number, is_active: boolean, price: string | null) => ({
      id,
      sku: `KH-${id}`,
      options: { Finish: `F${id}` },
      price,
      price_before_discount: null,
      stock: 1,
      made_to_order: false,
      lead_time_days: null,
      weight_grams: null,
      image_ids: [],
      is_active,
      position: id,
      description: null,
      attributes: [],
      image_alt_texts: [],
      hs_code: null,
      country_of_origin: null,
      customs_description: null,
    });
    // The first row is off sale: the second, the first on sale, is the default.
    const rows = gridRows([variant(1, false, '80.00'), variant(2, true, null), variant(3, true, '110.00')], {
      price: '90.00',
      price_before_discount: '120.00',
    });
    expect(rows.map((row) => [row.price, row.price_before_discount])).toEqual([
      ['80.00', null],
      ['90.00', '120.00'],
      ['110.00', null],
    ]);
    expect(variantsBody(rows).variants[1]).toMatchObject({ price: '90.00', price_before_discount: '120.00' });
  });
});
