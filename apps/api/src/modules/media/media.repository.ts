import { type AnyColumn, and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
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

/** The shop's images with these ids. */
export async function findMediaImagesById(scope: TenantScope, ids: number[]): Promise<MediaImageRow[]> {
  if (ids.length === 0) return [];
  return scope.db
    .select()
    .from(mediaImages)
    .where(scope.where(mediaImages, inArray(mediaImages.id, ids)));
}

/** Up to `limit` of the shop's pictures whose centre colour was never read (stored before it was), oldest first. */
export async function findPicturesWithoutColour(
  scope: TenantScope,
  limit: number,
): Promise<{ id: number; imageKey: string }[]> {
  return scope.db
    .select({ id: mediaImages.id, imageKey: mediaImages.imageKey })
    .from(mediaImages)
    .where(scope.where(mediaImages, isNull(mediaImages.centreColour)))
    .orderBy(asc(mediaImages.id))
    .limit(limit);
}

/** Records a picture's centre colour, unless another instance already did. */
export async function setPictureColour(scope: TenantScope, id: number, colour: string): Promise<void> {
  await scope.db
    .update(mediaImages)
    .set({ centreColour: colour })
    .where(scope.where(mediaImages, and(eq(mediaImages.id, id), isNull(mediaImages.centreColour))));
}

/**
 * What other modules show of a stored picture, as SQL they put in their own statements (a cart line's thumbnail, a
 * product's main image and pictures): written here, so that a list stays one statement while only this module names
 * `media_images`. `imageId` is the other table's column holding the picture's id.
 */
export const mediaColumns = {
  /** The picture's thumbnail key (null when there is no such picture). */
  thumbKey: (scope: TenantScope, imageId: AnyColumn | SQL.Aliased<number | null>) =>
    sql<
      string | null
    >`(select ${mediaImages.thumbKey} from ${mediaImages} where ${scope.where(mediaImages, eq(mediaImages.id, imageId))})`,
  /**
   * The shop's pictures with their files and sizes, as a relation to join on `id` (a left join gives nulls for a
   * missing picture). The planner merges it into the caller's join, as a join on the table and its primary key;
   * `alias` names it apart from another use in the same statement.
   */
  files: <Alias extends string = 'media_files'>(scope: TenantScope, alias?: Alias) =>
    scope.db
      .select({
        id: mediaImages.id,
        imageKey: mediaImages.imageKey,
        thumbKey: mediaImages.thumbKey,
        width: mediaImages.width,
        height: mediaImages.height,
        thumbWidth: mediaImages.thumbWidth,
        thumbHeight: mediaImages.thumbHeight,
        variantWidths: mediaImages.variantWidths,
        centreColour: mediaImages.centreColour,
      })
      .from(mediaImages)
      .where(scope.where(mediaImages))
      .as(alias ?? ('media_files' as Alias)),
};

/** The relation `mediaColumns.files` gives, under its alias. */
export type MediaFiles<Alias extends string = 'media_files'> = ReturnType<typeof mediaColumns.files<Alias>>;
