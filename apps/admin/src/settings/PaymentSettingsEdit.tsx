import type { AdminPaymentSettings } from '@platform/contracts';
import {
  BooleanInput,
  maxLength,
  minLength,
  PasswordInput,
  regex,
  SelectInput,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { httpUrl } from '../inputs/validators.ts';
import { Heading, SingletonEdit } from './SingletonEdit.tsx';

const GATEWAY_CHOICES = [
  { id: 'sandbox', name: 'Built-in sandbox gateway (test payments)' },
  { id: '2c2p', name: '2C2P' },
];
const ENVIRONMENT_CHOICES = [
  { id: 'sandbox', name: 'Sandbox (2C2P test)' },
  { id: 'production', name: 'Production (live payments)' },
];

const merchantId = regex(/^[A-Za-z0-9]{1,25}$/, 'A merchant id has 1 to 25 letters or digits.');

/** The secret key is never read back: the field starts empty, and empty keeps the key the shop has. */
function SecretKeyInput() {
  const settings = useRecordContext<AdminPaymentSettings>();
  return (
    <PasswordInput
      source="card_secret_key"
      label="Secret key"
      autoComplete="new-password"
      helperText={
        settings?.card_secret_key_set
          ? 'A secret key is set. Leave this empty to keep it.'
          : 'No secret key is set yet.'
      }
      validate={[minLength(16, 'A secret key has at least 16 characters.'), maxLength(500)]}
      fullWidth
    />
  );
}

/** The shop's payment methods (the owner's): what customers may choose at checkout, and what they are told. */
export function PaymentSettingsEdit() {
  return (
    <SingletonEdit resource="payment-settings" title="Payment settings">
      <Heading>Bank transfer</Heading>
      <BooleanInput source="enable_bank_transfer" label="Accept bank transfers" />
      <TextInput
        source="bank_account_details"
        label="Bank account details"
        helperText="Shown to the customer with a bank transfer order."
        validate={maxLength(5000)}
        multiline
        minRows={3}
        fullWidth
      />

      <Heading>Custom payment method</Heading>
      <BooleanInput source="enable_custom_payment" label="Offer the custom method" />
      <TextInput source="custom_payment_label" label="Label" validate={maxLength(100)} fullWidth />
      <TextInput
        source="custom_payment_instructions"
        label="Instructions"
        validate={maxLength(5000)}
        multiline
        minRows={3}
        fullWidth
      />
      <TextInput
        source="custom_payment_redirect_url"
        label="Redirect URL"
        helperText="Optional: where the customer is sent after placing the order."
        validate={[httpUrl, maxLength(500)]}
        fullWidth
      />

      <Heading>Card payments</Heading>
      <BooleanInput source="enable_card_payment" label="Accept cards" />
      <SelectInput source="card_gateway" label="Card gateway" choices={GATEWAY_CHOICES} fullWidth />
      <SelectInput source="card_environment" label="Environment" choices={ENVIRONMENT_CHOICES} fullWidth />
      <TextInput source="card_merchant_id" label="Merchant id" validate={merchantId} fullWidth />
      <SecretKeyInput />
    </SingletonEdit>
  );
}
