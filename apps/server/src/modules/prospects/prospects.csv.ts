/**
 * CSV import and export of the caller's prospects.
 *
 * Import (`POST /prospects/import`): the file is decoded and parsed (csv.ts); each column goes to a
 * prospect field by the mapping sent, or guessed from the headers (French and English names;
 * unknown headers become custom fields). Each line must pass what `POST /prospects` checks: its
 * schema `prospectCreateSchema` and the status rule (`prospectStatusError`). A valid line whose e-mail or phone matches one of the caller's prospects, or
 * an earlier line of the file, is skipped as a duplicate. A dry run reports what a real run would
 * do; a real run inserts every valid, non-duplicate line in one transaction, in batches — all the
 * lines or none, never half of one.
 *
 * Export (`GET /prospects/export`): `;`-separated UTF-8 with a BOM and CRLF, French headers and
 * labels, one column per custom field; formulas neutralised. Importing an export gives back the
 * same prospects.
 */
import {
  CUSTOM_FIELD_PREFIX,
  type ImportTarget,
  importMappingSchema,
  type LeadStage,
  leadStageLabels,
  leadStages,
  type ProspectCreateInput,
  type ProspectImportDuplicate,
  type ProspectImportError,
  type ProspectImportPreview,
  type ProspectImportResult,
  type ProspectState,
  prospectCreateSchema,
  type prospectImportFields,
  prospectLimits,
  prospectStateLabels,
  prospectStates,
  prospectStatusError,
  toValidationErrors,
  type ValidationErrorItem,
  validationMessage,
} from '@closia/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { prospects } from '../../db/schema';
import { AppError, fieldError } from '../../lib/errors';
import {
  CsvError,
  decodeCsv,
  detectSeparator,
  isBlankRecord,
  parseCsv,
  restoreFormula,
  writeCsv,
} from './csv';
import { formatParis, parisDate, parseFrenchDateTime } from './paris-time';
import { fullNameOf } from './prospects.presenter';
import {
  emailKey,
  type ProspectFilters,
  phoneKey,
  prospectConditions,
  prospectOrder,
  prospectValues,
} from './prospects.service';

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
  tooManyLines: () =>
    fieldError(
      'file',
      'maxLines',
      `The file must not have more than ${prospectLimits.importMaxLines} lines`,
      { max: prospectLimits.importMaxLines },
    ),
};

// --- mapping ------------------------------------------------------------------------------------

/** "Téléphone portable" → "telephoneportable": lower case, no accents, letters and digits only. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

type FieldTarget = (typeof prospectImportFields)[number];

const headerNames: Record<FieldTarget | 'ignore', string[]> = {
  firstName: ['prenom', 'prenoms', 'firstname', 'first', 'givenname', 'forename'],
  lastName: ['nom', 'nomdefamille', 'lastname', 'last', 'surname', 'familyname'],
  email: [
    'email',
    'mail',
    'courriel',
    'adresseemail',
    'adressemail',
    'adressecourriel',
    'adresseelectronique',
    'emailaddress',
  ],
  phone: [
    'telephone',
    'tel',
    'phone',
    'phonenumber',
    'numerodetelephone',
    'numero',
    'mobile',
    'portable',
    'telephoneportable',
    'telportable',
    'gsm',
    'cellphone',
    'mobilephone',
  ],
  observations: [
    'observations',
    'observation',
    'notes',
    'note',
    'commentaire',
    'commentaires',
    'comment',
    'comments',
    'remarque',
    'remarques',
  ],
  state: ['statut', 'status', 'etat', 'state', 'statutducontact', 'contactstatus'],
  leadStage: ['qualification', 'leadstage', 'stage', 'etape', 'phase'],
  contactLinks: [
    'liens',
    'lien',
    'links',
    'link',
    'url',
    'urls',
    'linkedin',
    'siteweb',
    'siteinternet',
    'website',
    'site',
    'reseauxsociaux',
    'profil',
    'profile',
  ],
  nextActivityAt: ['prochaineactivite', 'nextactivity', 'nextactivityat', 'prochainerelance', 'relance'],
  // What other exports carry and a prospect has no place for.
  ignore: ['id', 'creele', 'createdat', 'datedecreation', 'modifiele', 'updatedat', 'fullname', 'nomcomplet'],
};
const targetOfHeader = new Map<string, FieldTarget | 'ignore'>(
  Object.entries(headerNames).flatMap(([target, names]) =>
    names.map((name) => [name, target as FieldTarget | 'ignore'] as const),
  ),
);

/** Targets that several columns may fill: their values are put together. */
const MULTI_TARGETS = new Set<string>(['contactLinks', 'observations', 'ignore']);

const customTarget = (name: string) => `${CUSTOM_FIELD_PREFIX}${name}` as ImportTarget;

/**
 * A mapping guessed from the headers: known names (French or English, accents and case ignored)
 * go to their field, the first column of each field only (a second "Téléphone" becomes a custom
 * field); any other header becomes `customFields.<header>` (at most 30, cut to 50 characters).
 */
export function guessMapping(headers: readonly string[]): Record<string, ImportTarget> {
  // Built as entries: a header may be "__proto__", which an assignment would not store.
  const mapping = new Map<string, ImportTarget>();
  const used = new Set<string>();
  let customs = 0;
  for (const header of headers) {
    const known = targetOfHeader.get(headerKey(header));
    if (known && (MULTI_TARGETS.has(known) || !used.has(known))) {
      mapping.set(header, known);
      used.add(known);
      continue;
    }
    const name = header.trim().slice(0, prospectLimits.customFieldKeyMaxLength).trim();
    const target = customTarget(name);
    if (name === '' || used.has(target) || customs >= prospectLimits.customFieldsMax) {
      mapping.set(header, 'ignore');
      continue;
    }
    mapping.set(header, target);
    used.add(target);
    customs += 1;
  }
  return Object.fromEntries(mapping);
}

/**
 * The mapping sent (`mapping` form field, JSON): every key a header of the file, every target
 * valid, a single-value target chosen once. Headers it leaves out are ignored.
 */
export function readMapping(text: string, headers: readonly string[]): Record<string, ImportTarget> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw fieldError('mapping', 'json');
  }
  const parsed = importMappingSchema.safeParse(raw);
  if (!parsed.success) {
    const items: ValidationErrorItem[] = toValidationErrors(parsed.error, raw).map((item) =>
      item.field
        ? { ...item, field: `mapping.${item.field}` }
        : { ...item, field: 'mapping', message: validationMessage(item.rule, 'mapping', item.meta) },
    );
    throw new AppError(422, 'E_VALIDATION_ERROR', 'Validation failure', items);
  }
  const known = new Set(headers);
  // JSON.parse keeps every key as an own property (even "__proto__"): read them as entries.
  const sent = new Map(Object.entries(raw as Record<string, string>));
  for (const header of sent.keys()) {
    if (!known.has(header))
      throw fieldError(`mapping.${header}`, 'in', 'The mapping names a column the file does not have');
  }
  const mapping = new Map<string, ImportTarget>();
  const used = new Map<string, string>();
  for (const header of headers) {
    const target = (sent.get(header) ?? 'ignore') as ImportTarget;
    const single = target.startsWith(CUSTOM_FIELD_PREFIX)
      ? customTarget(target.slice(CUSTOM_FIELD_PREFIX.length).trim())
      : target;
    if (!MULTI_TARGETS.has(single)) {
      if (used.has(single))
        throw fieldError(
          `mapping.${header}`,
          'distinct',
          `The ${single} field must not be chosen for more than one column`,
        );
      used.set(single, header);
    }
    mapping.set(header, single);
  }
  return Object.fromEntries(mapping);
}

// --- one line -------------------------------------------------------------------------------------

/** An enumeration's values by their value and French label, case and accents aside. */
function enumLookup<T extends string>(values: readonly T[], labels: Record<T, string>): Map<string, T> {
  return new Map(
    values.flatMap((value) => [
      [headerKey(labels[value]), value] as const,
      [headerKey(value), value] as const,
    ]),
  );
}
const stateByText = enumLookup(prospectStates, prospectStateLabels);
const leadStageByText = enumLookup(leadStages, leadStageLabels);

/** A label or a value of an enumeration ("suivi", "Suivi", "follow_up"); else the text, for the schema to refuse. */
const enumValue = (text: string, lookup: Map<string, string>): string => lookup.get(headerKey(text)) ?? text;

/**
 * The links of a cell: separated by spaces, line breaks or `|`; a link written without its scheme
 * ("linkedin.com/in/luc", "www.exemple.fr") gets https://.
 */
export function linksOf(text: string): string[] {
  return text
    .split(/[\s|]+/)
    .map((part) => part.replace(/[,;]+$/, ''))
    .filter((part) => part !== '')
    .map((part) =>
      /^[a-z][a-z0-9+.-]*:/i.test(part) || !/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(\/|$)/u.test(part)
        ? part
        : `https://${part}`,
    );
}

/** A cell as a prospect date: "31/01/2026 09:30" in Paris time, or what the schema reads (ISO). */
function dateOf(text: string): string {
  return parseFrenchDateTime(text)?.toISOString() ?? text;
}

/** The prospect a line describes, before validation. */
function lineInput(cells: readonly string[], columns: readonly ImportTarget[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const customs: [string, string][] = [];
  const links: string[] = [];
  const notes: string[] = [];
  columns.forEach((target, i) => {
    if (target === 'ignore') return;
    const value = restoreFormula((cells[i] ?? '').trim());
    if (value === '') return;
    if (target.startsWith(CUSTOM_FIELD_PREFIX))
      customs.push([target.slice(CUSTOM_FIELD_PREFIX.length), value]);
    else if (target === 'contactLinks') links.push(...linksOf(value));
    else if (target === 'observations') notes.push(value);
    else if (target === 'state') input.state = enumValue(value, stateByText);
    else if (target === 'leadStage') input.leadStage = enumValue(value, leadStageByText);
    else if (target === 'nextActivityAt') input.nextActivityAt = dateOf(value);
    else input[target] = value;
  });
  if (notes.length > 0) input.observations = notes.join('\n');
  input.contactLinks = links;
  input.customFields = Object.fromEntries(customs);
  return input;
}

// --- import ---------------------------------------------------------------------------------------

interface ParsedFile {
  headers: string[];
  /** Non-blank data lines, with their row number (header = 1). */
  lines: { line: number; cells: string[] }[];
}

/** Header names made usable as mapping keys: blank ones named, repeated ones numbered. */
function uniqueHeaders(cells: readonly string[]): string[] {
  const seen = new Set<string>();
  return cells.map((cell, i) => {
    const base = restoreFormula(cell.trim()) || `Colonne ${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base} (${n})`;
    seen.add(name);
    return name;
  });
}

/** The header and the data lines of a file; 422 on `file` when it is not CSV or has too many lines. */
export function readCsvFile(bytes: Uint8Array): ParsedFile {
  let records: ReturnType<typeof parseCsv>;
  try {
    const text = decodeCsv(bytes);
    records = parseCsv(text, detectSeparator(text));
  } catch (error) {
    if (error instanceof CsvError) throw importErrors.notCsv(error.line);
    throw error;
  }
  const start = records.findIndex((record) => !isBlankRecord(record.cells));
  if (start === -1) throw importErrors.notCsv();
  const headers = uniqueHeaders(records[start]!.cells);
  const lines: ParsedFile['lines'] = [];
  for (let i = start + 1; i < records.length; i++) {
    const { cells } = records[i]!;
    if (isBlankRecord(cells)) continue;
    if (lines.length === prospectLimits.importMaxLines) throw importErrors.tooManyLines();
    // Spreadsheet row numbers: a record spanning several physical lines is one row.
    lines.push({ line: i + 1, cells });
  }
  return { headers, lines };
}

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
  const file = readCsvFile(request.file);
  const mapping =
    request.mapping === undefined ? guessMapping(file.headers) : readMapping(request.mapping, file.headers);
  if (request.dryRun) return analyse(file, mapping, await knownContacts(db, ownerId), true).result;

  return db.transaction(async (tx) => {
    // Two imports of one user in parallel would not see each other's lines as duplicates.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${ownerId})`);
    const { result, toInsert } = analyse(file, mapping, await knownContacts(tx, ownerId), false);
    for (let i = 0; i < toInsert.length; i += INSERT_BATCH) {
      await insertBatch(tx, ownerId, toInsert.slice(i, i + INSERT_BATCH));
    }
    return { ...result, imported: toInsert.length };
  });
}

// --- export ---------------------------------------------------------------------------------------

export const EXPORT_HEADERS = [
  'Prénom',
  'Nom',
  'E-mail',
  'Téléphone',
  'Statut',
  'Qualification',
  'Prochaine activité',
  'Liens',
  'Observations',
] as const;

/** `GET /prospects/export`: the caller's prospects (the list's filters and order) as a CSV file. */
export async function exportProspects(
  db: DbOrTx,
  ownerId: number,
  filters: ProspectFilters,
  now = new Date(),
): Promise<{ filename: string; body: string }> {
  const rows = await db
    .select()
    .from(prospects)
    .where(prospectConditions(ownerId, filters, now))
    .orderBy(...prospectOrder(filters));
  const customKeys = [...new Set(rows.flatMap((row) => Object.keys(row.customFields ?? {})))].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );
  const lines: string[][] = [[...EXPORT_HEADERS, ...customKeys]];
  for (const row of rows) {
    lines.push([
      row.firstName,
      row.lastName ?? '',
      row.email ?? '',
      row.phone ?? '',
      row.state ? (prospectStateLabels[row.state as ProspectState] ?? row.state) : '',
      row.leadStage ? (leadStageLabels[row.leadStage as LeadStage] ?? row.leadStage) : '',
      row.nextActivityAt ? formatParis(row.nextActivityAt) : '',
      row.contactLinks.join(' '),
      row.observations ?? '',
      ...customKeys.map((key) => row.customFields?.[key] ?? ''),
    ]);
  }
  return { filename: `prospects-${parisDate(now)}.csv`, body: `\uFEFF${writeCsv(lines, ';')}` };
}
