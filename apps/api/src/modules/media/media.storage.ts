import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import type { MediaStorage, StoredMedia } from '../../lib/services.ts';

export type { MediaStorage, StoredMedia };

/** What browsers may cache: every key names immutable content (a hash, or a file replaced under a new key). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SAFE_KEY = /^[a-z0-9][a-z0-9._/-]*$/i;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
}

function mediaUrl(key: string): string {
  return key ? `/media/${key}` : '';
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** Files under a folder (MEDIA_DIR); the content type is the extension's, as every key carries its type's. */
export class LocalMediaStorage implements MediaStorage {
  constructor(readonly root: string) {}

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    assertSafeKey(key);
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so that a reader never sees half a file.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, file);
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    try {
      return (await fs.stat(path.join(this.root, key))).isFile();
    } catch {
      return false;
    }
  }

  async get(key: string): Promise<StoredMedia | null> {
    if (!isSafeKey(key)) return null;
    const file = path.join(this.root, key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch {
      return null;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return {
      body: handle.createReadStream({ autoClose: true }),
      contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
      size: stat.size,
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    };
  }

  url(key: string): string {
    return mediaUrl(key);
  }
}

/** Where a bucket's objects live: under `media/`, so that `MEDIA_HOST` + a file's URL path is its object's address. */
const OBJECT_PREFIX = 'media/';

export interface S3MediaOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset: the SDK's standard chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, a role, …). */
  credentials?: S3ClientConfig['credentials'];
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), stored with their content type and caching
 * headers, so that a public bucket or a CDN in front of it can serve them as they are.
 */
export class S3MediaStorage implements MediaStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3MediaOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: S3-compatible services do not all know the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: OBJECT_PREFIX + key,
        Body: body,
        ContentType: contentType,
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: OBJECT_PREFIX + key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async get(key: string): Promise<StoredMedia | null> {
    if (!isSafeKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: OBJECT_PREFIX + key }));
      if (!(object.Body instanceof Readable)) throw new Error('the S3 client answered a body that is not a stream');
      return {
        body: object.Body,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: object.ContentLength ?? 0,
        etag: object.ETag ?? `"${key}"`,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  url(key: string): string {
    return mediaUrl(key);
  }

  /** Ends the client's open connections (a process that stops, a test that is done). */
  close(): void {
    this.client.destroy();
  }
}

/** The configured storage: `MEDIA_STORAGE=s3` and its `S3_*` settings, else the local folder. */
export function createMediaStorage(config: Config): MediaStorage {
  if (config.MEDIA_STORAGE === 's3' && config.S3_BUCKET) {
    return new S3MediaStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalMediaStorage(config.mediaDir);
}
