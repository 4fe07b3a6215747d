import type { DeliveryAddress } from '@platform/contracts';

/** The delivery address fields as the customer reads them, with the browser's autofill hint of each. */
export const ADDRESS_FIELD_LABELS: Record<
  keyof DeliveryAddress,
  { label: string; autoComplete: string; type?: string }
> = {
  street: { label: 'Street Address', autoComplete: 'street-address' },
  city: { label: 'City', autoComplete: 'address-level2' },
  postalCode: { label: 'Postal Code', autoComplete: 'postal-code' },
  country: { label: 'Country', autoComplete: 'country-name' },
  fullname: { label: 'Full Name', autoComplete: 'name' },
  contact_number: { label: 'Contact Number', autoComplete: 'tel', type: 'tel' },
  // Named by the country's own word for it where it has one (regionLabel).
  region: { label: 'State / Region', autoComplete: 'address-level1' },
};

/** The address's city line: "Kathmandu 44600", "Austin, Texas 78701". */
/** One line naming a saved address in a list or a choice: "Sita Gurung, Lazimpat 12, Kathmandu". */
export function addressSummary(address: DeliveryAddress): string {
  return [address.fullname, address.street, address.city].filter(Boolean).join(', ');
}
