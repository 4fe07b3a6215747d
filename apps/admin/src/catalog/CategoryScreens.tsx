import { type AdminCategory, AdminCategoryUpdateBody } from '@platform/contracts/admin-catalog';
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
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  WrapperField,
} from 'react-admin';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
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
      empty={<EmptyList />}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'position', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Responsive
        narrow={
          <SimpleList<AdminCategory>
            rowClick="edit"
            primaryText={(category) => category.name}
            secondaryText={(category) => `${category.product_count} products · position ${category.position}`}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" label="Name" />
          <TextField source="slug" label="Slug" sortable={false} />
          <NumberField source="position" label="Position" />
          <NumberField source="product_count" label="Products" sortable={false} />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" />
          </WrapperField>
        </Datagrid>
      </Responsive>
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
