// Bundles a server entry (TypeScript) into one ES module: workspace packages are inlined, npm packages stay external.
import path from 'node:path';
import { build } from 'esbuild';

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error('usage: node scripts/bundle.mjs <entry.ts> <out.js>');
  process.exit(2);
}

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals',
      setup(b) {
        // Bare imports are npm packages, loaded from node_modules at run time; our own '@platform/*' are bundled.
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@platform/') || path.isAbsolute(args.path)) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
