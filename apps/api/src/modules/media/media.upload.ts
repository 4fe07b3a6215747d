import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError, ValidationError } from '../../lib/errors.ts';
import { IMAGE_MAX_BYTES } from './media.images.ts';

/** Limits of a picture's upload: one file within the media module's size, and a few short text fields. */
export const IMAGE_UPLOAD_LIMITS: FastifyMultipartOptions['limits'] = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  headerPairs: 50,
};

/**
 * The picture of an upload: a multipart body with one file part `image` (an image type, at most the media module's
 * size) and short text fields. The media module then reads the type from the content and re-encodes it. The route's
 * scope registers `@fastify/multipart` with `IMAGE_UPLOAD_LIMITS`.
 */
export async function readImageUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the image as multipart/form-data, in the field "image".');
  }
  const errors = request.server.multipartErrors;
  let bytes: Buffer | null = null;
  let notAnImage = false;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read (within the size limit) even when refused: the body is consumed before the answer.
        const data = await part.toBuffer();
        if (part.fieldname !== 'image' || !part.mimetype.startsWith('image/')) notAnImage = true;
        else bytes = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof errors.RequestFileTooLargeError) {
      throw new BadRequestError(`The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`, 'invalid_image');
    }
    if (
      error instanceof errors.FilesLimitError ||
      error instanceof errors.FieldsLimitError ||
      error instanceof errors.PartsLimitError
    ) {
      throw new BadRequestError('Send one image and its few fields.', 'invalid_upload');
    }
    throw error;
  }
  if (notAnImage) throw new BadRequestError('Upload a valid image: JPEG, PNG, WebP or GIF.', 'invalid_image');
  if (!bytes) throw new ValidationError({ image: ['No image was uploaded.'] });
  return { bytes, fields };
}
