import { ADDRESS_FIELD_MAX, DELIVERY_ADDRESS_FIELDS, type DeliveryAddress } from '@platform/contracts';
import { TextField } from '../../../components/text-field.tsx';
import { ADDRESS_FIELD_LABELS } from '../../account/address-fields.ts';
import { CountryField } from './country-field.tsx';

/**
 * The six fields of a delivery address (the checkout's and a saved address's), each with its label, autofill hint and
 * message; the country chosen from the list. Each input's id is `{idPrefix}-{field}`.
 */
export function DeliveryAddressFields({
  idPrefix,
  address,
  errors,
  onChange,
}: {
  idPrefix: string;
  address: DeliveryAddress;
  errors: Partial<Record<keyof DeliveryAddress, string>>;
  onChange: (field: keyof DeliveryAddress, value: string) => void;
}) {
  return DELIVERY_ADDRESS_FIELDS.map((field) =>
    field === 'country' ? (
      <CountryField
        key={field}
        id={`${idPrefix}-${field}`}
        label={ADDRESS_FIELD_LABELS[field].label}
        value={address[field]}
        onValueChange={(value) => onChange(field, value)}
        error={errors[field]}
      />
    ) : (
      <TextField
        key={field}
        id={`${idPrefix}-${field}`}
        name={field}
        label={ADDRESS_FIELD_LABELS[field].label}
        type={ADDRESS_FIELD_LABELS[field].type ?? 'text'}
        autoComplete={ADDRESS_FIELD_LABELS[field].autoComplete}
        maxLength={ADDRESS_FIELD_MAX}
        value={address[field]}
        onValueChange={(value) => onChange(field, value)}
        error={errors[field]}
      />
    ),
  );
}
