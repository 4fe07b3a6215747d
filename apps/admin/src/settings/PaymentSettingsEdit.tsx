import { TextField } from '@mui/material';
import {
  type AdminPaymentSettings,
  AdminPaymentSettingsBody,
  ORDER_LIMITS,
  PAYMENT_TIMEOUT_MINUTES,
} from '@platform/contracts/admin';
import { useEffect, useState } from 'react';
import {
  BooleanInput,
  InputHelperText,
  maxValue,
  minLength,
  minValue,
  NumberInput,
  PasswordInput,
  regex,
  required,
  SelectInput,
  TextInput,
  useInput,
  useRecordContext,
} from 'react-admin';
import { httpUrl } from '../inputs/validators.ts';
import { maxLengthOf } from '../lib/limits.ts';
import { Heading, SingletonEdit } from './SingletonEdit.tsx';
import { parseTimeToPay, timeToPayText } from './time-to-pay.ts';

const GATEWAY_CHOICES = [
  { id: 'sandbox', name: 'Built-in sandbox gateway (test payments)' },
  { id: '2c2p', name: '2C2P' },
];
const ENVIRONMENT_CHOICES = [
  { id: 'sandbox', name: 'Sandbox (2C2P test)' },
  { id: 'production', name: 'Production (live payments)' },
];

const merchantId = regex(/^[A-Za-z0-9]{1,25}$/, 'A merchant id has 1 to 25 letters or digits.');

const TIME_TO_PAY = 'Write a time from 1 hour to 30 days, with its unit: “7 days”, “36 hours”, “2 days 12 hours”.';
/** The form holds minutes, or the text as typed while it is not a time (which this refuses). */
const timeToPay = (value: unknown) =>
  typeof value === 'number' && value >= PAYMENT_TIMEOUT_MINUTES.min && value <= PAYMENT_TIMEOUT_MINUTES.max
    ? undefined
    : TIME_TO_PAY;
/** A whole number, or `message`. */
const whole = (message: string) => (value: unknown) => (value == null || Number.isInteger(value) ? undefined : message);
const UNPAID_ORDERS = 'A customer may have 1 to 100 orders awaiting payment.';
const UNITS_PER_PRODUCT = 'An order may take 1 to 10000 units of a product.';

/** A whole number between the limit's bounds, each wrong value answered with the limit's one message. */
function LimitInput({
  source,
  label,
  helperText,
  bounds,
  message,
}: {
  source: string;
  label: string;
  helperText: string;
  bounds: { min: number; max: number };
  message: string;
}) {
  return (
    <NumberInput
      source={source}
      label={label}
      helperText={helperText}
      min={bounds.min}
      max={bounds.max}
      step={1}
      validate={[required(message), whole(message), minValue(bounds.min, message), maxValue(bounds.max, message)]}
    />
  );
}

/**
 * How long an unpaid order of a method keeps its stock before it is cancelled, written in days and hours ("7 days",
 * "36 hours"). The field keeps what the owner types; the form holds its minutes once it reads as a time.
 */
function TimeToPayInput({ source, label }: { source: string; label: string }) {
  const { id, field, fieldState, formState, isRequired } = useInput({ source, validate: timeToPay });
  const shown = typeof field.value === 'number' ? timeToPayText(field.value) : String(field.value ?? '');
  const [text, setText] = useState(shown);
  // A value set from outside (the record loaded, the form reset) replaces what is in the field.
  useEffect(() => {
    setText((typed) => (parseTimeToPay(typed) === field.value ? typed : shown));
  }, [field.value, shown]);
  const error =
    fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error?.message : undefined;
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      label={label}
      required={isRequired}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(parseTimeToPay(event.target.value) ?? event.target.value);
      }}
      onBlur={() => {
        if (typeof field.value === 'number') setText(timeToPayText(field.value));
        field.onBlur();
      }}
      error={Boolean(error)}
      helperText={
        <InputHelperText
          error={error}
          helperText="For example “7 days” or “36 hours”. An order still unpaid after this time is cancelled and its stock comes back."
        />
      }
      variant="filled"
      size="small"
      margin="dense"
      sx={{ minWidth: 320 }}
    />
  );
}

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
      validate={[
        minLength(16, 'A secret key has at least 16 characters.'),
        maxLengthOf(AdminPaymentSettingsBody, 'card_secret_key'),
      ]}
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
        validate={maxLengthOf(AdminPaymentSettingsBody, 'bank_account_details')}
        multiline
        minRows={3}
        fullWidth
      />

      <Heading>Custom payment method</Heading>
      <BooleanInput source="enable_custom_payment" label="Offer the custom method" />
      <TextInput
        source="custom_payment_label"
        label="Label"
        validate={maxLengthOf(AdminPaymentSettingsBody, 'custom_payment_label')}
        fullWidth
      />
      <TextInput
        source="custom_payment_instructions"
        label="Instructions"
        validate={maxLengthOf(AdminPaymentSettingsBody, 'custom_payment_instructions')}
        multiline
        minRows={3}
        fullWidth
      />
      <TextInput
        source="custom_payment_redirect_url"
        label="Redirect URL"
        helperText="Optional: where the customer is sent after placing the order."
        validate={[httpUrl, maxLengthOf(AdminPaymentSettingsBody, 'custom_payment_redirect_url')]}
        fullWidth
      />

      <Heading>Card payments</Heading>
      <BooleanInput source="enable_card_payment" label="Accept cards" />
      <SelectInput source="card_gateway" label="Card gateway" choices={GATEWAY_CHOICES} fullWidth />
      <SelectInput source="card_environment" label="Environment" choices={ENVIRONMENT_CHOICES} fullWidth />
      <TextInput source="card_merchant_id" label="Merchant id" validate={merchantId} fullWidth />
      <SecretKeyInput />

      <Heading>Unpaid orders</Heading>
      <TimeToPayInput source="bank_transfer_timeout_minutes" label="Time to pay a bank transfer" />
      <TimeToPayInput source="custom_payment_timeout_minutes" label="Time to pay by the custom method" />
      <LimitInput
        source="max_unpaid_orders"
        label="Orders awaiting payment per customer"
        helperText="A customer with this many unpaid orders must pay one before placing another."
        bounds={ORDER_LIMITS.maxUnpaidOrders}
        message={UNPAID_ORDERS}
      />
      <LimitInput
        source="max_units_per_product"
        label="Units of one product per order"
        helperText="The most units of a product a cart may hold and an order may take."
        bounds={ORDER_LIMITS.maxUnitsPerProduct}
        message={UNITS_PER_PRODUCT}
      />
    </SingletonEdit>
  );
}
