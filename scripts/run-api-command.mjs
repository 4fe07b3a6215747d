// `npm run platform -- …` and `npm run db:migrate`: the API's command line, run from its TypeScript sources.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_NODE_FLAGS } from './lib/server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  process.execPath,
  [...COMMAND_NODE_FLAGS, '--import', 'tsx', 'apps/api/src/cli.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
