import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findBoundaryViolations } from './boundaries.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function write(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

describe('module boundaries', () => {
  it('holds in the API: modules, seeds and the app use another module only through its index.ts', () => {
    expect(findBoundaryViolations(SRC)).toEqual([]);
  });

  it("fails on a deliberate import of another module's repository, and only on that", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    try {
      write(root, {
        'modules/catalog/index.ts': "export { moveStock } from './stock.service.ts';\n",
        'modules/catalog/stock.service.ts': "import { applyStockChanges } from './stock.repository.ts';\n",
        'modules/catalog/stock.repository.ts': 'export const applyStockChanges = 1;\n',
        'modules/orders/orders.lifecycle.ts': "import { moveStock } from '../catalog/index.ts';\n",
        'modules/orders/orders.service.ts':
          "import { moveStock } from '../catalog/index.ts';\nimport { applyStockChanges } from '../catalog/stock.repository.ts';\n",
        'modules/orders/orders.test.ts': "import { applyStockChanges } from '../catalog/stock.repository.ts';\n",
        'seed/demo.ts': "import type { X } from '../modules/orders/orders.service.ts';\n",
      });
      expect(findBoundaryViolations(root)).toEqual([
        {
          file: path.join('modules', 'orders', 'orders.service.ts'),
          target: path.join('modules', 'catalog', 'stock.repository.ts'),
        },
        { file: path.join('seed', 'demo.ts'), target: path.join('modules', 'orders', 'orders.service.ts') },
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
