import { DEFAULT_DUTIES_NOTICE, isLocale, isTimeZone } from '@platform/contracts';
import { AdminSiteSettingsBody } from '@platform/contracts/admin-content';
import { countryChoices } from '@platform/contracts/shipping';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  email,
  NumberInput,
  regex,
  required,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { MediaInput } from '../inputs/MediaInput.tsx';
import { maxLengthOf } from '../lib/limits.ts';
import { Heading, SingletonEdit } from '../settings/SingletonEdit.tsx';

const knownLocale = (value: string) => (isLocale(value) ? undefined : 'Not a locale this platform knows (e.g. en-US).');
const knownTimeZone = (value: string) =>
  isTimeZone(value) ? undefined : 'Not a time zone this platform knows (e.g. Asia/Kathmandu).';

const COUNTRIES = countryChoices().map((country) => ({ id: country.code, name: country.name }));

const analyticsId = regex(/^(G|UA|GT|AW)-[A-Z0-9-]{2,30}$/, 'Not a valid analytics id (e.g. G-XXXXXXX).');

/**
 * The shop's identity (title, description, logo, favicon, analytics), how its dates and prices are written, the
 * company information page, the seller of its invoices, and how it sells abroad (its country, the notice of import
 * duties, the adult age and signature).
 */
export function SiteSettingsEdit() {
  return (
    <SingletonEdit resource="site-settings" title="Site settings">
      <Heading>The shop</Heading>
      <TextInput
        source="site_title"
        label="Site title"
        validate={maxLengthOf(AdminSiteSettingsBody, 'site_title')}
        fullWidth
      />
      <TextInput
        source="site_description"
        label="Site description"
        helperText="Used by search engines and link previews."
        validate={maxLengthOf(AdminSiteSettingsBody, 'site_description')}
        multiline
        fullWidth
      />
      <MediaInput source="logo" label="Logo" purpose="site" />
      <MediaInput
        source="favicon"
        label="Favicon"
        purpose="site"
        helperText="A square picture; shown in browser tabs."
      />
      <TextInput
        source="google_analytics_id"
        label="Google Analytics id"
        helperText="Empty: no analytics."
        validate={analyticsId}
      />
      <TextInput
        source="contact_email"
        label="Contact e-mail"
        helperText="The shop's address: on the contact page and the invoices, where customers' replies and the shop's own e-mails go."
        validate={[email(), maxLengthOf(AdminSiteSettingsBody, 'contact_email')]}
        fullWidth
      />
      <TextInput
        source="locale"
        label="Locale"
        helperText="How dates and prices are written on the shop, e.g. en-US."
        validate={[required(), knownLocale]}
      />
      <TextInput
        source="time_zone"
        label="Time zone"
        helperText="The shop's time zone for dates, e.g. Asia/Kathmandu."
        validate={[required(), knownTimeZone]}
      />

      <Heading>Company information</Heading>
      <TextInput source="tagline" label="Tagline" validate={maxLengthOf(AdminSiteSettingsBody, 'tagline')} fullWidth />
      <TextInput
        source="history_summary"
        label="History"
        validate={maxLengthOf(AdminSiteSettingsBody, 'history_summary')}
        multiline
        minRows={3}
        fullWidth
      />
      <TextInput
        source="mission_statement"
        label="Mission"
        validate={maxLengthOf(AdminSiteSettingsBody, 'mission_statement')}
        multiline
        fullWidth
      />
      <TextInput
        source="vision_statement"
        label="Vision"
        validate={maxLengthOf(AdminSiteSettingsBody, 'vision_statement')}
        multiline
        fullWidth
      />
      <ArrayInput source="core_values" label="Core values">
        <SimpleFormIterator>
          <TextInput
            source="name"
            label="Value"
            validate={[required(), maxLengthOf(AdminSiteSettingsBody, 'core_values.name')]}
          />
          <TextInput
            source="description"
            label="Description"
            validate={maxLengthOf(AdminSiteSettingsBody, 'core_values.description')}
            fullWidth
          />
        </SimpleFormIterator>
      </ArrayInput>

      <Heading>Invoices</Heading>
      <TextInput
        source="legal_name"
        label="Legal name"
        helperText="The seller on invoices and credit notes; the site title when empty."
        validate={maxLengthOf(AdminSiteSettingsBody, 'legal_name')}
        fullWidth
      />
      <TextInput
        source="legal_address"
        label="Postal address"
        helperText="As printed on invoices, one line per line."
        validate={maxLengthOf(AdminSiteSettingsBody, 'legal_address')}
        multiline
        minRows={3}
        fullWidth
      />
      <TextInput source="tax_number" label="Tax number" validate={maxLengthOf(AdminSiteSettingsBody, 'tax_number')} />

      <Heading>Selling abroad</Heading>
      <AutocompleteInput
        source="country"
        label="The shop’s country"
        choices={COUNTRIES}
        emptyValue=""
        helperText="An order to another country gets a customs declaration and, at checkout, the notice below."
        sx={{ minWidth: 280 }}
      />
      <TextInput
        source="duties_notice"
        label="Notice of import duties"
        helperText={`Shown at checkout for a destination abroad, unless a tax rate there collects them. Empty: “${DEFAULT_DUTIES_NOTICE}”`}
        validate={maxLengthOf(AdminSiteSettingsBody, 'duties_notice')}
        multiline
        minRows={2}
        fullWidth
      />
      <NumberInput
        source="adult_age"
        label="Adult age"
        helperText="The age the buyer of a product sold to adults only confirms at checkout."
        min={16}
        max={25}
        step={1}
        validate={required()}
      />
      <BooleanInput
        source="adult_signature"
        label="Adult signature required"
        helperText="Printed on the packing slip of an order holding a product sold to adults only."
      />
    </SingletonEdit>
  );
}
