// CSV files staff download and upload (orders, products): RFC 4180 through the `csv` project's parser and writer,
// with the spreadsheet-formula guard OWASP recommends, applied on the way out and undone on the way in.
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first), behind any
 * quotes the guard itself put there (so that guarding is undone exactly, whatever the text). */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

/** A cell as written: a text a spreadsheet would run as a formula gets a leading `'` (OWASP's CSV injection advice). */
export function guardCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as read: the `'` that `guardCell` put before a formula character taken off again. */
export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

export type CsvValue = string | number | boolean | null;

/** A CSV file: the header, then one line per row, CRLF line ends, every cell guarded; null is an empty cell. */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify(
    rows.map((row) => row.map((value) => guardCell(value === null ? '' : String(value)))),
    { header: true, columns: [...columns], record_delimiter: 'windows' },
  );
}

/** A CSV file that cannot be read, with what is wrong in words staff understand. */
export class CsvSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * The records of a CSV text (a UTF-8 byte order mark ignored, blank lines skipped), every cell unguarded. Every
 * record has as many cells as the first; a quote left open or a ragged line throws `CsvSyntaxError`, naming the line.
 */
export function parseCsv(text: string): string[][] {
  try {
    const records: string[][] = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      // Files edited by hand may mix line ends.
      record_delimiter: ['\r\n', '\n', '\r'],
    });
    return records.map((record) => record.map(unguardCell));
  } catch (error) {
    if (error instanceof CsvError) throw new CsvSyntaxError(csvErrorText(error));
    throw error;
  }
}

function csvErrorText(error: CsvError): string {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` (line ${line})` : '';
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return `Every line must have as many cells as the header${where}.`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `A quoted cell is never closed${where}.`;
    default:
      return `The file is not valid CSV${where}.`;
  }
}
