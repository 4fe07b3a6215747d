// A bundle's source map reduced to our own sources (scripts/bundle.mjs).
import { decode, encode } from '@jridgewell/sourcemap-codec';

/**
 * The source map without the npm packages' code: a stack trace maps our own frames to the sources, and a package's
 * frames keep the bundle's file and line. Node reads a whole map when a process starts with --enable-source-maps:
 * with every package's mappings that took about a second (the storefront's server, docs/benchmarks.md).
 */
export function ownSourcesMap(text) {
  const map = JSON.parse(text);
  const dropped = map.sources.map((source) => source.includes('node_modules/'));
  // Whether the last segment kept maps code to a source: a package's code after it must end its range, or a frame in
  // that code, on this line or any after, would be read as the last of ours.
  let open = false;
  const lines = decode(map.mappings).map((segments) =>
    segments.flatMap((segment) => {
      if (segment.length > 1 && !dropped[segment[1]]) {
        open = true;
        return [segment];
      }
      if (!open) return [];
      // The end of a kept range: the code after it is nobody's.
      open = false;
      return [[segment[0]]];
    }),
  );
  map.mappings = encode(lines);
  return JSON.stringify(map);
}
