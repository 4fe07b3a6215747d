import { ADDRESS_FIELD_MAX, DELIVERY_ADDRESS_FIELDS, type DeliveryAddress } from '@platform/contracts';
import { regionLabel, regionNames } from '@platform/contracts/address';
import { findCountryCode } from '@platform/contracts/shipping';
import { Fragment } from 'react';
import { FieldError, fieldErrorProps, TextField } from '../../../components/text-field.tsx';
import { ADDRESS_FIELD_LABELS } from '../address-fields.ts';
import { CountryField } from './country-field.tsx';

/**
 * The six fields of a delivery address (the checkout's and a saved address's), each with its label, autofill hint and
 * message; the country chosen from the list, then its state or region from its list when its addresses need one.
 * Each input's id is `{idPrefix}-{field}`.
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
  const countryCode = findCountryCode(address.country);
  const regions = regionNames(countryCode);
  return DELIVERY_ADDRESS_FIELDS.map((field) =>
    field === 'country' ? (
      <Fragment key={field}>
        <CountryField
          id={`${idPrefix}-${field}`}
          label={ADDRESS_FIELD_LABELS[field].label}
          value={address[field]}
          onValueChange={(value) => onChange(field, value)}
          error={errors[field]}
        />
        {regions.length > 0 && (
          <RegionField
            id={`${idPrefix}-region`}
            label={regionLabel(countryCode) ?? ADDRESS_FIELD_LABELS.region.label}
            regions={regions}
            value={address.region ?? ''}
            onValueChange={(value) => onChange('region', value)}
            error={errors.region}
          />
        )}
      </Fragment>
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

/** The state or region of a country whose addresses need one, from its list (a value not of the list shows blank). */
function RegionField({
  id,
  label,
  regions,
  value,
  onValueChange,
  error,
}: {
  id: string;
  label: string;
  regions: string[];
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <div className="text-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name="region"
        required
        autoComplete={ADDRESS_FIELD_LABELS.region.autoComplete}
        value={regions.includes(value) ? value : ''}
        onChange={(event) => onValueChange(event.target.value)}
        {...fieldErrorProps(id, error)}
      >
        <option value="">Choose…</option>
        {regions.map((region) => (
          <option key={region} value={region}>
            {region}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
