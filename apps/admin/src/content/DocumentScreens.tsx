import { type AdminDocument, AdminDocumentUpdateBody } from '@platform/contracts/admin-content';
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
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  WrapperField,
} from 'react-admin';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime } from '../lib/format.ts';
import { maxLengthOf } from '../lib/limits.ts';

const DOCUMENT_TYPES = [
  { id: 'refund_policy', name: 'Refund policy' },
  { id: 'privacy_policy', name: 'Privacy policy' },
];

const documentTypeName = (type: string) => DOCUMENT_TYPES.find((choice) => choice.id === type)?.name ?? type;

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
      empty={<EmptyList />}
      filters={[
        <SelectInput key="document_type" source="document_type" label="Document" choices={DOCUMENT_TYPES} alwaysOn />,
      ]}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'updated_at', order: 'DESC' }}
      title="Policies"
    >
      <Responsive
        narrow={
          <SimpleList<AdminDocument>
            rowClick="edit"
            primaryText={(document) => document.title || documentTypeName(document.document_type)}
            secondaryText={(document) =>
              `${documentTypeName(document.document_type)} · ${document.is_active ? 'published' : 'draft'}`
            }
            tertiaryText={(document) => `Updated ${formatDateTime(document.updated_at)}`}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <SelectField source="document_type" label="Document" choices={DOCUMENT_TYPES} sortable={false} />
          <TextField source="title" label="Title" sortable={false} />
          <BooleanField source="is_active" label="Published" sortable={false} />
          <DateField source="updated_at" label="Updated" showTime />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </WrapperField>
        </Datagrid>
      </Responsive>
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
