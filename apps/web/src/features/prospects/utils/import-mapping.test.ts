import { describe, expect, it } from 'vitest';
import {
  mappingChoiceOptions,
  mappingErrors,
  mappingFromRows,
  mappingRowsFrom,
  mappingServerErrors,
  mapsFirstName,
  setCustomName,
  setMappingChoice,
} from './import-mapping';

const headers = ['Prénom', 'Nom', 'Mail', 'Budget', 'Id'];
const guessed = {
  Prénom: 'firstName',
  Nom: 'lastName',
  Mail: 'email',
  Budget: 'customFields.Budget',
  Id: 'ignore',
} as const;

describe('mapping editor state', () => {
  it('reads the guessed mapping as rows, in the file order', () => {
    expect(mappingRowsFrom(headers, guessed)).toEqual([
      { header: 'Prénom', choice: 'firstName', customName: 'Prénom' },
      { header: 'Nom', choice: 'lastName', customName: 'Nom' },
      { header: 'Mail', choice: 'email', customName: 'Mail' },
      { header: 'Budget', choice: 'custom', customName: 'Budget' },
      { header: 'Id', choice: 'ignore', customName: 'Id' },
    ]);
  });

  it('ignores the headers the mapping leaves out or cannot read', () => {
    const rows = mappingRowsFrom(['A', 'B'], { A: 'bogus' as never });
    expect(rows.map((row) => row.choice)).toEqual(['ignore', 'ignore']);
  });

  it('writes back every header with its target', () => {
    expect(mappingFromRows(mappingRowsFrom(headers, guessed))).toEqual(guessed);
  });

  it('changes a column to a custom field named after it, then renames it', () => {
    let rows = mappingRowsFrom(headers, guessed);
    rows = setMappingChoice(rows, 'Mail', 'custom');
    expect(mappingFromRows(rows).Mail).toBe('customFields.Mail');
    rows = setCustomName(rows, 'Mail', ' Adresse perso ');
    expect(mappingFromRows(rows).Mail).toBe('customFields.Adresse perso');
    rows = setMappingChoice(rows, 'Mail', 'ignore');
    expect(mappingFromRows(rows).Mail).toBe('ignore');
    // The name typed is kept for when the column becomes a custom field again.
    expect(mappingFromRows(setMappingChoice(rows, 'Mail', 'custom')).Mail).toBe('customFields.Adresse perso');
  });

  it('cuts a long header to the 50 characters of a custom field name', () => {
    const long = 'x'.repeat(80);
    const [row] = setMappingChoice(mappingRowsFrom([long], {}), long, 'custom');
    expect(row?.customName).toHaveLength(50);
  });

  it('offers every field, a custom field and "Ignorer"', () => {
    const labels = mappingChoiceOptions.map((option) => option.label);
    expect(labels[0]).toBe('Prénom');
    expect(labels).toContain('Champ personnalisé');
    expect(labels.at(-1)).toBe('Ignorer');
  });
});

describe('mapping errors', () => {
  it('accepts the guessed mapping', () => {
    expect(mappingErrors(mappingRowsFrom(headers, guessed))).toEqual({});
  });

  it('flags a single field chosen twice, on the second column', () => {
    const rows = setMappingChoice(mappingRowsFrom(headers, guessed), 'Nom', 'firstName');
    expect(mappingErrors(rows)).toEqual({ Nom: 'Déjà choisi pour la colonne « Prénom »' });
  });

  it('lets several columns fill the links, the observations, or be ignored', () => {
    let rows = mappingRowsFrom(headers, guessed);
    rows = setMappingChoice(rows, 'Nom', 'contactLinks');
    rows = setMappingChoice(rows, 'Mail', 'contactLinks');
    rows = setMappingChoice(rows, 'Budget', 'ignore');
    expect(mappingErrors(rows)).toEqual({});
  });

  it('flags custom fields without a name, too long or named twice', () => {
    let rows = mappingRowsFrom(['A', 'B', 'C'], {
      A: 'customFields.Note',
      B: 'customFields.Note',
      C: 'customFields.x',
    });
    rows = setCustomName(rows, 'C', '  ');
    expect(mappingErrors(rows)).toEqual({
      B: 'Déjà choisi pour la colonne « A »',
      C: 'Donnez un nom au champ personnalisé',
    });
    expect(mappingErrors(setCustomName(rows, 'C', 'y'.repeat(51))).C).toBe('Au plus 50 caractères');
  });

  it('flags custom fields past the 30th', () => {
    const many = Array.from({ length: 31 }, (_, i) => `Col ${i + 1}`);
    const rows = mappingRowsFrom(
      many,
      Object.fromEntries(many.map((h) => [h, `customFields.${h}` as const])),
    );
    expect(Object.keys(mappingErrors(rows))).toEqual(['Col 31']);
  });

  it('knows whether a column gives the first name', () => {
    const rows = mappingRowsFrom(headers, guessed);
    expect(mapsFirstName(rows)).toBe(true);
    expect(mapsFirstName(setMappingChoice(rows, 'Prénom', 'ignore'))).toBe(false);
  });

  it('puts a refused mapping’s errors on their columns, the rest apart', () => {
    const errors = mappingServerErrors(
      [
        { field: 'mapping.Nom', message: 'distinct' },
        { field: 'mapping.Inconnue', message: 'in' },
        { field: 'mapping', message: 'json' },
      ],
      headers,
      (item) => item.message,
    );
    expect(errors).toEqual({ Nom: 'distinct', '': 'in json' });
  });
});
