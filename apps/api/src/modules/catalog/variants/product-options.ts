// The rules of a product sold in options as a sale reads them (decision 018): a variant's options as the cart and the
// order carry them, and the texts a shopper writes for their piece. Pure: the cart and checkout apply them alike.
import { BadRequestError, ValidationError } from '../../../lib/errors.ts';

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
 * A line's customization as the cart keeps it: the product's personalisation fields by their exact keys, and the
 * variant's options written by the server (over anything sent under those keys). Any other key is refused (400 naming
 * it): a misspelt field would skip its price yet be printed on the packing slip, and an option that is not the
 * variant's would describe another piece.
 */
export function lineCustomization(
  asked: Record<string, string>,
  product: { personalisation: PersonalisationRule[]; options: OptionType[] },
  variantValues: string[] | null,
): Record<string, string> {
  const allowed = new Set(product.personalisation.map((field) => field.key));
  if (variantValues) for (const type of product.options) allowed.add(optionKey(type.name));
  const unknown = Object.keys(asked).filter((key) => !allowed.has(key));
  if (unknown.length > 0) {
    const named = unknown.map((key) => `"${key}"`).join(', ');
    const fields = product.personalisation.map((field) => `"${field.key}"`).join(', ');
    throw new ValidationError({
      customization: [
        `This product has no personalisation field ${named}.` +
          (fields ? ` Its fields: ${fields}.` : ' It takes no personalisation.'),
      ],
    });
  }
  return variantValues ? withVariantOptions(asked, product.options, variantValues) : { ...asked };
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
