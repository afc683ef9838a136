/**
 * Excel workbooks (`.xlsx`) read as text rows, on `read-excel-file`: the first sheet, each cell as
 * the text a French spreadsheet shows and a CSV export of it would hold — a date "31/01/2026" or
 * "31/01/2026 09:30", a number "1234,5", a boolean "VRAI"/"FAUX", an empty cell "".
 *
 * An `.xlsx` file is a zip archive: it is recognised by its content (`PK\x03\x04`), not its name,
 * and its entries are inflated once under a ceiling before the reader sees them, so that a small
 * upload cannot expand into gigabytes of XML (a "zip bomb").
 */
import { inflateRawSync } from 'node:zlib';
import { readSheet } from 'read-excel-file/node';

/** A workbook that cannot be read: not a zip, a broken one, too large once unzipped, no sheet. */
export class XlsxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxError';
  }
}

/** What the XML of a workbook may weigh once unzipped (a 2 MB workbook holds 10–40 MB of it). */
export const XLSX_MAX_UNZIPPED_BYTES = 48 * 1024 * 1024;

const LOCAL_FILE = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_DIRECTORY = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** True for a zip archive, the container of an `.xlsx` file. */
export function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * Walks the archive's entries in order, as a streaming unzipper does, and inflates each one with
 * a ceiling on the total: `XlsxError` when they would weigh more than `maxBytes`, when an entry is
 * broken or compressed in a way a workbook never is, or when the entries do not end on the
 * archive's directory.
 */
export function assertUnzippedSize(bytes: Uint8Array, maxBytes = XLSX_MAX_UNZIPPED_BYTES): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => (at + 4 <= view.length ? view.readUInt32LE(at) : -1);
  let offset = 0;
  let total = 0;
  while (u32(offset) === LOCAL_FILE) {
    if (offset + 30 > view.length) throw new XlsxError('Truncated zip entry');
    const flags = view.readUInt16LE(offset + 6);
    const method = view.readUInt16LE(offset + 8);
    const compressedSize = view.readUInt32LE(offset + 18);
    const dataStart = offset + 30 + view.readUInt16LE(offset + 26) + view.readUInt16LE(offset + 28);
    // Bit 3: the sizes follow the data (a workbook written as a stream); the deflate stream ends the entry.
    const streamed = (flags & 0x08) !== 0;
    let consumed: number;
    if (method === 8) {
      const input = view.subarray(dataStart, streamed ? undefined : dataStart + compressedSize);
      try {
        // With `info`, the answer also tells how many bytes the deflate stream took (`bytesWritten`).
        const { buffer, engine } = inflateRawSync(input, {
          info: true,
          maxOutputLength: maxBytes - total + 1,
        }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
        total += buffer.length;
        consumed = streamed ? engine.bytesWritten : compressedSize;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new XlsxError('The workbook is too large once unzipped');
        throw new XlsxError('A zip entry cannot be inflated');
      }
    } else if (method === 0 && !streamed) {
      total += compressedSize;
      consumed = compressedSize;
    } else {
      throw new XlsxError('Unsupported zip entry');
    }
    if (total > maxBytes) throw new XlsxError('The workbook is too large once unzipped');
    offset = dataStart + consumed;
    if (streamed) offset += u32(offset) === DATA_DESCRIPTOR ? 16 : 12;
  }
  const next = u32(offset);
  if (next !== CENTRAL_DIRECTORY && next !== END_OF_CENTRAL_DIRECTORY)
    throw new XlsxError('The zip entries do not end on its directory');
}

const numberText = new Intl.NumberFormat('fr-FR', { useGrouping: false, maximumSignificantDigits: 15 });
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as its wall-clock text. Excel dates have no time zone: the reader gives the wall
 * clock as UTC, a little off at times (09:29:59.999), hence the rounding to the minute.
 */
function dateText(date: Date): string {
  const at = new Date(Math.round(date.getTime() / 60_000) * 60_000);
  const day = `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  return at.getUTCHours() === 0 && at.getUTCMinutes() === 0
    ? day
    : `${day} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
}

/** One cell as text (see the top of this file). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? numberText.format(value) : '';
  if (typeof value === 'boolean') return value ? 'VRAI' : 'FAUX';
  return String(value);
}

/**
 * The rows of the workbook's first sheet, as text, from its first row (blank rows inside are
 * kept, so that a row's index + 1 is its number in Excel; blank rows at the end are not).
 * `XlsxError` when the file is not a workbook that can be read.
 */
export async function readXlsxRows(bytes: Uint8Array): Promise<string[][]> {
  if (!isXlsx(bytes)) throw new XlsxError('Not a zip archive');
  assertUnzippedSize(bytes);
  let rows: unknown[][];
  try {
    rows = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 1);
  } catch (error) {
    throw new XlsxError(error instanceof Error ? error.message : 'The workbook cannot be read');
  }
  return rows.map((row) => row.map(cellText));
}
