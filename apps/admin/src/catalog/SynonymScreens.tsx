import {
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  required,
  SimpleForm,
  SimpleList,
  TextArrayInput,
  TopToolbar,
  WrapperField,
} from 'react-admin';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';

/** The words of a group: each typed and confirmed with Enter; two at least. */
function SynonymFields() {
  return (
    <TextArrayInput
      source="terms"
      label="Words that mean the same"
      helperText="Type a word or short phrase and press Enter; a search for any of them finds them all."
      validate={required()}
      fullWidth
    />
  );
}

export function SynonymList() {
  return (
    <List
      empty={<EmptyList />}
      pagination={false}
      sort={{ field: 'id', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      title="Search synonyms"
    >
      <Responsive
        narrow={
          <SimpleList<{ id: number; terms: string[] }>
            rowClick="edit"
            primaryText={(group) => group.terms.join(', ')}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField
            label="Words"
            render={(group: { terms: string[] }) => group.terms.join(', ')}
            sortable={false}
          />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}

export function SynonymCreate() {
  return (
    <Create redirect="list" title="New synonym group">
      <SimpleForm defaultValues={{ terms: [] }}>
        <SynonymFields />
      </SimpleForm>
    </Create>
  );
}

export function SynonymEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <SynonymFields />
      </SimpleForm>
    </Edit>
  );
}
