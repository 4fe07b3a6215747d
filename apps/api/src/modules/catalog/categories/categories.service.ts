import type { Category } from '@platform/contracts';
import type { RequestContext } from '../../../lib/context.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import {
  type CategoryRow,
  findCategoryBySlug,
  insertCategory,
  listCategories as listCategoryRows,
} from './categories.repository.ts';

function toCategory(row: CategoryRow): Category {
  return { id: row.id, slug: row.slug, name: row.name, description: row.description };
}

/** The shop's categories, in display order. */
export async function listCategories(ctx: RequestContext): Promise<Category[]> {
  return (await listCategoryRows(ctx.scope)).map(toCategory);
}

/** One category by slug, or 404. */
export async function getCategory(ctx: RequestContext, slug: string): Promise<Category> {
  const row = await findCategoryBySlug(ctx.scope, slug);
  if (!row) throw new NotFoundError();
  return toCategory(row);
}

// The seed writes categories (the HTML of their description is sanitized by the repository on its way in).

/** Creates a category at a position of the display order (its products sold to adults only when `ageRestricted`). */
export async function createCategory(
  ctx: RequestContext,
  input: { slug: string; name: string; description?: string; position?: number; ageRestricted?: boolean },
): Promise<Category> {
  return toCategory(await insertCategory(ctx.scope, input));
}
