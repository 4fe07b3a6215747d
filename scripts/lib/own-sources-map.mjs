// A bundle's source map reduced to our own sources (scripts/bundle.mjs).

/** The digits of a source map's numbers (base64 VLQ). */
const VLQ_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The source map without the npm packages' code: a stack trace maps our own frames to the sources, and a package's
 * frames keep the bundle's file and line. Node reads a whole map when a process starts with --enable-source-maps:
 * with every package's mappings that took about a second (the storefront's server, docs/benchmarks.md).
 */
export function ownSourcesMap(text) {
  const map = JSON.parse(text);
  const dropped = map.sources.map((source) => source.includes('node_modules/'));
  // Absolute values, as decoded and as last written: the column counts from each line's start, the rest run on.
  const fields = [0, 0, 0, 0, 0];
  const previous = [0, 0, 0, 0, 0];
  // Whether the last segment written maps code to a source: a package's code after it must end its range, or a frame
  // in that code, on this line or any after, would be read as the last of ours.
  let open = false;
  map.mappings = map.mappings
    .split(';')
    .map((line) => {
      fields[0] = 0;
      previous[0] = 0;
      const kept = [];
      for (const segment of line ? line.split(',') : []) {
        const values = decodeVlq(segment);
        for (let i = 0; i < values.length; i++) fields[i] += values[i];
        const column = fields[0];
        if (values.length > 1 && !dropped[fields[1]]) {
          const absolute = fields.slice(0, values.length);
          kept.push(encodeVlq(absolute.map((value, i) => value - previous[i])));
          absolute.forEach((value, i) => {
            previous[i] = value;
          });
          open = true;
        } else if (open) {
          // The end of a kept range: the code after it is nobody's.
          kept.push(encodeVlq([column - previous[0]]));
          previous[0] = column;
          open = false;
        }
      }
      return kept.join(',');
    })
    .join(';');
  return JSON.stringify(map);
}

function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const digit of segment) {
    const bits = VLQ_DIGITS.indexOf(digit);
    value += (bits & 31) << shift;
    if (bits & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(values) {
  let text = '';
  for (const value of values) {
    let rest = value < 0 ? (-value << 1) | 1 : value << 1;
    do {
      let bits = rest & 31;
      rest >>>= 5;
      if (rest > 0) bits |= 32;
      text += VLQ_DIGITS[bits];
    } while (rest > 0);
  }
  return text;
}
