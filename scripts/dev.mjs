// `npm run dev`: the API on port 8001 restarting on change, and the storefront's Vite dev server on PORT (8000),
// which proxies /api and /media to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { warnOnOldNode } from './lib/node-version.mjs';
import { quickStartEnv } from './lib/quick-start.mjs';

warnOnOldNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...quickStartEnv(process.env), PORT: '8001' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@platform/storefront', '--', '--port', process.env.PORT ?? '8000'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
