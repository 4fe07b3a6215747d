import { AdminDocumentUpdateBody } from '@platform/contracts/admin-content';
import {
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  DateField,
  DeleteButton,
  Edit,
  List,
  required,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { maxLengthOf } from '../lib/limits.ts';

const DOCUMENT_TYPES = [
  { id: 'refund_policy', name: 'Refund policy' },
  { id: 'privacy_policy', name: 'Privacy policy' },
];

function DocumentFields() {
  return (
    <>
      <SelectInput source="document_type" label="Document" choices={DOCUMENT_TYPES} validate={required()} />
      <TextInput source="title" label="Title" validate={maxLengthOf(AdminDocumentUpdateBody, 'title')} fullWidth />
      <HtmlInput source="content" label="Content" validate={maxLengthOf(AdminDocumentUpdateBody, 'content')} />
      <BooleanInput source="is_active" label="Published (the shop shows the newest published one)" />
    </>
  );
}

export function DocumentList() {
  return (
    <List
      filters={[
        <SelectInput key="document_type" source="document_type" label="Document" choices={DOCUMENT_TYPES} alwaysOn />,
      ]}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      title="Policies"
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <SelectField source="document_type" label="Document" choices={DOCUMENT_TYPES} sortable={false} />
        <TextField source="title" label="Title" sortable={false} />
        <BooleanField source="is_active" label="Published" sortable={false} />
        <DateField source="updated_at" label="Updated" showTime sortable={false} />
        <DeleteButton mutationMode="pessimistic" redirect={false} />
      </Datagrid>
    </List>
  );
}

export function DocumentCreate() {
  return (
    <Create redirect="list" title="New policy document">
      <SimpleForm defaultValues={{ document_type: 'refund_policy', is_active: false }} sx={{ maxWidth: 820 }}>
        <DocumentFields />
      </SimpleForm>
    </Create>
  );
}

export function DocumentEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 820 }}>
        <DocumentFields />
      </SimpleForm>
    </Edit>
  );
}
