import {
  type AdminShippingZone,
  AdminShippingZoneUpdateBody,
  countryChoices,
  countryName,
} from '@platform/contracts/shipping';
import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  minValue,
  NumberInput,
  regex,
  required,
  SearchInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
  WrapperField,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { maxLengthOf } from '../lib/limits.ts';

const amountRule = regex(/^\d{1,8}(\.\d{1,2})?$/, 'An amount like 12.50.');
const COUNTRIES = countryChoices().map((country) => ({ id: country.code, name: `${country.name} (${country.code})` }));

/** What staff read of a zone's countries in the list: the first few names, then how many more. */
function countriesText(codes: string[]): string {
  if (codes.length === 0) return 'Every country no other zone lists';
  const names = codes.slice(0, 4).map(countryName);
  return codes.length > 4 ? `${names.join(', ')} and ${codes.length - 4} more` : names.join(', ');
}

/** The countries of a zone; the default zone lists none (it serves the rest of the world). */
function CountriesInput() {
  const isDefault = useWatch({ name: 'is_default' });
  if (isDefault) return null;
  return (
    <AutocompleteArrayInput
      source="countries"
      label="Countries"
      choices={COUNTRIES}
      helperText="Type to search; a country belongs to one zone."
      validate={required()}
      fullWidth
    />
  );
}

/** The fields of a shipping zone, for its creation and its edit. */
function ShippingZoneFields() {
  return (
    <>
      <TextInput
        source="name"
        label="Name"
        validate={[required(), maxLengthOf(AdminShippingZoneUpdateBody, 'name')]}
        fullWidth
      />
      <BooleanInput
        source="is_default"
        label="Default zone (every country no other zone lists)"
        helperText="A shop has one default zone; without one, it does not ship to countries no zone lists."
      />
      <CountriesInput />
      <TextInput
        source="flat_rate"
        label="Rate per order"
        helperText="In the shop's currency, e.g. 25.00"
        validate={[required(), amountRule]}
      />
      <TextInput
        source="per_item"
        label="Surcharge per item"
        helperText="Added for each item of the order; 0.00 for none."
        validate={[required(), amountRule]}
      />
      <TextInput
        source="free_above"
        label="Free shipping from"
        helperText="An order amount (the subtotal) from which shipping is free; empty: never free."
        validate={amountRule}
      />
      <NumberInput
        source="delivery_days_min"
        label="Delivery: from (business days)"
        min={0}
        step={1}
        validate={[required(), minValue(0)]}
      />
      <NumberInput
        source="delivery_days_max"
        label="Delivery: to (business days)"
        min={0}
        step={1}
        validate={[required(), minValue(0)]}
      />
    </>
  );
}

function ZoneTitle() {
  const record = useRecordContext<{ name: string }>();
  return <span>Shipping zone {record?.name ?? ''}</span>;
}

/** The default zone serves the rest of the world: the countries of a zone made the default are let go. */
function withoutDefaultCountries(data: Record<string, unknown>) {
  return data.is_default ? { ...data, countries: [] } : data;
}

/** The shop's shipping zones: their countries, rates and delivery estimates (the default zone last). */
export function ShippingZoneList() {
  return (
    <List
      empty={<EmptyList />}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'name', order: 'ASC' }}
      title="Shipping zones"
    >
      <Responsive
        narrow={
          <SimpleList<AdminShippingZone>
            rowClick="edit"
            primaryText={(zone) => `${zone.name}${zone.is_default ? ' (default)' : ''}`}
            secondaryText={(zone) => countriesText(zone.countries)}
            tertiaryText={(zone) => `${zone.flat_rate} per order · ${zone.delivery_estimate}`}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" label="Name" />
          <FunctionField
            label="Countries"
            sortable={false}
            render={(record: { countries: string[] }) => countriesText(record.countries)}
          />
          <TextField source="flat_rate" label="Per order" />
          <TextField source="per_item" label="Per item" sortable={false} />
          <TextField source="free_above" label="Free from" sortable={false} emptyText="never" />
          <TextField source="delivery_estimate" label="Delivery" sortable={false} />
          <BooleanField source="is_default" label="Default" sortable={false} />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}

export function ShippingZoneCreate() {
  return (
    <Create redirect="list" title="New shipping zone" transform={withoutDefaultCountries}>
      <SimpleForm
        defaultValues={{
          is_default: false,
          countries: [],
          per_item: '0.00',
          delivery_days_min: 3,
          delivery_days_max: 7,
        }}
        sx={{ maxWidth: 820 }}
      >
        <ShippingZoneFields />
      </SimpleForm>
    </Create>
  );
}

export function ShippingZoneEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<ZoneTitle />} transform={withoutDefaultCountries}>
      <SimpleForm sx={{ maxWidth: 820 }}>
        <ShippingZoneFields />
      </SimpleForm>
    </Edit>
  );
}
