import { formatMinor, parseMinor } from '@platform/contracts';
import type { AdminDiscount } from '@platform/contracts/admin-discounts';
import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  DateTimeInput,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  minValue,
  NumberInput,
  ReferenceArrayInput,
  regex,
  required,
  SearchInput,
  SelectInput,
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
import { useShopIdentity } from '../layout/useShopIdentity.ts';
import { shopWallTime, validityText, wallTimeToSend } from './validity.ts';

const amountRule = regex(/^\d{1,8}(\.\d{1,2})?$/, 'An amount like 12.50.');
const codeRule = regex(/^[A-Za-z0-9_-]{1,40}$/, 'Use 1 to 40 letters, digits, hyphens or underscores.');

export const KIND_CHOICES = [
  { id: 'percentage', name: 'Percentage off' },
  { id: 'fixed', name: 'Amount off' },
  { id: 'free_shipping', name: 'Free shipping' },
  { id: 'buy_x_get_y', name: 'Buy X, get Y free' },
];

/** What the discount takes off, in words: "10% off", "5.00 off", "Free shipping", "Buy 2, get 1 free". */
export function discountText(discount: Pick<AdminDiscount, 'kind' | 'value' | 'buy_quantity' | 'get_quantity'>) {
  switch (discount.kind) {
    case 'percentage':
      return `${discount.value.replace(/\.00$/, '')}% off`;
    case 'fixed':
      return `${discount.value} off`;
    case 'free_shipping':
      return 'Free shipping';
    case 'buy_x_get_y':
      return `Buy ${discount.buy_quantity}, get ${discount.get_quantity} free`;
  }
}

/** How often it was used, out of how many uses it has. */
export function usageText(discount: Pick<AdminDiscount, 'times_used' | 'usage_limit'>) {
  return discount.usage_limit === null
    ? `${discount.times_used} used`
    : `${discount.times_used} of ${discount.usage_limit} used`;
}

/** The value a kind takes: a percentage or an amount; the others take none, or their quantities. */
function KindInputs() {
  const kind = useWatch({ name: 'kind' });
  if (kind === 'percentage' || kind === 'fixed') {
    return (
      <TextInput
        source="value"
        label={kind === 'percentage' ? 'Percent off' : 'Amount off'}
        helperText={kind === 'percentage' ? 'e.g. 10.00 for 10%' : "In the shop's currency, e.g. 5.00"}
        validate={[required(), amountRule]}
      />
    );
  }
  if (kind === 'buy_x_get_y') {
    return (
      <>
        <NumberInput source="buy_quantity" label="Buy (units)" min={1} step={1} validate={[required(), minValue(1)]} />
        <NumberInput
          source="get_quantity"
          label="Get free (units of the same product)"
          min={1}
          step={1}
          validate={[required(), minValue(1)]}
        />
      </>
    );
  }
  return null;
}

/** A date and time as the shop's clock says it (its zone named in the label), whatever the browser's zone. */
function ShopTimeInput({ source, label }: { source: string; label: string }) {
  const timeZone = useShopIdentity()?.timeZone ?? 'UTC';
  return (
    <DateTimeInput
      source={source}
      label={`${label} (${timeZone})`}
      format={(value: unknown) => shopWallTime(value, timeZone)}
      parse={wallTimeToSend}
    />
  );
}

/** The fields of a discount, for its creation and its edit. */
function DiscountFields() {
  return (
    <>
      <TextInput
        source="code"
        label="Code"
        helperText="What customers enter in the cart, in any letter case; empty: an automatic promotion."
        validate={codeRule}
      />
      <TextInput source="name" label="Name" helperText="What the cart and the order call it." fullWidth />
      <SelectInput source="kind" label="Kind" choices={KIND_CHOICES} validate={required()} />
      <KindInputs />
      <ReferenceArrayInput source="product_ids" reference="products">
        <AutocompleteArrayInput
          optionText="name"
          label="Only these products"
          helperText="With no product and no category: the whole order."
        />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="category_ids" reference="categories">
        <AutocompleteArrayInput optionText="name" label="Only the products of these categories" />
      </ReferenceArrayInput>
      <TextInput source="min_subtotal" label="Minimum subtotal" helperText="0.00: no minimum." validate={amountRule} />
      <ShopTimeInput source="starts_at" label="Valid from" />
      <ShopTimeInput source="ends_at" label="Valid until" />
      <NumberInput source="usage_limit" label="Total uses" helperText="Empty: no limit." min={1} step={1} />
      <NumberInput
        source="uses_per_customer"
        label="Uses per customer"
        helperText="1: once per customer; empty: no limit."
        min={1}
        step={1}
      />
      <BooleanInput source="first_order_only" label="A customer's first order only" />
      <BooleanInput
        source="combines_with_code"
        label="Adds to a code (automatic promotions)"
        helperText="An automatic promotion that may be applied together with a customer's code."
      />
      <BooleanInput source="is_active" label="Active" />
    </>
  );
}

function DiscountTitle() {
  const record = useRecordContext<AdminDiscount>();
  return <span>Discount {record?.code ?? record?.name ?? ''}</span>;
}

/** Cleared form fields are no value: an automatic promotion, no date, no limit. */
/** An amount as the API writes it: "10" and "10.5" become "10.00" and "10.50" (exact: the contracts' money rules). */
function twoDecimals(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const minor = parseMinor(value);
  return minor === null ? value : formatMinor(minor);
}

function withNulls(data: Record<string, unknown>) {
  const cleaned = { ...data };
  for (const field of ['code', 'starts_at', 'ends_at', 'usage_limit', 'uses_per_customer']) {
    if (cleaned[field] === '' || cleaned[field] === undefined) cleaned[field] = null;
  }
  for (const field of ['value', 'min_subtotal']) cleaned[field] = twoDecimals(cleaned[field]);
  return cleaned;
}

/** The shop's discount codes and automatic promotions, with how often each was used. */
export function DiscountList() {
  // Dates in the shop's time zone, as the shop's staff set them; UTC until its settings are read.
  const timeZone = useShopIdentity()?.timeZone ?? 'UTC';
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
      title="Discounts"
    >
      <Responsive
        narrow={
          <SimpleList<AdminDiscount>
            rowClick="edit"
            primaryText={(discount) => discount.code ?? `${discount.name || 'Promotion'} (automatic)`}
            secondaryText={(discount) => discountText(discount)}
            tertiaryText={(discount) => `${usageText(discount)} · ${validityText(discount, timeZone)}`}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="code" label="Code" emptyText="Automatic" />
          <TextField source="name" label="Name" />
          <FunctionField label="Discount" sortable={false} render={(record: AdminDiscount) => discountText(record)} />
          <FunctionField label="Usage" sortBy="times_used" render={(record: AdminDiscount) => usageText(record)} />
          <FunctionField
            label={`Valid (${timeZone})`}
            sortable={false}
            render={(record: AdminDiscount) => validityText(record, timeZone)}
          />
          <BooleanField source="is_active" label="Active" sortable={false} />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}

export function DiscountCreate() {
  return (
    <Create redirect="list" title="New discount" transform={withNulls}>
      <SimpleForm
        defaultValues={{
          kind: 'percentage',
          min_subtotal: '0.00',
          product_ids: [],
          category_ids: [],
          first_order_only: false,
          combines_with_code: false,
          is_active: true,
        }}
        sx={{ maxWidth: 820 }}
      >
        <DiscountFields />
      </SimpleForm>
    </Create>
  );
}

export function DiscountEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<DiscountTitle />} transform={withNulls}>
      <SimpleForm sx={{ maxWidth: 820 }}>
        <DiscountFields />
      </SimpleForm>
    </Edit>
  );
}
