import { isLocale, isTimeZone } from '@platform/contracts';
import { AdminSiteSettingsBody } from '@platform/contracts/admin-content';
import { ArrayInput, email, regex, required, SimpleFormIterator, TextInput } from 'react-admin';
import { MediaInput } from '../inputs/MediaInput.tsx';
import { maxLengthOf } from '../lib/limits.ts';
import { Heading, SingletonEdit } from '../settings/SingletonEdit.tsx';

const knownLocale = (value: string) => (isLocale(value) ? undefined : 'Not a locale this platform knows (e.g. en-US).');
const knownTimeZone = (value: string) =>
  isTimeZone(value) ? undefined : 'Not a time zone this platform knows (e.g. Asia/Kathmandu).';

const analyticsId = regex(/^(G|UA|GT|AW)-[A-Z0-9-]{2,30}$/, 'Not a valid analytics id (e.g. G-XXXXXXX).');

/**
 * The shop's identity (title, description, logo, favicon, analytics), how its dates and prices are written, and the
 * company information page.
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
    </SingletonEdit>
  );
}
