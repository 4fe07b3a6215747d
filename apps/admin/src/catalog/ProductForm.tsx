import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  maxLength,
  NumberInput,
  ReferenceInput,
  regex,
  required,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { HtmlInput } from '../inputs/HtmlInput.tsx';

export const slugRule = regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');
const priceRule = regex(/^\d{1,8}(\.\d{1,2})?$/, 'A price like 85.00.');

/** The fields of a product, for its creation and its edit (the stock moves only through adjustments). */
export function ProductFields() {
  return (
    <>
      <TextInput source="name" label="Name" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="slug" label="Slug" validate={[required(), slugRule, maxLength(200)]} fullWidth />
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
        validate={maxLength(5000)}
        multiline
        minRows={3}
        fullWidth
      />
      <HtmlInput source="long_html_description" label="Long description" max={200_000} />
      <ArrayInput source="attributes" label="Attributes">
        <SimpleFormIterator inline>
          <TextInput source="key" label="Attribute" validate={[required(), maxLength(100)]} helperText={false} />
          <TextInput source="value" label="Value" validate={maxLength(500)} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
