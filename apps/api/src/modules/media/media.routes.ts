import multipart from '@fastify/multipart';
import { ErrorDetail } from '@platform/contracts';
import { AdminMediaPurpose, AdminMediaUpload } from '@platform/contracts/admin-content';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { uploadMediaByStaff } from './media.admin.ts';
import { MEDIA_CACHE_CONTROL } from './media.storage.ts';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from './media.upload.ts';

/**
 * `/admin/media/`: pictures staff upload for a media field (a post's featured image, the logo, the favicon) or for a
 * product, whose write then names them.
 */
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
      if (!purpose.success) throw new ValidationError({ purpose: ['Choose "blog", "site" or "catalog".'] });
      return reply
        .code(201)
        .send(await uploadMediaByStaff(request.ctx, { bytes: upload.bytes, purpose: purpose.data }));
    },
  );
};

/**
 * `/media/<key>`: stored files, streamed from the media storage (a folder or a bucket) with their stored content type,
 * cached for a year and readable by a canvas of another origin (the product card samples its picture's pixels).
 */
export const mediaFileRoutes: FastifyPluginAsync = async (app) => {
  const notFound = { detail: 'Not found.', code: 'not_found' };
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await app.deps.media.get(key);
    if (!file) return reply.code(404).send(notFound);
    reply
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('etag', file.etag)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      // An SVG opened directly must not run script in our origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === file.etag) {
      file.body.destroy();
      return reply.code(304).send();
    }
    return reply.header('content-type', file.contentType).header('content-length', file.size).send(file.body);
  });
};
