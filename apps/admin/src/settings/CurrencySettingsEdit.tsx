import { Alert, Typography } from '@mui/material';
import { type AdminCurrencySettings, RATE_SOURCE_LABELS, RATE_SOURCES } from '@platform/contracts/admin-currencies';
import { CURRENCY_ROUNDING_LABELS, CURRENCY_ROUNDINGS, parseRate } from '@platform/contracts/currency';
import { ArrayInput, regex, required, SelectInput, SimpleFormIterator, TextInput, useRecordContext } from 'react-admin';
import { formatDateTime } from '../lib/format.ts';
import { Heading, SingletonEdit } from './SingletonEdit.tsx';

const SOURCE_CHOICES = RATE_SOURCES.map((id) => ({ id, name: RATE_SOURCE_LABELS[id] }));
const ROUNDING_CHOICES = CURRENCY_ROUNDINGS.map((id) => ({ id, name: CURRENCY_ROUNDING_LABELS[id] }));

const code = regex(/^\s*[A-Za-z]{3}\s*$/, 'Enter a three-letter currency code, such as EUR.');
/** A positive rate with at most six decimals (the API's rule, `parseRate`). */
const rate = (value: unknown) =>
  value == null || value === '' || parseRate(String(value)) !== null
    ? undefined
    : 'Enter a rate above 0 with at most six decimals, such as 0.92.';

/** Where the rates stand: when they were last fetched, and why the last try failed. */
function FetchStatus() {
  const record = useRecordContext<AdminCurrencySettings>();
  if (record?.rate_source !== 'ecb') return null;
  return (
    <>
      {record.fetch_error && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {record.fetch_error} The rates below stay as they were until a fetch succeeds.
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 1 }}>
        {record.fetched_at
          ? `Rates last fetched ${formatDateTime(record.fetched_at)}.`
          : 'The rates are fetched within the hour, then once a day.'}
      </Typography>
    </>
  );
}

/** The day a currency's rate is of, when it was fetched (the line as saved). */
function RateDay() {
  const day = useRecordContext<AdminCurrencySettings['currencies'][number]>()?.rate_date;
  return (
    <Typography variant="body2" sx={{ alignSelf: 'center', color: 'text.secondary' }}>
      {day ? `Published rate of ${day}` : ''}
    </Typography>
  );
}

/**
 * The currencies the shop shows prices in besides its own (owner only, decision 028): each with its rate against the
 * shop's currency and how converted prices are rounded; the rates typed here or fetched daily from the European
 * Central Bank. The shop charges in its own currency whatever a shopper reads.
 */
export function CurrencySettingsEdit() {
  return (
    <SingletonEdit resource="currency-settings" title="Currencies">
      <Typography variant="body1" sx={{ mb: 1 }}>
        The shop charges in US dollars. Shoppers may read its prices in the currencies listed here, converted at these
        rates and marked as approximate; the checkout says what is charged in US dollars.
      </Typography>
      <SelectInput
        source="rate_source"
        label="Rates"
        choices={SOURCE_CHOICES}
        validate={required()}
        helperText="Fetched: the European Central Bank's reference rates, once a day; a currency it does not publish (such as NPR) keeps the rate typed here."
      />
      <FetchStatus />
      <Heading>Currencies</Heading>
      <ArrayInput source="currencies" label={false}>
        <SimpleFormIterator inline>
          <TextInput source="code" label="Code" validate={[required(), code]} sx={{ width: '7rem' }} />
          <TextInput
            source="rate"
            label="Rate"
            helperText="For one US dollar"
            validate={[required(), rate]}
            sx={{ width: '10rem' }}
          />
          <SelectInput
            source="rounding"
            label="Rounding"
            choices={ROUNDING_CHOICES}
            defaultValue="none"
            validate={required()}
          />
          <RateDay />
        </SimpleFormIterator>
      </ArrayInput>
    </SingletonEdit>
  );
}
