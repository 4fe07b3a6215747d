import { regionLabel, regionNames } from '@platform/contracts/address';
import { type AdminShippingRestriction, AdminShippingRestrictionUpdateBody } from '@platform/contracts/admin-catalog';
import { countryChoices } from '@platform/contracts/shipping';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ChipField,
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  ReferenceArrayField,
  ReferenceArrayInput,
  required,
  SearchInput,
  SimpleForm,
  SimpleList,
  SingleFieldList,
  TextField,
  TextInput,
  TopToolbar,
  WrapperField,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { maxLengthOf } from '../lib/limits.ts';

const COUNTRIES = countryChoices().map((country) => ({ id: country.code, name: `${country.name} (${country.code})` }));

/** Where a restriction applies, as staff read it: the country, and its region when it names one. */
function placeText(restriction: AdminShippingRestriction): string {
  return restriction.region ? `${restriction.region}, ${restriction.country_name}` : restriction.country_name;
}

/** A region of the country: one of its list for a country that has one, else any text; empty: the whole country. */
function RegionInput() {
  const country = useWatch({ name: 'country' }) as string | undefined;
  const regions = regionNames(country ?? null);
  const label = `${regionLabel(country ?? null) ?? 'Region'} (empty: the whole country)`;
  if (regions.length > 0) {
    return (
      <AutocompleteInput
        source="region"
        label={label}
        choices={regions.map((name) => ({ id: name, name }))}
        emptyValue={null}
        helperText={false}
        fullWidth
      />
    );
  }
  return (
    <TextInput
      source="region"
      label={label}
      helperText={false}
      validate={maxLengthOf(AdminShippingRestrictionUpdateBody, 'region')}
      fullWidth
    />
  );
}

/** The fields of a restriction, for its creation and its edit. */
function RestrictionFields() {
  return (
    <>
      <AutocompleteInput
        source="country"
        label="Country"
        choices={COUNTRIES}
        validate={required()}
        helperText="The destination the shop does not deliver the products below to."
        fullWidth
      />
      <RegionInput />
      <ReferenceArrayInput source="product_ids" reference="products">
        <AutocompleteArrayInput
          optionText="name"
          label="Products"
          helperText="With no product and no category: every product."
        />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="category_ids" reference="categories">
        <AutocompleteArrayInput optionText="name" label="The products of these categories" helperText={false} />
      </ReferenceArrayInput>
      <TextInput
        source="message"
        label="Message to the shopper"
        helperText="Shown on the product page and in the cart for this destination, and when an order to it is refused."
        validate={[required(), maxLengthOf(AdminShippingRestrictionUpdateBody, 'message')]}
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
}

/** The destinations the shop closes to some products, with its message (issue 48). */
export function ShippingRestrictionList() {
  return (
    <List
      empty={<EmptyList />}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'created_at', order: 'DESC' }}
      title="Shipping restrictions"
    >
      <Responsive
        narrow={
          <SimpleList<AdminShippingRestriction>
            rowClick="edit"
            primaryText={placeText}
            secondaryText={(restriction) => restriction.message}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField
            label="Destination"
            sortBy="country"
            render={(record: AdminShippingRestriction) => placeText(record)}
          />
          <ReferenceArrayField source="product_ids" reference="products" label="Products" sortable={false}>
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
          <ReferenceArrayField source="category_ids" reference="categories" label="Categories" sortable={false}>
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
          <TextField source="message" label="Message" sortable={false} />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}

export function ShippingRestrictionCreate() {
  return (
    <Create redirect="list" title="New shipping restriction">
      <SimpleForm defaultValues={{ product_ids: [], category_ids: [], region: null }} sx={{ maxWidth: 820 }}>
        <RestrictionFields />
      </SimpleForm>
    </Create>
  );
}

export function ShippingRestrictionEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" title="Shipping restriction">
      <SimpleForm sx={{ maxWidth: 820 }}>
        <RestrictionFields />
      </SimpleForm>
    </Edit>
  );
}
