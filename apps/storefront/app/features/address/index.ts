// The address feature's public surface: the delivery address's rules and form fields, shared by the checkout and the
// account's saved addresses.
export { ADDRESS_FIELD_LABELS, addressSummary } from './address-fields.ts';
export {
  ADDRESS_FORM_FIELDS,
  ADDRESS_INVALID,
  addressFieldErrors,
  addressProblem,
  EMPTY_ADDRESS,
  FIELD_REQUIRED,
  missingAddressFields,
  serverAddressErrors,
  trimmedAddress,
} from './address-rules.ts';
export { DeliveryAddressFields } from './components/delivery-address-fields.tsx';
