import { type AdminFaq, AdminFaqUpdateBody } from '@platform/contracts/admin-content';
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
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { maxLengthOf } from '../lib/limits.ts';

function FaqFields() {
  return (
    <>
      <TextInput
        source="question"
        label="Question"
        validate={[required(), maxLengthOf(AdminFaqUpdateBody, 'question')]}
        fullWidth
      />
      <HtmlInput source="answer" label="Answer" validate={maxLengthOf(AdminFaqUpdateBody, 'answer')} />
      <NumberInput source="order" label="Order" helperText="Lower numbers come first." min={0} step={1} />
      <BooleanInput source="is_active" label="Shown on the FAQ page" />
    </>
  );
}

export function FaqList() {
  return (
    <List
      empty={<EmptyList />}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'order', order: 'ASC' }}
      title="FAQs"
    >
      <Responsive
        narrow={
          <SimpleList<AdminFaq>
            rowClick="edit"
            primaryText={(faq) => faq.question}
            secondaryText={(faq) => `${faq.order}. ${faq.is_active ? 'Shown' : 'Hidden'}`}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <NumberField source="order" label="Order" />
          <TextField source="question" label="Question" sortable={false} />
          <BooleanField source="is_active" label="Shown" sortable={false} />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}

export function FaqCreate() {
  return (
    <Create redirect="list" title="New FAQ">
      <SimpleForm defaultValues={{ order: 0, is_active: true }} sx={{ maxWidth: 820 }}>
        <FaqFields />
      </SimpleForm>
    </Create>
  );
}

export function FaqEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 820 }}>
        <FaqFields />
      </SimpleForm>
    </Edit>
  );
}
