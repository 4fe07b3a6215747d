import type { AdminStaffMember } from '@platform/contracts/admin';
import {
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  DateField,
  Edit,
  EmailField,
  email,
  List,
  required,
  SelectField,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime } from '../lib/format.ts';

const ROLES = [
  { id: 'staff', name: 'Staff (orders, catalog, content)' },
  { id: 'owner', name: 'Owner (also staff, payment settings, audit log)' },
];

/** The shop's staff and owners (the owner's screen). */
export function StaffList() {
  return (
    <List
      empty={<EmptyList />}
      sort={{ field: 'created_at', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton label="Invite" />
        </TopToolbar>
      }
      title="Staff"
    >
      <Responsive
        narrow={
          <SimpleList<AdminStaffMember>
            rowClick="edit"
            primaryText={(member) => member.email}
            secondaryText={(member) => `${member.role}${member.is_active ? '' : ' · disabled'}`}
            tertiaryText={(member) =>
              member.last_login_at ? `Last sign-in ${formatDateTime(member.last_login_at)}` : 'Never signed in'
            }
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <EmailField source="email" label="E-mail" />
          <TextField source="username" label="Name" sortable={false} />
          <SelectField source="role" label="Role" choices={ROLES} optionText={(choice) => choice.id} sortable={false} />
          <BooleanField source="is_active" label="Active" sortable={false} />
          <DateField source="last_login_at" label="Last sign-in" showTime emptyText="Never" />
        </Datagrid>
      </Responsive>
    </List>
  );
}

/** An invitation: the new member of staff gets an e-mail with a link to choose a password. */
export function StaffCreate() {
  return (
    <Create title="Invite a member of staff" redirect="list">
      <SimpleForm defaultValues={{ role: 'staff' }} sx={{ maxWidth: 600 }}>
        <TextInput source="email" label="E-mail" type="email" validate={[required(), email()]} fullWidth />
        <SelectInput source="role" label="Role" choices={ROLES} validate={required()} fullWidth />
      </SimpleForm>
    </Create>
  );
}

export function StaffEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 600 }}>
        <TextField source="email" label="E-mail" />
        <SelectInput source="role" label="Role" choices={ROLES} validate={required()} fullWidth />
        <BooleanInput
          source="is_active"
          label="Active"
          helperText="A disabled account is signed out everywhere at once and cannot sign in."
        />
      </SimpleForm>
    </Edit>
  );
}
