import { Stack, Typography } from '@mui/material';
import { parseMinor } from '@platform/contracts';
import { AdminProductUpdateBody, slugFromName } from '@platform/contracts/admin-products';
import { useEffect, useRef } from 'react';
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
import { useFormContext, useWatch } from 'react-hook-form';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { maxLengthOf } from '../lib/limits.ts';
import { Heading } from '../settings/SingletonEdit.tsx';
import { ProductPicturesInput } from './ProductPictures.tsx';

export const slugRule = regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');
const priceRule = regex(/^\d{1,8}(\.\d{1,2})?$/, 'A price like 85.00.');

/** The before-discount price, when given, is above the price (the API's rule, told before saving). */
function aboveThePrice(value: unknown, values: { price?: unknown }) {
  if (value === null || value === undefined || value === '') return undefined;
  const before = parseMinor(String(value));
  const price = parseMinor(String(values.price ?? ''));
  if (before === null || price === null) return undefined;
  return before > price ? undefined : 'The price before discount must be above the price.';
}

/**
 * Fills the slug from the name as it is typed, until the slug is edited by hand (`edited`): a new product only, as
 * a saved product's address is not changed by renaming it.
 */
function SlugFollowsName({ edited }: { edited: { current: boolean } }) {
  const name = useWatch({ name: 'name' });
  const { setValue } = useFormContext();
  useEffect(() => {
    if (edited.current) return;
    setValue('slug', slugFromName(typeof name === 'string' ? name : ''), { shouldValidate: Boolean(name) });
  }, [name, edited, setValue]);
  return null;
}

/**
 * The fields of a product, for its creation and its edit, on one screen: one save writes them all (the stock count
 * through the ledger, the pictures uploaded as they are dropped).
 */
export function ProductFields({ isNew = false }: { isNew?: boolean }) {
  const slugEdited = useRef(false);
  const record = useRecordContext<{ variants?: unknown[]; stock?: number }>();
  const soldInOptions = !isNew && (record?.variants?.length ?? 0) > 0;
  return (
    <>
      <TextInput
        source="name"
        label="Name"
        validate={[required(), maxLengthOf(AdminProductUpdateBody, 'name')]}
        fullWidth
      />
      {isNew && <SlugFollowsName edited={slugEdited} />}
      <TextInput
        source="slug"
        label="Slug"
        helperText={isNew ? 'Filled from the name until you change it' : 'The product’s address in the shop'}
        validate={[required(), slugRule, maxLengthOf(AdminProductUpdateBody, 'slug')]}
        onChange={() => {
          slugEdited.current = true;
        }}
        fullWidth
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
      <BooleanInput source="is_active" label="Active (shown in the shop)" />
      <BooleanInput source="is_featured" label="Featured (on the home page's shelf)" />
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
