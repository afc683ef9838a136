import { describe, expect, it } from 'vitest';
import {
  CsvError,
  csvCell,
  decodeCsv,
  detectSeparator,
  neutraliseFormula,
  parseCsv,
  restoreFormula,
  writeCsv,
} from './csv';

const cells = (text: string, separator?: ';' | ',' | '\t') => parseCsv(text, separator).map((r) => r.cells);
const bytes = (...values: number[]) => Uint8Array.from(values);

describe('decodeCsv', () => {
  it('reads UTF-8 and drops its BOM', () => {
    const utf8 = new TextEncoder().encode('\uFEFFPrénom;Nom\r\nHélène;Dupré\r\n');
    expect(decodeCsv(utf8)).toBe('Prénom;Nom\r\nHélène;Dupré\r\n');
    expect(decodeCsv(new TextEncoder().encode('Prénom'))).toBe('Prénom');
  });

  it('reads bytes that are not UTF-8 as Windows-1252 ("Hélène" from French Excel)', () => {
    // H é l è n e ; € — é = 0xE9, è = 0xE8, € = 0x80 in Windows-1252
    expect(decodeCsv(bytes(0x48, 0xe9, 0x6c, 0xe8, 0x6e, 0x65, 0x3b, 0x80))).toBe('Hélène;€');
    // œ (0x9C) and the right single quote (0x92) exist in Windows-1252, not in Latin-1
    expect(decodeCsv(bytes(0x9c, 0x75, 0x76, 0x72, 0x65, 0x92))).toBe('œuvre’');
    expect(decodeCsv(bytes(0x85, 0x8c, 0x93, 0x94, 0x96, 0x97, 0x99))).toBe('…Œ“”–—™');
  });

  it('reads UTF-16 with its BOM (Excel "Unicode text")', () => {
    const text = 'Prénom\tNom';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeCsv(le)).toBe(text);
  });

  it('refuses a binary file (NUL bytes)', () => {
    expect(() => decodeCsv(bytes(0x89, 0x50, 0x4e, 0x47, 0x00, 0x01))).toThrow(CsvError);
  });
});

describe('detectSeparator', () => {
  it('finds ; , or tab on the header line, outside quotes', () => {
    expect(detectSeparator('Prénom;Nom;E-mail\r\na,b;c')).toBe(';');
    expect(detectSeparator('first name,last name\na;b,c')).toBe(',');
    expect(detectSeparator('"Nom, prénom";Téléphone\n')).toBe(';');
    expect(detectSeparator('"a;b",c,d\n')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('Prénom')).toBe(',');
    expect(detectSeparator('\r\n  \nPrénom;Nom')).toBe(';');
    expect(detectSeparator('\r\n;;\r\n')).toBe(';');
  });
});

describe('parseCsv', () => {
  it('splits records on CRLF, LF or CR; the last line end is optional', () => {
    expect(cells('a;b\r\nc;d\r\n', ';')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cells('a;b\nc;d', ';')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cells('a;b\rc;d\r', ';')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cells('', ';')).toEqual([]);
  });

  it('keeps empty cells, also the last one', () => {
    expect(cells(';a;;\r\n', ';')).toEqual([['', 'a', '', '']]);
  });

  it('reads quoted fields with separators, doubled quotes and line breaks', () => {
    const text =
      'Nom;Observations\r\n"Dupont; Jean";"Il a dit ""oui"".\r\nÀ rappeler\nlundi"\r\nMartin;ok\r\n';
    expect(cells(text, ';')).toEqual([
      ['Nom', 'Observations'],
      ['Dupont; Jean', 'Il a dit "oui".\r\nÀ rappeler\nlundi'],
      ['Martin', 'ok'],
    ]);
  });

  it('gives each record the physical line it starts on', () => {
    const records = parseCsv('a;b\r\n"x\r\ny";z\r\nlast;1\r\n', ';');
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('is tolerant where spreadsheets are: a quote inside a plain field, text after a closing quote', () => {
    // csv-parse (relax_quotes) keeps a field with text after its closing quote as written.
    expect(cells('5" screen;a\n"ab"cd;e\n"a;b"c;d', ';')).toEqual([
      ['5" screen', 'a'],
      ['"ab"cd', 'e'],
      ['"a;b"c', 'd'],
    ]);
  });

  it('reports a quoted field that is never closed, with its line', () => {
    try {
      parseCsv('a;b\r\nc;"open\r\nstill open', ';');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CsvError);
      expect((error as CsvError).line).toBe(2);
    }
  });

  it('reads mixed line ends, and finds the line of a field left open after a multi-line one', () => {
    expect(cells('a;b\r\nc;d\ne;f\rg', ';')).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f'], ['g']]);
    expect(parseCsv('a;"x\r\ny\rz"\nb;c\r\n', ';').map((r) => r.line)).toEqual([1, 4]);
    try {
      parseCsv('a;"x\r\ny"\r\nb;"""cité"" et ouvert\nsuite', ';');
      expect.unreachable();
    } catch (error) {
      expect((error as CsvError).line).toBe(3);
    }
  });

  it('reads a comma-separated file with the separator it detects', () => {
    expect(cells('first name,email\n"Smith, John",john@example.com\n')).toEqual([
      ['first name', 'email'],
      ['Smith, John', 'john@example.com'],
    ]);
  });
});

describe('writing CSV', () => {
  it('quotes cells holding the separator, a quote or a line break, and ends rows with CRLF', () => {
    expect(writeCsv([['a', 'b;c', 'say "hi"', 'two\nlines', '']])).toBe(
      'a;"b;c";"say ""hi""";"two\nlines";\r\n',
    );
  });

  it('neutralises formulas: = + - @ (and tab, CR) at the start get a leading quote', () => {
    for (const value of ['=1+1', '+33 6 12 34 56 78', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
      expect(restoreFormula(neutraliseFormula(value))).toBe(value);
    }
    for (const value of ["'=1", "''-2", "'Jean", 'Jean', "l'=x"]) {
      expect(restoreFormula(neutraliseFormula(value)), value).toBe(value);
    }
    expect(neutraliseFormula("'=1")).toBe("''=1");
    expect(neutraliseFormula('Jean')).toBe('Jean');
    expect(restoreFormula("'Jean")).toBe("'Jean");
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
  });

  it('starts a downloaded file with a UTF-8 BOM, and takes another separator', () => {
    expect(writeCsv([['Prénom', 'a,b']], { bom: true })).toBe('\uFEFFPrénom;a,b\r\n');
    expect(writeCsv([['Prénom', 'a,b']], { separator: ',' })).toBe('Prénom,"a,b"\r\n');
    expect(decodeCsv(new TextEncoder().encode(writeCsv([['Zoé']], { bom: true })))).toBe('Zoé\r\n');
  });

  it('round-trips through the parser', () => {
    const rows = [
      ['Prénom', 'Observations'],
      ['Hélène', 'ligne 1\r\nligne "2"; fin'],
      ['Zoé', ''],
    ];
    expect(cells(writeCsv(rows), ';')).toEqual(rows);
  });
});
