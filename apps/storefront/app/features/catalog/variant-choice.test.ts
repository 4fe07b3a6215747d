import type { PersonalisationField, ProductVariant } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { valueState } from './components/variant-options.tsx';
import { customizationOf, missingField } from './personalisation.ts';
import {
  initialSelection,
  matchVariant,
  variantAttributes,
  variantDescription,
  variantImageAlts,
  variantImageOrder,
  variantPath,
} from './variant-choice.ts';
import { variantParam } from './variant-param.ts';

function variant(id: number, options: Record<string, string>, stock: number, extra: Partial<ProductVariant> = {}) {
  return {
    id,
    sku: `SKU-${id}`,
    options,
    price: '85.00',
    price_before_discount: null,
    stock,
    weight_grams: null,
    image_ids: [],
    is_default: false,
    ...extra,
  } satisfies ProductVariant;
}

// Two lengths by two finishes, one combination not sold and one sold out.
const product = {
  options: [
    { name: 'Blade length', values: ['10 inch', '12 inch'] },
    { name: 'Finish', values: ['Satin', 'Mirror-polished'] },
  ],
  variants: [
    variant(1, { 'Blade length': '10 inch', Finish: 'Satin' }, 4),
    variant(2, { 'Blade length': '12 inch', Finish: 'Satin' }, 0, { is_default: false }),
    variant(3, { 'Blade length': '12 inch', Finish: 'Mirror-polished' }, 2, { is_default: true }),
  ],
};

describe('the variant a choice names', () => {
  it('is the one whose every value is chosen, none when that combination is not sold', () => {
    expect(matchVariant(product, { 'Blade length': '12 inch', Finish: 'Satin' })?.id).toBe(2);
    expect(matchVariant(product, { 'Blade length': '12 inch', Finish: 'Mirror-polished' })?.id).toBe(3);
    expect(matchVariant(product, { 'Blade length': '10 inch', Finish: 'Mirror-polished' })).toBeNull();
    expect(matchVariant(product, { 'Blade length': '10 inch' })).toBeNull();
  });

  it('opens as the address names it, else as the default variant', () => {
    expect(initialSelection(product, 1)).toEqual({ 'Blade length': '10 inch', Finish: 'Satin' });
    expect(initialSelection(product, null)).toEqual({ 'Blade length': '12 inch', Finish: 'Mirror-polished' });
    expect(initialSelection(product, 999)).toEqual({ 'Blade length': '12 inch', Finish: 'Mirror-polished' });
    const noDefault = { ...product, variants: product.variants.map((item) => ({ ...item, is_default: false })) };
    expect(initialSelection(noDefault, null)).toEqual({ 'Blade length': '10 inch', Finish: 'Satin' });
  });

  it('reads the address’s variant only as a positive whole number', () => {
    expect(variantParam('?variant=12')).toBe(12);
    expect(variantParam('?x=1&variant=7')).toBe(7);
    for (const search of ['', '?variant=', '?variant=0', '?variant=-3', '?variant=1.5', '?variant=abc']) {
      expect(variantParam(search), search).toBeNull();
    }
    expect(variantPath('kami', 12)).toBe('/products/kami?variant=12');
    expect(variantPath('kami', null)).toBe('/products/kami');
  });
});

describe('which values lead somewhere buyable', () => {
  it('says, the other types as chosen, whether a value gives a variant with stock, one without, or none', () => {
    const chosen = { 'Blade length': '12 inch', Finish: 'Mirror-polished' };
    const of = (selection: Record<string, string>) => matchVariant(product, selection);
    expect(valueState(of, chosen, 'Finish', 'Mirror-polished')).toBe('available');
    expect(valueState(of, chosen, 'Finish', 'Satin')).toBe('sold-out');
    expect(valueState(of, chosen, 'Blade length', '10 inch')).toBe('missing');
    expect(valueState(of, { ...chosen, Finish: 'Satin' }, 'Blade length', '10 inch')).toBe('available');
  });
});

describe('a variant’s pictures', () => {
  const images = [{ key: '10' }, { key: '11' }, { key: '12' }];

  it('come first, in their order, before the product’s others', () => {
    const chosen = variant(5, {}, 1, { image_ids: [12, 99, 11] });
    expect(variantImageOrder(images, chosen).map((image) => image.key)).toEqual(['12', '11', '10']);
  });

  it('leave the product’s order alone when it has none', () => {
    expect(variantImageOrder(images, variant(5, {}, 1))).toBe(images);
    expect(variantImageOrder(images, null)).toBe(images);
  });
});

describe('the personalisation sent to the cart', () => {
  const fields: PersonalisationField[] = [
    { key: 'Engraving', label: 'Engraving text', max_length: 20, price: '15.00', required: false },
    { key: 'Gift_note', label: 'Gift note', max_length: 40, price: '0.00', required: true },
  ];

  it('carries each filled-in field under its key, trimmed, and leaves empty optional ones out', () => {
    expect(customizationOf(fields, { Engraving: '  Ram  ', Gift_note: 'For Dad' })).toEqual({
      Engraving: 'Ram',
      Gift_note: 'For Dad',
    });
    expect(customizationOf(fields, { Engraving: '   ', Gift_note: 'For Dad' })).toEqual({ Gift_note: 'For Dad' });
  });

  it('names the first required field left empty', () => {
    expect(missingField(fields, { Engraving: 'Ram' })?.key).toBe('Gift_note');
    expect(missingField(fields, { Gift_note: ' ' })?.key).toBe('Gift_note');
    expect(missingField(fields, { Gift_note: 'For Dad' })).toBeNull();
  });
});

describe('a variant’s own page', () => {
  const page = {
    description: 'The everyday khukuri: a 10 inch blade.',
    attributes: [
      { id: 7, key: 'Steel', value: '5160 carbon steel', order: 2 },
      { id: 5, key: 'Blade length', value: '10 inches (25 cm)', order: 0 },
      { id: 6, key: 'Weight', value: '550 g', order: 1 },
    ],
  };
  const fifteen = variant(9, { 'Blade length': '15 inch' }, 3, {
    description: 'The everyday khukuri: a 15 inch blade.',
    attributes: [
      { key: 'Blade length', value: '15 inches (38 cm)' },
      { key: 'Sheath', value: 'Longer leather sheath' },
    ],
    image_alt_texts: [{ image_id: 21, alt_text: 'Angkhola, 15-inch blade, whole piece' }],
  });
  const plain = variant(8, { 'Blade length': '10 inch' }, 3, {
    description: null,
    attributes: [],
    image_alt_texts: [],
  });

  it('says the variant’s lead text, else the product’s', () => {
    expect(variantDescription(page, fifteen)).toBe('The everyday khukuri: a 15 inch blade.');
    expect(variantDescription(page, plain)).toBe(page.description);
    expect(variantDescription(page, null)).toBe(page.description);
    // An answer of an API without variant pages: the product's.
    expect(variantDescription(page, variant(4, {}, 1))).toBe(page.description);
  });

  it('lists the product’s specifications in their order with the variant’s values, then its own others', () => {
    expect(variantAttributes(page, fifteen).map(({ key, value }) => `${key}: ${value}`)).toEqual([
      'Blade length: 15 inches (38 cm)',
      'Weight: 550 g',
      'Steel: 5160 carbon steel',
      'Sheath: Longer leather sheath',
    ]);
    expect(variantAttributes(page, plain).map(({ value }) => value)).toEqual([
      '10 inches (25 cm)',
      '550 g',
      '5160 carbon steel',
    ]);
    const keys = variantAttributes(page, fifteen).map(({ id }) => id);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the pictures the variant names its alt texts, the others theirs', () => {
    const images = [
      { key: '21', alt: 'Angkhola, 10-inch blade, whole piece' },
      { key: '22', alt: 'Angkhola, close-up' },
    ];
    expect(variantImageAlts(images, fifteen).map((image) => image.alt)).toEqual([
      'Angkhola, 15-inch blade, whole piece',
      'Angkhola, close-up',
    ]);
    expect(variantImageAlts(images, plain)).toBe(images);
  });
});
