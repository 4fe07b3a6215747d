// docs/architecture.md's table of the modules and what each uses stays true: it is read here and compared with the
// modules' real imports (their source, tests aside), both ways.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleDependencies } from './boundaries.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const srcDir = path.join(root, 'apps/api/src');

/**
 * The table as written: its rows start with a module's name in the first column (a name ending with "-" goes on
 * the next line), the modules it uses follow (on continuation lines too, in the same column), then the reason, in
 * parentheses. "–" uses none.
 */
export function documentedModules(markdown: string): Map<string, Set<string>> {
  const start = markdown.indexOf(' module      uses (through index.ts only)');
  if (start < 0) throw new Error('docs/architecture.md has no table of the modules');
  const end = markdown.indexOf('```', start);
  const rows = new Map<string, Set<string>>();
  let current: { name: string; uses: Set<string> } | null = null;
  for (const line of markdown.slice(start, end).split('\n').slice(2)) {
    if (!line.trim() || line.includes('→')) continue;
    const head = line.slice(1, 13).trim();
    let usesText: string;
    if (head && !line.startsWith('  ')) {
      const [name = '', ...rest] = line.trim().split(/\s+/);
      if (current?.name.endsWith('-') && rest.length === 0) {
        rows.delete(current.name);
        current = { name: `${current.name}${name}`, uses: current.uses };
        rows.set(current.name, current.uses);
        continue;
      }
      current = { name, uses: new Set() };
      rows.set(name, current.uses);
      usesText = rest.join(' ').split('(')[0] ?? '';
    } else {
      usesText = line.slice(13, 40);
    }
    for (const used of usesText.split(',').map((word) => word.trim())) {
      if (used && used !== '–') current?.uses.add(used);
    }
  }
  return rows;
}

describe('the table of modules in docs/architecture.md', () => {
  const documented = documentedModules(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
  const real = moduleDependencies(srcDir);

  it('names every module, and no module that does not exist', () => {
    expect([...documented.keys()].sort()).toEqual([...real.keys()].sort());
  });

  it.each([...real.keys()].sort().map((name) => [name]))('says what %s uses, as its imports do', (name) => {
    expect([...(documented.get(name) ?? [])].sort()).toEqual([...(real.get(name) ?? [])].sort());
  });

  it('reads a row whose name goes on the next line, continuation lines, and none', () => {
    const table = [
      ' module      uses (through index.ts only)',
      ' ─────────   ──────',
      ' tenants     –                          (the shop)',
      ' sandbox-    payments                   (the simulator)',
      ' gateway',
      ' orders      cart, inventory, payments, (checkout',
      '             accounts, mail              and more)',
      ' plugins, seed, app, cli → any',
      '```',
    ].join('\n');
    expect(documentedModules(table)).toEqual(
      new Map([
        ['tenants', new Set()],
        ['sandbox-gateway', new Set(['payments'])],
        ['orders', new Set(['cart', 'inventory', 'payments', 'accounts', 'mail'])],
      ]),
    );
  });
});
