// The delivery address's pure rules (spec sections 4 "Checkout flow" and 5 "Checkout"), shared by the checkout and
// the account's saved addresses, apart from React so they are tested.
import { DELIVERY_ADDRESS_FIELDS, type DeliveryAddress, type FieldErrors } from '@platform/contracts';
import { invalidAddressFields, regionNames } from '@platform/contracts/address';
import { findCountryCode } from '@platform/contracts/shipping';

export const EMPTY_ADDRESS: DeliveryAddress = {
  street: '',
  city: '',
  postalCode: '',
  country: '',
  fullname: '',
  contact_number: '',
};

/** The form's fields in its order: the region (state, province) follows the country that needs one. */
export const ADDRESS_FORM_FIELDS = [
  'street',
  'city',
  'postalCode',
  'country',
  'region',
  'fullname',
  'contact_number',
] as const satisfies readonly (keyof DeliveryAddress)[];

/** Whether the address's country is one whose addresses need a region. */
function needsRegion(address: DeliveryAddress): boolean {
  return regionNames(findCountryCode(address.country)).length > 0;
}

/** The names of the address fields that are blank after trimming, in the form's order (the region where needed). */
export function missingAddressFields(address: DeliveryAddress): string[] {
  return ADDRESS_FORM_FIELDS.filter((field) =>
    field === 'region' ? needsRegion(address) && !address.region?.trim() : !address[field].trim(),
  );
}

/** The first rule a delivery address breaks (a blank field, in the spec's words; a field that is not right), or null. */
export function addressProblem(address: DeliveryAddress): string | null {
  const missing = missingAddressFields(address);
  if (missing.length > 0) return `Please fill in all required delivery address fields: ${missing.join(', ')}.`;
  if (Object.keys(invalidAddressFields(address)).length > 0) return ADDRESS_INVALID;
  return null;
}

/** The text next to a blank address field. */
export const FIELD_REQUIRED = 'This field is required.';
/** The text of the form's error box when every field is filled in but some are not right. */
export const ADDRESS_INVALID = 'Please correct the marked delivery address fields.';

/** What is wrong with each address field, in the form's order: blank, or (filled in) not a country or a phone number. */
export function addressFieldErrors(address: DeliveryAddress): Partial<Record<keyof DeliveryAddress, string>> {
  const invalid = invalidAddressFields(address);
  const errors: Partial<Record<keyof DeliveryAddress, string>> = {};
  for (const field of DELIVERY_ADDRESS_FIELDS) {
    const problem = address[field].trim() ? invalid[field] : FIELD_REQUIRED;
    if (problem) errors[field] = problem;
  }
  if (invalid.region) errors.region = invalid.region;
  return errors;
}

/** The server's messages for address fields (`delivery_address.city` at checkout, `city` elsewhere), by field. */
export function serverAddressErrors(
  fields: FieldErrors | undefined,
  prefix = 'delivery_address.',
): Partial<Record<keyof DeliveryAddress, string>> {
  const errors: Partial<Record<keyof DeliveryAddress, string>> = {};
  for (const field of ADDRESS_FORM_FIELDS) {
    const message = fields?.[`${prefix}${field}`]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * The address as it is sent: every field trimmed, the country as its ISO code when it names one (the API takes the
 * code or the English name; the code does not depend on how this browser names the country), the region where the
 * country needs one.
 */
export function trimmedAddress(address: DeliveryAddress): DeliveryAddress {
  const trimmed = Object.fromEntries(
    DELIVERY_ADDRESS_FIELDS.map((field) => [field, address[field].trim()]),
  ) as DeliveryAddress;
  const region = address.region?.trim();
  return {
    ...trimmed,
    country: findCountryCode(trimmed.country) ?? trimmed.country,
    // Only for a country that needs one: a state chosen for another country is not sent.
    ...(region && needsRegion(trimmed) ? { region } : {}),
  };
}
