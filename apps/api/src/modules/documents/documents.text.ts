// Text on a document in any script the fonts cover: a string is cut into runs, each drawn with the first font that
// has its glyphs (Devanagari shaped by fontkit's layout engine as pdfkit draws it), wrapped at spaces within a
// width, and aligned left or right. pdfkit's own wrapping measures a string in one font only.
import type PDFDocument from 'pdfkit';
import { type DocumentFont, documentFonts, type FontFamily } from './documents.fonts.ts';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export interface TextBox {
  x: number;
  /** The top of the first line. */
  y: number;
  width: number;
  align?: 'left' | 'right';
}

interface Run {
  text: string;
  font: DocumentFont;
}

/** A line's height, and its baseline below its top, in ems: room for Devanagari's marks above and below. */
const LINE_HEIGHT = 1.3;
const BASELINE = 1.0;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const SPACE = /^\s+$/u;

/**
 * A string cut into runs of one font each. A character goes to the first font of the family that has it; a space
 * stays in the run before it. Characters that print nothing (joiners, variation selectors) are dropped where the
 * font lacks them; a character no font has prints as "?".
 */
export function textRuns(text: string, family: FontFamily): Run[] {
  const runs: Run[] = [];
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    const codePoints = Array.from(segment, (char) => char.codePointAt(0) ?? 0);
    const needed = codePoints.filter((codePoint) => !IGNORABLE.test(String.fromCodePoint(codePoint)));
    const last = runs.at(-1);
    const candidates = SPACE.test(segment) && last ? [last.font, ...family.fonts] : family.fonts;
    const font = candidates.find((candidate) => needed.every(candidate.covers));
    let printed: string;
    let drawnWith: DocumentFont;
    if (!font) {
      if (needed.length === 0) continue;
      printed = '?';
      drawnWith = family.primary;
    } else {
      printed = String.fromCodePoint(
        ...codePoints.filter((codePoint) => needed.includes(codePoint) || font.covers(codePoint)),
      );
      drawnWith = font;
    }
    if (last && last.font === drawnWith) last.text += printed;
    else runs.push({ text: printed, font: drawnWith });
  }
  return runs;
}

/** Draws text on a PDF in the document fonts, which it registers on the document. */
export class DocumentText {
  private readonly fonts = documentFonts();

  constructor(private readonly pdf: InstanceType<typeof PDFDocument>) {
    for (const family of [this.fonts.regular, this.fonts.bold]) {
      for (const font of family.fonts) pdf.registerFont(font.name, font.bytes);
    }
  }

  /** Draws `text` in the box, wrapped to its width; the y below its last line. */
  draw(text: string, box: TextBox, style: TextStyle): number {
    const family = this.family(style);
    const lineHeight = style.size * LINE_HEIGHT;
    const lines = this.lines(text, box.width, style);
    lines.forEach((line, index) => {
      const runs = textRuns(line, family).map((run) => ({ ...run, width: this.width(run, style.size) }));
      const lineWidth = runs.reduce((sum, run) => sum + run.width, 0);
      let x = box.align === 'right' ? box.x + box.width - lineWidth : box.x;
      const baseline = box.y + index * lineHeight + style.size * BASELINE;
      for (const run of runs) {
        this.pdf
          .font(run.font.name)
          .fontSize(style.size)
          .fillColor(style.color ?? 'black')
          .text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
        x += run.width;
      }
    });
    this.pdf.fillColor('black');
    return box.y + lines.length * lineHeight;
  }

  /** The height `text` takes in a box of `width`. */
  heightOf(text: string, width: number, style: TextStyle): number {
    return this.lines(text, width, style).length * style.size * LINE_HEIGHT;
  }

  private family(style: TextStyle): FontFamily {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Widths measured in this document, by font, size and text: shaping a string is the costly part of a document. */
  private readonly widths = new Map<string, number>();

  private width(run: Run, size: number): number {
    const key = `${run.font.name}\u0000${size}\u0000${run.text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.pdf.font(run.font.name).fontSize(size).widthOfString(run.text);
      this.widths.set(key, width);
    }
    return width;
  }

  private widthOf(text: string, style: TextStyle): number {
    return textRuns(text, this.family(style)).reduce((sum, run) => sum + this.width(run, style.size), 0);
  }

  /**
   * The lines of `text` within `width`: broken at spaces, and a word wider than the width between its characters.
   * A line's width is the sum of its words' and spaces' (each measured once), as nothing is shaped across a space.
   */
  private lines(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    let current = '';
    let currentWidth = 0;
    let space = '';
    const place = (word: string, wordWidth: number) => {
      if (wordWidth <= width) {
        current = word;
        currentWidth = wordWidth;
        return;
      }
      for (const { segment } of graphemes.segment(word)) {
        const segmentWidth = this.widthOf(segment, style);
        if (current && currentWidth + segmentWidth > width) {
          lines.push(current);
          current = '';
          currentWidth = 0;
        }
        current += segment;
        currentWidth += segmentWidth;
      }
    };
    for (const token of text.replace(/[\t\n\r]/g, ' ').split(/( +)/)) {
      if (!token) continue;
      if (SPACE.test(token)) {
        if (current) space += token;
        continue;
      }
      const tokenWidth = this.widthOf(token, style);
      const spaced = currentWidth + this.widthOf(space, style) + tokenWidth;
      if (!current) place(token, tokenWidth);
      else if (spaced <= width) {
        current += space + token;
        currentWidth = spaced;
      } else {
        lines.push(current);
        current = '';
        currentWidth = 0;
        place(token, tokenWidth);
      }
      space = '';
    }
    if (current) lines.push(current);
    return lines;
  }
}
