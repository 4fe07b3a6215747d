import fs from 'node:fs';
import path from 'node:path';

/** An import that crosses a module boundary the wrong way: `file` imports `target`, which is not a module's index. */
export interface BoundaryViolation {
  file: string;
  target: string;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

/** Tests may reach into a module to set up data; everything else goes through the module's public surface. */
function isTest(file: string): boolean {
  return /\.test\.tsx?$/.test(file);
}

/** The module a path belongs to (`src/modules/<name>/…`), or null for code outside the modules. */
function moduleOf(srcDir: string, file: string): string | null {
  const relative = path.relative(path.join(srcDir, 'modules'), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/**
 * The part of a module a path belongs to: its sub-module (`<name>/<part>`, a folder of the module with its own
 * `index.ts`), or the module itself for its other files; null outside the modules.
 */
function unitOf(srcDir: string, file: string): string | null {
  const own = moduleOf(srcDir, file);
  if (own === null) return null;
  const parts = path.relative(path.join(srcDir, 'modules', own), file).split(path.sep);
  if (parts.length < 2) return own;
  const part = parts[0] ?? '';
  return fs.existsSync(path.join(srcDir, 'modules', own, part, 'index.ts')) ? `${own}/${part}` : own;
}

/**
 * The module boundary rule: a file imports another module only through that module's `index.ts` (its public
 * service functions), never its repository, service or any other file; inside a module, a file imports another
 * sub-module (a folder with its own `index.ts`) only through that `index.ts`. Applies to everything under `srcDir`
 * except tests.
 */
export function findBoundaryViolations(srcDir: string): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  for (const file of sourceFiles(srcDir)) {
    if (isTest(file)) continue;
    const own = moduleOf(srcDir, file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const targetModule = moduleOf(srcDir, target);
      if (targetModule === null) continue;
      const targetUnit = unitOf(srcDir, target) ?? targetModule;
      if (targetModule === own && (targetUnit === targetModule || targetUnit === unitOf(srcDir, file))) continue;
      const unitRoot = targetModule === own ? targetUnit : targetModule;
      const isIndex = path.relative(path.join(srcDir, 'modules', unitRoot), target) === 'index.ts';
      if (!isIndex) {
        violations.push({ file: path.relative(srcDir, file), target: path.relative(srcDir, target) });
      }
    }
  }
  return violations;
}

/** Which modules each module's source (tests aside) imports: module → the other modules it uses. */
export function moduleDependencies(srcDir: string): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  for (const file of sourceFiles(path.join(srcDir, 'modules'))) {
    if (isTest(file)) continue;
    const own = moduleOf(srcDir, file);
    if (own === null) continue;
    const mine = uses.get(own) ?? new Set<string>();
    uses.set(own, mine);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = moduleOf(srcDir, path.resolve(path.dirname(file), specifier));
      if (target !== null && target !== own) mine.add(target);
    }
  }
  return uses;
}

/** A read or write of another module's table: `file` names `table`, which `owner` owns. */
export interface TableViolation {
  file: string;
  table: string;
  owner: string;
}

/**
 * Who owns each table (by its SQL name): the one module whose files may name it; everyone else reads it through the
 * owner's `index.ts` (a public function, or an SQL fragment the owner exports). The owner is the module that writes it.
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  tenants: 'tenants',
  site_settings: 'site',
  core_values: 'site',
  home_pages: 'site',
  audit_log: 'audit',
  users: 'accounts',
  refresh_tokens: 'accounts',
  password_reset_tokens: 'accounts',
  saved_addresses: 'accounts',
  media_images: 'media',
  categories: 'catalog',
  products: 'catalog',
  product_images: 'catalog',
  product_attributes: 'catalog',
  product_variants: 'catalog',
  product_redirects: 'catalog',
  price_history: 'catalog',
  shipping_restrictions: 'catalog',
  search_synonyms: 'search',
  search_concepts: 'search',
  search_words: 'search',
  product_reviews: 'reviews',
  stock_movements: 'inventory',
  purchases: 'inventory',
  stock_alerts: 'stock-alerts',
  carts: 'cart',
  cart_items: 'cart',
  order_counters: 'orders',
  orders: 'orders',
  order_lines: 'orders',
  order_history: 'orders',
  order_notes: 'orders',
  order_discounts: 'orders',
  order_taxes: 'orders',
  discounts: 'discounts',
  discount_uses: 'discounts',
  document_counters: 'documents',
  order_documents: 'documents',
  payment_settings: 'payments',
  payments: 'payments',
  payment_events: 'payments',
  refused_payment_notifications: 'payments',
  sandbox_gateway_transactions: 'sandbox-gateway',
  sandbox_gateway_keys: 'sandbox-gateway',
  sandbox_gateway_refunds: 'sandbox-gateway',
  refunds: 'payments',
  returns: 'returns',
  return_lines: 'returns',
  shipping_zones: 'shipping',
  shipping_zone_countries: 'shipping',
  tax_rates: 'tax',
  product_import_jobs: 'product-csv',
  tax_settings: 'tax',
  currency_settings: 'currencies',
  display_currencies: 'currencies',
  mail_queue: 'mail',
  mail_settings: 'mail',
  // The comment moderation switch is the blog's (`saveCommentModeration`), whatever the table's name says.
  content_settings: 'blog',
  blog_posts: 'blog',
  blog_comments: 'blog',
  faqs: 'pages',
  legal_documents: 'pages',
  contact_emails: 'contact',
  branch_locations: 'contact',
  social_media_profiles: 'contact',
  contact_messages: 'contact',
  contact_message_replies: 'contact',
};

/** A schema table: its drizzle export name and its SQL name. */
export interface SchemaTable {
  exportName: string;
  sqlName: string;
}

const PG_TABLE = /export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"]([^'"]+)['"]/g;

/** The tables of `srcDir/db/schema/*.ts`. */
export function schemaTables(srcDir: string): SchemaTable[] {
  const dir = path.join(srcDir, 'db', 'schema');
  if (!fs.existsSync(dir)) return [];
  return sourceFiles(dir).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(PG_TABLE)].map((match) => ({
      exportName: match[1] ?? '',
      sqlName: match[2] ?? '',
    })),
  );
}

/** The schema's tables that no module owns. */
export function unownedTables(srcDir: string): string[] {
  return schemaTables(srcDir)
    .map((table) => table.sqlName)
    .filter((name) => !(name in TABLE_OWNERS));
}

const NAMED_IMPORT = /(?:^|\n)\s*import\s+(?:type\s+)?(\{[^}]*\}|\*\s+as\s+\w+)\s*from\s*['"]([^'"]+)['"]/g;
const SQL_TEMPLATE = /\bsql\s*(?:<[^`]*?>)?\s*`/g;
const TABLE_IN_SQL = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The index past the end of a `${…}` expression starting at `start` (just after its `{`). */
function skipExpression(text: string, start: number): number {
  let depth = 1;
  let at = start;
  while (at < text.length && depth > 0) {
    const char = text[at];
    if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === '`') at = skipTemplate(text, at + 1).end - 1;
    else if (char === "'" || char === '"') {
      at += 1;
      while (at < text.length && text[at] !== char) at += text[at] === '\\' ? 2 : 1;
    }
    at += 1;
  }
  return at;
}

/** The static text of a template literal whose body starts at `start`, and the index just past its closing quote. */
function skipTemplate(text: string, start: number): { body: string; end: number } {
  let body = '';
  let at = start;
  while (at < text.length) {
    const char = text[at];
    if (char === '\\') {
      body += text.slice(at, at + 2);
      at += 2;
    } else if (char === '`') {
      return { body, end: at + 1 };
    } else if (char === '$' && text[at + 1] === '{') {
      at = skipExpression(text, at + 2);
      body += ' ? ';
    } else {
      body += char;
      at += 1;
    }
  }
  return { body, end: at };
}

/** The SQL names of the tables a file's `sql` templates name after FROM, JOIN, UPDATE or INTO (their static text). */
export function tablesInSql(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(SQL_TEMPLATE)) {
    const { body } = skipTemplate(text, (match.index ?? 0) + match[0].length);
    for (const table of body.matchAll(TABLE_IN_SQL)) names.push((table[1] ?? '').toLowerCase());
  }
  return names;
}

/**
 * The table ownership rule: a file of `modules/X/` names only X's tables, in an import from `db/schema` or in raw
 * SQL. Seeds, `db/`, the app's composition and tests are outside it.
 */
export function findTableViolations(srcDir: string): TableViolation[] {
  const tables = schemaTables(srcDir);
  const byExport = new Map(tables.map((table) => [table.exportName, table.sqlName]));
  const sqlNames = new Set(tables.map((table) => table.sqlName));
  const schemaDir = path.join(srcDir, 'db', 'schema');
  const violations: TableViolation[] = [];
  for (const file of sourceFiles(path.join(srcDir, 'modules'))) {
    if (isTest(file)) continue;
    const own = moduleOf(srcDir, file);
    const relative = path.relative(srcDir, file);
    const named = new Set<string>();
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(NAMED_IMPORT)) {
      const specifier = match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = path.relative(schemaDir, path.resolve(path.dirname(file), specifier));
      if (target.startsWith('..') || path.isAbsolute(target)) continue;
      const clause = match[1] ?? '';
      // A namespace import names every table at once: it would hide what the file reads.
      if (clause.startsWith('*')) named.add('*');
      for (const part of clause.replace(/[{}]/g, '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        const table = name ? byExport.get(name) : undefined;
        if (table) named.add(table);
      }
    }
    for (const table of tablesInSql(text)) if (sqlNames.has(table)) named.add(table);
    for (const table of named) {
      const owner = TABLE_OWNERS[table] ?? '(none)';
      if (owner !== own) violations.push({ file: relative, table, owner });
    }
  }
  return violations;
}
