import { FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { type AdminTaxRate, AdminTaxRateUpdateBody, type AdminTaxSettings } from '@platform/contracts/admin-tax';
import { countryChoices, countryName } from '@platform/contracts/shipping';
import {
  AutocompleteInput,
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  ReferenceInput,
  regex,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useGetOne,
  useNotify,
  useRecordContext,
  useUpdate,
  WrapperField,
} from 'react-admin';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { SINGLETON_ID } from '../lib/dataProvider.ts';
import { maxLengthOf } from '../lib/limits.ts';

const COUNTRIES = countryChoices().map((country) => ({ id: country.code, name: `${country.name} (${country.code})` }));
const DISPLAY_CHOICES = [
  { id: 'included', name: 'Included in prices (VAT, GST)' },
  { id: 'added', name: 'Added at checkout (sales tax)' },
];
const percentRule = regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a percent with at most two decimals, such as 19 or 7.50.');

/** Where a rate applies, as staff read it: "New York, United States", "Germany", or its shipping zone. */
export function taxPlace(rate: Pick<AdminTaxRate, 'zone_name' | 'country' | 'region'>): string {
  if (rate.country) return [rate.region, countryName(rate.country)].filter(Boolean).join(', ');
  return rate.zone_name ? `Zone ${rate.zone_name}` : '';
}

/** "19%" of "19.00", "8.88%" of "8.88". */
function percentText(rate: string): string {
  return `${rate.replace(/\.?0+$/, '')}%`;
}

const displayText = (rate: AdminTaxRate) => (rate.display === 'included' ? 'Included' : 'Added at checkout');

/** The setting "Prices are entered with tax", saved as soon as it is switched. */
function PricesIncludeTaxSetting() {
  const notify = useNotify();
  const { data, isPending } = useGetOne<AdminTaxSettings & { id: string }>('tax-settings', { id: SINGLETON_ID });
  const [update, { isPending: saving }] = useUpdate();
  const checked = data?.prices_include_tax ?? false;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={isPending || saving}
            onChange={(event) =>
              update(
                'tax-settings',
                { id: SINGLETON_ID, data: { prices_include_tax: event.target.checked }, previousData: data },
                {
                  mutationMode: 'pessimistic',
                  onSuccess: () => notify('Tax setting saved', { type: 'info' }),
                  onError: () => notify('The tax setting could not be saved.', { type: 'error' }),
                },
              )
            }
          />
        }
        label="Prices are entered with tax"
      />
      <Typography variant="body2" color="text.secondary">
        On: a price you enter is what shoppers pay where tax is included in prices. Off: their tax is added to it. Where
        tax is added at checkout, it is always added to the price you enter.
      </Typography>
    </Paper>
  );
}

/** The fields of a tax rate, for its creation and its edit. */
function TaxRateFields() {
  return (
    <>
      <TextInput
        source="name"
        label="Name"
        helperText="What customers read, such as VAT or Sales tax."
        validate={[required(), maxLengthOf(AdminTaxRateUpdateBody, 'name')]}
        fullWidth
      />
      <TextInput source="rate" label="Rate (%)" helperText="Such as 19 or 8.88." validate={[required(), percentRule]} />
      <SelectInput source="display" label="Shown to shoppers" choices={DISPLAY_CHOICES} validate={required()} />
      <AutocompleteInput
        source="country"
        label="Country"
        choices={COUNTRIES}
        helperText="Where it applies; or leave it empty and choose a shipping zone."
        emptyText="None"
        fullWidth
      />
      <TextInput
        source="region"
        label="Region"
        helperText="Within the country: a state or province, such as New York; empty for the whole country."
        fullWidth
      />
      <ReferenceInput source="zone" reference="shipping-zones">
        <AutocompleteInput
          optionText="name"
          label="Shipping zone"
          helperText="Every country of the zone, where no country rate applies."
          fullWidth
        />
      </ReferenceInput>
      <ReferenceInput source="category" reference="categories">
        <AutocompleteInput
          optionText="name"
          label="Category"
          helperText="Only for this category's products (a reduced rate); empty: every product, and the shipping."
          fullWidth
        />
      </ReferenceInput>
    </>
  );
}

function TaxRateTitle() {
  const record = useRecordContext<AdminTaxRate>();
  return <span>Tax rate {record?.name ?? ''}</span>;
}

/** The shop's tax rates (where each applies, for which category, how shoppers see it) and its price setting. */
export function TaxRateList() {
  return (
    <>
      <PricesIncludeTaxSetting />
      <List
        empty={<EmptyList />}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={
          <TopToolbar>
            <CreateButton />
          </TopToolbar>
        }
        sort={{ field: 'name', order: 'ASC' }}
        title="Tax"
      >
        <Responsive
          narrow={
            <SimpleList<AdminTaxRate>
              rowClick="edit"
              primaryText={(rate) => `${rate.name} ${percentText(rate.rate)}`}
              secondaryText={(rate) => taxPlace(rate)}
              tertiaryText={(rate) => `${rate.category_name ?? 'Every product'} · ${displayText(rate)}`}
            />
          }
        >
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="name" label="Name" />
            <FunctionField source="rate" label="Rate" render={(rate: AdminTaxRate) => percentText(rate.rate)} />
            <FunctionField source="country" label="Where" render={(rate: AdminTaxRate) => taxPlace(rate)} />
            <TextField source="category_name" label="Category" sortable={false} emptyText="Every product" />
            <FunctionField label="Shown" sortable={false} render={displayText} />
            <WrapperField label="Actions" sortable={false}>
              <DeleteButton mutationMode="pessimistic" redirect={false} />
            </WrapperField>
          </Datagrid>
        </Responsive>
      </List>
    </>
  );
}

export function TaxRateCreate() {
  return (
    <Create redirect="list" title="New tax rate">
      <SimpleForm defaultValues={{ display: 'included' }} sx={{ maxWidth: 820 }}>
        <TaxRateFields />
      </SimpleForm>
    </Create>
  );
}

export function TaxRateEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<TaxRateTitle />}>
      <SimpleForm sx={{ maxWidth: 820 }}>
        <TaxRateFields />
      </SimpleForm>
    </Edit>
  );
}
