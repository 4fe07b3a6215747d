import { Stack, Typography } from '@mui/material';
import { parseMinor } from '@platform/contracts';
import { HS_CODE_PATTERN } from '@platform/contracts/admin-catalog';
import { AdminProductUpdateBody } from '@platform/contracts/admin-products';
import { countryChoices } from '@platform/contracts/shipping';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  regex,
  required,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { type SlugFollowing, SlugInput } from '../inputs/SlugInput.tsx';
import { maxLengthOf } from '../lib/limits.ts';
import { Heading } from '../settings/SingletonEdit.tsx';
import { ProductPicturesInput } from './ProductPictures.tsx';

const priceRule = regex(/^\d{1,8}(\.\d{1,2})?$/, 'A price like 85.00.');
const hsCodeRule = regex(HS_CODE_PATTERN, 'An HS code like 8211.92 or 8211.92.00.');
const COUNTRIES = countryChoices().map((country) => ({ id: country.code, name: country.name }));

/** The before-discount price, when given, is above the price (the API's rule, told before saving). */
function aboveThePrice(value: unknown, values: { price?: unknown }) {
  if (value === null || value === undefined || value === '') return undefined;
  const before = parseMinor(String(value));
  const price = parseMinor(String(values.price ?? ''));
  if (before === null || price === null) return undefined;
  return before > price ? undefined : 'The price before discount must be above the price.';
}

/**
 * The fields of a product, for its creation and its edit, on one screen: one save writes them all (the stock count
 * through the ledger, the pictures uploaded as they are dropped).
 */
export function ProductFields({ slugFollowing }: { slugFollowing?: SlugFollowing }) {
  const isNew = slugFollowing !== undefined;
  const record = useRecordContext<{ variants?: unknown[]; stock?: number; category_age_restricted?: boolean }>();
  const soldInOptions = !isNew && (record?.variants?.length ?? 0) > 0;
  return (
    <>
      <TextInput
        source="name"
        label="Name"
        validate={[required(), maxLengthOf(AdminProductUpdateBody, 'name')]}
        fullWidth
      />
      <SlugInput
        from="name"
        following={slugFollowing}
        max={maxLengthOf(AdminProductUpdateBody, 'slug')}
        helperText="The product’s address in the shop"
      />
      <ReferenceInput source="category" reference="categories" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput label="Category" optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
        <TextInput
          source="price"
          label="Price"
          helperText="In the shop's currency, e.g. 85.00"
          validate={[required(), priceRule]}
        />
        <TextInput
          source="price_before_discount"
          label="Price before discount"
          helperText={
            soldInOptions
              ? 'Optional: the first variant on sale’s, struck through; each variant has its own in the grid'
              : 'Optional: shown struck through, as a discount offer'
          }
          validate={[priceRule, aboveThePrice]}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
        {soldInOptions ? (
          // Sold in options, its stock is its variants': counted in the Options section's grid, not here.
          <Typography variant="body2" sx={{ alignSelf: 'center', minWidth: 220 }} data-testid="variants-stock">
            Stock: {String(record?.stock ?? 0)}, the sum of its variants’ (count them in the variant grid)
          </Typography>
        ) : (
          <NumberInput
            source="stock"
            label={isNew ? 'Stock' : 'Stock count'}
            helperText={isNew ? 'Units in stock: the ledger’s opening entry' : 'A new count is recorded in the ledger'}
            min={0}
            step={1}
            validate={required()}
          />
        )}
        <NumberInput source="low_stock_threshold" label="Low-stock threshold" min={0} step={1} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
        <BooleanInput
          source="made_to_order"
          label="Made to order"
          helperText="On sale at stock 0: what the stock lacks is made, and ships within the lead time"
        />
        <NumberInput
          source="lead_time_days"
          label="Lead time (days)"
          helperText="Needed when made to order: 21 reads “ships in about 3 weeks”"
          min={1}
          max={365}
          step={1}
        />
      </Stack>
      <BooleanInput source="is_active" label="Active (shown in the shop)" />
      <BooleanInput source="is_featured" label="Featured (on the home page's shelf)" />
      <BooleanInput
        source="age_restricted"
        label="Sold to adults only"
        helperText={
          record?.category_age_restricted
            ? 'Its category is sold to adults only: so is this product, whatever this says'
            : 'An order holding it needs the buyer’s confirmation of the shop’s age'
        }
      />
      <Heading>Customs</Heading>
      <Typography variant="body2" color="text.secondary">
        What the customs declaration of an order leaving the shop’s country says of it. A variant may have its own.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
        <TextInput
          source="hs_code"
          label="HS code"
          helperText="e.g. 8211.92 (knives with fixed blades)"
          validate={hsCodeRule}
        />
        <AutocompleteInput
          source="country_of_origin"
          label="Country of origin"
          choices={COUNTRIES}
          emptyValue=""
          helperText={false}
          sx={{ minWidth: 220 }}
        />
        <NumberInput source="weight_grams" label="Weight (g)" min={1} step={1} helperText="Net, one unit" />
      </Stack>
      <TextInput
        source="customs_description"
        label="Customs description"
        helperText="What the goods are, as customs read it (empty: the product’s name)"
        validate={maxLengthOf(AdminProductUpdateBody, 'customs_description')}
        fullWidth
      />
      <ProductPicturesInput />
      <TextInput
        source="description"
        label="Description (plain text)"
        validate={maxLengthOf(AdminProductUpdateBody, 'description')}
        multiline
        minRows={3}
        fullWidth
      />
      {/* A heading of the page's outline before the description, whose own headings start at level 3. */}
      <Heading>Long description</Heading>
      <HtmlInput
        source="long_html_description"
        label="Long description"
        validate={maxLengthOf(AdminProductUpdateBody, 'long_html_description')}
      />
      <ArrayInput source="attributes" label="Attributes">
        <SimpleFormIterator inline>
          <TextInput
            source="key"
            label="Attribute"
            validate={[required(), maxLengthOf(AdminProductUpdateBody, 'attributes.key')]}
            helperText={false}
          />
          <TextInput
            source="value"
            label="Value"
            validate={maxLengthOf(AdminProductUpdateBody, 'attributes.value')}
            helperText={false}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/**
 * What the form sends: the pictures as the API names them (id and text, in order), an empty before-discount price as
 * none.
 */
export function productBody(data: Record<string, unknown>): Record<string, unknown> {
  const images = Array.isArray(data.images)
    ? (data.images as { media: number; alt_text?: string }[]).map((image) => ({
        media: image.media,
        alt_text: image.alt_text ?? '',
      }))
    : undefined;
  const before = data.price_before_discount;
  // The options, personalisation and variants are written by their own calls (the Options section).
  const { options: _options, personalisation: _personalisation, variants: _variants, ...fields } = data;
  return {
    ...fields,
    ...(images ? { images } : {}),
    price_before_discount: before === '' || before === undefined ? null : before,
  };
}
