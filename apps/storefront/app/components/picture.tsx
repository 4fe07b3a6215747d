import type { ImageVariant } from '@platform/contracts';
import type { ComponentProps } from 'react';
import type { MetaDescriptor } from 'react-router';
import { mediaUrl, useMediaUrl } from '../lib/media-url.tsx';

/** A stored picture as the API answers it: its WebP file, its pixel size and its AVIF and WebP variants. */
export interface PictureFile {
  /** The file every browser can show (`/media/….webp`). */
  src: string;
  width: number | null;
  height: number | null;
  /** Smallest first; none for a picture stored before variants existed. */
  variants: ImageVariant[];
}

/** The sources in the browser's order of preference: the first whose type it shows wins. */
const FORMATS = ['avif', 'webp'] as const;

function srcSet(variants: ImageVariant[], format: (typeof FORMATS)[number], url: (path: string) => string): string {
  return variants.map((variant) => `${url(variant[format])} ${variant.width}w`).join(', ');
}

type ImgProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'alt'>;

/**
 * A stored picture: AVIF and WebP sources sized by `sizes`, and an `<img>` with the picture's width and height (so the
 * page keeps its place before it loads). Lazy unless it is the page's largest picture (`priority`): then it loads at
 * once, first, and the route's `meta` preloads it with `picturePreload` (the same sources and sizes).
 */
export function Picture({
  file,
  alt,
  sizes,
  priority = false,
  ...img
}: ImgProps & {
  file: PictureFile;
  /** The text alternative; empty for a picture that repeats what is next to it. */
  alt: string;
  sizes: string;
  priority?: boolean;
}) {
  const url = useMediaUrl();
  return (
    <picture className="picture">
      {file.variants.length > 0 &&
        FORMATS.map((format) => (
          <source key={format} type={`image/${format}`} srcSet={srcSet(file.variants, format, url)} sizes={sizes} />
        ))}
      <img
        src={url(file.src)}
        alt={alt}
        width={file.width ?? undefined}
        height={file.height ?? undefined}
        sizes={sizes}
        {...(priority
          ? ({ loading: 'eager', fetchPriority: 'high' } as const)
          : ({ loading: 'lazy', decoding: 'async' } as const))}
        {...img}
      />
    </picture>
  );
}

/**
 * The `<link rel="preload">` of a page's largest picture, for the route's `meta` (rendered in the server's HTML head):
 * the AVIF sources a `<Picture priority>` with the same `sizes` picks from, or its one file when it has no variants.
 */
export function picturePreload(file: PictureFile, options: { sizes: string; mediaHost: string }): MetaDescriptor {
  const url = (path: string) => mediaUrl(options.mediaHost, path);
  const common = { tagName: 'link', rel: 'preload', as: 'image', fetchPriority: 'high' };
  if (file.variants.length === 0) return { ...common, href: url(file.src) };
  return {
    ...common,
    type: 'image/avif',
    imageSrcSet: srcSet(file.variants, 'avif', url),
    imageSizes: options.sizes,
  };
}
