/**
 * The import of prospects (`POST /prospects/import`) from a CSV file or an Excel workbook.
 *
 * The file is read by its content: a zip archive is an `.xlsx` workbook, its first sheet read as
 * text (lib/xlsx.ts: dates and numbers as a French CSV export of it would hold them); anything else
 * is decoded and parsed as CSV (lib/csv.ts). Each column goes to a prospect field by the mapping
 * sent, or guessed from the headers (French and English names; unknown headers become custom
 * fields). Each line must pass what `POST /prospects` checks: its schema `prospectCreateSchema` and
 * the status rule (`prospectStatusError`). A valid line whose e-mail or phone matches one of the
 * caller's prospects, or an earlier line of the file, is skipped as a duplicate. A dry run reports
 * what a real run would do; a real run inserts every valid, non-duplicate line in one transaction,
 * in batches — all the lines or none, never half of one.
 */
import {
  type ImportTarget,
  type LeadStage,
  type ProspectCreateInput,
  type ProspectImportDuplicate,
  type ProspectImportError,
  type ProspectImportPreview,
  type ProspectImportResult,
  type ProspectState,
  prospectCreateSchema,
  prospectLimits,
  prospectStatusError,
  toValidationErrors,
} from '@closia/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { prospects } from '../../db/schema';
import { CsvError, decodeCsv, detectSeparator, isBlankRecord, parseCsv, restoreFormula } from '../../lib/csv';
import { fieldError } from '../../lib/errors';
import { requireRoomForMany } from '../../lib/plan-usage';
import { isXlsx, readXlsxRows, XlsxError } from '../../lib/xlsx';
import { guessMapping, lineInput, readMapping } from './import-mapping';
import { fullNameOf } from './prospects.presenter';
import { emailKey, phoneKey, prospectValues } from './prospects.service';

/** Lines inserted per statement (one JSON parameter each). */
const INSERT_BATCH = 2_000;
const PREVIEW_LINES = 20;
/** The `errors` and `duplicateLines` lists stop there (the counts do not). */
const MAX_REPORTED = 1_000;
/** Advisory lock of "a user's import" (with the user id): two imports of one user run one after the other. */
const IMPORT_LOCK = 727_042;

export const importErrors = {
  missingFile: () => fieldError('file', 'required'),
  tooLarge: () =>
    fieldError('file', 'fileSize', 'The file must not be larger than 2 MB', {
      max: prospectLimits.importMaxBytes,
    }),
  notCsv: (line?: number) =>
    fieldError(
      'file',
      'csv',
      line === undefined
        ? 'The file must be a valid CSV file'
        : `The file must be a valid CSV file (a quoted field opened on line ${line} is not closed)`,
      line === undefined ? undefined : { line },
    ),
  /** Neither a CSV text nor an Excel workbook that can be read. */
  notReadable: () => fieldError('file', 'csv', 'The file must be a valid CSV or Excel (.xlsx) file'),
  tooManyLines: () =>
    fieldError(
      'file',
      'maxLines',
      `The file must not have more than ${prospectLimits.importMaxLines} lines`,
      { max: prospectLimits.importMaxLines },
    ),
};

// --- reading the file -----------------------------------------------------------------------------

interface ParsedFile {
  headers: string[];
  /** Non-blank data lines, with their row number (header = 1), each cell trimmed. */
  lines: { line: number; cells: string[] }[];
}

/** Header names made usable as mapping keys: blank ones named, repeated ones numbered. */
function uniqueHeaders(cells: readonly string[]): string[] {
  const seen = new Set<string>();
  return cells.map((cell, i) => {
    const base = cell || `Colonne ${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base} (${n})`;
    seen.add(name);
    return name;
  });
}

/**
 * The rows of the file, each cell trimmed: the first sheet of a workbook, or the records of a CSV
 * text with the formulas its export neutralised restored; 422 on `file` when it is neither.
 */
async function rowsOf(bytes: Uint8Array): Promise<string[][]> {
  if (isXlsx(bytes)) {
    try {
      return (await readXlsxRows(bytes)).map((cells) => cells.map((cell) => cell.trim()));
    } catch (error) {
      if (error instanceof XlsxError) throw importErrors.notReadable();
      throw error;
    }
  }
  try {
    const text = decodeCsv(bytes);
    return parseCsv(text, detectSeparator(text)).map(({ cells }) =>
      cells.map((cell) => restoreFormula(cell.trim())),
    );
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // Bytes that are no text (NUL) are neither format; a text is a CSV file gone wrong.
    throw error.line === undefined ? importErrors.notReadable() : importErrors.notCsv(error.line);
  }
}

/**
 * The header and the data lines of a CSV file or a workbook's first sheet; 422 on `file` when it
 * is neither, has no header or too many lines.
 */
export async function readImportFile(bytes: Uint8Array): Promise<ParsedFile> {
  const rows = await rowsOf(bytes);
  const start = rows.findIndex((cells) => !isBlankRecord(cells));
  if (start === -1) throw isXlsx(bytes) ? importErrors.notReadable() : importErrors.notCsv();
  const headers = uniqueHeaders(rows[start]!);
  const lines: ParsedFile['lines'] = [];
  for (let i = start + 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (isBlankRecord(cells)) continue;
    if (lines.length === prospectLimits.importMaxLines) throw importErrors.tooManyLines();
    // Spreadsheet row numbers: a CSV record spanning several physical lines is one row.
    lines.push({ line: i + 1, cells });
  }
  return { headers, lines };
}

// --- import ---------------------------------------------------------------------------------------

interface Known {
  emails: Map<string, number>;
  phones: Map<string, number>;
}

/** The caller's prospects by e-mail and phone key. */
async function knownContacts(db: DbOrTx, ownerId: number): Promise<Known> {
  const rows = await db
    .select({ id: prospects.id, email: prospects.email, phone: prospects.phone })
    .from(prospects)
    .where(eq(prospects.ownerId, ownerId));
  const known: Known = { emails: new Map(), phones: new Map() };
  for (const row of rows) {
    const email = emailKey(row.email);
    const phone = phoneKey(row.phone);
    if (email && !known.emails.has(email)) known.emails.set(email, row.id);
    if (phone && !known.phones.has(phone)) known.phones.set(phone, row.id);
  }
  return known;
}

interface Analysis {
  result: ProspectImportResult;
  toInsert: ProspectCreateInput[];
}

function analyse(
  file: ParsedFile,
  mapping: Record<string, ImportTarget>,
  known: Known,
  dryRun: boolean,
): Analysis {
  const targets = new Map(Object.entries(mapping));
  const columns = file.headers.map((header) => targets.get(header) ?? 'ignore');
  const errors: ProspectImportError[] = [];
  const duplicateLines: ProspectImportDuplicate[] = [];
  const preview: ProspectImportPreview[] = [];
  const toInsert: ProspectCreateInput[] = [];
  const fileEmails = new Map<string, number>();
  const filePhones = new Map<string, number>();
  let valid = 0;
  let invalid = 0;
  let duplicates = 0;

  for (const { line, cells } of file.lines) {
    const input = lineInput(cells, columns);
    const parsed = prospectCreateSchema.safeParse(input);
    // A line passes what `POST /prospects` checks: the schema, then the status rule.
    const problems = parsed.success
      ? [prospectStatusError(parsed.data)].filter((item) => item !== null)
      : toValidationErrors(parsed.error, input);
    if (!parsed.success || problems.length > 0) {
      invalid += 1;
      for (const item of problems) {
        if (errors.length < MAX_REPORTED) errors.push({ line, field: item.field, message: item.message });
      }
      continue;
    }
    valid += 1;
    const prospect = parsed.data;
    const email = emailKey(prospect.email);
    const phone = phoneKey(prospect.phone);
    const existingId =
      (email ? known.emails.get(email) : undefined) ?? (phone ? known.phones.get(phone) : undefined);
    const firstLine =
      existingId === undefined
        ? ((email ? fileEmails.get(email) : undefined) ?? (phone ? filePhones.get(phone) : undefined))
        : undefined;
    if (existingId !== undefined || firstLine !== undefined) {
      duplicates += 1;
      if (duplicateLines.length < MAX_REPORTED) {
        duplicateLines.push({
          line,
          fullName: fullNameOf(prospect.firstName, prospect.lastName ?? null),
          email: prospect.email ?? null,
          phone: prospect.phone ?? null,
          existingId: existingId ?? null,
          firstLine: firstLine ?? null,
        });
      }
      continue;
    }
    if (email) fileEmails.set(email, line);
    if (phone) filePhones.set(phone, line);
    toInsert.push(prospect);
    if (preview.length < PREVIEW_LINES) preview.push(previewOf(line, prospect));
  }

  return {
    toInsert,
    result: {
      dryRun,
      mapping,
      headers: file.headers,
      total: file.lines.length,
      valid,
      invalid,
      duplicates,
      imported: 0,
      errors,
      duplicateLines,
      preview,
    },
  };
}

function previewOf(line: number, p: ProspectCreateInput): ProspectImportPreview {
  return {
    line,
    firstName: p.firstName,
    lastName: p.lastName ?? null,
    fullName: fullNameOf(p.firstName, p.lastName ?? null),
    email: p.email ?? null,
    phone: p.phone ?? null,
    observations: p.observations ?? null,
    state: (p.state ?? null) as ProspectState | null,
    leadStage: (p.leadStage ?? null) as LeadStage | null,
    contactLinks: [...new Set(p.contactLinks)],
    customFields: p.customFields,
    nextActivityAt: p.nextActivityAt ?? null,
  };
}

/**
 * Inserts valid lines in one statement whose rows travel as one JSON parameter: building a
 * Drizzle insert of 2,000 rows × 11 values costs more than PostgreSQL's work (measured: ~1 s of
 * query building for 10,000 lines), while `jsonb_to_recordset` reads the rows at once.
 */
async function insertBatch(
  tx: DbOrTx,
  ownerId: number,
  batch: readonly ProspectCreateInput[],
): Promise<void> {
  const rows = batch.map((input) => {
    const v = prospectValues(ownerId, input);
    return {
      first_name: v.firstName,
      last_name: v.lastName,
      contact_links: v.contactLinks,
      observations: v.observations,
      email: v.email,
      phone: v.phone,
      custom_fields: v.customFields,
      next_activity_at: v.nextActivityAt instanceof Date ? v.nextActivityAt.toISOString() : null,
      state: v.state,
      lead_stage: v.leadStage,
    };
  });
  await tx.execute(sql`
    insert into ${prospects} (owner_id, first_name, last_name, contact_links, observations, email, phone,
      custom_fields, next_activity_at, state, lead_stage)
    select ${ownerId}, r.first_name, r.last_name, r.contact_links, r.observations, r.email, r.phone,
      coalesce(r.custom_fields, '{}'::jsonb), r.next_activity_at, r.state, r.lead_stage
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(first_name text, last_name text,
      contact_links text[], observations text, email text, phone text, custom_fields jsonb,
      next_activity_at timestamptz, state text, lead_stage text)
  `);
}

export interface ImportRequest {
  file: Uint8Array;
  /** The `mapping` form field (JSON), or undefined to guess it from the headers. */
  mapping?: string;
  dryRun: boolean;
}

/** `POST /prospects/import`: see the top of this file. */
export async function importProspects(
  db: Db,
  ownerId: number,
  request: ImportRequest,
): Promise<ProspectImportResult> {
  const file = await readImportFile(request.file);
  const mapping =
    request.mapping === undefined ? guessMapping(file.headers) : readMapping(request.mapping, file.headers);
  if (request.dryRun) return analyse(file, mapping, await knownContacts(db, ownerId), true).result;

  return db.transaction(async (tx) => {
    // Two imports of one user in parallel would not see each other's lines as duplicates.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${ownerId})`);
    const { result, toInsert } = analyse(file, mapping, await knownContacts(tx, ownerId), false);
    // All the new lines fit in the plan, or none is imported (402 with what would still fit).
    await requireRoomForMany(tx, ownerId, 'prospects', toInsert.length);
    for (let i = 0; i < toInsert.length; i += INSERT_BATCH) {
      await insertBatch(tx, ownerId, toInsert.slice(i, i + INSERT_BATCH));
    }
    return { ...result, imported: toInsert.length };
  });
}
