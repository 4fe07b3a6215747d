// The house's shape, checked in `npm test`: the import graph of the three apps (type imports included) has no cycle
// and no import from a lower layer to a higher one (the rules in `.dependency-cruiser.cjs`), no source file (tests
// aside) is longer than MAX_LINES, and no API module (or sub-module: a folder of a module with its own `index.ts`)
// holds more than MAX_MODULE_LINES of source. Exits 1 with each fault named. `--root DIR` checks another tree (its
// test).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 600;
/** A module bigger than this is split by concern into sub-modules, as the catalog and the orders are. */
export const MAX_MODULE_LINES = 3_000;
const MODULES = 'apps/api/src/modules';
const SOURCES = ['apps/api/src', 'apps/storefront/app', 'apps/storefront/server', 'apps/admin/src'];
const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;
const NOT_SOURCE = /(\.test\.(ts|tsx|mjs)$|\.d\.ts$|\/e2e\/|\/node_modules\/|\/\.react-router\/)/;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && SOURCE_FILE.test(entry.name) && !NOT_SOURCE.test(file) ? [file] : [];
  });
}

/** The source files longer than MAX_LINES, as `{file, lines}` relative to `root`. */
export function longFiles(root) {
  return SOURCES.flatMap((dir) => sourceFiles(path.join(root, dir)))
    .map((file) => ({ file: path.relative(root, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES);
}

/**
 * The API's modules and sub-modules whose source (tests aside) is longer than MAX_MODULE_LINES, as `{module, lines}`:
 * a sub-module's lines count for it, not for the module around it.
 */
export function bigModules(root) {
  const modules = path.join(root, MODULES);
  if (!fs.existsSync(modules)) return [];
  const ownerOf = (file) => {
    const parts = path.relative(modules, file).split(path.sep);
    const sub = parts.length > 2 && fs.existsSync(path.join(modules, parts[0], parts[1], 'index.ts'));
    return sub ? `${parts[0]}/${parts[1]}` : parts[0];
  };
  const lines = new Map();
  for (const file of sourceFiles(modules)) {
    const owner = ownerOf(file);
    lines.set(owner, (lines.get(owner) ?? 0) + fs.readFileSync(file, 'utf8').split('\n').length - 1);
  }
  return [...lines]
    .filter(([, count]) => count > MAX_MODULE_LINES)
    .map(([module, count]) => ({ module, lines: count }))
    .sort((a, b) => a.module.localeCompare(b.module));
}

/** Runs dependency-cruiser over `root`'s apps with the repository's rules: `{ok, report}`. */
export function checkImports(root) {
  const cli = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  const dirs = SOURCES.filter((dir) => fs.existsSync(path.join(root, dir)));
  const run = spawnSync(
    process.execPath,
    [cli, '--config', path.join(repo, '.dependency-cruiser.cjs'), '--output-type', 'err', ...dirs],
    { cwd: root, encoding: 'utf8' },
  );
  return { ok: run.status === 0, report: `${run.stdout}${run.stderr}`.trim() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? path.resolve(process.argv[at + 1]) : repo;
  const imports = checkImports(root);
  const long = longFiles(root);
  const big = bigModules(root);
  console.log(imports.report);
  for (const { file, lines } of long)
    console.error(`${file}: ${lines} lines (at most ${MAX_LINES}): split it by concern`);
  for (const { module, lines } of big)
    console.error(`the ${module} module: ${lines} lines of source (at most ${MAX_MODULE_LINES}): split it by concern`);
  if (!imports.ok || long.length > 0 || big.length > 0) process.exit(1);
  console.log(`No source file above ${MAX_LINES} lines, no API module above ${MAX_MODULE_LINES}.`);
}
