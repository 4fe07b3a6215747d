// What a PDF the shop issued says: its pages' text, as the tests read documents back.
import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF, its pages joined, runs of white space as one space. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
