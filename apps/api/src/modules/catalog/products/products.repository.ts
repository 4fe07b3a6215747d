import { type AnyColumn, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { categories, productAttributes, productImages, products, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { containsPattern, direction, type Ordering } from '../../../lib/admin-lists.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { mediaColumns } from '../../media/index.ts';

// The products' rows and their pictures: what other modules show of a product, the writes of products (the seed's,
// the builders' and staff's) and staff's reads. The storefront's reads are the product list's and the product page's.
// NOTE: these are the only write paths of a product's HTML (its long description), so they sanitize it themselves:
// the storefront renders it on the server as it is stored.

export type ProductRow = typeof products.$inferSelect;

/**
 * What other modules show of the shop's products, as SQL they put in their own statements (a cart's lines, the staff's
 * review list): written here, so that their answers stay one statement while only the catalog names `products`.
 * `productId` is the caller's column (or expression) holding a product's id.
 */
export const productColumns = {
  /** The product's name (null when the shop has no such product). */
  name: (scope: TenantScope, productId: AnyColumn | SQL) =>
    sql<
      string | null
    >`(select ${products.name} from ${products} where ${scope.where(products, eq(products.id, productId))})`,
  /** Whether the product exists (what an inner join on `products` used to keep). */
  exists: (scope: TenantScope, productId: AnyColumn | SQL) =>
    sql`exists (select 1 from ${products} where ${scope.where(products, eq(products.id, productId))})`,
  /**
   * The shop's products as a relation to join on `id` (an inner join keeps the lines whose product exists): what a
   * cart line shows and checks of its product. The planner merges it into the caller's join, as a join on the table.
   */
  forCart: (scope: TenantScope) =>
    scope.db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        priceCents: products.priceCents,
        categoryId: products.categoryId,
        stock: products.stock,
        leadTimeDays: sql<number | null>`case when ${products.madeToOrder} then ${products.leadTimeDays} end`.as(
          'lead_time_days',
        ),
        isActive: products.isActive,
        mainImageId: products.mainImageId,
        mainImageAlt: products.mainImageAlt,
        options: products.options,
        personalisation: products.personalisation,
      })
      .from(products)
      .where(scope.where(products))
      .as('catalog_products'),
};

export async function findActiveProductById(scope: TenantScope, id: number): Promise<{ id: number } | null> {
  const [row] = await scope.db
    .select({ id: products.id })
    .from(products)
    .where(scope.where(products, eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Counts reviews in a product's rating (`reviews` 1, `ratingSum` its rating) or takes them out (negative): the
 * rating the cards and the page show.
 */
export async function addToRating(
  scope: TenantScope,
  productId: number,
  change: { reviews: number; ratingSum: number },
): Promise<void> {
  await scope.db
    .update(products)
    .set({
      reviewCount: sql`${products.reviewCount} + ${change.reviews}`,
      ratingSum: sql`${products.ratingSum} + ${change.ratingSum}`,
    })
    .where(scope.where(products, eq(products.id, productId)));
}

export type NewProduct = Omit<
  typeof products.$inferInsert,
  'tenantId' | 'id' | 'searchVector' | 'searchText' | 'reviewCount' | 'ratingSum' | 'createdAt' | 'updatedAt'
>;

export async function insertProducts(scope: TenantScope, values: NewProduct[]): Promise<ProductRow[]> {
  if (values.length === 0) return [];
  return scope.db
    .insert(products)
    .values(
      values.map((value) =>
        scope.values(
          value.longHtmlDescription == null
            ? value
            : { ...value, longHtmlDescription: sanitizeRichText(value.longHtmlDescription) },
        ),
      ),
    )
    .returning();
}

export async function insertAttributes(
  scope: TenantScope,
  values: { productId: number; key: string; value: string; order: number }[],
): Promise<void> {
  if (values.length === 0) return;
  await scope.db.insert(productAttributes).values(values.map((value) => scope.values(value)));
}

export async function insertProductImages(
  scope: TenantScope,
  values: { productId: number; imageId: number; altText: string; order: number }[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await scope.db
    .insert(productImages)
    .values(values.map((value) => scope.values(value)))
    .returning({ id: productImages.id });
  return rows.map((row) => row.id);
}

export async function setProductActive(scope: TenantScope, productId: number, isActive: boolean): Promise<void> {
  await scope.db
    .update(products)
    .set({ isActive, updatedAt: new Date() })
    .where(scope.where(products, eq(products.id, productId)));
}

export interface AdminProductFilter {
  categoryId?: number;
  isActive?: boolean;
  isFeatured?: boolean;
  lowStock?: boolean;
  /** Text found in the name or the slug. */
  search?: string;
}

export type AdminProductOrdering = Ordering<'id' | 'name' | 'price' | 'stock' | 'created_at'>;

const ADMIN_PRODUCT_COLUMNS = {
  name: products.name,
  price: products.priceCents,
  stock: products.stock,
  created_at: products.createdAt,
} as const;

export function adminProductColumn(ordering: AdminProductOrdering) {
  switch (ordering) {
    case 'name':
    case '-name':
      return ADMIN_PRODUCT_COLUMNS.name;
    case 'price':
    case '-price':
      return ADMIN_PRODUCT_COLUMNS.price;
    case 'stock':
    case '-stock':
      return ADMIN_PRODUCT_COLUMNS.stock;
    case 'id':
    case '-id':
      return products.id;
    default:
      return ADMIN_PRODUCT_COLUMNS.created_at;
  }
}

export function adminProductWhere(scope: TenantScope, filter: AdminProductFilter): SQL {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return scope.where(
    products,
    filter.categoryId === undefined ? undefined : eq(products.categoryId, filter.categoryId),
    filter.isActive === undefined ? undefined : eq(products.isActive, filter.isActive),
    filter.isFeatured === undefined ? undefined : eq(products.isFeatured, filter.isFeatured),
    filter.lowStock === undefined
      ? undefined
      : filter.lowStock
        ? sql`${products.stock} <= ${products.lowStockThreshold}`
        : sql`${products.stock} > ${products.lowStockThreshold}`,
    pattern ? or(ilike(products.name, pattern), ilike(products.slug, pattern)) : undefined,
  );
}

/** A product of the admin list, with its main image's file. */
export type AdminProductRow = ProductRow & { mainImageKey: string | null };

/** A page of the shop's products (active or not), filtered and ordered, with the total. */
export async function listAdminProducts(
  scope: TenantScope,
  filter: AdminProductFilter,
  page: { ordering: AdminProductOrdering; limit: number; offset: number },
): Promise<{ rows: AdminProductRow[]; count: number }> {
  const where = adminProductWhere(scope, filter);
  const order = direction(page.ordering);
  const [total] = await scope.db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
  const image = mediaColumns.files(scope);
  const rows = await scope.db
    .select({ product: products, mainImageKey: image.imageKey })
    .from(products)
    .leftJoin(image, eq(image.id, products.mainImageId))
    .where(where)
    .orderBy(order(adminProductColumn(page.ordering)), order(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map((row) => ({ ...row.product, mainImageKey: row.mainImageKey })), count: total?.count ?? 0 };
}

/** One product of the shop (active or not), with its main image's file. */
export async function findAdminProduct(
  scope: TenantScope,
  id: number,
): Promise<(AdminProductRow & { categoryAgeRestricted: boolean }) | null> {
  const image = mediaColumns.files(scope);
  const [row] = await scope.db
    .select({
      product: products,
      mainImageKey: image.imageKey,
      categoryAgeRestricted: sql<boolean>`coalesce((select ${categories.ageRestricted} from ${categories}
        where ${scope.where(categories, eq(categories.id, products.categoryId))}), false)`,
    })
    .from(products)
    .leftJoin(image, eq(image.id, products.mainImageId))
    .where(scope.where(products, eq(products.id, id)))
    .limit(1);
  return row
    ? { ...row.product, mainImageKey: row.mainImageKey, categoryAgeRestricted: row.categoryAgeRestricted }
    : null;
}

/** Locks a product's row until the transaction ends (null when the shop has no such product). */
export async function lockProduct(scope: TenantScope, id: number): Promise<ProductRow | null> {
  const [row] = await scope.db
    .select()
    .from(products)
    .where(scope.where(products, eq(products.id, id)))
    .for('update');
  return row ?? null;
}

/** Whether another product of the shop has this slug. */
export async function productSlugTaken(scope: TenantScope, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: products.id })
    .from(products)
    .where(
      scope.where(
        products,
        eq(products.slug, slug),
        exceptId === undefined ? undefined : sql`${products.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The product fields staff change; never the stock, which moves through the stock ledger only. */
export type ProductChanges = Partial<
  Pick<
    NewProduct,
    | 'name'
    | 'slug'
    | 'categoryId'
    | 'description'
    | 'longHtmlDescription'
    | 'priceCents'
    | 'priceBeforeDiscountCents'
    | 'isActive'
    | 'isFeatured'
    | 'lowStockThreshold'
    | 'madeToOrder'
    | 'leadTimeDays'
    | 'mainImageId'
    | 'mainImageAlt'
    | 'hsCode'
    | 'countryOfOrigin'
    | 'customsDescription'
    | 'weightGrams'
    | 'ageRestricted'
  >
>;

export async function updateProduct(scope: TenantScope, id: number, changes: ProductChanges): Promise<void> {
  const clean =
    changes.longHtmlDescription == null
      ? changes
      : { ...changes, longHtmlDescription: sanitizeRichText(changes.longHtmlDescription) };
  await scope.db
    .update(products)
    .set({ ...clean, updatedAt: new Date() })
    .where(scope.where(products, eq(products.id, id)));
}

export async function listProductAttributes(
  scope: TenantScope,
  productId: number,
): Promise<{ key: string; value: string }[]> {
  return scope.db
    .select({ key: productAttributes.key, value: productAttributes.value })
    .from(productAttributes)
    .where(scope.where(productAttributes, eq(productAttributes.productId, productId)))
    .orderBy(asc(productAttributes.order), asc(productAttributes.id));
}

/** Replaces a product's attributes by the given list, in its order. */
export async function replaceAttributes(
  scope: TenantScope,
  productId: number,
  attributes: { key: string; value: string }[],
): Promise<void> {
  await scope.db
    .delete(productAttributes)
    .where(scope.where(productAttributes, eq(productAttributes.productId, productId)));
  await insertAttributes(
    scope,
    attributes.map((attribute, order) => ({ productId, ...attribute, order })),
  );
}

export type ProductImageRow = typeof productImages.$inferSelect;

/** A picture of a product with its files and their sizes. */
export type ProductImageFile = ProductImageRow & {
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
};

/** A product's pictures with their files, in display order. */
export async function listProductImageFiles(scope: TenantScope, productId: number): Promise<ProductImageFile[]> {
  const file = mediaColumns.files(scope);
  const rows = await scope.db
    .select({
      image: productImages,
      imageKey: file.imageKey,
      thumbKey: file.thumbKey,
      width: file.width,
      height: file.height,
    })
    .from(productImages)
    .innerJoin(file, eq(file.id, productImages.imageId))
    .where(scope.where(productImages, eq(productImages.productId, productId)))
    .orderBy(asc(productImages.order), asc(productImages.id));
  return rows.map(({ image, ...file }) => ({ ...image, ...file }));
}

export async function findProductImage(
  scope: TenantScope,
  productId: number,
  id: number,
): Promise<ProductImageRow | null> {
  const [row] = await scope.db
    .select()
    .from(productImages)
    .where(scope.where(productImages, eq(productImages.productId, productId), eq(productImages.id, id)))
    .limit(1);
  return row ?? null;
}

/** The position after a product's last picture. */
export async function nextImageOrder(scope: TenantScope, productId: number): Promise<number> {
  const [row] = await scope.db
    .select({ next: sql<number>`coalesce(max(${productImages.order}) + 1, 0)::int` })
    .from(productImages)
    .where(scope.where(productImages, eq(productImages.productId, productId)));
  return Number(row?.next ?? 0);
}

export async function insertProductImage(
  scope: TenantScope,
  values: { productId: number; imageId: number; altText: string; order: number },
): Promise<ProductImageRow> {
  const [row] = await scope.db.insert(productImages).values(scope.values(values)).returning();
  if (!row) throw new Error('product image insert returned nothing');
  return row;
}

export async function updateProductImage(
  scope: TenantScope,
  id: number,
  changes: { altText?: string; order?: number },
): Promise<void> {
  if (changes.altText === undefined && changes.order === undefined) return;
  await scope.db
    .update(productImages)
    .set(changes)
    .where(scope.where(productImages, eq(productImages.id, id)));
}

/** Removes a product's picture, and it from its variants' own pictures and their alt texts of it. */
export async function deleteProductImage(scope: TenantScope, id: number): Promise<void> {
  const [deleted] = await scope.db
    .delete(productImages)
    .where(scope.where(productImages, eq(productImages.id, id)))
    .returning({ productId: productImages.productId });
  if (!deleted) return;
  const named = sql`${productVariants.imageAltTexts} @> jsonb_build_array(jsonb_build_object('image_id', ${id}::integer))`;
  await scope.db
    .update(productVariants)
    .set({
      imageIds: sql`array_remove(${productVariants.imageIds}, ${id}::integer)`,
      imageAltTexts: sql`(select coalesce(jsonb_agg(text order by position), '[]'::jsonb)
                            from jsonb_array_elements(${productVariants.imageAltTexts}) with ordinality as t(text, position)
                           where (text ->> 'image_id')::integer <> ${id}::integer)`,
    })
    .where(
      scope.where(
        productVariants,
        eq(productVariants.productId, deleted.productId),
        sql`(${id}::integer = any(${productVariants.imageIds}) or ${named})`,
      ),
    );
}

/** The shop's stored pictures among these full-size keys: their ids, by key. */
export async function findPictureIdsByKey(scope: TenantScope, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const file = mediaColumns.files(scope);
  const rows = await scope.db
    .select({ id: file.id, imageKey: file.imageKey })
    .from(file)
    .where(inArray(file.imageKey, keys));
  return new Map(rows.map((row) => [row.imageKey, row.id]));
}
