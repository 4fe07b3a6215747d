// The fonts documents are drawn with: Noto Sans (Latin, Greek, Cyrillic, Vietnamese), Noto Sans Devanagari and Noto
// Sans Symbols 2 (♥, ★, ✓…), from the @fontsource packages (SIL Open Font License), embedded in each PDF as subsets of
// the glyphs it uses. The packages are npm dependencies of the API, so the files are found in node_modules from the
// source tree, the tests, the bundled servers and the production image alike.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/** One font file: the name a PDF registers it under, and the font itself for asking which characters it draws. */
export interface DocumentFont {
  name: string;
  bytes: Buffer;
  covers: (codePoint: number) => boolean;
}

/** The fonts of one weight, in the order they are tried for a character: the first that has its glyph draws it. */
export interface FontFamily {
  fonts: DocumentFont[];
  /** The font for characters none has (printed as "?"). */
  primary: DocumentFont;
}

// NOTE: WOFF, not WOFF2: fontkit reads both, but the subset pdfkit embeds from a WOFF2 file holds the whole font
// (96 kB instead of 7 kB for a line of Devanagari). The WOFF files are unpacked to plain OpenType once (`sfntOfWoff`).
const FILES: { pkg: string; subsets: string[]; weights: (400 | 700)[] }[] = [
  {
    pkg: 'noto-sans',
    subsets: ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'],
    weights: [400, 700],
  },
  { pkg: 'noto-sans-devanagari', subsets: ['devanagari'], weights: [400, 700] },
  // Symbols 2 comes in one weight: bold text draws its symbols regular.
  { pkg: 'noto-sans-symbols-2', subsets: ['symbols', 'math'], weights: [400] },
];

/** Resolves a package's file from this module, or from the API package (a bundle elsewhere that includes this module). */
function fontFile(specifier: string): string {
  try {
    return createRequire(import.meta.url).resolve(specifier);
  } catch {
    const api = createRequire(import.meta.url).resolve('@platform/api/package.json');
    return createRequire(api).resolve(specifier);
  }
}

/**
 * The plain OpenType font inside a WOFF file (its tables inflated once, by zlib): pdfkit parses a registered font
 * again for every document, and fontkit inflates WOFF tables in JavaScript, which took most of a document's second.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const [offset, compressed, length] = [4, 8, 12].map((at) => woff.readUInt32BE(entry + at)) as [
      number,
      number,
      number,
    ];
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

function load(pkg: string, subset: string, weight: number): DocumentFont {
  const file = fontFile(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`);
  const bytes = sfntOfWoff(fs.readFileSync(file));
  const font = fontkit.create(bytes);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not a font`);
  return { name: `${pkg}-${subset}-${weight}`, bytes, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
}

function family(weight: 400 | 700): FontFamily {
  const fonts = FILES.flatMap(({ pkg, subsets, weights }) => {
    const available = weights.includes(weight) ? weight : 400;
    return subsets.map((subset) => load(pkg, subset, available));
  });
  const [primary] = fonts;
  if (!primary) throw new Error('no document font');
  return { fonts, primary };
}

let families: { regular: FontFamily; bold: FontFamily } | undefined;

/** The regular and bold families, read from disk once (on the first document drawn). */
export function documentFonts(): { regular: FontFamily; bold: FontFamily } {
  families ??= { regular: family(400), bold: family(700) };
  return families;
}
