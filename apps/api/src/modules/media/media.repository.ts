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
