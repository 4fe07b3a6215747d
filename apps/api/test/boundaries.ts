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
 * The module boundary rule: a file imports another module only through that module's `index.ts` (its public
 * service functions), never its repository, service or any other file. Applies to everything under `srcDir`
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
      if (targetModule === null || targetModule === own) continue;
      const isIndex = path.relative(path.join(srcDir, 'modules', targetModule), target) === 'index.ts';
      if (!isIndex) {
        violations.push({ file: path.relative(srcDir, file), target: path.relative(srcDir, target) });
      }
    }
  }
  return violations;
}
