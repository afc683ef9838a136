import type { ProspectImportResult } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { setMappingChoice } from './import-mapping';
import {
  type ImportWizardState,
  importableCount,
  importFileError,
  importReducer,
  importSummary,
  initialImportState,
  previewSummary,
} from './import-wizard';

const result = (changes: Partial<ProspectImportResult> = {}): ProspectImportResult => ({
  dryRun: true,
  mapping: { Prénom: 'firstName', Budget: 'customFields.Budget' },
  headers: ['Prénom', 'Budget'],
  total: 5,
  valid: 4,
  invalid: 1,
  duplicates: 1,
  imported: 0,
  errors: [{ line: 3, field: 'firstName', message: 'The firstName field must be defined' }],
  duplicateLines: [],
  preview: [],
  ...changes,
});

const file = new File(['Prénom;Budget\nLuc;1\n'], 'prospects.csv', { type: 'text/csv' });

describe('the chosen file', () => {
  it('accepts a CSV or an Excel workbook (.xlsx) of at most 2 MB', () => {
    expect(importFileError(file)).toBeNull();
    expect(importFileError({ name: 'export.CSV', size: 10, type: '' })).toBeNull();
    expect(importFileError({ name: 'export', size: 10, type: 'text/csv' })).toBeNull();
    expect(
      importFileError({ name: 'liste.xlsx', size: 10, type: 'application/vnd.ms-excel.sheet' }),
    ).toBeNull();
    expect(
      importFileError({
        name: 'classeur',
        size: 10,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).toBeNull();
  });

  it('refuses nothing, another type, an empty file and a file above 2 MB', () => {
    expect(importFileError(null)).toBe('Choisissez un fichier CSV ou Excel (.xlsx).');
    expect(importFileError({ name: 'photo.png', size: 10, type: 'image/png' })).toBe(
      'Choisissez un fichier au format CSV ou Excel (.xlsx).',
    );
    expect(importFileError({ name: 'ancien.xls', size: 10, type: 'application/x-ole-storage' })).toMatch(
      /format CSV ou Excel/,
    );
    expect(importFileError({ name: 'vide.csv', size: 0, type: 'text/csv' })).toBe('Ce fichier est vide.');
    expect(importFileError({ name: 'gros.csv', size: 3 * 1024 * 1024, type: 'text/csv' })).toBe(
      'Ce fichier pèse 3\u00a0Mo : il ne doit pas dépasser 2\u00a0Mo.',
    );
  });
});

describe('the wizard steps', () => {
  const chosen = importReducer(initialImportState, { type: 'fileChosen', file });
  const analysed = importReducer(chosen, { type: 'analysed', result: result() });

  it('goes from the file to the columns with the guessed mapping', () => {
    expect(chosen.step).toBe(0);
    expect(chosen.file).toBe(file);
    expect(analysed.step).toBe(1);
    expect(analysed.headers).toEqual(['Prénom', 'Budget']);
    expect(analysed.rows.map((row) => row.choice)).toEqual(['firstName', 'custom']);
  });

  it('forgets the preview when the mapping changes', () => {
    const previewed = importReducer(analysed, { type: 'previewed', result: result() });
    expect(previewed.step).toBe(2);
    const back = importReducer(previewed, { type: 'back' });
    expect(back.step).toBe(1);
    expect(back.preview).not.toBeNull();
    const changed = importReducer(back, {
      type: 'rowsChanged',
      rows: setMappingChoice(back.rows, 'Budget', 'ignore'),
    });
    expect(changed.preview).toBeNull();
    expect(changed.rows[1]?.choice).toBe('ignore');
  });

  it('cannot go back from the first step nor after the import', () => {
    expect(importReducer(chosen, { type: 'back' })).toBe(chosen);
    const imported = importReducer(importReducer(analysed, { type: 'previewed', result: result() }), {
      type: 'imported',
      result: result({ dryRun: false, imported: 3 }),
    });
    expect(imported.step).toBe(3);
    expect(importReducer(imported, { type: 'back' })).toBe(imported);
  });

  it('starts over with a new file or a reset', () => {
    const later: ImportWizardState = importReducer(analysed, { type: 'previewed', result: result() });
    const other = new File(['a'], 'autre.csv');
    expect(importReducer(later, { type: 'fileChosen', file: other })).toEqual({
      ...initialImportState,
      file: other,
    });
    expect(importReducer(later, { type: 'reset' })).toEqual(initialImportState);
  });
});

describe('counts', () => {
  it('imports the valid lines that are not duplicates', () => {
    expect(importableCount(result())).toBe(3);
    expect(importableCount({ valid: 0, duplicates: 0 })).toBe(0);
  });

  it('sums a preview and a result up in French', () => {
    expect(previewSummary(result())).toBe(
      '5 lignes lues : 3 prospects à importer, 1 ligne en erreur, 1 doublon ignoré.',
    );
    expect(previewSummary(result({ total: 1, valid: 1, invalid: 0, duplicates: 0 }))).toBe(
      '1 ligne lue : 1 prospect à importer.',
    );
    expect(importSummary(result({ dryRun: false, imported: 3 }))).toBe(
      '3 prospects importés. Non importés : 1 ligne en erreur, 1 doublon.',
    );
    expect(importSummary(result({ dryRun: false, imported: 1, invalid: 0, duplicates: 0 }))).toBe(
      '1 prospect importé.',
    );
    expect(importSummary(result({ dryRun: false, imported: 0, invalid: 2, duplicates: 0 }))).toBe(
      'Aucun prospect importé. Non importés : 2 lignes en erreur.',
    );
  });
});
