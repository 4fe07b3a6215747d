import { describe, expect, it } from 'vitest';
import { lineCustomizationText } from './line-customization.ts';

describe('a cart line’s customization as text', () => {
  it('shows the variant’s options first, in the order of the option types, with spaces in their names', () => {
    const item = {
      customization: { engraving: 'Ram', Finish: 'Mirror-polished', Blade_length: '12 inch' },
      variant: { id: 4, sku: 'ANG-12-MIR', options: { 'Blade length': '12 inch', Finish: 'Mirror-polished' } },
    };
    expect(lineCustomizationText(item)).toBe('Blade length: 12 inch, Finish: Mirror-polished, engraving: Ram');
  });

  it('shows a plain product’s customization as it is', () => {
    expect(lineCustomizationText({ customization: { gift_note: 'For Dad' }, variant: null })).toBe(
      'gift note: For Dad',
    );
    expect(lineCustomizationText({ customization: {}, variant: null })).toBe('');
  });
});
