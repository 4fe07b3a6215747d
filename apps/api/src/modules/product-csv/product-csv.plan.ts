// What each row of a product CSV does: read against the shop's products, categories and pictures, validated with the
// product API's own schemas, and compared with the product it names. Reads only: the import applies the plans.

import { AdminProductCreateBody, AdminProductUpdateBody } from '@platform/contracts/admin-products';
import { LEAD_TIME_DAYS_MAX } from '@platform/contracts/plain';
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_ROWS,
  type ProductCsvColumn,
  type ProductImportRow,
} from '@platform/contracts/product-csv';
import type { RequestContext } from '../../lib/context.ts';
import { CsvSyntaxError, parseCsv } from '../../lib/csv.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { shopOrigin } from '../../lib/urls.ts';
import {
  findCategoryIds,
  findProductRecords,
  findStoredPictureKeys,
  findVariantSkuOwners,
  type ProductRecord,
} from '../catalog/index.ts';
import {
  decodeAttributes,
  decodeFlag,
  decodeWholeNumber,
  normalizeMoney,
  pictureAddress,
  splitAddresses,
} from './product-csv.format.ts';
import { hasVariantCells, planVariants, type VariantPlan } from './product-csv.variants.ts';

/** A line of the file: its row in the spreadsheet (the header is row 1) and the cells of the columns it has. */
export interface ProductLine {
  row: number;
  cells: Partial<Record<ProductCsvColumn, string>>;
}

/** The highest stock a file may set (the stock ledger's largest adjustment). */
const STOCK_MAX = 1_000_000;

/** The columns staff know, from the product API's field names. */
const COLUMN_OF_FIELD: Record<string, ProductCsvColumn> = {
  is_active: 'published',
  is_featured: 'featured',
};

/** The columns of customs details written as the product form writes them (blank: unsaid). */
const CUSTOMS_TEXT_COLUMNS = ['hs_code', 'country_of_origin', 'customs_description'] as const;

/**
 * The lines of a product CSV. A file that is not one (empty, not CSV, no product rows, too many), or whose header
 * has an unknown, repeated or missing required column, answers 400 saying so.
 */
export function readProductFile(text: string): ProductLine[] {
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new BadRequestError('The file is empty.', 'empty_file');
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new BadRequestError(error.message, 'invalid_csv');
    throw error;
  }
  const [header = [], ...rows] = records;
  const names = header.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new AppError(
      400,
      'unknown_columns',
      `Unknown columns: ${unknown.map((name) => `"${name}"`).join(', ')}. The columns are: ${PRODUCT_CSV_COLUMNS.join(', ')}.`,
    );
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) {
    throw new AppError(400, 'duplicate_columns', `Each column appears once: ${[...new Set(repeated)].join(', ')}.`);
  }
  if (!names.includes('slug')) {
    throw new AppError(400, 'missing_columns', 'The column "slug" is required: it names each product.');
  }
  if (rows.length === 0) throw new BadRequestError('The file has no product rows.', 'empty_file');
  if (rows.length > PRODUCT_CSV_MAX_ROWS) {
    throw new BadRequestError(`A file holds at most ${PRODUCT_CSV_MAX_ROWS} products.`, 'too_many_rows');
  }
  const columns = names as ProductCsvColumn[];
  return rows.map((cells, index) => ({
    row: index + 2,
    cells: Object.fromEntries(columns.map((column, at) => [column, cells[at] ?? ''])),
  }));
}

/** What one row does: its report, and what the import writes for it. */
export interface RowPlan {
  report: ProductImportRow;
  existing: ProductRecord | null;
  /** The product fields to write: the whole new product, or the changed fields of one (null: none). */
  body: AdminProductCreateBody | AdminProductUpdateBody | null;
  /** The stock to set, or null to leave it. */
  stock: number | null;
  /** The pictures to set (the shop's media keys, main first), or null to leave them. */
  pictures: string[] | null;
  /** A product sold in options: what its variant rows write (on its first row only). */
  variants?: VariantPlan;
  /** A variant row after its product's first: written with that row. */
  follows?: boolean;
}

interface Lookups {
  existing: Map<string, ProductRecord>;
  skuOwners: Map<string, number>;
  categories: Map<string, number>;
  storedPictures: Set<string>;
  ownOrigins: string[];
}

/** The shop's origins a picture URL of its own media may have: the configured shop origin and the media host. */
function ownOrigins(ctx: RequestContext): string[] {
  const origins = [shopOrigin(ctx.tenant, ctx.deps.config)];
  const mediaHost = ctx.deps.config.MEDIA_HOST;
  if (mediaHost) {
    try {
      origins.push(new URL(mediaHost).origin);
    } catch {
      // A media host that is not a URL names no origin of pictures.
    }
  }
  return origins;
}

async function lookupsFor(ctx: RequestContext, lines: ProductLine[]): Promise<Lookups> {
  const origins = ownOrigins(ctx);
  const keys = lines.flatMap((line) =>
    splitAddresses(line.cells.images ?? '').flatMap((text) => {
      const address = pictureAddress(text, origins);
      return address.kind === 'own' ? [address.key] : [];
    }),
  );
  const [existing, categories, storedPictures, skuOwners] = await Promise.all([
    findProductRecords(ctx, lines.map((line) => (line.cells.slug ?? '').trim()).filter(Boolean)),
    findCategoryIds(ctx, lines.map((line) => (line.cells.category ?? '').trim()).filter(Boolean)),
    findStoredPictureKeys(ctx, keys),
    findVariantSkuOwners(ctx, lines.map((line) => (line.cells.variant_sku ?? '').trim()).filter(Boolean)),
  ]);
  return { existing, categories, storedPictures, skuOwners, ownOrigins: origins };
}

const SAME = JSON.stringify;

/** The columns whose value differs from the product's. */
function changedColumns(
  product: ProductRecord,
  body: AdminProductUpdateBody,
  stock: number | null,
  pictures: string[] | null,
): ProductCsvColumn[] {
  const differs: [ProductCsvColumn, boolean][] = [
    ['name', body.name !== undefined && body.name !== product.name],
    ['category', body.category !== undefined && body.category !== product.categoryId],
    ['price', body.price !== undefined && body.price !== product.price],
    [
      'price_before_discount',
      body.price_before_discount !== undefined && body.price_before_discount !== product.priceBeforeDiscount,
    ],
    ['featured', body.is_featured !== undefined && body.is_featured !== product.isFeatured],
    ['published', body.is_active !== undefined && body.is_active !== product.isActive],
    ['stock', stock !== null && stock !== product.stock],
    [
      'low_stock_threshold',
      body.low_stock_threshold !== undefined && body.low_stock_threshold !== product.lowStockThreshold,
    ],
    ['made_to_order', body.made_to_order !== undefined && body.made_to_order !== product.madeToOrder],
    ['lead_time_days', body.lead_time_days !== undefined && body.lead_time_days !== product.leadTimeDays],
    ['description', body.description !== undefined && body.description !== product.description],
    [
      'long_html_description',
      body.long_html_description !== undefined &&
        sanitizeRichText(body.long_html_description) !== product.longHtmlDescription,
    ],
    ['attributes', body.attributes !== undefined && SAME(body.attributes) !== SAME(product.attributes)],
    ['images', pictures !== null && SAME(pictures) !== SAME(product.pictureKeys)],
    ['hs_code', body.hs_code !== undefined && body.hs_code !== product.hsCode],
    ['country_of_origin', body.country_of_origin !== undefined && body.country_of_origin !== product.countryOfOrigin],
    [
      'customs_description',
      body.customs_description !== undefined && body.customs_description !== product.customsDescription,
    ],
    ['weight_grams', body.weight_grams !== undefined && body.weight_grams !== product.weightGrams],
    ['age_restricted', body.age_restricted !== undefined && body.age_restricted !== product.ageRestricted],
  ];
  return differs.filter(([, changed]) => changed).map(([column]) => column);
}

/** The field of the product API each column writes (none for stock and images, written apart). */
const FIELD_OF_COLUMN: Partial<Record<ProductCsvColumn, keyof AdminProductUpdateBody>> = {
  name: 'name',
  category: 'category',
  price: 'price',
  price_before_discount: 'price_before_discount',
  featured: 'is_featured',
  published: 'is_active',
  low_stock_threshold: 'low_stock_threshold',
  made_to_order: 'made_to_order',
  lead_time_days: 'lead_time_days',
  description: 'description',
  long_html_description: 'long_html_description',
  attributes: 'attributes',
  hs_code: 'hs_code',
  country_of_origin: 'country_of_origin',
  customs_description: 'customs_description',
  weight_grams: 'weight_grams',
  age_restricted: 'age_restricted',
};

function planLine(line: ProductLine, lookups: Lookups, firstRowOf: Map<string, number>): RowPlan {
  const { cells } = line;
  const slug = (cells.slug ?? '').trim();
  const errors: Record<string, string[]> = {};
  const notes: Record<string, string[]> = {};
  const add = (to: Record<string, string[]>, column: string, message: string) => {
    to[column] = [...(to[column] ?? []), message];
  };
  const existing = lookups.existing.get(slug) ?? null;

  if (slug === '') add(errors, 'slug', 'This field is required.');
  const earlier = firstRowOf.get(slug);
  if (slug && earlier !== undefined) add(errors, 'slug', `This slug is also on row ${earlier}.`);
  else if (slug) firstRowOf.set(slug, line.row);

  const input: Record<string, unknown> = { slug };
  if (cells.name !== undefined) input.name = cells.name;
  if (cells.category !== undefined) {
    const category = cells.category.trim();
    const id = lookups.categories.get(category);
    if (category === '') add(errors, 'category', 'This field may not be blank.');
    else if (id === undefined) add(errors, 'category', `No category has the slug "${category}".`);
    else input.category = id;
  }
  if (cells.price !== undefined) input.price = normalizeMoney(cells.price);
  if (cells.price_before_discount !== undefined) {
    input.price_before_discount =
      cells.price_before_discount.trim() === '' ? null : normalizeMoney(cells.price_before_discount);
  }
  for (const [column, field] of [
    ['featured', 'is_featured'],
    ['published', 'is_active'],
    ['made_to_order', 'made_to_order'],
    ['age_restricted', 'age_restricted'],
  ] as const) {
    const cell = cells[column];
    if (cell === undefined || cell.trim() === '') continue;
    const flag = decodeFlag(cell);
    if (flag === null) add(errors, column, 'Write true or false.');
    else input[field] = flag;
  }
  if (cells.low_stock_threshold !== undefined && cells.low_stock_threshold.trim() !== '') {
    const threshold = decodeWholeNumber(cells.low_stock_threshold);
    if (threshold === null) add(errors, 'low_stock_threshold', 'A whole number is required.');
    else input.low_stock_threshold = threshold;
  }
  if (cells.lead_time_days !== undefined && cells.lead_time_days.trim() !== '') {
    const days = decodeWholeNumber(cells.lead_time_days);
    if (days === null || days < 1 || days > LEAD_TIME_DAYS_MAX) {
      add(errors, 'lead_time_days', `A whole number of days from 1 to ${LEAD_TIME_DAYS_MAX} is required.`);
    } else input.lead_time_days = days;
  }
  if (input.made_to_order === true && input.lead_time_days === undefined && !existing?.leadTimeDays) {
    add(errors, 'lead_time_days', 'A piece made to order needs its lead time in days.');
  }

  for (const column of CUSTOMS_TEXT_COLUMNS) {
    if (cells[column] !== undefined) input[column] = cells[column];
  }
  if (cells.weight_grams !== undefined) {
    const text = cells.weight_grams.trim();
    const grams = text === '' ? null : decodeWholeNumber(text);
    if (text !== '' && grams === null) add(errors, 'weight_grams', 'A whole number of grams is required.');
    else input.weight_grams = grams;
  }
  if (cells.description !== undefined) input.description = cells.description;
  if (cells.long_html_description !== undefined) input.long_html_description = cells.long_html_description;
  if (cells.attributes !== undefined) {
    const decoded = decodeAttributes(cells.attributes);
    if ('error' in decoded) add(errors, 'attributes', decoded.error);
    else input.attributes = decoded.attributes;
  }

  let stock: number | null = null;
  if (cells.stock !== undefined && cells.stock.trim() !== '') {
    stock = decodeWholeNumber(cells.stock);
    if (stock === null || stock > STOCK_MAX) {
      add(errors, 'stock', `A whole number from 0 to ${STOCK_MAX} is required.`);
      stock = null;
    }
  }

  let pictures: string[] | null = null;
  if (cells.images !== undefined) {
    pictures = [];
    for (const text of splitAddresses(cells.images)) {
      const address = pictureAddress(text, lookups.ownOrigins);
      if (address.kind === 'invalid') add(errors, 'images', `"${text}" is not a picture's URL.`);
      else if (address.kind === 'elsewhere') {
        add(notes, 'images', `Left for later (not a picture of the shop's media, not fetched): ${text}`);
      } else if (!lookups.storedPictures.has(address.key)) {
        add(errors, 'images', `The shop has no picture at ${text}.`);
      } else if (!pictures.includes(address.key)) pictures.push(address.key);
    }
  }

  if (!existing) {
    for (const column of ['name', 'category', 'price'] as const) {
      if (cells[column] === undefined) add(errors, column, 'This field is required for a new product.');
    }
  }
  // The product API's own rules (lengths, money, the slug's form), reported under the file's column names.
  const parsed = (existing ? AdminProductUpdateBody : AdminProductCreateBody).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'slug');
      const column = COLUMN_OF_FIELD[field] ?? field;
      if (!errors[column]) add(errors, column, issue.message);
    }
  }

  let body: RowPlan['body'] = null;
  let changes: ProductCsvColumn[];
  if (!existing) {
    changes = (Object.keys(cells) as ProductCsvColumn[]).filter((column) => column !== 'slug');
    if (parsed.success) body = parsed.data;
  } else {
    changes = parsed.success ? changedColumns(existing, parsed.data, stock, pictures) : [];
    if (parsed.success) {
      const data = parsed.data as AdminProductUpdateBody;
      const fields = changes.flatMap((column) => {
        const field = FIELD_OF_COLUMN[column];
        return field ? [[field, data[field]] as const] : [];
      });
      body = fields.length > 0 ? (Object.fromEntries(fields) as AdminProductUpdateBody) : null;
    }
    if (stock === existing.stock) stock = null;
    if (!changes.includes('images')) pictures = null;
  }
  if (!existing && pictures?.length === 0) pictures = null;
  const action = !existing ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
  return {
    report: { row: line.row, slug, action, changes, errors, notes },
    existing,
    body,
    stock,
    pictures,
  };
}

/** Adds the variant rows' plan to their product's first row, and their reports to every row of the product. */
function withVariants(
  plan: RowPlan,
  rows: RowPlan[],
  lines: ProductLine[],
  lookups: Lookups,
  skus: Map<string, number>,
) {
  // The pictures the product has once imported: the file's, else its own.
  const pictures = (plan.pictures ?? plan.existing?.pictureKeys ?? []).length;
  const { plan: variants, reports } = planVariants(lines, plan.existing, lookups.skuOwners, skus, pictures);
  for (const row of rows) {
    const report = reports.get(row.report.row);
    if (!report) continue;
    for (const [column, messages] of Object.entries(report.errors)) {
      row.report.errors[column] = [...(row.report.errors[column] ?? []), ...messages];
    }
    if (row !== plan) {
      row.report.changes = report.changes;
      row.report.action = report.action;
    }
  }
  const own = reports.get(plan.report.row);
  // The stock of a product sold in options is its variants'.
  const stock = lines[0]?.cells.stock?.trim();
  if (stock && (!plan.existing || decodeWholeNumber(stock) !== plan.existing.stock)) {
    plan.report.notes.stock = ['Not read: the stock of a product sold in options is its variants’ (variant_stock).'];
  }
  plan.stock = null;
  plan.report.changes = [...plan.report.changes.filter((column) => column !== 'stock'), ...(own?.changes ?? [])];
  if (plan.existing && plan.report.action === 'unchanged' && variants.changed) plan.report.action = 'update';
  if (plan.existing && plan.report.changes.length === 0 && plan.report.action === 'update' && !variants.changed) {
    plan.report.action = 'unchanged';
  }
  plan.variants = variants;
}

/** What every line of the file does, read against the shop as it is now (in `ctx`'s transaction, if any). */
export async function planProductImport(ctx: RequestContext, lines: ProductLine[]): Promise<RowPlan[]> {
  const lookups = await lookupsFor(ctx, lines);
  const firstRowOf = new Map<string, number>();
  const plans: RowPlan[] = [];
  const groups = new Map<string, { plan: RowPlan; rows: RowPlan[]; lines: ProductLine[] }>();
  for (const line of lines) {
    const slug = (line.cells.slug ?? '').trim();
    const group = groups.get(slug);
    if (slug && group && hasVariantCells(line.cells)) {
      const row: RowPlan = {
        report: { row: line.row, slug, action: 'unchanged', changes: [], errors: {}, notes: {} },
        existing: group.plan.existing,
        body: null,
        stock: null,
        pictures: null,
        follows: true,
      };
      group.rows.push(row);
      group.lines.push(line);
      plans.push(row);
      continue;
    }
    const plan = planLine(line, lookups, firstRowOf);
    if (slug && !group && hasVariantCells(line.cells)) groups.set(slug, { plan, rows: [plan], lines: [line] });
    plans.push(plan);
  }
  const skus = new Map<string, number>();
  for (const group of groups.values()) withVariants(group.plan, group.rows, group.lines, lookups, skus);
  return plans;
}
