import type { CartItem } from '@platform/contracts';
import { customizationText } from '@platform/contracts/plain';

/**
 * A cart line's customization as text ("Blade length: 12 inch, Finish: Mirror-polished, engraving: Ram"): the
 * variant's options first, in the order of the product's option types (the stored map keeps no order of its keys;
 * the server writes an option under its name with spaces as underscores), then what the shopper wrote.
 */
export function lineCustomizationText(item: Pick<CartItem, 'customization' | 'variant'>): string {
  const optionKeys = Object.keys(item.variant?.options ?? {}).map((name) => name.trim().replace(/\s+/g, '_'));
  const keys = Object.keys(item.customization);
  const ordered = [
    ...optionKeys.filter((key) => keys.includes(key)),
    ...keys.filter((key) => !optionKeys.includes(key)),
  ];
  return customizationText(Object.fromEntries(ordered.map((key) => [key, item.customization[key] ?? ''])));
}
