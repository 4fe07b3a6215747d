import type { AdminMediaPurpose, AdminMediaUpload } from '@platform/contracts/admin-content';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { recordAudit } from '../audit/index.ts';
import { storeImage } from './media.images.ts';

/** Stores a picture staff uploaded for a media field, and records the upload; the field is set by its own write. */
export async function uploadMediaByStaff(
  ctx: RequestContext,
  input: { bytes: Buffer; purpose: AdminMediaPurpose },
): Promise<AdminMediaUpload> {
  requireStaff(ctx);
  const image = await storeImage(ctx, { bytes: input.bytes, feature: input.purpose });
  await recordAudit(ctx, {
    action: 'media.upload',
    entity: 'media',
    entityId: image.id,
    after: { key: image.imageKey, purpose: input.purpose },
  });
  return {
    id: image.id,
    key: image.imageKey,
    url: ctx.deps.media.url(image.imageKey),
    thumb_url: ctx.deps.media.url(image.thumbKey),
    width: image.width,
    height: image.height,
  };
}
