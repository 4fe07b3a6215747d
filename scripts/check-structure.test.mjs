import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bigModules, checkImports, longFiles, MAX_LINES, MAX_MODULE_LINES } from './check-structure.mjs';

let root;

function tree(files) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'structure-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the structure check', () => {
  it('passes a tree whose imports go down and hold no cycle', () => {
    const clean = tree({
      'apps/api/src/lib/context.ts': 'export interface Ctx { id: number }\n',
      'apps/api/src/modules/shop/index.ts': "import type { Ctx } from '../../lib/context.ts';\nexport type S = Ctx;\n",
      'apps/admin/src/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'apps/admin/src/b.ts': 'export const b = 1;\n',
    });
    expect(checkImports(clean)).toMatchObject({ ok: true });
  });

  it('fails on a cycle made of type imports only, in any app', () => {
    const cyclic = tree({
      'apps/admin/src/a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
      'apps/admin/src/b.ts': "import type { A } from './a.ts';\nexport type B = A | number;\n",
    });
    const result = checkImports(cyclic);
    expect(result.ok).toBe(false);
    expect(result.report).toContain('no-circular');
  });

  it('fails on an import from the foundation up to a module, and from a plugin to a module', () => {
    const upward = tree({
      'apps/api/src/modules/shop/index.ts': 'export const shop = 1;\n',
      'apps/api/src/lib/urls.ts': "import { shop } from '../modules/shop/index.ts';\nexport const u = shop;\n",
      'apps/api/src/plugins/gate.ts': "import { shop } from '../modules/shop/index.ts';\nexport const g = shop;\n",
    });
    const result = checkImports(upward);
    expect(result.ok).toBe(false);
    expect(result.report).toContain('foundation-stays-below');
    expect(result.report).toContain('plugins-below-modules');
  });

  it("fails when the storefront's lib/ or components/ import a feature, a feature reaches past another's index.ts, or two features use each other", () => {
    const app = 'apps/storefront/app';
    const tangled = tree({
      [`${app}/features/site/index.ts`]: "export { title } from './title.ts';\n",
      [`${app}/features/site/title.ts`]: "export const title = 'Shop';\n",
      [`${app}/lib/heading.ts`]: "import { title } from '../features/site/index.ts';\nexport const heading = title;\n",
      [`${app}/components/logo.tsx`]:
        "import { title } from '../features/site/title.ts';\nexport const logo = title;\n",
      // Each feature's index.ts exports a module that uses no other feature: a loop of features, not of modules.
      [`${app}/features/tax/index.ts`]: "export { rate } from './rate.ts';\n",
      [`${app}/features/tax/rate.ts`]: 'export const rate = 0.13;\n',
      [`${app}/features/tax/shown.ts`]:
        "import { price } from '../catalog/index.ts';\nexport const shown = price * 2;\n",
      [`${app}/features/catalog/index.ts`]: "export { price } from './price.ts';\n",
      [`${app}/features/catalog/price.ts`]: 'export const price = 10;\n',
      [`${app}/features/catalog/card.ts`]:
        "import { rate } from '../tax/index.ts';\nimport { title } from '../site/title.ts';\nexport const card = rate + title;\n",
    });
    const result = checkImports(tangled);
    expect(result.ok).toBe(false);
    expect(result.report).toContain('storefront-shared-below-features: apps/storefront/app/lib/heading.ts');
    expect(result.report).toContain('storefront-shared-below-features: apps/storefront/app/components/logo.tsx');
    expect(result.report).toContain(
      'storefront-features-through-index: apps/storefront/app/features/catalog/card.ts → apps/storefront/app/features/site/title.ts',
    );
    expect(result.report).toContain('storefront-features-no-cycle');
    expect(result.report).not.toContain('no-circular');
  });

  it('passes storefront features that use each other through their index.ts, one way', () => {
    const app = 'apps/storefront/app';
    const layered = tree({
      [`${app}/lib/format.ts`]: 'export const format = (n) => String(n);\n',
      [`${app}/features/tax/index.ts`]: "export { rate } from './rate.ts';\n",
      [`${app}/features/tax/rate.ts`]:
        "import { format } from '../../lib/format.ts';\nexport const rate = format(0.13);\n",
      [`${app}/features/catalog/index.ts`]: "export { card } from './card.ts';\n",
      [`${app}/features/catalog/card.ts`]: "import { rate } from '../tax/index.ts';\nexport const card = rate;\n",
    });
    expect(checkImports(layered)).toMatchObject({ ok: true });
  });

  it('names every source file above the limit, tests and generated types aside', () => {
    const lines = (count) => 'export const x = 1;\n'.repeat(count);
    const long = tree({
      'apps/api/src/modules/shop/shop.repository.ts': lines(MAX_LINES + 1),
      'apps/api/src/modules/shop/shop.service.ts': lines(MAX_LINES),
      'apps/api/src/modules/shop/shop.test.ts': lines(MAX_LINES + 100),
      'apps/storefront/app/routes/home.tsx': lines(MAX_LINES + 2),
    });
    expect(longFiles(long)).toEqual([
      { file: path.join('apps/api/src/modules/shop/shop.repository.ts'), lines: MAX_LINES + 1 },
      { file: path.join('apps/storefront/app/routes/home.tsx'), lines: MAX_LINES + 2 },
    ]);
  });

  it('names every API module above its size, a sub-module with its own index.ts counted apart, tests aside', () => {
    const lines = (count) => 'export const x = 1;\n'.repeat(count);
    const half = Math.ceil(MAX_MODULE_LINES / 2);
    const modules = tree({
      // Too big: its files and its folder without an index.ts are one module.
      'apps/api/src/modules/shop/shop.service.ts': lines(half),
      'apps/api/src/modules/shop/parts/parts.ts': lines(half + 1),
      // Split: each sub-module and what is left are under the size.
      'apps/api/src/modules/orders/orders.service.ts': lines(half),
      'apps/api/src/modules/orders/refunds/index.ts': lines(1),
      'apps/api/src/modules/orders/refunds/refunds.ts': lines(half),
      'apps/api/src/modules/orders/orders.test.ts': lines(MAX_MODULE_LINES),
    });
    expect(bigModules(modules)).toEqual([{ module: 'shop', lines: 2 * half + 1 }]);
  });
});
