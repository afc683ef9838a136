/**
 * CSV as spreadsheets write it (RFC 4180, with the habits of French Excel): bytes → text in
 * UTF-8 (BOM or not), UTF-16 with a BOM, or Windows-1252; `;`, `,` or tab separators found on the
 * header line; quoted fields holding separators, doubled quotes and line breaks; CRLF, LF or CR
 * line ends. And the way back: `;`-separated, CRLF, quoted where needed, formulas neutralised.
 */

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

/**
 * The records of a CSV text. A quote opens a quoted field only at the start of a field; inside,
 * `""` is a quote and separators and line breaks are text. Characters after a closing quote and
 * before the next separator are kept (spreadsheets do the same). A quoted field still open at the
 * end of the text is an error. The last line's end is optional; nothing after it makes a record.
 */
export function parseCsv(text: string, separator: Separator = detectSeparator(text)): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quotedFrom = 0; // the line a quoted field opened on, for the error
  let state: 'start' | 'plain' | 'quoted' | 'afterQuote' = 'start';
  const n = text.length;

  const endRecord = () => {
    cells.push(cell);
    records.push({ cells, line: recordLine });
    cells = [];
    cell = '';
    state = 'start';
  };

  for (let i = 0; i < n; i++) {
    const c = text[i]!;
    if (state === 'quoted') {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else state = 'afterQuote';
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
      continue;
    }
    if (c === separator) {
      cells.push(cell);
      cell = '';
      state = 'start';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else if (c === '"' && state === 'start') {
      state = 'quoted';
      quotedFrom = line;
    } else {
      cell += c;
      if (state === 'start') state = 'plain';
    }
  }
  if (state === 'quoted') throw new CsvError('A quoted field is not closed', quotedFrom);
  // A last line without a line end; a text that ends with a line break adds no empty record.
  if (state !== 'start' || cells.length > 0 || cell !== '') endRecord();
  return records;
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

/** One cell, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string, separator: Separator = ';'): string {
  const safe = neutraliseFormula(value);
  if (safe.includes(separator) || /["\r\n]/.test(safe)) return `"${safe.replaceAll('"', '""')}"`;
  return safe;
}

/** Rows → CSV text: `;` by default, CRLF after every row, cells neutralised and quoted as needed. */
export function writeCsv(rows: readonly (readonly string[])[], separator: Separator = ';'): string {
  return rows.map((row) => `${row.map((value) => csvCell(value, separator)).join(separator)}\r\n`).join('');
}
