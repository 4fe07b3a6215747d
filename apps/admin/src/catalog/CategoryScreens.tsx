import { type AdminCategory, AdminCategoryUpdateBody } from '@platform/contracts/admin-catalog';
import {
  BooleanField,
  BooleanInput,
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
import { type SlugFollowing, SlugInput, useSlugFollowing, withoutFollowedSlug } from '../inputs/SlugInput.tsx';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { maxLengthOf } from '../lib/limits.ts';

function CategoryFields({ slugFollowing }: { slugFollowing?: SlugFollowing }) {
  return (
    <>
      <TextInput
        source="name"
        label="Name"
        validate={[required(), maxLengthOf(AdminCategoryUpdateBody, 'name')]}
        fullWidth
      />
      <SlugInput
        from="name"
        following={slugFollowing}
        max={maxLengthOf(AdminCategoryUpdateBody, 'slug')}
        helperText="The category’s address in the shop"
      />
      <NumberInput source="position" label="Position" step={1} />
      <BooleanInput
        source="age_restricted"
        label="Sold to adults only"
        helperText="Every product of it: an order holding one needs the buyer’s confirmation of the shop’s age"
      />
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
          <BooleanField source="age_restricted" label="Adults only" sortable={false} />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}

export function CategoryCreate() {
  const slugFollowing = useSlugFollowing();
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => withoutFollowedSlug(data, slugFollowing)}>
      <SimpleForm sx={{ maxWidth: 720 }}>
        <CategoryFields slugFollowing={slugFollowing} />
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
