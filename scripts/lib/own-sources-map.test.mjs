import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSourcesMap } from './own-sources-map.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let folder;

// Our code before, between and after an npm package's, on lines of their own and sharing lines.
const FILES = {
  'first.ts': 'export function first(n: number): number {\n  return n * 2;\n}\n',
  'entry.ts': [
    "import { first } from './first.ts';",
    "import { LRUCache } from 'lru-cache';",
    "import { last } from './last.ts';",
    '',
    'const cache = new LRUCache<string, number>({ max: 2 });',
    "cache.set('a', first(1)); cache.set('b', last(2));",
    'export function fail(): never {',
    "  throw new Error('bundled ' + cache.get('a'));",
    '}',
    'fail();',
    '',
  ].join('\n'),
  'last.ts': 'export const last = (n: number): number => n + 1;\n',
};

beforeAll(() => {
  // Outside the project, its packages beside it: they resolve as the build's imports do.
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-test-'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
  for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(folder, name), text);
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('a bundle’s source map reduced to our own sources', () => {
  it('maps every position of our code as the whole map does, and no position of a package’s code', async () => {
    const result = await build({
      entryPoints: [path.join(folder, 'entry.ts')],
      outfile: path.join(folder, 'whole.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      sourcemap: true,
      write: false,
    });
    const code = result.outputFiles.find((file) => file.path.endsWith('.js')).text;
    const wholeText = result.outputFiles.find((file) => file.path.endsWith('.map')).text;
    const whole = new SourceMap(JSON.parse(wholeText));
    const own = new SourceMap(JSON.parse(ownSourcesMap(wholeText)));

    const counts = { ours: 0, package: 0 };
    code.split('\n').forEach((line, lineNumber) => {
      for (let column = 0; column < line.length; column++) {
        const expected = whole.findEntry(lineNumber, column);
        const actual = own.findEntry(lineNumber, column);
        if (expected.originalSource?.includes('node_modules/')) {
          counts.package++;
          expect(actual.originalSource, `${lineNumber + 1}:${column + 1}`).toBeUndefined();
        } else if (expected.originalSource) {
          counts.ours++;
          expect(actual, `${lineNumber + 1}:${column + 1}`).toEqual(expected);
        }
      }
    });
    expect(counts.ours).toBeGreaterThan(100);
    expect(counts.package).toBeGreaterThan(10_000);
    const mappings = (text) => JSON.parse(text).mappings.length;
    expect(mappings(ownSourcesMap(wholeText))).toBeLessThan(mappings(wholeText) / 5);
  });

  it('gives a stack trace in our sources’ terms from the built bundle', () => {
    const out = path.join(folder, 'out', 'entry.js');
    execFileSync(process.execPath, [path.join(root, 'scripts/bundle.mjs'), path.join(folder, 'entry.ts'), out]);
    expect(fs.readFileSync(out, 'utf8')).toMatch(/^\/\/ node_modules\/lru-cache\//m);
    const run = spawnSync(process.execPath, ['--enable-source-maps', out], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Error: bundled 2');
    expect(run.stderr).toMatch(/at fail \(.*entry\.ts:8:9\)/);
  });
});
