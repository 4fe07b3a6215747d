import PDFDocument from 'pdfkit';
import { DocumentText } from './documents.text.ts';

/** What a document says, frozen when it is issued: the PDF is drawn from it, the same every time. */
export interface DocumentContent {
  /** 'Invoice', 'Credit note', 'Packing slip'. */
  title: string;
  /** The document's number as printed ('' for a packing slip, which has none). */
  number: string;
  /** The issue date as the shop writes dates. */
  date: string;
  /** A line printed under the title in bold (a test order's warning), or ''. */
  banner: string;
  seller: { name: string; lines: string[] };
  buyer: { heading: string; name: string; lines: string[] };
  /** Label and value pairs: the order's number and date, the payment method… */
  references: { label: string; value: string }[];
  /** Without prices (a packing slip): `unitPrice` and `amount` are null. */
  lines: { description: string; quantity: number; unitPrice: string | null; amount: string | null }[];
  /**
   * A table of other columns, drawn instead of `lines` when given (a customs declaration's goods): its columns'
   * headings, widths in points (the first takes what the others leave) and alignments, and its rows' cells.
   */
  table?: DocumentTable;
  /** The last is the total, printed in bold. */
  totals: { label: string; amount: string }[];
  notes: string[];
}

/** A table's columns and rows, each row a cell per column. */
export interface DocumentTable {
  columns: { heading: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
}

const MARGIN = 50;
const PAGE = { width: 595.28, height: 841.89 }; // A4, in points
const RIGHT = PAGE.width - MARGIN;
const COLUMNS = { quantity: 330, unitPrice: 380, amount: 470 };
const TOTAL_LABEL = { x: COLUMNS.unitPrice - 80, width: COLUMNS.amount - 10 - (COLUMNS.unitPrice - 80) };

/**
 * The document as PDF (A4), in Noto fonts embedded as subsets: Latin, Greek, Cyrillic, Devanagari and symbols print
 * as written (an engraving the workshop works from).
 */
export function renderDocumentPdf(content: DocumentContent, issuedAt: Date): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: [content.title, content.number].filter(Boolean).join(' '),
      Author: content.seller.name,
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const text = new DocumentText(pdf);

  // The seller, top left; the title, number and date, top right.
  let sellerBottom = text.draw(content.seller.name, { x: MARGIN, y: MARGIN, width: 270 }, { size: 14, bold: true });
  for (const line of content.seller.lines) {
    sellerBottom = text.draw(line, { x: MARGIN, y: sellerBottom, width: 270 }, { size: 9 });
  }
  const titleBox = { x: 330, width: RIGHT - 330, align: 'right' } as const;
  let titleBottom = text.draw(content.title, { ...titleBox, y: MARGIN }, { size: 20, bold: true });
  if (content.number) titleBottom = text.draw(`No. ${content.number}`, { ...titleBox, y: titleBottom }, { size: 10 });
  titleBottom = text.draw(content.date, { ...titleBox, y: titleBottom }, { size: 10 });
  let y = Math.max(sellerBottom, titleBottom) + 16;

  if (content.banner) {
    y = text.draw(content.banner, { x: MARGIN, y, width: RIGHT - MARGIN }, { size: 10, bold: true, color: '#b00020' });
    y += 10;
  }

  // The buyer, then the references beside it.
  let buyerBottom = text.draw(content.buyer.heading, { x: MARGIN, y, width: 250 }, { size: 9, bold: true });
  buyerBottom = text.draw(content.buyer.name, { x: MARGIN, y: buyerBottom, width: 250 }, { size: 10 });
  for (const line of content.buyer.lines) {
    buyerBottom = text.draw(line, { x: MARGIN, y: buyerBottom, width: 250 }, { size: 10 });
  }
  let referenceY = y;
  for (const reference of content.references) {
    const labelBottom = text.draw(reference.label, { x: 330, y: referenceY, width: 90 }, { size: 9, bold: true });
    const valueBottom = text.draw(reference.value, { x: 420, y: referenceY, width: RIGHT - 420 }, { size: 9 });
    referenceY = Math.max(labelBottom, valueBottom) + 2;
  }
  y = Math.max(buyerBottom, referenceY) + 20;

  if (content.table) y = drawTable(pdf, text, content.table, y);
  else y = drawLines(pdf, text, content, y);

  // The totals, right-aligned; the last one in bold. A long label (a promotion's name) wraps within its column and
  // the next total goes below it.
  content.totals.forEach((total, index) => {
    const last = index === content.totals.length - 1;
    const style = { size: last ? 11 : 9, bold: last };
    const labelBottom = text.draw(total.label, { ...TOTAL_LABEL, y, align: 'right' }, style);
    const amountBox = { x: COLUMNS.amount, y, width: RIGHT - COLUMNS.amount, align: 'right' } as const;
    const amountBottom = text.draw(total.amount, amountBox, style);
    y = Math.max(labelBottom, amountBottom) + 4;
  });

  if (content.notes.length > 0) {
    y += 16;
    for (const note of content.notes) {
      if (y + text.heightOf(note, RIGHT - MARGIN, { size: 9 }) > PAGE.height - MARGIN) {
        pdf.addPage();
        y = MARGIN;
      }
      y = text.draw(note, { x: MARGIN, y, width: RIGHT - MARGIN }, { size: 9 }) + 4;
    }
  }
  pdf.end();
  return done;
}

type Pdf = InstanceType<typeof PDFDocument>;

/** The document's lines (description, quantity, and their prices when it has them), and the rule below; the y after. */
function drawLines(pdf: Pdf, text: DocumentText, content: DocumentContent, top: number): number {
  let y = top;
  const priced = content.lines.some((line) => line.amount !== null);
  const descriptionWidth = COLUMNS.quantity - MARGIN - 10;
  const header = () => {
    const bold = { size: 9, bold: true };
    const bottoms = [
      text.draw('Description', { x: MARGIN, y, width: descriptionWidth }, bold),
      text.draw('Qty', { x: COLUMNS.quantity, y, width: 40, align: 'right' }, bold),
    ];
    if (priced) {
      bottoms.push(text.draw('Unit price', { x: COLUMNS.unitPrice, y, width: 80, align: 'right' }, bold));
      bottoms.push(text.draw('Amount', { x: COLUMNS.amount, y, width: RIGHT - COLUMNS.amount, align: 'right' }, bold));
    }
    y = Math.max(...bottoms) + 4;
    pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).stroke();
    y += 6;
  };
  header();
  const regular = { size: 9 };
  for (const line of content.lines) {
    const height = text.heightOf(line.description, descriptionWidth, regular);
    if (y + height > PAGE.height - MARGIN - 80) {
      pdf.addPage();
      y = MARGIN;
      header();
    }
    const bottoms = [
      text.draw(line.description, { x: MARGIN, y, width: descriptionWidth }, regular),
      text.draw(String(line.quantity), { x: COLUMNS.quantity, y, width: 40, align: 'right' }, regular),
    ];
    if (line.unitPrice !== null) {
      bottoms.push(text.draw(line.unitPrice, { x: COLUMNS.unitPrice, y, width: 80, align: 'right' }, regular));
    }
    if (line.amount !== null) {
      const box = { x: COLUMNS.amount, y, width: RIGHT - COLUMNS.amount, align: 'right' } as const;
      bottoms.push(text.draw(line.amount, box, regular));
    }
    y = Math.max(...bottoms) + 6;
  }
  pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).stroke();
  return y + 8;
}

/** A table of the document's own columns, its heading repeated on each page, and the rule below; the y after. */
function drawTable(pdf: Pdf, text: DocumentText, table: DocumentTable, top: number): number {
  let y = top;
  const fixed = table.columns.slice(1).reduce((sum, column) => sum + column.width + 6, 0);
  const boxes = table.columns.map((column, index) => {
    const x = index === 0 ? MARGIN : RIGHT - table.columns.slice(index).reduce((sum, c) => sum + c.width + 6, 0) + 6;
    return { x, width: index === 0 ? RIGHT - MARGIN - fixed : column.width, align: column.align ?? 'left' };
  });
  const row = (cells: string[], style: { size: number; bold?: boolean }) => {
    const bottoms = cells.map((cell, index) => {
      const box = boxes[index];
      return box ? text.draw(cell, { ...box, y }, style) : y;
    });
    y = Math.max(y, ...bottoms);
  };
  const heading = () => {
    row(
      table.columns.map((column) => column.heading),
      { size: 8, bold: true },
    );
    y += 4;
    pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).stroke();
    y += 6;
  };
  heading();
  for (const cells of table.rows) {
    const height = Math.max(...cells.map((cell, index) => text.heightOf(cell, boxes[index]?.width ?? 0, { size: 9 })));
    if (y + height > PAGE.height - MARGIN - 80) {
      pdf.addPage();
      y = MARGIN;
      heading();
    }
    row(cells, { size: 9 });
    y += 6;
  }
  pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).stroke();
  return y + 8;
}
