/**
 * CSV as spreadsheets write it (RFC 4180, with the habits of French Excel), on `csv-parse` and
 * `csv-stringify`. Reading: bytes → text in UTF-8 (BOM or not), UTF-16 with a BOM, or
 * Windows-1252; the separator (`;`, `,` or tab) found on the header line; quoted fields holding
 * separators, doubled quotes and line breaks; CRLF, LF or CR line ends. Writing: `;`-separated,
 * CRLF, quoted where needed, formulas neutralised, UTF-8 with a BOM for a file.
 */
import { type Info, CsvError as ParseError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export type Separator = ';' | ',' | '\t';

/** A file that cannot be read as CSV; `line` is the physical line (1-based) where it went wrong. */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/**
 * The text of a CSV file: a UTF-8 BOM is dropped; UTF-16 needs its BOM; bytes that are not valid
 * UTF-8 are read as Windows-1252 (what French Excel writes). A NUL character means a binary file.
 */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = decodeUtf8(bytes.subarray(3)) ?? decodeWindows1252(bytes.subarray(3));
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  } else {
    text = decodeUtf8(bytes) ?? decodeWindows1252(bytes);
  }
  if (text.includes('\u0000')) throw new CsvError('The file is not a text file');
  return text;
}

/**
 * Windows-1252, with 0x80–0x9F as Windows has them (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ).
 * Node 20's one-call `decode()` takes a Latin-1 shortcut for this encoding and turns 0x80 into
 * U+0080 instead of €; the streaming call goes through ICU and decodes it right.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const decoder = new TextDecoder('windows-1252');
  return decoder.decode(bytes, { stream: true }) + decoder.decode();
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The separator of the header line — the first line that is not blank — outside quotes: the most
 * frequent of `;`, `,` and tab; `;` wins a tie (French Excel), `,` when the line has none.
 */
export function detectSeparator(text: string): Separator {
  const counts = { ';': 0, ',': 0, '\t': 0 } as Record<Separator, number>;
  let quoted = false;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      quoted = !quoted;
      blank = false;
    } else if (!quoted && (c === '\n' || c === '\r')) {
      if (!blank) break;
    } else if (!quoted && (c === ';' || c === ',' || c === '\t')) {
      counts[c] += 1;
      blank = false;
    } else if (c.trim() !== '') blank = false;
  }
  const best = (Object.keys(counts) as Separator[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ';');
  return counts[best] > 0 ? best : ',';
}

/** A record of the file and the physical line it starts on (1-based). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/** Line breaks as a spreadsheet counts them: CRLF, LF or a lone CR. */
const LINE_BREAK = /\r\n|\n|\r/g;
const lineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/**
 * The line of the quoted field left open at the end of a text: inside it every quote is doubled
 * (a single one would close it), so its opening quote starts the last run of quotes of odd length.
 */
function openQuoteLine(text: string): number {
  let open = -1;
  for (const run of text.matchAll(/"+/g)) if (run[0].length % 2 === 1) open = run.index;
  return open === -1 ? 1 : lineBreaks(text.slice(0, open)) + 1;
}

/**
 * The records of a CSV text (`csv-parse`). A quote opens a quoted field only at the start of a
 * field; inside, `""` is a quote and separators and line breaks are text. A quote elsewhere is
 * text, and so is what follows a closing quote before the next separator (the field is then kept
 * as written, quotes included). A quoted field still open at the end of the text is an error.
 * The last line's end is optional; nothing after it makes a record.
 */
export function parseCsv(text: string, separator: Separator = detectSeparator(text)): CsvRecord[] {
  // Parsed as UTF-8 bytes, whose `info.bytes` tell where each record ends.
  const bytes = Buffer.from(text, 'utf8');
  let rows: { record: string[]; info: Info }[];
  try {
    // With `info`, each record comes as { record, info }: the declared types do not say so.
    rows = parse(bytes, {
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      quote: '"',
      escape: '"',
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: false,
      info: true,
    }) as unknown as typeof rows;
  } catch (error) {
    if (error instanceof ParseError && error.code === 'CSV_QUOTE_NOT_CLOSED')
      throw new CsvError('A quoted field is not closed', openQuoteLine(text));
    if (error instanceof ParseError) throw new CsvError(error.message);
    throw error;
  }
  let line = 1;
  let start = 0;
  return rows.map(({ record, info }) => {
    const current = { cells: record, line };
    line += lineBreaks(bytes.toString('utf8', start, info.bytes));
    start = info.bytes;
    return current;
  });
}

/** True when every cell is empty or blank. */
export const isBlankRecord = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV injection": = + - @, tab, CR first),
 * or one that reads as such once a leading quote is taken off ("'=1", "''-2").
 */
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;

/**
 * A cell a spreadsheet shows as text: one starting with = + - @ (or tab, CR) gets a leading '.
 * So does one that already starts with quotes before such a character, so that reading the file
 * back (`restoreFormula`) gives every value as it was.
 */
export function neutraliseFormula(value: string): string {
  return NEEDS_QUOTE.test(value) ? `'${value}` : value;
}

/** Undoes `neutraliseFormula`: one leading ' before a (quoted) formula character goes. */
export function restoreFormula(value: string): string {
  return value.startsWith("'") && NEEDS_QUOTE.test(value.slice(1)) ? value.slice(1) : value;
}

export interface CsvWriteOptions {
  /** `;` unless told otherwise (French Excel). */
  separator?: Separator;
  /** A UTF-8 BOM first, so that Excel reads the file as UTF-8: what a downloaded file needs. */
  bom?: boolean;
}

/**
 * Rows → CSV text (`csv-stringify`): CRLF after every row, cells neutralised (`neutraliseFormula`)
 * and quoted when they hold the separator, a quote or a line break.
 */
export function writeCsv(rows: readonly (readonly string[])[], options: CsvWriteOptions = {}): string {
  const text = stringify(
    rows.map((row) => row.map(neutraliseFormula)),
    { delimiter: options.separator ?? ';', record_delimiter: '\r\n', quoted_match: /[\r\n]/ },
  );
  return options.bom ? `\uFEFF${text}` : text;
}

/** One cell as `writeCsv` writes it. */
export const csvCell = (value: string, separator: Separator = ';'): string =>
  writeCsv([[value]], { separator }).slice(0, -2);
