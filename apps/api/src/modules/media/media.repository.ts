import { type AnyColumn, eq, inArray, sql } from 'drizzle-orm';
import { mediaImages } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type MediaImageRow = typeof mediaImages.$inferSelect;

export async function insertMediaImage(
  scope: TenantScope,
  values: Omit<MediaImageRow, 'tenantId' | 'id' | 'createdAt'>,
): Promise<MediaImageRow> {
  const [row] = await scope.db.insert(mediaImages).values(scope.values(values)).returning();
  if (!row) throw new Error('media image insert returned nothing');
  return row;
}

/** The shop's images with these full-size keys. */
export async function findMediaImagesByKey(scope: TenantScope, imageKeys: string[]): Promise<MediaImageRow[]> {
  return scope.db
    .select()
    .from(mediaImages)
    .where(scope.where(mediaImages, inArray(mediaImages.imageKey, imageKeys)));
}

/**
 * What other modules show of a stored picture, as SQL they put in their own statements (a cart line's thumbnail):
 * correlated subqueries on the media table, written here, so that a list stays one statement while only this module
 * names `media_images`. `imageId` is the other table's column holding the picture's id.
 */
export const mediaColumns = {
  /** The picture's thumbnail key (null when there is no such picture). */
  thumbKey: (scope: TenantScope, imageId: AnyColumn) =>
    sql<
      string | null
    >`(select ${mediaImages.thumbKey} from ${mediaImages} where ${scope.where(mediaImages, eq(mediaImages.id, imageId))})`,
};
