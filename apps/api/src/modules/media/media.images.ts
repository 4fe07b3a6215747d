import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BadRequestError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/request-context.ts';
import { insertMediaImage, type MediaImageRow } from './media.repository.ts';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const MAX_INPUT_PIXELS = 40_000_000;
const FULL_MAX_SIDE = 1600;
const THUMB_MAX_SIDE = 480;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** The image type read from the first bytes; the name or the declared type of an upload are never trusted. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  return null;
}

class InvalidImageError extends BadRequestError {
  constructor(detail = 'Upload a valid image: JPEG, PNG, WebP or GIF.') {
    super(detail, 'invalid_image');
  }
}

export interface EncodedImage {
  full: { data: Buffer; width: number; height: number };
  thumb: { data: Buffer; width: number; height: number };
  /** Content hash of the original: same bytes, same keys (files are immutable and cached for a year). */
  hash: string;
}

/** Validates an image (sniffed type, byte and pixel limits) and re-encodes it into a full WebP and a thumbnail. */
export async function encodeImage(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) {
    throw new InvalidImageError(`The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  if (!sniffImageType(bytes)) throw new InvalidImageError();
  const source = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  try {
    const [full, thumb] = await Promise.all([
      source()
        .resize({ width: FULL_MAX_SIDE, height: FULL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      source()
        .resize({ width: THUMB_MAX_SIDE, height: THUMB_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      full: { data: full.data, width: full.info.width, height: full.info.height },
      thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
      hash: createHash('sha256').update(bytes).digest('hex').slice(0, 20),
    };
  } catch {
    // Truncated or corrupt content behind valid magic bytes, or too many pixels.
    throw new InvalidImageError();
  }
}

/**
 * Stores an uploaded or generated image for a feature: validated, re-encoded, written through the media storage
 * (`t<tenant>/<feature>/<hash>.webp` and `…-thumb.webp`) and recorded with its dimensions.
 */
export async function storeImage(
  ctx: RequestContext,
  input: { bytes: Buffer; feature: string },
): Promise<MediaImageRow> {
  const encoded = await encodeImage(input.bytes);
  const base = `t${ctx.tenant.id}/${input.feature}/${encoded.hash}`;
  const { media } = ctx.deps;
  const imageKey = `${base}.webp`;
  const thumbKey = `${base}-thumb.webp`;
  await Promise.all([
    media.put(imageKey, encoded.full.data, 'image/webp'),
    media.put(thumbKey, encoded.thumb.data, 'image/webp'),
  ]);
  return insertMediaImage(ctx.scope, {
    imageKey,
    thumbKey,
    width: encoded.full.width,
    height: encoded.full.height,
    thumbWidth: encoded.thumb.width,
    thumbHeight: encoded.thumb.height,
  });
}
