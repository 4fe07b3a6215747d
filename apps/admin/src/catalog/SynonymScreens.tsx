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
  TextArrayInput,
  TopToolbar,
} from 'react-admin';

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
      pagination={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      title="Search synonyms"
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Words" render={(group: { terms: string[] }) => group.terms.join(', ')} sortable={false} />
        <DeleteButton mutationMode="pessimistic" redirect={false} />
      </Datagrid>
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
