// The rules of a product sold in options as a sale reads them (decision 018): a variant's options as the cart and the
// order carry them, and the texts a shopper writes for their piece. Pure: the cart and checkout apply them alike.
import { BadRequestError } from '../../lib/errors.ts';

/** A product's option type and a personalisation field, as `products.options` and `products.personalisation` hold. */
export type OptionType = { name: string; values: string[] };
export type PersonalisationRule = {
  key: string;
  label: string;
  max_length: number;
  price_cents: number;
  required: boolean;
};

/** The customization key of an option: its name with spaces as underscores ("Blade length" → "Blade_length"). */
export function optionKey(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}

/** A variant's options: each option type's name to this variant's value, in the types' order. */
export function variantOptions(types: OptionType[], values: string[]): Record<string, string> {
  const options: Record<string, string> = {};
  types.forEach((type, index) => {
    const value = values[index];
    if (value !== undefined) options[type.name] = value;
  });
  return options;
}

/**
 * A line's customization with the variant's options written in by the server (over anything the shopper sent under
 * those keys).
 */
export function withVariantOptions(
  customization: Record<string, string>,
  types: OptionType[],
  values: string[],
): Record<string, string> {
  const written = { ...customization };
  for (const [name, value] of Object.entries(variantOptions(types, values))) written[optionKey(name)] = value;
  return written;
}

/**
 * What the shopper's texts add to the unit price, checked against the product's fields: a filled-in field adds its
 * price; a text longer than its field allows, or a required one left empty, is refused (400).
 */
export function personalisationCents(fields: PersonalisationRule[], customization: Record<string, string>): number {
  let cents = 0;
  for (const field of fields) {
    const text = (customization[field.key] ?? '').trim();
    if (!text) {
      if (field.required) throw new BadRequestError(`${field.label} is required.`, 'personalisation_required');
      continue;
    }
    if ([...text].length > field.max_length) {
      throw new BadRequestError(
        `${field.label} is at most ${field.max_length} characters.`,
        'personalisation_too_long',
      );
    }
    cents += field.price_cents;
  }
  return cents;
}

/** The extra price of a line's filled-in texts, without checking them (a line the cart checked when it took it). */
export function filledPersonalisationCents(
  fields: PersonalisationRule[],
  customization: Record<string, string>,
): number {
  return fields.reduce((cents, field) => cents + ((customization[field.key] ?? '').trim() ? field.price_cents : 0), 0);
}
