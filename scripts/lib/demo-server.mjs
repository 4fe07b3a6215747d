// The production build (`apps/storefront/dist/main.js`) serving the demo shop on a free port of this machine, with its
// own embedded database in a temporary folder, as the benchmarks that drive a browser use it (`npm run lighthouse`,
// `npm run bench:navigation`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './net.mjs';
import { quickStartEnv } from './quick-start.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the server and waits until it answers; `stop()` ends it and removes its data. */
export async function startDemoServer(name) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/storefront/dist/main.js')], {
    cwd: path.join(ROOT, 'apps/storefront'),
    env: {
      ...quickStartEnv(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`${origin}/api/health/`)).ok) break;
      } catch {
        // not up yet
      }
      if (attempt > 300) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop };
}
