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

// The search's two kinds of word groups, edited alike: synonyms (words that mean the same) and related concepts
// (words that answer one another's searches, their products ranked after those holding the searched word).
const KINDS = {
  synonyms: {
    title: 'Search synonyms',
    newTitle: 'New synonym group',
    label: 'Words that mean the same',
    help: 'Type a word or short phrase and press Enter; a search for any of them finds them all.',
  },
  concepts: {
    title: 'Related search concepts',
    newTitle: 'New concept group',
    label: 'Related words',
    help: 'Type a word or short phrase and press Enter; a search for one also finds the products described by the others, after those holding the word searched.',
  },
} as const;

type WordGroupKind = keyof typeof KINDS;

/** The words of a group: each typed and confirmed with Enter; two at least. */
function WordGroupFields({ kind }: { kind: WordGroupKind }) {
  return (
    <TextArrayInput
      source="terms"
      label={KINDS[kind].label}
      helperText={KINDS[kind].help}
      validate={required()}
      fullWidth
    />
  );
}

function WordGroupList({ kind }: { kind: WordGroupKind }) {
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
      title={KINDS[kind].title}
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

function WordGroupCreate({ kind }: { kind: WordGroupKind }) {
  return (
    <Create redirect="list" title={KINDS[kind].newTitle}>
      <SimpleForm defaultValues={{ terms: [] }}>
        <WordGroupFields kind={kind} />
      </SimpleForm>
    </Create>
  );
}

function WordGroupEdit({ kind }: { kind: WordGroupKind }) {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <WordGroupFields kind={kind} />
      </SimpleForm>
    </Edit>
  );
}

export const SynonymList = () => <WordGroupList kind="synonyms" />;
export const SynonymCreate = () => <WordGroupCreate kind="synonyms" />;
export const SynonymEdit = () => <WordGroupEdit kind="synonyms" />;
export const ConceptList = () => <WordGroupList kind="concepts" />;
export const ConceptCreate = () => <WordGroupCreate kind="concepts" />;
export const ConceptEdit = () => <WordGroupEdit kind="concepts" />;
