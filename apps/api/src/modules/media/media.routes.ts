import multipart from '@fastify/multipart';
import { AdminMediaPurpose, AdminMediaUpload, ErrorDetail } from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { uploadMediaByStaff } from './media.admin.ts';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from './media.upload.ts';

/** `/admin/media/`: pictures staff upload for a media field (a post's featured image, the logo, the favicon). */
export const mediaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  app.post(
    '/media/',
    {
      schema: {
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        response: { 201: AdminMediaUpload, ...errorResponses, 415: ErrorDetail },
      },
    },
    async (request, reply) => {
      const upload = await readImageUpload(request);
      const purpose = AdminMediaPurpose.safeParse(upload.fields.purpose ?? '');
      if (!purpose.success) throw new ValidationError({ purpose: ['Choose "blog" or "site".'] });
      return reply
        .code(201)
        .send(await uploadMediaByStaff(request.ctx, { bytes: upload.bytes, purpose: purpose.data }));
    },
  );
};
