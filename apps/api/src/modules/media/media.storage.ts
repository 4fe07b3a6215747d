import fs from 'node:fs/promises';
import path from 'node:path';

/** Where media files live. Local disk by default; an S3-compatible driver implements the same interface. */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The public URL path of a stored file, e.g. `/media/t1/favicon.svg`. */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._/-]*$/i;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`unsafe media key: ${key}`);
}

export class LocalMediaStorage implements MediaStorage {
  constructor(
    readonly root: string,
    private readonly urlPrefix = '/media/',
  ) {}

  async put(key: string, body: Buffer): Promise<void> {
    assertSafeKey(key);
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so that a reader never sees half a file.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, file);
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await fs.access(path.join(this.root, key));
      return true;
    } catch {
      return false;
    }
  }

  url(key: string): string {
    return key ? `${this.urlPrefix}${key}` : '';
  }
}
