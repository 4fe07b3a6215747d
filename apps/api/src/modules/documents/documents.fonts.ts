// The fonts documents are drawn with: Noto Sans (Latin, Greek, Cyrillic, Vietnamese), Noto Sans Devanagari and Noto
// Sans Symbols 2 (♥, ★, ✓…), from the @fontsource packages (SIL Open Font License), embedded in each PDF as subsets of
// the glyphs it uses. The packages are npm dependencies of the API, so the files are found in node_modules from the
// source tree, the tests, the bundled servers and the production image alike.
import fs from 'node:fs';
import { createRequire } from 'node:module';
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
// (96 kB instead of 7 kB for a line of Devanagari).
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

function load(pkg: string, subset: string, weight: number): DocumentFont {
  const file = fontFile(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`);
  const bytes = fs.readFileSync(file);
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
