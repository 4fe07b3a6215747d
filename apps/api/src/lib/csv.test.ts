import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, guardCell, parseCsv, toCsv, unguardCell } from './csv.ts';

describe('CSV files', () => {
  it('quotes what needs quoting and ends lines with CRLF', () => {
    const text = toCsv(['a', 'b', 'c'], [['plain', 'with, comma', 'say "hi"\nbye']]);
    expect(text).toBe('a,b,c\r\nplain,"with, comma","say ""hi""\nbye"\r\n');
  });

  it('puts a quote before a cell a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(guardCell(`${start}1`)).toBe(`'${start}1`);
    expect(guardCell('plain')).toBe('plain');
    expect(guardCell("'quoted")).toBe("'quoted");
    expect(toCsv(['f'], [['=HYPERLINK("http://evil.example")']])).toBe(
      `f\r\n"'=HYPERLINK(""http://evil.example"")"\r\n`,
    );
  });

  it('reads back exactly what it wrote, formula guards undone, whatever quotes a text starts with', () => {
    const cells = ['=SUM(A1)', "'=already quoted", "''+two", '-5', "'plain", 'naïve, "ok"\r\nline', '', '@me'];
    const [header, row] = parseCsv(toCsv(['x', 'y', 'z', 'w', 'v', 'u', 't', 's'], [cells]));
    expect(header).toEqual(['x', 'y', 'z', 'w', 'v', 'u', 't', 's']);
    expect(row).toEqual(cells);
    for (const cell of cells) expect(unguardCell(guardCell(cell))).toBe(cell);
  });

  it('ignores a byte order mark and blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n\r\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses a ragged line or an unclosed quote, naming the line', () => {
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow(
      new CsvSyntaxError('Every line must have as many cells as the header (line 2).'),
    );
    expect(() => parseCsv('a,b\n"1,2\n')).toThrow(CsvSyntaxError);
  });
});
