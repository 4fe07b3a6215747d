import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMAND_NODE_FLAGS, SERVER_NODE_FLAGS, serverArgs } from './server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** The calls that start a built server in a file: `spawn…(process.execPath, <arguments>` with what they pass. */
function startsIn(source) {
  return [...source.matchAll(/spawn(?:Sync)?\(\s*process\.execPath,\s*([^\n]+)/g)].map((match) => match[1]);
}

describe('how a built server is started', () => {
  it('is the same in the container as in `npm start`', () => {
    const cmd = read('Dockerfile').match(/^CMD (\[.*\])$/m);
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd[1])).toEqual(['node', ...serverArgs('apps/storefront/dist/main.js')]);
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
  });

  it('is the same in `npm start`, the clean-run check, the journeys across processes and the benchmark', () => {
    for (const file of ['scripts/start.mjs', 'scripts/clean-run.mjs', 'apps/storefront/e2e/processes-support.ts']) {
      const starts = startsIn(read(file));
      expect(starts.length, file).toBeGreaterThan(0);
      for (const start of starts) expect(start, file).toMatch(/^serverArgs\(/);
    }
    // The benchmark measures the start command, and the bare entry beside it on purpose.
    const bench = read('apps/api/bench/server.ts');
    expect(bench).toContain('spawnServer([...flags, ...serverArgs(ENTRY)], quickStartEnv(env)');
    expect(bench.match(/spawnServer\(\[/g)).toHaveLength(3);
  });
});

describe('how the platform command is run', () => {
  it('takes the same flags in `npm run platform` as in the tests that run it', () => {
    expect(COMMAND_NODE_FLAGS).toEqual(['--liftoff-only']);
    expect(read('scripts/run-api-command.mjs')).toContain(
      "[...COMMAND_NODE_FLAGS, '--import', 'tsx', 'apps/api/src/cli.ts'",
    );
    expect(read('apps/api/test/server-process.ts')).toContain("[...COMMAND_NODE_FLAGS, apiEntry('cli'), ...args]");
    // Every test that runs the command runs it through `commandArgs`.
    for (const file of ['cli.test.ts', 'security/production-defaults.test.ts', 'security/files.test.ts']) {
      expect(read(`apps/api/src/${file}`), file).not.toContain("apiEntry('cli')");
      expect(read(`apps/api/src/${file}`), file).toContain('commandArgs(');
    }
  });
});
