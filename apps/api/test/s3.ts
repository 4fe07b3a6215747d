// An S3-compatible server for the media storage's tests: s3rver on a free loopback port, its files in a temporary
// folder, one bucket made at start.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The platform's configuration of this bucket (MEDIA_STORAGE=s3 and S3_*), with the server's test credentials. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver accepts any signature made with its fixed key pair. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startTestS3(bucket = 'shop-media'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  // The SDK reads credentials from its standard environment, as it would in production.
  const saved = Object.fromEntries(Object.keys(CREDENTIALS).map((name) => [name, process.env[name]]));
  Object.assign(process.env, CREDENTIALS);
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
