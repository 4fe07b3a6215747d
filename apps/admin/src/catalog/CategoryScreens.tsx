import { AdminCategoryUpdateBody } from '@platform/contracts/admin-catalog';
import {
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  List,
  NumberField,
  NumberInput,
  required,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { maxLengthOf } from '../lib/limits.ts';
import { slugRule } from './ProductForm.tsx';

function CategoryFields() {
  return (
    <>
      <TextInput
        source="name"
        label="Name"
        validate={[required(), maxLengthOf(AdminCategoryUpdateBody, 'name')]}
        fullWidth
      />
      <TextInput
        source="slug"
        label="Slug"
        validate={[required(), slugRule, maxLengthOf(AdminCategoryUpdateBody, 'slug')]}
        fullWidth
      />
      <NumberInput source="position" label="Position" step={1} />
      <HtmlInput
        source="description"
        label="Description"
        validate={maxLengthOf(AdminCategoryUpdateBody, 'description')}
      />
    </>
  );
}

export function CategoryList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'position', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label="Name" />
        <TextField source="slug" label="Slug" sortable={false} />
        <NumberField source="position" label="Position" />
        <NumberField source="product_count" label="Products" sortable={false} />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}

export function CategoryCreate() {
  return (
    <Create redirect="list">
      <SimpleForm sx={{ maxWidth: 720 }}>
        <CategoryFields />
      </SimpleForm>
    </Create>
  );
}

export function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm sx={{ maxWidth: 720 }}>
        <CategoryFields />
      </SimpleForm>
    </Edit>
  );
}
