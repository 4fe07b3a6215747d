// A product's options on its edit screen (decision 018): the option types and personalisation fields, "Generate
// variants" (the options call), and the variant grid with one save (SKU, prices, stock, weight, its own pictures, on
// sale) and a "Set stock for all" helper. Each is a form of its own beside the product's.
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField as MuiTextField,
  Stack,
  Typography,
} from '@mui/material';
import { parseMinor } from '@platform/contracts';
import {
  type AdminProduct,
  AdminProductOptionsBody,
  AdminProductVariantsBody,
  OPTION_TEXT_MAX,
} from '@platform/contracts/admin-catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Form,
  NumberInput,
  regex,
  required,
  SaveButton,
  SelectArrayInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useSimpleFormIteratorItem,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';
import { maxLengthOf } from '../lib/limits.ts';
import {
  altKey,
  type GridRow,
  gridRows,
  type OptionsForm,
  optionsBody,
  valuesOf,
  variantsBody,
} from './product-options.ts';

const priceRule = regex(/^\d{1,8}(\.\d{1,2})?$/, 'A price like 85.00.');
const keyRule = regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and underscores, starting with a letter.');

/** A comma list of option values: at least one, each at most the API's length, each once. */
function valueListRule(text: unknown) {
  const values = valuesOf(text);
  if (values.length === 0) return 'Give at least one value.';
  if (values.some((value) => value.length > OPTION_TEXT_MAX))
    return `A value is at most ${OPTION_TEXT_MAX} characters.`;
  if (new Set(values).size < values.length) return 'Each value appears once.';
  if (values.length > 20) return 'At most 20 values.';
  return undefined;
}

/**
 * Says a change of the options or variants is saved once the screen shows it: the product is read again first, and its
 * forms are drawn anew from it (they are keyed by what they show). Told before, the owner could type into a form about
 * to be drawn again ("Stock for all" right after a save), and lose it.
 */
function useShowSaved() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (message: string) => {
    await queryClient.invalidateQueries();
    notify(message, { type: 'success' });
  };
}

function OptionTypesForm({ product }: { product: AdminProduct }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const showSaved = useShowSaved();
  const record: OptionsForm = {
    options: product.options.map((option) => ({ name: option.name, values: option.values.join(', ') })),
    personalisation: product.personalisation.map((field) => ({ ...field })),
  };
  const generate = async (data: Record<string, unknown>) => {
    try {
      await dataProvider.setProductOptions(product.id, optionsBody(data as unknown as OptionsForm));
      await showSaved('Variants generated');
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  return (
    <Form record={record} onSubmit={generate} id="product-options">
      <ArrayInput source="options" label="Option types (at most three)">
        <SimpleFormIterator inline disableReordering>
          <TextInput
            source="name"
            label="Option"
            helperText="e.g. Blade length"
            validate={[required(), maxLengthOf(AdminProductOptionsBody, 'options.name')]}
          />
          <TextInput
            source="values"
            label="Values"
            helperText="Separated by commas, e.g. 10 inch, 12 inch"
            validate={valueListRule}
            sx={{ minWidth: 320 }}
          />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="personalisation" label="Personalisation (texts the shopper writes, at most three)">
        <SimpleFormIterator inline disableReordering>
          <TextInput
            source="key"
            label="Key"
            helperText="e.g. engraving"
            validate={[required(), keyRule, maxLengthOf(AdminProductOptionsBody, 'personalisation.key')]}
          />
          <TextInput
            source="label"
            label="Label"
            helperText="What the page asks"
            validate={[required(), maxLengthOf(AdminProductOptionsBody, 'personalisation.label')]}
          />
          <NumberInput source="max_length" label="Max length" min={1} max={200} step={1} validate={required()} />
          <TextInput source="price" label="Extra price" helperText="e.g. 15.00" validate={[required(), priceRule]} />
          <BooleanInput source="required" label="Required" />
        </SimpleFormIterator>
      </ArrayInput>
      <SaveButton label="Generate variants" alwaysEnable />
    </Form>
  );
}

/** A row's combination, named by its values. */
function VariantCombination({ names }: { names: string[] }) {
  const { index } = useSimpleFormIteratorItem();
  const options = useWatch({ name: `variants.${index}.options` }) as Record<string, string> | undefined;
  return (
    <Typography sx={{ minWidth: 140, alignSelf: 'center' }} component="span" data-testid="variant-combination">
      {names.map((name) => options?.[name] ?? '').join(' / ')}
    </Typography>
  );
}

/** "Set stock for all": the same count on every row of the grid, saved with it. */
function StockForAll() {
  const { setValue, getValues } = useFormContext();
  const [count, setCount] = useState('');
  const amount = Number(count);
  const valid = count.trim() !== '' && Number.isInteger(amount) && amount >= 0;
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
      <MuiTextField
        size="small"
        type="number"
        label="Stock for all"
        value={count}
        onChange={(event) => setCount(event.target.value)}
        sx={{ width: 160, flex: 'none' }}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
      <Button
        variant="outlined"
        disabled={!valid}
        sx={{ whiteSpace: 'nowrap' }}
        onClick={() => {
          const rows = (getValues('variants') as unknown[]) ?? [];
          rows.forEach((_, index) => {
            setValue(`variants.${index}.stock`, amount, { shouldDirty: true });
          });
        }}
      >
        Set stock for all
      </Button>
    </Stack>
  );
}

type Picture = AdminProduct['images'][number];

/** A picture by its place among the product's (1, 2…), its thumbnail beside. */
function PictureLabel({ picture, number, withText }: { picture: Picture; number: number; withText: boolean }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center" component="span">
      <Box
        component="img"
        src={picture.thumb_url}
        alt=""
        sx={{ width: 24, height: 24, objectFit: 'cover', borderRadius: 0.5 }}
      />
      <span>{withText ? `${number}. ${picture.alt_text || `Picture ${number}`}` : number}</span>
    </Stack>
  );
}

/** A row's own pictures, chosen among the product's: shown first on the product page when the variant is chosen. */
function VariantPictures({ pictures }: { pictures: Picture[] }) {
  const numbers = new Map(pictures.map((picture, index) => [picture.id, index + 1]));
  const choices = pictures.map((picture) => ({ id: picture.id, name: picture.alt_text }));
  const byId = new Map(pictures.map((picture) => [picture.id, picture]));
  const label = (choice: { id: number }) => {
    const picture = byId.get(choice.id) as Picture;
    return <PictureLabel picture={picture} number={numbers.get(choice.id) ?? 0} withText />;
  };
  return (
    <SelectArrayInput
      source="image_ids"
      label="Pictures"
      choices={choices}
      optionText={label}
      helperText={false}
      sx={{ minWidth: 130, maxWidth: 220 }}
      options={{
        renderValue: (selected: unknown) => (
          <Stack direction="row" spacing={0.5} flexWrap="wrap" component="span">
            {((selected as number[]) ?? []).flatMap((id) => {
              const picture = byId.get(id);
              return picture
                ? [
                    <Chip
                      key={id}
                      size="small"
                      label={<PictureLabel picture={picture} number={numbers.get(id) ?? 0} withText={false} />}
                    />,
                  ]
                : [];
            })}
          </Stack>
        ),
      }}
    />
  );
}

/**
 * A row's own page (issue 45), in a dialog: what the product page says while a shopper has chosen the variant — its
 * lead text, specification values and an alt text for each of the product's pictures, each empty for the product's.
 * Its fields are the grid's: "Save variants" saves them.
 */
function VariantPage({ product, names }: { product: AdminProduct; names: string[] }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { index } = useSimpleFormIteratorItem();
  const row = useWatch({ name: `variants.${index}` }) as GridRow & { options?: Record<string, string> };
  const combination = names.map((name) => row?.options?.[name] ?? '').join(' / ');
  const own =
    Boolean(row?.description?.trim()) ||
    (row?.attributes ?? []).some((attribute) => attribute?.key || attribute?.value) ||
    Object.values(row?.alts ?? {}).some((text) => text?.trim()) ||
    [row?.hs_code, row?.country_of_origin, row?.customs_description].some((text) => text?.trim());
  const productKeys = product.attributes.map((attribute) => attribute.key).join(', ');
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        aria-haspopup="dialog"
        aria-label={`Own page of ${combination}`}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'center', whiteSpace: 'nowrap', flex: 'none' }}
      >
        {own ? 'Own page ✓' : 'Own page'}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="md">
        <DialogTitle id={titleId}>Page of {combination}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            What the product page says while a shopper has chosen this variant. An empty field shows the product’s.
            Saved with the variants.
          </Typography>
          <TextInput
            source="description"
            label="Lead text"
            multiline
            minRows={2}
            fullWidth
            placeholder={product.description}
            helperText={false}
            validate={maxLengthOf(AdminProductVariantsBody, 'variants.description')}
          />
          <ArrayInput
            source="attributes"
            label="Specifications of its own"
            helperText={`Each replaces the product’s of the same name${productKeys ? ` (${productKeys})` : ''}, or is added.`}
          >
            <SimpleFormIterator inline disableReordering>
              <TextInput
                source="key"
                label="Name"
                helperText={false}
                validate={[required(), maxLengthOf(AdminProductVariantsBody, 'variants.attributes.key')]}
              />
              <TextInput
                source="value"
                label="Value"
                helperText={false}
                sx={{ minWidth: 280 }}
                validate={[required(), maxLengthOf(AdminProductVariantsBody, 'variants.attributes.value')]}
              />
            </SimpleFormIterator>
          </ArrayInput>
          {product.images.length > 0 && (
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              Alt texts of the pictures
            </Typography>
          )}
          {product.images.map((picture, place) => (
            <Stack key={picture.id} direction="row" spacing={2} alignItems="center">
              <Box
                component="img"
                src={picture.thumb_url}
                alt=""
                sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 0.5, flex: 'none' }}
              />
              <TextInput
                source={`alts.${altKey(picture.id)}`}
                label={`Picture ${place + 1}`}
                fullWidth
                placeholder={picture.alt_text}
                helperText={picture.alt_text ? `Empty: “${picture.alt_text}”` : false}
                validate={maxLengthOf(AdminProductVariantsBody, 'variants.image_alt_texts.alt_text')}
              />
            </Stack>
          ))}
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Customs, where it differs from the product
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextInput
              source="hs_code"
              label="HS code"
              placeholder={product.hs_code}
              helperText={product.hs_code ? `Empty: ${product.hs_code}` : false}
            />
            <TextInput
              source="country_of_origin"
              label="Country of origin (code)"
              placeholder={product.country_of_origin}
              helperText={product.country_of_origin ? `Empty: ${product.country_of_origin}` : false}
            />
          </Stack>
          <TextInput
            source="customs_description"
            label="Customs description"
            fullWidth
            placeholder={product.customs_description}
            helperText={false}
            validate={maxLengthOf(AdminProductVariantsBody, 'variants.customs_description')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Done</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The before-discount price of a row, when given, is above its price (or the product's). */
function aboveTheRowPrice(productPrice: string) {
  return (value: unknown, _values: unknown, props: { source?: string }) => {
    if (value === null || value === undefined || value === '') return undefined;
    const row = (props.source ?? '').replace(/\.price_before_discount$/, '');
    const values = _values as Record<string, unknown>;
    const index = Number(row.split('.')[1]);
    const rows = (values.variants as GridRow[] | undefined) ?? [];
    const price = parseMinor(String(rows[index]?.price || productPrice));
    const before = parseMinor(String(value));
    if (price === null || before === null) return undefined;
    return before > price ? undefined : 'Must be above the price.';
  };
}

function VariantGrid({ product }: { product: AdminProduct }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const showSaved = useShowSaved();
  const names = product.options.map((option) => option.name);
  const record = { variants: gridRows(product.variants, product) };
  const save = async (data: Record<string, unknown>) => {
    try {
      await dataProvider.updateProductVariants(product.id, variantsBody(data.variants as GridRow[]));
      await showSaved('Variants saved');
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  return (
    <Form record={record} onSubmit={save} id="product-variants">
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        Variants
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        An empty price is the product’s ({product.price}); the first variant on sale sets the product’s price (its row
        shows it). A before-discount price is the variant’s own (empty: none, whatever the product’s), shown struck
        through with the lowest price of the 30 days before. A stock is a count, recorded in the ledger. A variant’s
        pictures are shown first when a shopper chooses it; its own page gives it a lead text, specifications, pictures’
        alt texts and customs details of its own.
      </Typography>
      <StockForAll />
      <ArrayInput source="variants" label={false}>
        <SimpleFormIterator inline disableAdd disableRemove disableReordering disableClear>
          <VariantCombination names={names} />
          <TextInput
            source="sku"
            label="SKU"
            validate={[required(), maxLengthOf(AdminProductVariantsBody, 'variants.sku')]}
            helperText={false}
            sx={{ minWidth: 200 }}
          />
          <TextInput
            source="price"
            label="Price"
            placeholder={product.price}
            validate={priceRule}
            helperText={false}
            sx={{ minWidth: 110, maxWidth: 140 }}
          />
          <TextInput
            source="price_before_discount"
            label="Before discount"
            validate={[priceRule, aboveTheRowPrice(product.price)]}
            helperText={false}
            sx={{ minWidth: 150, maxWidth: 170 }}
          />
          <NumberInput
            source="stock"
            label="Stock"
            min={0}
            step={1}
            validate={required()}
            helperText={false}
            sx={{ minWidth: 90, maxWidth: 110 }}
          />
          <NumberInput
            source="weight_grams"
            label="Weight (g)"
            min={1}
            step={1}
            helperText={false}
            sx={{ minWidth: 110, maxWidth: 130 }}
          />
          <BooleanInput source="made_to_order" label="Made to order" helperText={false} />
          <NumberInput
            source="lead_time_days"
            label="Lead time (days)"
            min={1}
            max={365}
            step={1}
            helperText={false}
            sx={{ minWidth: 130, maxWidth: 150 }}
          />
          {product.images.length > 0 && <VariantPictures pictures={product.images} />}
          <BooleanInput source="is_active" label="On sale" helperText={false} />
          <VariantPage product={product} names={names} />
        </SimpleFormIterator>
      </ArrayInput>
      <SaveButton label="Save variants" />
    </Form>
  );
}

/** The "Options" section of a product's edit screen. */
export function ProductOptionsPanel() {
  // NOTE: opened from the list, the list's record (without options) stands in until the product is read.
  const product = useRecordContext<Partial<AdminProduct> & Pick<AdminProduct, 'id'>>();
  if (!product?.variants || !product.options || !product.personalisation) return null;
  return <OptionsSection product={product as AdminProduct} />;
}

function OptionsSection({ product }: { product: AdminProduct }) {
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label="Options">
      <CardContent>
        <Typography variant="h6" component="h2">
          Options
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Choices the product is sold in (blade length, finish, handle): one variant per combination, each with its own
          SKU, price and stock. Without options the product is sold as it is.
        </Typography>
        <OptionTypesForm key={JSON.stringify([product.options, product.personalisation])} product={product} />
        {product.variants.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <VariantGrid key={JSON.stringify(product.variants)} product={product} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
