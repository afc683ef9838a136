import {
  acceptsSeveralColumns,
  CUSTOM_FIELD_PREFIX,
  type ImportTarget,
  type ProspectImportField,
  prospectImportFieldLabels,
  prospectImportFields,
  prospectLimits,
} from '@closia/shared';

/*
 * The column mapping of the CSV import: each header of the file goes to a prospect field, to a
 * custom field (named after the header unless the user renames it), or nowhere ("Ignorer").
 * The server guesses a mapping on the first dry run; the user corrects it here.
 */

export type MappingChoice = ProspectImportField | 'custom' | 'ignore';

export interface MappingRow {
  header: string;
  choice: MappingChoice;
  /** The custom field's name when `choice` is `custom`. */
  customName: string;
}

export const CUSTOM_CHOICE_LABEL = 'Champ personnalisé';

/** The choices of one column, in the order a user scans them. */
export const mappingChoiceOptions: { value: MappingChoice; label: string }[] = [
  ...prospectImportFields.map((field) => ({ value: field, label: prospectImportFieldLabels[field] })),
  { value: 'custom', label: CUSTOM_CHOICE_LABEL },
  { value: 'ignore', label: prospectImportFieldLabels.ignore },
];

const defaultCustomName = (header: string) =>
  header.trim().slice(0, prospectLimits.customFieldKeyMaxLength).trim();

/** The server answers each header's target as a string (an `ImportTarget`; anything else: ignored). */
function rowOf(header: string, target: string | undefined): MappingRow {
  if (target?.startsWith(CUSTOM_FIELD_PREFIX)) {
    return { header, choice: 'custom', customName: target.slice(CUSTOM_FIELD_PREFIX.length) };
  }
  if (target && (prospectImportFields as readonly string[]).includes(target)) {
    return { header, choice: target as ProspectImportField, customName: defaultCustomName(header) };
  }
  return { header, choice: 'ignore', customName: defaultCustomName(header) };
}

/** The editor's rows for the file's headers (in their order) and a mapping (missing ones: ignored). */
export function mappingRowsFrom(headers: readonly string[], mapping: Record<string, string>): MappingRow[] {
  return headers.map((header) => rowOf(header, Object.hasOwn(mapping, header) ? mapping[header] : undefined));
}

/** What the `mapping` form field sends: every header with its target. */
export function mappingFromRows(rows: readonly MappingRow[]): Record<string, ImportTarget> {
  const mapping: Record<string, ImportTarget> = {};
  for (const row of rows) {
    const target: ImportTarget =
      row.choice === 'custom' ? `${CUSTOM_FIELD_PREFIX}${row.customName.trim()}` : row.choice;
    Object.defineProperty(mapping, row.header, { value: target, enumerable: true, writable: true });
  }
  return mapping;
}

/** A new choice for one column; a custom field starts with the header's name. */
export function setMappingChoice(
  rows: readonly MappingRow[],
  header: string,
  choice: MappingChoice,
): MappingRow[] {
  return rows.map((row) =>
    row.header === header
      ? {
          ...row,
          choice,
          customName: row.customName.trim() === '' ? defaultCustomName(header) : row.customName,
        }
      : row,
  );
}

export function setCustomName(rows: readonly MappingRow[], header: string, customName: string): MappingRow[] {
  return rows.map((row) => (row.header === header ? { ...row, customName } : row));
}

/** The target a row fills, for spotting two columns on one field. */
function targetKey(row: MappingRow): string {
  return row.choice === 'custom' ? `custom:${row.customName.trim()}` : row.choice;
}

/**
 * What keeps the mapping from being sent, by header: a field chosen for two columns (the second
 * one is flagged), a custom field without a name, with too long a name, or more than 30 of them.
 */
export function mappingErrors(rows: readonly MappingRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const used = new Map<string, string>();
  let customs = 0;
  for (const row of rows) {
    if (row.choice === 'custom') {
      const name = row.customName.trim();
      customs += 1;
      if (name === '') {
        errors[row.header] = 'Donnez un nom au champ personnalisé';
        continue;
      }
      if (name.length > prospectLimits.customFieldKeyMaxLength) {
        errors[row.header] = `Au plus ${prospectLimits.customFieldKeyMaxLength} caractères`;
        continue;
      }
      if (customs > prospectLimits.customFieldsMax) {
        errors[row.header] = `Au plus ${prospectLimits.customFieldsMax} champs personnalisés`;
        continue;
      }
    }
    // Links, observations and "ignore" may take several columns (the server's rule).
    if (acceptsSeveralColumns(row.choice)) continue;
    const key = targetKey(row);
    const first = used.get(key);
    if (first !== undefined) errors[row.header] = `Déjà choisi pour la colonne « ${first} »`;
    else used.set(key, row.header);
  }
  return errors;
}

/** True when a column gives the first name, which every prospect needs. */
export function mapsFirstName(rows: readonly MappingRow[]): boolean {
  return rows.some((row) => row.choice === 'firstName');
}

/**
 * The errors of a refused mapping (422 on `mapping.<header>`), by header; the rest (on the file, or
 * on the whole mapping) under `''`.
 */
export function mappingServerErrors<T extends { field: string }>(
  items: readonly T[],
  headers: readonly string[],
  describe: (item: T) => string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of items) {
    const header = item.field.startsWith('mapping.') ? item.field.slice('mapping.'.length) : null;
    const key = header !== null && headers.includes(header) ? header : '';
    errors[key] = errors[key] ? `${errors[key]} ${describe(item)}` : describe(item);
  }
  return errors;
}
