// The variant rows of a product CSV (decision 018): the rows of one slug with variant columns define the product's
// options (values in the order they first appear) and its variants, matched by their options. Reads only.

import {
  AdminPrice,
  AdminVariantAttributes,
  AdminVariantImageAlts,
  CustomsDescriptionInput,
  HsCodeInput,
  OriginCountryInput,
  WeightGramsInput,
} from '@platform/contracts/admin-catalog';
import { LEAD_TIME_DAYS_MAX } from '@platform/contracts/plain';
import type { ProductCsvColumn, ProductImportRow } from '@platform/contracts/product-csv';
import type { ProductRecord } from '../catalog/index.ts';
import { decodeAttributes, decodeFlag, decodeWholeNumber, normalizeMoney } from './product-csv.format.ts';

/** A line of the file (as `product-csv.plan.ts` reads it): its row and the cells of the columns it has. */
interface ProductLine {
  row: number;
  cells: Partial<Record<ProductCsvColumn, string>>;
}

const VARIANT_COLUMNS = [
  'variant_sku',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_price',
  'variant_price_before_discount',
  'variant_stock',
  'variant_made_to_order',
  'variant_lead_time_days',
  'variant_description',
  'variant_attributes',
  'variant_image_alts',
  'variant_hs_code',
  'variant_country_of_origin',
  'variant_customs_description',
  'variant_weight_grams',
] as const satisfies readonly ProductCsvColumn[];

const OPTION_COLUMNS = [
  ['option1_name', 'option1_value'],
  ['option2_name', 'option2_value'],
  ['option3_name', 'option3_value'],
] as const;

const SKU_MAX = 64;
const OPTION_TEXT_MAX = 40;
const VALUES_MAX = 20;
const STOCK_MAX = 1_000_000;
const DESCRIPTION_MAX = 5000;

/** One variant as the file has it. */
export interface VariantInput {
  row: number;
  sku: string;
  values: string[];
  /** Its own price; null: the product's. */
  price: string | null;
  /** Its own before-discount price; null: none; undefined: the file has no such column, unchanged. */
  priceBeforeDiscount?: string | null;
  /** Its stock; null: unchanged. */
  stock: number | null;
  /** Made to order, and its own lead time (undefined: the file has no such column or a blank cell, unchanged). */
  madeToOrder?: boolean;
  leadTimeDays?: number;
  /** Its own page (undefined: the file has no such column, unchanged): lead text (null: the product's). */
  description?: string | null;
  attributes?: { key: string; value: string }[];
  /** Alt texts by the picture's place among the product's (1 the first). */
  pictureAlts?: { picture: number; altText: string }[];
  /** Its own customs details (undefined: the file has no such column, unchanged; null: the product's). */
  hsCode?: string | null;
  countryOfOrigin?: string | null;
  customsDescription?: string | null;
  weightGrams?: number | null;
}

/** A variant's customs columns, each with its rule and the field of `VariantInput` it fills. */
const CUSTOMS_COLUMNS = [
  ['variant_hs_code', 'hsCode', HsCodeInput],
  ['variant_country_of_origin', 'countryOfOrigin', OriginCountryInput],
  ['variant_customs_description', 'customsDescription', CustomsDescriptionInput],
] as const;

/** A variant's own customs details from its row (issue 48): blank cells are the product's. */
function readVariantCustoms(
  cells: ProductLine['cells'],
  add: (column: string, message: string) => void,
): Pick<VariantInput, 'hsCode' | 'countryOfOrigin' | 'customsDescription' | 'weightGrams'> {
  const customs: Pick<VariantInput, 'hsCode' | 'countryOfOrigin' | 'customsDescription' | 'weightGrams'> = {};
  for (const [column, field, rule] of CUSTOMS_COLUMNS) {
    const cell = cells[column];
    if (cell === undefined) continue;
    const parsed = rule.safeParse(cell);
    if (!parsed.success) add(column, firstMessage(parsed.error));
    else customs[field] = parsed.data || null;
  }
  const weight = cells.variant_weight_grams;
  if (weight !== undefined) {
    const parsed = weight.trim() === '' ? null : WeightGramsInput.safeParse(decodeWholeNumber(weight));
    if (parsed && !parsed.success) add('variant_weight_grams', 'A whole number of grams from 1 to 1000000.');
    else customs.weightGrams = parsed ? parsed.data : null;
  }
  return customs;
}

/** What the variant rows of one product write: its options (set again when changed) and its variants. */
export interface VariantPlan {
  options: { name: string; values: string[] }[];
  optionsChanged: boolean;
  variants: VariantInput[];
  /** Whether anything of the product's options or variants changes. */
  changed: boolean;
}

/** Whether a line has any variant column filled in. */
export function hasVariantCells(cells: ProductLine['cells']): boolean {
  return VARIANT_COLUMNS.some((column) => (cells[column] ?? '').trim() !== '');
}

type Report = Pick<ProductImportRow, 'errors' | 'changes' | 'action'>;
const keyOf = (value: unknown) => JSON.stringify(value);

function combinations(options: { values: string[] }[]): string[][] {
  let result: string[][] = [[]];
  for (const option of options) result = result.flatMap((head) => option.values.map((value) => [...head, value]));
  return result;
}

/** The first message of a failed parse, for a person. */
const firstMessage = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Check this value.';

/**
 * A variant's own page from its row (issue 45): each column the file has, read and checked with the variant grid's
 * rules; `pictures` is how many pictures the product has once the file is imported.
 */
function readVariantPage(
  cells: ProductLine['cells'],
  pictures: number,
  add: (column: string, message: string) => void,
): Pick<VariantInput, 'description' | 'attributes' | 'pictureAlts'> {
  const page: Pick<VariantInput, 'description' | 'attributes' | 'pictureAlts'> = {};
  if (cells.variant_description !== undefined) {
    const text = cells.variant_description.trim();
    if (text.length > DESCRIPTION_MAX) add('variant_description', `At most ${DESCRIPTION_MAX} characters.`);
    else page.description = text || null;
  }
  if (cells.variant_attributes !== undefined) {
    const decoded = decodeAttributes(cells.variant_attributes);
    const parsed = 'error' in decoded ? null : AdminVariantAttributes.safeParse(decoded.attributes);
    if ('error' in decoded) add('variant_attributes', decoded.error);
    else if (parsed && !parsed.success) add('variant_attributes', firstMessage(parsed.error));
    else if (parsed) page.attributes = parsed.data;
  }
  if (cells.variant_image_alts !== undefined) {
    const decoded = decodeAttributes(cells.variant_image_alts);
    if ('error' in decoded) add('variant_image_alts', decoded.error);
    else {
      const places = decoded.attributes.map((pair) => Number(pair.key));
      const wrong = decoded.attributes.find((pair, index) => {
        const place = places[index] as number;
        return !/^\d+$/.test(pair.key) || place < 1 || place > pictures;
      });
      const parsed = AdminVariantImageAlts.safeParse(
        decoded.attributes.map((pair, index) => ({ image_id: places[index], alt_text: pair.value })),
      );
      if (wrong) {
        add(
          'variant_image_alts',
          pictures === 0
            ? 'The product has no pictures to describe.'
            : `"${wrong.key}" is no picture of the product: write its place in images, 1 to ${pictures}.`,
        );
      } else if (!parsed.success) add('variant_image_alts', firstMessage(parsed.error));
      else page.pictureAlts = parsed.data.map((text) => ({ picture: text.image_id, altText: text.alt_text }));
    }
  }
  return page;
}

/** The columns of a variant's own page that differ from what it has (all those filled in, for a new variant). */
function pageChanges(input: VariantInput, known: ProductRecord['variants'][number] | undefined): string[] {
  const byPicture = (texts: { picture: number; altText: string }[]) =>
    keyOf([...texts].sort((a, b) => a.picture - b.picture));
  return [
    ...(input.description !== undefined && input.description !== (known?.description ?? null)
      ? ['variant_description']
      : []),
    ...(input.attributes !== undefined && keyOf(input.attributes) !== keyOf(known?.attributes ?? [])
      ? ['variant_attributes']
      : []),
    ...(input.pictureAlts !== undefined && byPicture(input.pictureAlts) !== byPicture(known?.pictureAlts ?? [])
      ? ['variant_image_alts']
      : []),
    ...(input.hsCode !== undefined && input.hsCode !== (known?.hsCode ?? null) ? ['variant_hs_code'] : []),
    ...(input.countryOfOrigin !== undefined && input.countryOfOrigin !== (known?.countryOfOrigin ?? null)
      ? ['variant_country_of_origin']
      : []),
    ...(input.customsDescription !== undefined && input.customsDescription !== (known?.customsDescription ?? null)
      ? ['variant_customs_description']
      : []),
    ...(input.weightGrams !== undefined && input.weightGrams !== (known?.weightGrams ?? null)
      ? ['variant_weight_grams']
      : []),
  ];
}

/**
 * Plans the variant rows of one product (`lines`, its first row first): their errors and changes by row, and what
 * the import writes. `skuOwners` names the product of each SKU the shop has; `skusInFile` the first row of each SKU
 * of the file (filled here as rows are read); `pictures` how many pictures the product has once imported.
 */
export function planVariants(
  lines: ProductLine[],
  existing: ProductRecord | null,
  skuOwners: Map<string, number>,
  skusInFile: Map<string, number>,
  pictures: number,
): { plan: VariantPlan; reports: Map<number, Report> } {
  const reports = new Map<number, Report>();
  const inputs: VariantInput[] = [];
  const options: { name: string; values: string[] }[] = [];
  const rowOfCombination = new Map<string, number>();
  let namesRow: number | null = null;
  for (const line of lines) {
    const errors: Record<string, string[]> = {};
    const add = (column: string, message: string) => {
      errors[column] = [...(errors[column] ?? []), message];
    };
    const cell = (column: ProductCsvColumn) => (line.cells[column] ?? '').trim();
    const sku = cell('variant_sku');
    if (sku === '') add('variant_sku', 'Each variant row needs a SKU.');
    else if (sku.length > SKU_MAX) add('variant_sku', `A SKU is at most ${SKU_MAX} characters.`);
    else if (skusInFile.has(sku)) add('variant_sku', `This SKU is also on row ${skusInFile.get(sku)}.`);
    else {
      skusInFile.set(sku, line.row);
      const owner = skuOwners.get(sku);
      if (owner !== undefined && owner !== existing?.id)
        add('variant_sku', 'A variant of another product has this SKU.');
    }
    const names: string[] = [];
    const values: string[] = [];
    for (const [nameColumn, valueColumn] of OPTION_COLUMNS) {
      const name = cell(nameColumn);
      const value = cell(valueColumn);
      if (name === '' && value === '') continue;
      if (name === '' || value === '') add(name === '' ? nameColumn : valueColumn, 'Give the option’s name and value.');
      else if (name.length > OPTION_TEXT_MAX || value.length > OPTION_TEXT_MAX) {
        add(valueColumn, `An option’s name and value are at most ${OPTION_TEXT_MAX} characters.`);
      }
      names.push(name);
      values.push(value);
    }
    if (names.length === 0) add('option1_name', 'A variant row names at least one option.');
    if (namesRow === null && names.length > 0 && !errors.option1_name) {
      namesRow = line.row;
      for (const name of names) options.push({ name, values: [] });
    } else if (names.length > 0 && keyOf(names) !== keyOf(options.map((option) => option.name))) {
      add('option1_name', `The options are named as on row ${namesRow}: ${options.map((o) => o.name).join(', ')}.`);
    }
    const combination = keyOf(values);
    if (rowOfCombination.has(combination)) {
      add('option1_value', `This combination is also on row ${rowOfCombination.get(combination)}.`);
    } else rowOfCombination.set(combination, line.row);
    let price: string | null = null;
    if (cell('variant_price') !== '') {
      const parsed = AdminPrice.safeParse(normalizeMoney(cell('variant_price')));
      if (parsed.success) price = parsed.data;
      else add('variant_price', parsed.error.issues[0]?.message ?? 'A price like 85.00.');
    }
    let priceBeforeDiscount: string | null | undefined;
    if (line.cells.variant_price_before_discount !== undefined) {
      priceBeforeDiscount = null;
      if (cell('variant_price_before_discount') !== '') {
        const parsed = AdminPrice.safeParse(normalizeMoney(cell('variant_price_before_discount')));
        if (parsed.success) priceBeforeDiscount = parsed.data;
        else add('variant_price_before_discount', parsed.error.issues[0]?.message ?? 'A price like 85.00.');
      }
    }
    let stock: number | null = null;
    if (cell('variant_stock') !== '') {
      stock = decodeWholeNumber(cell('variant_stock'));
      if (stock === null || stock > STOCK_MAX) {
        add('variant_stock', `A whole number from 0 to ${STOCK_MAX} is required.`);
        stock = null;
      }
    }
    let madeToOrder: boolean | undefined;
    if (cell('variant_made_to_order') !== '') {
      const flag = decodeFlag(cell('variant_made_to_order'));
      if (flag === null) add('variant_made_to_order', 'Write true or false.');
      else madeToOrder = flag;
    }
    let leadTimeDays: number | undefined;
    if (cell('variant_lead_time_days') !== '') {
      const days = decodeWholeNumber(cell('variant_lead_time_days'));
      if (days === null || days < 1 || days > LEAD_TIME_DAYS_MAX) {
        add('variant_lead_time_days', `A whole number of days from 1 to ${LEAD_TIME_DAYS_MAX} is required.`);
      } else leadTimeDays = days;
    }
    const knownLead = existing?.variants.find((variant) => keyOf(variant.optionValues) === keyOf(values))?.leadTimeDays;
    if (madeToOrder === true && leadTimeDays === undefined && !knownLead) {
      add('variant_lead_time_days', 'A piece made to order needs its lead time in days.');
    }
    const page = { ...readVariantPage(line.cells, pictures, add), ...readVariantCustoms(line.cells, add) };
    if (Object.keys(errors).length === 0) {
      values.forEach((value, index) => {
        const option = options[index];
        if (option && !option.values.includes(value)) option.values.push(value);
      });
    }
    reports.set(line.row, { errors, changes: [], action: 'unchanged' });
    inputs.push({
      row: line.row,
      sku,
      values,
      price,
      ...(priceBeforeDiscount === undefined ? {} : { priceBeforeDiscount }),
      stock,
      ...(madeToOrder === undefined ? {} : { madeToOrder }),
      ...(leadTimeDays === undefined ? {} : { leadTimeDays }),
      ...page,
    });
  }
  const first = reports.get(lines[0]?.row ?? 0);
  for (const option of options) {
    if (option.values.length > VALUES_MAX && first) {
      first.errors.option1_value = [`The option ${option.name} has more than ${VALUES_MAX} values.`];
    }
  }
  const optionsChanged = keyOf(existing?.options ?? []) !== keyOf(options);
  const wanted = new Set(combinations(options).map(keyOf));
  const holding = (existing?.variants ?? []).filter((variant) => !wanted.has(keyOf(variant.optionValues)));
  for (const variant of holding.filter((held) => held.stock > 0)) {
    if (first) {
      first.errors.variant_sku = [
        ...(first.errors.variant_sku ?? []),
        `The variant ${variant.optionValues.join(' / ')} (${variant.sku}) still holds ${variant.stock} units: set its stock to 0 before leaving it out.`,
      ];
    }
  }
  const byValues = new Map((existing?.variants ?? []).map((variant) => [keyOf(variant.optionValues), variant]));
  // The default variant's before-discount price is the product's own column (decision 020).
  const defaultId = existing?.variants.find((variant) => variant.isActive)?.id;
  let changed = optionsChanged;
  for (const input of inputs) {
    const report = reports.get(input.row) as Report;
    const known = byValues.get(keyOf(input.values));
    const optionColumns = OPTION_COLUMNS.slice(0, input.values.length).flat();
    if (!known) {
      report.action = 'create';
      report.changes = [
        'variant_sku',
        ...optionColumns,
        ...(input.price === null ? [] : ['variant_price']),
        ...(input.priceBeforeDiscount == null ? [] : ['variant_price_before_discount']),
        ...(input.stock === null ? [] : ['variant_stock']),
        ...(input.madeToOrder === undefined ? [] : ['variant_made_to_order']),
        ...(input.leadTimeDays === undefined ? [] : ['variant_lead_time_days']),
        ...pageChanges(input, undefined),
      ];
    } else {
      report.changes = [
        ...(optionsChanged ? optionColumns : []),
        ...(input.sku !== known.sku ? ['variant_sku'] : []),
        // Compared as sold: a blank price and the product's own are the same.
        ...((input.price ?? existing?.price) !== (known.price ?? existing?.price) ? ['variant_price'] : []),
        ...(input.priceBeforeDiscount !== undefined &&
        known.id !== defaultId &&
        input.priceBeforeDiscount !== known.priceBeforeDiscount
          ? ['variant_price_before_discount']
          : []),
        ...(input.stock !== null && input.stock !== known.stock ? ['variant_stock'] : []),
        ...(input.madeToOrder !== undefined && input.madeToOrder !== known.madeToOrder
          ? ['variant_made_to_order']
          : []),
        ...(input.leadTimeDays !== undefined && input.leadTimeDays !== known.leadTimeDays
          ? ['variant_lead_time_days']
          : []),
        ...pageChanges(input, known),
      ];
      report.action = report.changes.length > 0 ? 'update' : 'unchanged';
    }
    if (report.changes.length > 0) changed = true;
  }
  return { plan: { options, optionsChanged, variants: inputs, changed }, reports };
}
