import { SOCIAL_PLATFORMS } from '@platform/contracts';
import { AdminContactInfoBody, type AdminContactMessage } from '@platform/contracts/admin-content';
import {
  ArrayInput,
  BooleanInput,
  Datagrid,
  DateField,
  EmailField,
  email,
  List,
  regex,
  required,
  SelectInput,
  SimpleFormIterator,
  SimpleList,
  TextField,
  TextInput,
  WrapperField,
} from 'react-admin';
import { flagFilter } from '../inputs/FlagFilter.tsx';
import { ToggleFieldButton } from '../inputs/ToggleFieldButton.tsx';
import { httpUrl } from '../inputs/validators.ts';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime } from '../lib/format.ts';
import { maxLengthOf } from '../lib/limits.ts';
import { Heading, SingletonEdit } from '../settings/SingletonEdit.tsx';

const phone = regex(/^[0-9+()\-. ]*$/, 'Enter a valid phone number.');
const PLATFORMS = SOCIAL_PLATFORMS.map((id) => ({
  id,
  name: id === 'x' ? 'X' : id === 'youtube' ? 'YouTube' : id[0]?.toUpperCase() + id.slice(1),
}));

/** The contact page's branches, e-mail addresses and social profiles; each list is saved in its order. */
export function ContactInfoEdit() {
  return (
    <SingletonEdit resource="contact-info" title="Contact information">
      <Heading>Branches</Heading>
      <ArrayInput source="branch_locations" label={false}>
        <SimpleFormIterator>
          <TextInput
            source="name"
            label="Name"
            validate={[required(), maxLengthOf(AdminContactInfoBody, 'branch_locations.name')]}
          />
          <BooleanInput source="is_hq" label="Headquarters" />
          <TextInput
            source="address"
            label="Address"
            validate={maxLengthOf(AdminContactInfoBody, 'branch_locations.address')}
            multiline
            fullWidth
          />
          <TextInput
            source="phone_number"
            label="Phone number"
            validate={[phone, maxLengthOf(AdminContactInfoBody, 'branch_locations.phone_number')]}
          />
          <TextInput
            source="map_location_url"
            label="Map link"
            validate={[httpUrl, maxLengthOf(AdminContactInfoBody, 'branch_locations.map_location_url')]}
            fullWidth
          />
        </SimpleFormIterator>
      </ArrayInput>
      <Heading>E-mail addresses</Heading>
      <ArrayInput source="contact_emails" label={false}>
        <SimpleFormIterator inline>
          <TextInput
            source="purpose"
            label="Purpose"
            validate={[required(), maxLengthOf(AdminContactInfoBody, 'contact_emails.purpose')]}
          />
          <TextInput
            source="email_address"
            label="E-mail"
            validate={[required(), email(), maxLengthOf(AdminContactInfoBody, 'contact_emails.email_address')]}
          />
        </SimpleFormIterator>
      </ArrayInput>
      <Heading>Social media</Heading>
      <ArrayInput source="social_media_profiles" label={false}>
        <SimpleFormIterator inline>
          <SelectInput source="platform" label="Platform" choices={PLATFORMS} validate={required()} />
          <TextInput
            source="link"
            label="Link"
            validate={[required(), httpUrl, maxLengthOf(AdminContactInfoBody, 'social_media_profiles.link')]}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </SingletonEdit>
  );
}

/** Messages sent through the contact page, newest first; archived ones when asked. */
export function ContactMessageList() {
  return (
    <List
      empty={<EmptyList />}
      filters={[
        flagFilter('is_archived', 'Messages', [
          [false, 'Inbox'],
          [true, 'Archived'],
        ]),
      ]}
      filterDefaultValues={{ is_archived: 'false' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={false}
      title="Contact messages"
    >
      <Responsive
        narrow={
          <SimpleList<AdminContactMessage>
            rowClick="show"
            primaryText={(message) => `${message.subject || '(no subject)'} · ${message.name}`}
            secondaryText={(message) => message.message}
            tertiaryText={(message) =>
              `${message.email} · ${formatDateTime(message.created_at)}${message.last_replied_at ? ' · answered' : ''}`
            }
            rightIcon={() => (
              <ToggleFieldButton
                field="is_archived"
                setTrue={{ label: 'Archive', done: 'Message archived' }}
                setFalse={{ label: 'Restore', done: 'Message restored' }}
              />
            )}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick="show">
          <DateField source="created_at" label="Received" showTime />
          <TextField source="name" label="Name" sortable={false} />
          <EmailField source="email" label="E-mail" sortable={false} />
          <TextField source="phone_number" label="Phone" sortable={false} />
          <TextField source="subject" label="Subject" sortable={false} />
          <TextField source="message" label="Message" sortable={false} />
          <DateField source="last_replied_at" label="Answered" showTime sortable={false} emptyText="Not yet" />
          <WrapperField label="Actions" sortable={false}>
            <ToggleFieldButton
              field="is_archived"
              setTrue={{ label: 'Archive', done: 'Message archived' }}
              setFalse={{ label: 'Restore', done: 'Message restored' }}
            />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}
