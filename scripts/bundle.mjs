// Bundles a server entry (TypeScript) into one ES module, npm packages included, so that a process starts by reading
// one file: with the packages left in node_modules, Node resolved about 2 500 modules at each start, a third of a
// platform command's 3.4 s (docs/benchmarks.md). What cannot be moved into one file stays in node_modules
// (KEPT_EXTERNAL), and with `--share-imports-of <folder>`, so does every package the JavaScript in that folder imports:
// the storefront's server loads React Router's server build at run time, and both must share one React, one React
// Router and one zod.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ownSourcesMap } from './lib/own-sources-map.mjs';

/**
 * Packages loaded from node_modules at run time: native add-ons, packages that read files beside their own code
 * (WebAssembly, font metrics, static pages, worker threads started by path), and those whose objects cross into one
 * of these (pdfkit's fonts are fontkit's).
 */
const KEPT_EXTERNAL = new Set([
  '@node-rs/argon2',
  'sharp',
  'fs-native-extensions',
  'pg-native',
  '@electric-sql/pglite',
  'pdfkit',
  'fontkit',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
]);

/** Node's CommonJS names, which bundled CommonJS packages use, defined at the top of the ES module. */
const COMMONJS_NAMES = [
  "import { createRequire as __bundleCreateRequire } from 'node:module';",
  "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
  'const require = __bundleCreateRequire(import.meta.url);',
  'const __filename = __bundleFileURLToPath(import.meta.url);',
  "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
].join('\n');

const args = process.argv.slice(2);
const shareFlag = args.indexOf('--share-imports-of');
const sharedFolder = shareFlag === -1 ? undefined : args.splice(shareFlag, 2)[1];
const [entry, outfile] = args;
if (!entry || !outfile || (shareFlag !== -1 && !sharedFolder)) {
  console.error('usage: node scripts/bundle.mjs <entry.ts> <out.js> [--share-imports-of <built folder>]');
  process.exit(2);
}
const external = new Set([...KEPT_EXTERNAL, ...(sharedFolder ? importedPackages(sharedFolder) : [])]);

const result = await build({
  entryPoints: [entry],
  outfile,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Stack traces name the sources' files and lines; the sources themselves are not needed for that.
  sourcesContent: false,
  banner: { js: COMMONJS_NAMES },
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('node:')) return { path: args.path, external: true };
          // Our workspaces are TypeScript: always bundled, whoever else imports them.
          if (args.path.startsWith('@platform/') || path.isAbsolute(args.path)) return undefined;
          return external.has(packageName(args.path)) ? { path: args.path, external: true } : undefined;
        });
      },
    },
  ],
});
for (const file of result.outputFiles) {
  fs.mkdirSync(path.dirname(file.path), { recursive: true });
  fs.writeFileSync(file.path, file.path.endsWith('.map') ? ownSourcesMap(file.text) : file.contents);
}

/** `@scope/name` or `name` of a bare import. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The npm packages the JavaScript files under `folder` import. */
function importedPackages(folder) {
  const names = new Set();
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport\(?)\s*["']([^"'./][^"']*)["']/g)) {
      if (!specifier.startsWith('node:')) names.add(packageName(specifier));
    }
  }
  if (names.size === 0) throw new Error(`${folder}: no JavaScript importing npm packages (is it built?)`);
  return names;
}
