import { type ProspectImportResult, prospectLimits } from '@closia/shared';
import { countText, formatFileSize } from './format';
import { type MappingRow, mappingRowsFrom } from './import-mapping';

/*
 * The import wizard (a CSV file or an Excel workbook): 1 choose the file (a dry run reads its headers and guesses the mapping) →
 * 2 map the columns → 3 preview (a dry run with the chosen mapping) → 4 import (the real run).
 * Going back keeps what was chosen; a new file starts over.
 */

export const importSteps = ['Fichier', 'Colonnes', 'Aperçu', 'Import'] as const;
export type ImportStep = 0 | 1 | 2 | 3;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The types a browser gives a CSV file (Windows says "Excel" for one) or an Excel workbook. */
const IMPORT_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/x-csv',
  'application/vnd.ms-excel',
  'text/plain',
  XLSX_TYPE,
]);

/** What the file input offers to choose. */
export const importFileAccept = `.csv,.xlsx,text/csv,${XLSX_TYPE}`;

/** Why a chosen file cannot be sent (French), or null when it can. The server reads it by its content. */
export function importFileError(file: Pick<File, 'name' | 'size' | 'type'> | null): string | null {
  if (!file) return 'Choisissez un fichier CSV ou Excel (.xlsx).';
  const name = file.name.toLowerCase();
  const knownName = name.endsWith('.csv') || name.endsWith('.xlsx');
  if (!knownName && !IMPORT_TYPES.has(file.type))
    return 'Choisissez un fichier au format CSV ou Excel (.xlsx).';
  if (file.size === 0) return 'Ce fichier est vide.';
  if (file.size > prospectLimits.importMaxBytes) {
    return `Ce fichier pèse ${formatFileSize(file.size)} : il ne doit pas dépasser ${formatFileSize(prospectLimits.importMaxBytes)}.`;
  }
  return null;
}

export interface ImportWizardState {
  step: ImportStep;
  file: File | null;
  headers: string[];
  rows: MappingRow[];
  /** The dry run with the chosen mapping. */
  preview: ProspectImportResult | null;
  /** The real run. */
  result: ProspectImportResult | null;
}

export const initialImportState: ImportWizardState = {
  step: 0,
  file: null,
  headers: [],
  rows: [],
  preview: null,
  result: null,
};

export type ImportAction =
  | { type: 'fileChosen'; file: File | null }
  | { type: 'analysed'; result: ProspectImportResult }
  | { type: 'rowsChanged'; rows: MappingRow[] }
  | { type: 'previewed'; result: ProspectImportResult }
  | { type: 'imported'; result: ProspectImportResult }
  | { type: 'back' }
  | { type: 'reset' };

export function importReducer(state: ImportWizardState, action: ImportAction): ImportWizardState {
  switch (action.type) {
    case 'fileChosen':
      return { ...initialImportState, file: action.file };
    case 'analysed':
      return {
        ...state,
        step: 1,
        headers: action.result.headers,
        rows: mappingRowsFrom(action.result.headers, action.result.mapping),
        preview: null,
        result: null,
      };
    case 'rowsChanged':
      return { ...state, rows: action.rows, preview: null };
    case 'previewed':
      return { ...state, step: 2, preview: action.result };
    case 'imported':
      return { ...state, step: 3, result: action.result };
    case 'back':
      // Once imported, there is no going back: the prospects exist.
      if (state.step === 3 || state.step === 0) return state;
      return { ...state, step: (state.step - 1) as ImportStep };
    case 'reset':
      return initialImportState;
  }
}

/** The lines a real run would create. */
export function importableCount(result: Pick<ProspectImportResult, 'valid' | 'duplicates'>): number {
  return Math.max(0, result.valid - result.duplicates);
}

/** "12 lignes : 9 à importer, 2 en erreur, 1 doublon ignoré." */
export function previewSummary(result: ProspectImportResult): string {
  const parts = [`${countText(importableCount(result), 'prospect à importer', 'prospects à importer')}`];
  if (result.invalid > 0) parts.push(countText(result.invalid, 'ligne en erreur', 'lignes en erreur'));
  if (result.duplicates > 0) parts.push(countText(result.duplicates, 'doublon ignoré', 'doublons ignorés'));
  return `${countText(result.total, 'ligne lue', 'lignes lues')} : ${parts.join(', ')}.`;
}

/** "9 prospects importés. Non importés : 2 lignes en erreur, 1 doublon." */
export function importSummary(result: ProspectImportResult): string {
  const imported = countText(
    result.imported,
    'prospect importé',
    'prospects importés',
    'Aucun prospect importé',
  );
  const skipped: string[] = [];
  if (result.invalid > 0) skipped.push(countText(result.invalid, 'ligne en erreur', 'lignes en erreur'));
  if (result.duplicates > 0) skipped.push(countText(result.duplicates, 'doublon', 'doublons'));
  if (skipped.length === 0) return `${imported}.`;
  return `${imported}. Non importés : ${skipped.join(', ')}.`;
}
