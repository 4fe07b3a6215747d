// A product's personalisation as the shopper fills it in (decision 018): what the cart is sent and which required
// field is left empty. Only the cart button reads it, after the product page's first load.
import type { PersonalisationField } from '@platform/contracts';

/** The personalisation the cart is sent: each field's text under its key, empty optional ones left out. */
export function customizationOf(fields: readonly PersonalisationField[], texts: Record<string, string>) {
  const customization: Record<string, string> = {};
  for (const field of fields) {
    const text = (texts[field.key] ?? '').trim();
    if (text) customization[field.key] = text;
  }
  return customization;
}

/** The first required field left empty, for its message; null when every required one is filled in. */
export function missingField(fields: readonly PersonalisationField[], texts: Record<string, string>) {
  return fields.find((field) => field.required && !(texts[field.key] ?? '').trim()) ?? null;
}
