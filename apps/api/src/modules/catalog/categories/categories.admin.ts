// The shop's categories as staff administer them. Every write runs in one transaction with its audit entry.

import type {
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryListQuery,
  AdminCategoryUpdateBody,
} from '@platform/contracts/admin-catalog';
import { firstFreeSlug, slugFromName } from '@platform/contracts/admin-products';
import type { TransactionContext } from '../../../lib/context.ts';
import { type RequestContext, requireStaff } from '../../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { withSlugConflict } from '../../../lib/form-errors.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { recordAudit } from '../../audit/index.ts';
import {
  type AdminCategoryRow,
  categoryHasProducts,
  categorySlugsLike,
  categorySlugTaken,
  deleteCategory,
  findAdminCategory,
  insertCategory,
  listAdminCategories,
  lockCategory,
  shareCategory,
  updateCategory,
} from './categories.repository.ts';

const CATEGORY_SLUG_TAKEN = { slug: ['A category with this slug already exists.'] };

/** A category of the shop, held until the transaction ends so that it cannot be deleted under the product. */
export async function requireCategory(tx: TransactionContext, id: number): Promise<void> {
  if (!(await shareCategory(tx.scope, id))) {
    throw new ValidationError({ category: [`Invalid pk "${id}" - object does not exist.`] });
  }
}

function categoryOf(row: AdminCategoryRow): AdminCategory {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    position: row.position,
    age_restricted: row.ageRestricted,
    product_count: row.productCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /admin/categories/{id}/`: a category with its number of products (what its edit screen and the products' category cells read). */
export async function getCategoryForStaff(ctx: RequestContext, id: number): Promise<AdminCategory> {
  requireStaff(ctx);
  return categoryForStaff(ctx, id);
}

async function categoryForStaff(ctx: RequestContext, id: number): Promise<AdminCategory> {
  const row = await findAdminCategory(ctx.scope, id);
  if (!row) throw new NotFoundError('Category not found.', 'category_not_found');
  return categoryOf(row);
}

/** `GET /admin/categories/`: the shop's categories with their number of products, in display order. */
export async function listCategoriesForStaff(
  ctx: RequestContext,
  query: AdminCategoryListQuery,
): Promise<{ count: number; results: AdminCategory[] }> {
  requireStaff(ctx);
  const { rows, count } = await listAdminCategories(
    ctx.scope,
    { search: query.search || undefined },
    { ordering: query.ordering ?? 'position', limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.map(categoryOf) };
}

/**
 * `POST /admin/categories/`: a new category (its description sanitized). Without a slug, one is derived from the name,
 * unique in the shop; a slug given that another category has is refused. Audited.
 */
export async function createCategoryByStaff(
  ctx: RequestContext,
  body: AdminCategoryCreateBody,
): Promise<AdminCategory> {
  requireStaff(ctx);
  const id = await withSlugConflict(
    () =>
      inTransaction(ctx, async (tx) => {
        if (body.slug !== undefined && (await categorySlugTaken(tx.scope, body.slug))) {
          throw new ValidationError(CATEGORY_SLUG_TAKEN);
        }
        const base = slugFromName(body.name, 90) || 'category';
        const slug = body.slug ?? firstFreeSlug(base, await categorySlugsLike(tx.scope, base));
        const { age_restricted: ageRestricted, ...fields } = body;
        const row = await insertCategory(tx.scope, {
          ...fields,
          slug,
          ...(ageRestricted === undefined ? {} : { ageRestricted }),
        });
        await recordAudit(tx, {
          action: 'category.create',
          entity: 'category',
          entityId: row.id,
          after: { slug: row.slug, name: row.name, position: row.position, age_restricted: row.ageRestricted },
        });
        return row.id;
      }),
    CATEGORY_SLUG_TAKEN,
  );
  return categoryForStaff(ctx, id);
}

/** `PATCH /admin/categories/{id}/`: changes the fields given (the description sanitized). Audited. */
export async function updateCategoryByStaff(
  ctx: RequestContext,
  categoryId: number,
  body: AdminCategoryUpdateBody,
): Promise<AdminCategory> {
  requireStaff(ctx);
  await withSlugConflict(
    () =>
      inTransaction(ctx, async (tx) => {
        const category = await lockCategory(tx.scope, categoryId);
        if (!category) throw new NotFoundError('Category not found.', 'category_not_found');
        if (
          body.slug !== undefined &&
          body.slug !== category.slug &&
          (await categorySlugTaken(tx.scope, body.slug, categoryId))
        ) {
          throw new ValidationError(CATEGORY_SLUG_TAKEN);
        }
        if (Object.keys(body).length === 0) return;
        const { age_restricted: ageRestricted, ...fields } = body;
        await updateCategory(tx.scope, categoryId, {
          ...fields,
          ...(ageRestricted === undefined ? {} : { ageRestricted }),
        });
        const pick = (values: {
          slug?: string;
          name?: string;
          position?: number;
          description?: string;
          ageRestricted?: boolean;
        }) => ({
          ...(body.slug === undefined ? {} : { slug: values.slug }),
          ...(body.name === undefined ? {} : { name: values.name }),
          ...(body.position === undefined ? {} : { position: values.position }),
          ...(body.description === undefined ? {} : { description: '(changed)' }),
          ...(ageRestricted === undefined ? {} : { age_restricted: values.ageRestricted }),
        });
        await recordAudit(tx, {
          action: 'category.update',
          entity: 'category',
          entityId: categoryId,
          before: pick(category),
          after: pick({ ...fields, ageRestricted }),
        });
      }),
    CATEGORY_SLUG_TAKEN,
  );
  return categoryForStaff(ctx, categoryId);
}

/** `DELETE /admin/categories/{id}/`: only a category without products (409 otherwise). Audited. */
export async function deleteCategoryByStaff(ctx: RequestContext, categoryId: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    // The lock keeps products from being put in it meanwhile.
    const category = await lockCategory(tx.scope, categoryId);
    if (!category) throw new NotFoundError('Category not found.', 'category_not_found');
    if (await categoryHasProducts(tx.scope, categoryId)) {
      throw new ConflictError('A category that has products cannot be deleted.', 'category_not_empty');
    }
    await deleteCategory(tx.scope, categoryId);
    await recordAudit(tx, {
      action: 'category.delete',
      entity: 'category',
      entityId: categoryId,
      before: { slug: category.slug, name: category.name },
    });
  });
}
