import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findBoundaryViolations, findTableViolations, TABLE_OWNERS, tablesInSql, unownedTables } from './boundaries.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Source text with `#{…}` for the template placeholders it holds (`${…}` in a plain string reads as a slip). */
function source(...lines: string[]): string {
  return lines.join('\n').replaceAll('#{', '${');
}

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

  it("fails on a deliberate import of another sub-module's repository inside a module, and only on that", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    try {
      write(root, {
        'modules/catalog/index.ts': "export { listProducts } from './products/index.ts';\n",
        'modules/catalog/catalog.routes.ts': "import { listProducts } from './products/index.ts';\n",
        'modules/catalog/products/index.ts': "export { listProducts } from './products.service.ts';\n",
        'modules/catalog/products/products.service.ts':
          "import { findVariants } from '../variants/variants.repository.ts';\nimport { listRows } from './products.repository.ts';\n",
        'modules/catalog/products/products.repository.ts': 'export const listRows = 1;\n',
        'modules/catalog/variants/index.ts': "export { findVariants } from './variants.repository.ts';\n",
        'modules/catalog/variants/variants.service.ts': "import { listProducts } from '../products/index.ts';\n",
        'modules/catalog/variants/variants.repository.ts': 'export const findVariants = 1;\n',
      });
      expect(findBoundaryViolations(root)).toEqual([
        {
          file: path.join('modules', 'catalog', 'products', 'products.service.ts'),
          target: path.join('modules', 'catalog', 'variants', 'variants.repository.ts'),
        },
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('table ownership', () => {
  const schema = [
    "import { pgTable } from 'drizzle-orm/pg-core';",
    "export const products = pgTable('products', {});",
    "export const mediaImages = pgTable('media_images', {});",
    "export const cartItems = pgTable('cart_items', {});",
    "export const users = pgTable(\n  'users',\n  {},\n);",
    '',
  ].join('\n');

  it('gives every table of the schema an owner', () => {
    expect(unownedTables(SRC)).toEqual([]);
  });

  it("holds in the API: a module's files name only its own tables", () => {
    expect(findTableViolations(SRC)).toEqual([]);
  });

  it("fails on a deliberate import of another module's table from the schema, and only on that", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tables-'));
    try {
      write(root, {
        'db/schema/index.ts': schema,
        'modules/cart/cart.repository.ts':
          "import { cartItems, products } from '../../db/schema/index.ts';\nimport { productColumns } from '../catalog/index.ts';\n",
        'modules/cart/cart.service.ts': "import type { mediaImages as images } from '../../db/schema/index.ts';\n",
        'modules/catalog/catalog.repository.ts': "import { products } from '../../db/schema/index.ts';\n",
        'modules/catalog/catalog.test.ts': "import { cartItems } from '../../db/schema/index.ts';\n",
        'seed/demo.ts': "import { cartItems, users } from '../db/schema/index.ts';\n",
      });
      expect(findTableViolations(root)).toEqual([
        { file: path.join('modules', 'cart', 'cart.repository.ts'), table: 'products', owner: 'catalog' },
        { file: path.join('modules', 'cart', 'cart.service.ts'), table: 'media_images', owner: 'media' },
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("fails on a deliberate read of another module's table in raw SQL, quoted or not, in any case", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tables-'));
    try {
      write(root, {
        'db/schema/index.ts': schema,
        'modules/blog/blog.repository.ts': source(
          "import { sql } from 'drizzle-orm';",
          'const where = sql`true`;',
          '// The text of comments and strings is not SQL: from users, join products.',
          "const label = 'select * from users';",
          'export const names = sql<string[]>`select name FROM "users" where #{sql`x in (select 1 from cart_items)`} and #{where}`;',
          'export const thread = sql`with recursive thread as (select 1) select * from thread`;',
          'export const image = sql`select exists (select 1 from Media_Images)`;',
          '',
        ),
      });
      expect(findTableViolations(root)).toEqual([
        { file: path.join('modules', 'blog', 'blog.repository.ts'), table: 'users', owner: 'accounts' },
        { file: path.join('modules', 'blog', 'blog.repository.ts'), table: 'cart_items', owner: 'cart' },
        { file: path.join('modules', 'blog', 'blog.repository.ts'), table: 'media_images', owner: 'media' },
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads the tables a template names after FROM, JOIN, UPDATE and INTO, expressions left out', () => {
    expect(
      tablesInSql(
        source(
          'sql`update orders set x = #{sql`(select 1 from "payments")`}`;',
          'sql<number>`insert into mail_queue #{`from #{a}`} left join carts c`',
        ),
      ),
    ).toEqual(['orders', 'payments', 'mail_queue', 'carts']);
    expect(TABLE_OWNERS.mail_queue).toBe('mail');
  });
});
