import { MailSettings } from '@platform/contracts/admin';
import { BooleanInput, email, TextInput } from 'react-admin';
import { maxLengthOf } from '../lib/limits.ts';
import { Heading, SingletonEdit } from './SingletonEdit.tsx';

/**
 * The shop's sender (owner only): the name and address its e-mails come from, and where customers' replies go; and
 * which e-mails staff get at the shop's own address.
 */
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
        helperText="The shop's address when the site settings have no contact e-mail (then replies, invoices and the contact page use it)."
        validate={[email('Enter a valid email address.'), maxLengthOf(MailSettings, 'reply_to')]}
        fullWidth
      />
      <Heading>E-mails to the shop</Heading>
      <BooleanInput
        source="notify_new_order"
        label="A new order"
        helperText="An e-mail to the shop's contact address (site settings) for each order placed."
      />
      <BooleanInput
        source="notify_low_stock"
        label="Low stock, once a day"
        helperText="One e-mail a day listing the products and variants at or below their low-stock threshold."
      />
    </SingletonEdit>
  );
}
