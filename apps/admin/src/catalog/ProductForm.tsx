import { AdminProductUpdateBody } from '@platform/contracts';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  regex,
  required,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { maxLengthOf } from '../lib/limits.ts';

export const slugRule = regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');
const priceRule = regex(/^\d{1,8}(\.\d{1,2})?$/, 'A price like 85.00.');

/** The fields of a product, for its creation and its edit (the stock moves only through adjustments). */
export function ProductFields() {
  return (
    <>
      <TextInput
        source="name"
        label="Name"
        validate={[required(), maxLengthOf(AdminProductUpdateBody, 'name')]}
        fullWidth
      />
      <TextInput
        source="slug"
        label="Slug"
        validate={[required(), slugRule, maxLengthOf(AdminProductUpdateBody, 'slug')]}
        fullWidth
      />
      <ReferenceInput source="category" reference="categories" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput label="Category" optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
      <TextInput
        source="price"
        label="Price"
        helperText="In the shop's currency, e.g. 85.00"
        validate={[required(), priceRule]}
      />
      <NumberInput source="low_stock_threshold" label="Low-stock threshold" min={0} step={1} />
      <BooleanInput source="is_active" label="Active (shown in the shop)" />
      <TextInput
        source="description"
        label="Description (plain text)"
        validate={maxLengthOf(AdminProductUpdateBody, 'description')}
        multiline
        minRows={3}
        fullWidth
      />
      <HtmlInput
        source="long_html_description"
        label="Long description"
        validate={maxLengthOf(AdminProductUpdateBody, 'long_html_description')}
      />
      <ArrayInput source="attributes" label="Attributes">
        <SimpleFormIterator inline>
          <TextInput
            source="key"
            label="Attribute"
            validate={[required(), maxLengthOf(AdminProductUpdateBody, 'attributes.key')]}
            helperText={false}
          />
          <TextInput
            source="value"
            label="Value"
            validate={maxLengthOf(AdminProductUpdateBody, 'attributes.value')}
            helperText={false}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
