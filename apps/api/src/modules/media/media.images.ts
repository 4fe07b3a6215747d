import { createHash } from 'node:crypto';
import type { ImageVariant } from '@platform/contracts';
import sharp from 'sharp';
import type { RequestContext } from '../../lib/context.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { findMediaImagesById, findMediaImagesByKey, insertMediaImage, type MediaImageRow } from './media.repository.ts';

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

/** Widths (CSS pixels at 1x) pages choose from in a `srcset`; a picture also gets its own width, never a larger one. */
export const VARIANT_WIDTHS = [320, 640, 960] as const;
/**
 * AVIF's encoder settings, measured on the demo's 960×640 pictures: at effort 1 with WebP's chroma subsampling
 * (4:2:0) a file is a quarter smaller than WebP's and as faithful (7.8 against 10.2 KiB, 45.2 against 44.9 dB PSNR)
 * for 46 ms of encoding; effort 0 is no smaller than WebP, effort 2 saves 8% more at twice the time. Pictures are
 * encoded within an upload's request and by the demo seed.
 */
const AVIF_OPTIONS = { quality: 55, effort: 1, chromaSubsampling: '4:2:0' } as const;
/** The WebP variants are the fallback of browsers without AVIF: effort 2 halves their time for 6% more bytes. */
const VARIANT_WEBP_OPTIONS = { quality: 80, effort: 2 } as const;

export type VariantFormat = 'avif' | 'webp';

/**
 * The colour of a picture's centre pixel (`#rrggbb`), from its decoded pixels (the spec's card background: the
 * storefront sets it in the page, where the browser would otherwise decode each card's picture on its main thread to
 * read it); '' when the centre is transparent.
 */
export function centrePixelColour(pixels: Buffer, info: { width: number; height: number; channels: number }): string {
  const offset = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  // One or two channels: grey (and alpha); three or four: red, green, blue (and alpha).
  const grey = info.channels < 3;
  const alpha = info.channels === 2 || info.channels === 4 ? pixels[offset + info.channels - 1] : 255;
  if (alpha === 0) return '';
  const channel = (index: number) => (pixels[offset + (grey ? 0 : index)] ?? 0).toString(16).padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** A picture's bytes opened for decoding, within the pixel limit, first frame only, turned upright. */
function openPicture(bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
}

/** The centre colour of a stored picture's bytes (any format sharp reads); '' when it cannot be read. */
export async function centreColourOf(bytes: Buffer): Promise<string> {
  try {
    const decoded = await openPicture(bytes).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    return centrePixelColour(decoded.data, decoded.info);
  } catch {
    return '';
  }
}

/** The widths a picture of this width is stored at: the standard ones below it, then its own. */
export function variantWidthsFor(width: number): number[] {
  return [...VARIANT_WIDTHS.filter((candidate) => candidate < width), width];
}

/** A variant's height: the picture's aspect ratio at that width (rounded as the file is made). */
export function variantHeight(picture: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((picture.height * width) / picture.width));
}

/** `t1/catalog/<hash>.webp` at 640 pixels in AVIF: `t1/catalog/<hash>-640w.avif`. */
export function variantKey(imageKey: string, width: number, format: VariantFormat): string {
  return `${imageKey.replace(/\.webp$/, '')}-${width}w.${format}`;
}

interface EncodedVariant {
  width: number;
  height: number;
  avif: Buffer;
  webp: Buffer;
}

export interface EncodedImage {
  full: { data: Buffer; width: number; height: number };
  thumb: { data: Buffer; width: number; height: number };
  /** The full picture at `variantWidthsFor(full.width)`, in AVIF and WebP. */
  variants: EncodedVariant[];
  /** Content hash of the original: same bytes, same keys (files are immutable and cached for a year). */
  hash: string;
  /** The centre pixel's colour (`centrePixelColour`). */
  centreColour: string;
}

/**
 * Validates an image (sniffed type, byte and pixel limits) and re-encodes it into a full WebP, a thumbnail, and the
 * full picture's responsive variants in AVIF and WebP.
 */
export async function encodeImage(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) {
    throw new InvalidImageError(`The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  if (!sniffImageType(bytes)) throw new InvalidImageError();
  try {
    // Decoded, turned upright and brought within the full size once; every file is then encoded from these pixels.
    const decoded = await openPicture(bytes)
      .resize({ width: FULL_MAX_SIDE, height: FULL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const picture = { width: decoded.info.width, height: decoded.info.height };
    const pixels = () => sharp(decoded.data, { raw: { ...picture, channels: decoded.info.channels } });
    const [full, thumb] = await Promise.all([
      pixels().webp({ quality: 82 }).toBuffer(),
      pixels()
        .resize({ width: THUMB_MAX_SIDE, height: THUMB_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    const variants = await Promise.all(
      variantWidthsFor(picture.width).map(async (width): Promise<EncodedVariant> => {
        const height = variantHeight(picture, width);
        // Exactly the announced size, so that a page's `srcset` and its `width`/`height` never disagree.
        const sized = () => pixels().resize({ width, height, fit: 'fill' });
        const [avif, webp] = await Promise.all([
          sized().avif(AVIF_OPTIONS).toBuffer(),
          width === picture.width ? full : sized().webp(VARIANT_WEBP_OPTIONS).toBuffer(),
        ]);
        return { width, height, avif, webp };
      }),
    );
    return {
      full: { data: full, ...picture },
      thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
      variants,
      hash: createHash('sha256').update(bytes).digest('hex').slice(0, 20),
      centreColour: centrePixelColour(decoded.data, decoded.info),
    };
  } catch {
    // Truncated or corrupt content behind valid magic bytes, or too many pixels.
    throw new InvalidImageError();
  }
}

/**
 * Stores an uploaded or generated image for a feature: validated, re-encoded, written through the media storage
 * (`t<tenant>/<feature>/<hash>.webp`, `…-thumb.webp`, and `…-<width>w.avif` and `.webp` for each variant) and
 * recorded with its dimensions and variant widths.
 */
export async function storeImage(
  ctx: RequestContext,
  input: { bytes: Buffer; feature: string },
): Promise<MediaImageRow> {
  return recordImage(ctx, await prepareImage(ctx, input));
}

/** An image encoded and written to the media storage, not yet recorded in the database. */
export type PreparedImage = Parameters<typeof insertMediaImage>[1];

/**
 * The first half of `storeImage`, without the database: many may run at once (encoding is most of the work), then
 * `recordImage` records each, one statement at a time on the caller's transaction (the demo seed).
 */
export async function prepareImage(
  ctx: RequestContext,
  input: { bytes: Buffer; feature: string },
): Promise<PreparedImage> {
  const encoded = await encodeImage(input.bytes);
  const base = `t${ctx.tenant.id}/${input.feature}/${encoded.hash}`;
  const { media } = ctx.deps;
  const imageKey = `${base}.webp`;
  const thumbKey = `${base}-thumb.webp`;
  await Promise.all([
    media.put(imageKey, encoded.full.data, 'image/webp'),
    media.put(thumbKey, encoded.thumb.data, 'image/webp'),
    ...encoded.variants.flatMap((variant) => [
      media.put(variantKey(imageKey, variant.width, 'avif'), variant.avif, 'image/avif'),
      media.put(variantKey(imageKey, variant.width, 'webp'), variant.webp, 'image/webp'),
    ]),
  ]);
  return {
    imageKey,
    thumbKey,
    width: encoded.full.width,
    height: encoded.full.height,
    thumbWidth: encoded.thumb.width,
    thumbHeight: encoded.thumb.height,
    variantWidths: encoded.variants.map((variant) => variant.width),
    centreColour: encoded.centreColour,
  };
}

/** The second half of `storeImage`: the prepared image's row. */
export function recordImage(ctx: RequestContext, prepared: PreparedImage): Promise<MediaImageRow> {
  return insertMediaImage(ctx.scope, prepared);
}

/** What a page needs to show a stored picture at the right size: its key, pixel size and variant widths. */
export interface StoredPicture {
  imageKey: string;
  width: number;
  height: number;
  variantWidths: number[];
}

/** A stored picture's centre colour as the API answers it: null when it is not known (or transparent). */
export function pictureColour(picture: { centreColour: string | null }): string | null {
  return picture.centreColour || null;
}

/** A stored picture's variants as the API answers them (URL paths of both formats, smallest first). */
export function imageVariants(ctx: RequestContext, picture: StoredPicture): ImageVariant[] {
  const { media } = ctx.deps;
  return picture.variantWidths.map((width) => ({
    width,
    height: variantHeight(picture, width),
    avif: media.url(variantKey(picture.imageKey, width, 'avif')),
    webp: media.url(variantKey(picture.imageKey, width, 'webp')),
  }));
}

/** The shop's stored pictures among these keys (by key); a key the media module has no record of is absent. */
export async function findStoredPictures(ctx: RequestContext, keys: string[]): Promise<Map<string, StoredPicture>> {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows = await findMediaImagesByKey(ctx.scope, unique);
  return new Map(rows.map((row) => [row.imageKey, row]));
}

/** The shop's stored pictures among these ids (by id); an id of another shop, or of none, is absent. */
export async function findPicturesById(ctx: RequestContext, ids: number[]): Promise<Map<number, MediaImageRow>> {
  const rows = await findMediaImagesById(ctx.scope, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}
