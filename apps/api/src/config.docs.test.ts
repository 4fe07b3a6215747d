import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the configuration documentation', () => {
  it("names every variable in the README's configuration table", () => {
    const readme = read('README.md');
    expect(CONFIG_VARIABLES.filter((name) => !readme.includes(`| \`${name}\``))).toEqual([]);
  });

  it("names each variable once in the README's configuration table", () => {
    const rows = read('README.md')
      .split('\n')
      .flatMap((line) => /^\| `([A-Z0-9_]+)`/.exec(line)?.[1] ?? []);
    expect(rows.length).toBeGreaterThanOrEqual(CONFIG_VARIABLES.length);
    expect(rows.filter((name, index) => rows.indexOf(name) !== index)).toEqual([]);
  });

  it('names every variable in the deployment guide', () => {
    const guide = read('docs/deploy.md');
    expect(CONFIG_VARIABLES.filter((name) => !new RegExp(`\\b${name}\\b`).test(guide))).toEqual([]);
  });
});
