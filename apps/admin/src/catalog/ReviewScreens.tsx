import {
  AutocompleteInput,
  BooleanField,
  Datagrid,
  DateField,
  DeleteButton,
  List,
  NumberField,
  ReferenceInput,
  TextField,
} from 'react-admin';
import { flagFilter } from '../inputs/FlagFilter.tsx';
import { ToggleFieldButton } from '../inputs/ToggleFieldButton.tsx';

export function ReviewList() {
  return (
    <List
      filters={[
        <ReferenceInput key="product" source="product" reference="products" alwaysOn>
          <AutocompleteInput label="Product" optionText="name" />
        </ReferenceInput>,
        flagFilter('is_hidden', 'Visibility', [
          [false, 'Shown'],
          [true, 'Hidden'],
        ]),
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="product_name" label="Product" sortable={false} />
        <TextField source="user.username" label="Author" sortable={false} />
        <NumberField source="rating" label="Rating" />
        <TextField source="comment" label="Review" sortable={false} />
        <BooleanField source="is_verified_purchase" label="Verified purchase" sortable={false} />
        <BooleanField source="is_hidden" label="Hidden" sortable={false} />
        <DateField source="created_at" label="Posted" showTime />
        <ToggleFieldButton
          field="is_hidden"
          setTrue={{ label: 'Hide', done: 'Review hidden' }}
          setFalse={{ label: 'Show', done: 'Review shown' }}
        />
        <DeleteButton mutationMode="pessimistic" redirect={false} />
      </Datagrid>
    </List>
  );
}
