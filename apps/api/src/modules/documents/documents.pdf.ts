import PDFDocument from 'pdfkit';

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
  /** The last is the total, printed in bold. */
  totals: { label: string; amount: string }[];
  notes: string[];
}

const MARGIN = 50;
const PAGE = { width: 595.28, height: 841.89 }; // A4, in points
const RIGHT = PAGE.width - MARGIN;
const COLUMNS = { quantity: 330, unitPrice: 380, amount: 470 };

/**
 * The standard PDF fonts write Windows-1252 only: a character outside it (a name in Devanagari) is written as "?"
 * rather than as a wrong glyph.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function printable(text: string): string {
  return Array.from(text.normalize('NFC'), (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || char === '\t') return ' ';
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char) ? char : '?';
  }).join('');
}

/** The document as PDF (A4, the standard Helvetica fonts: nothing to embed). */
export function renderDocumentPdf(content: DocumentContent, issuedAt: Date): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: printable([content.title, content.number].filter(Boolean).join(' ')),
      Author: printable(content.seller.name),
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

  // The seller, top left; the title, number and date, top right.
  pdf.font('Helvetica-Bold').fontSize(14).text(printable(content.seller.name), MARGIN, MARGIN, { width: 270 });
  pdf.font('Helvetica').fontSize(9);
  for (const line of content.seller.lines) pdf.text(printable(line), { width: 270 });
  const sellerBottom = pdf.y;

  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(printable(content.title), 330, MARGIN, { width: RIGHT - 330, align: 'right' });
  pdf.font('Helvetica').fontSize(10);
  if (content.number) pdf.text(`No. ${printable(content.number)}`, { width: RIGHT - 330, align: 'right' });
  pdf.text(printable(content.date), { width: RIGHT - 330, align: 'right' });
  let y = Math.max(sellerBottom, pdf.y) + 16;

  if (content.banner) {
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#b00020')
      .text(printable(content.banner), MARGIN, y, {
        width: RIGHT - MARGIN,
      });
    pdf.fillColor('black');
    y = pdf.y + 10;
  }

  // The buyer, then the references beside it.
  pdf.font('Helvetica-Bold').fontSize(9).text(printable(content.buyer.heading), MARGIN, y, { width: 250 });
  pdf.font('Helvetica').fontSize(10).text(printable(content.buyer.name), { width: 250 });
  for (const line of content.buyer.lines) pdf.text(printable(line), { width: 250 });
  const buyerBottom = pdf.y;
  pdf.fontSize(9);
  let referenceY = y;
  for (const reference of content.references) {
    pdf.font('Helvetica-Bold').text(printable(reference.label), 330, referenceY, { width: 90 });
    pdf.font('Helvetica').text(printable(reference.value), 420, referenceY, { width: RIGHT - 420 });
    referenceY = pdf.y + 2;
  }
  y = Math.max(buyerBottom, referenceY) + 20;

  // The lines.
  const priced = content.lines.some((line) => line.amount !== null);
  const header = () => {
    pdf.font('Helvetica-Bold').fontSize(9);
    pdf.text('Description', MARGIN, y, { width: COLUMNS.quantity - MARGIN - 10 });
    pdf.text('Qty', COLUMNS.quantity, y, { width: 40, align: 'right' });
    if (priced) {
      pdf.text('Unit price', COLUMNS.unitPrice, y, { width: 80, align: 'right' });
      pdf.text('Amount', COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
    }
    y = pdf.y + 4;
    pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).stroke();
    y += 6;
  };
  header();
  pdf.font('Helvetica').fontSize(9);
  for (const line of content.lines) {
    const description = printable(line.description);
    const height = pdf.heightOfString(description, { width: COLUMNS.quantity - MARGIN - 10 });
    if (y + height > PAGE.height - MARGIN - 80) {
      pdf.addPage();
      y = MARGIN;
      header();
      pdf.font('Helvetica').fontSize(9);
    }
    pdf.text(description, MARGIN, y, { width: COLUMNS.quantity - MARGIN - 10 });
    pdf.text(String(line.quantity), COLUMNS.quantity, y, { width: 40, align: 'right' });
    if (line.unitPrice !== null)
      pdf.text(printable(line.unitPrice), COLUMNS.unitPrice, y, { width: 80, align: 'right' });
    if (line.amount !== null) {
      pdf.text(printable(line.amount), COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
    }
    y += height + 6;
  }
  pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).stroke();
  y += 8;

  // The totals, right-aligned; the last one in bold.
  content.totals.forEach((total, index) => {
    const last = index === content.totals.length - 1;
    pdf.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 9);
    pdf.text(printable(total.label), COLUMNS.unitPrice - 80, y, { width: 160, align: 'right' });
    pdf.text(printable(total.amount), COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
    y = pdf.y + 4;
  });

  if (content.notes.length > 0) {
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text('', MARGIN, y + 16);
    for (const note of content.notes) pdf.text(printable(note), MARGIN, pdf.y, { width: RIGHT - MARGIN });
  }
  pdf.end();
  return done;
}
