import { MailSettings } from '@platform/contracts/admin';
import { email, TextInput } from 'react-admin';
import { maxLengthOf } from '../lib/limits.ts';
import { SingletonEdit } from './SingletonEdit.tsx';

/** The shop's sender (owner only): the name and address its e-mails come from, and where customers' replies go. */
export function MailSettingsEdit() {
  return (
    <SingletonEdit resource="mail-settings" title="Mail settings">
      <TextInput
        source="sender_name"
        label="Sender name"
        helperText="The name customers see the shop's e-mails from; the shop's name when empty."
        validate={maxLengthOf(MailSettings, 'sender_name')}
        fullWidth
      />
      <TextInput
        source="sender_address"
        label="Sender address"
        helperText="An address your mail server may send from; the platform's address when empty."
        validate={[email('Enter a valid email address.'), maxLengthOf(MailSettings, 'sender_address')]}
        fullWidth
      />
      <TextInput
        source="reply_to"
        label="Reply-to address"
        helperText="Where customers' replies go."
        validate={[email('Enter a valid email address.'), maxLengthOf(MailSettings, 'reply_to')]}
        fullWidth
      />
    </SingletonEdit>
  );
}
