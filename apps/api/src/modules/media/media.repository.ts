import { inArray } from 'drizzle-orm';
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
