import type { Prospect, ProspectActivity } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import {
  addCustomFieldRow,
  changedFields,
  customFieldRowErrors,
  customFieldRows,
  customFieldsMap,
  emptyActivityValues,
  emptyProspectValues,
  formPathOf,
  fromPickerValue,
  type ProspectFormValues,
  prospectFormValues,
  removeRow,
  sortActivities,
  spreadErrors,
  toActivityInput,
  toPickerValue,
  toProspectInput,
  updateCustomFieldRow,
  validateActivityValues,
  validateProspectValues,
} from './prospect-form';

const prospect: Prospect = {
  id: 4,
  firstName: 'Élise',
  lastName: 'Durand',
  fullName: 'Élise Durand',
  contactLinks: ['https://www.linkedin.com/in/elise'],
  observations: null,
  email: 'elise@exemple.fr',
  phone: null,
  customFields: { Budget: '3 000 €', Source: 'Salon' },
  nextActivityAt: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  state: 'follow_up',
  leadStage: null,
  nextActivity: null,
  openActivityCount: 0,
  currentDeal: null,
};

const values = (changes: Partial<ProspectFormValues> = {}): ProspectFormValues => ({
  ...emptyProspectValues,
  firstName: 'Luc',
  ...changes,
});

describe('custom fields editing', () => {
  it('turns a map into rows and back, in order', () => {
    const rows = customFieldRows(prospect.customFields);
    expect(rows).toEqual([
      { key: 'Budget', value: '3 000 €' },
      { key: 'Source', value: 'Salon' },
    ]);
    expect(customFieldsMap(rows)).toEqual(prospect.customFields);
  });

  it('adds, edits and removes rows without touching the others', () => {
    let rows = customFieldRows({ Budget: '1' });
    rows = addCustomFieldRow(rows);
    expect(rows).toHaveLength(2);
    rows = updateCustomFieldRow(rows, 1, { key: 'Ville' });
    rows = updateCustomFieldRow(rows, 1, { value: 'Lyon' });
    expect(rows[1]).toEqual({ key: 'Ville', value: 'Lyon' });
    expect(removeRow(rows, 0)).toEqual([{ key: 'Ville', value: 'Lyon' }]);
  });

  it('trims names and values and leaves empty rows out', () => {
    expect(
      customFieldsMap([
        { key: '  Budget ', value: ' 3 000 € ' },
        { key: ' ', value: '' },
      ]),
    ).toEqual({ Budget: '3 000 €' });
  });

  it('keeps a row named like an Object property as plain data', () => {
    const map = customFieldsMap([{ key: '__proto__', value: 'x' }]);
    expect(Object.keys(map)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
  });

  it('flags a value without a name and a name used twice', () => {
    expect(
      customFieldRowErrors([
        { key: 'Budget', value: '1' },
        { key: '', value: 'orphan' },
        { key: ' Budget ', value: '2' },
        { key: '', value: '' },
      ]),
    ).toEqual({
      'customFields.1.key': 'Donnez un nom à ce champ',
      'customFields.2.key': 'Ce nom est déjà utilisé',
    });
  });
});

describe('prospect values ↔ input', () => {
  it('fills the form from a prospect and sends back the same input', () => {
    const formValues = prospectFormValues(prospect);
    expect(formValues.lastName).toBe('Durand');
    expect(formValues.phone).toBe('');
    expect(toProspectInput(formValues)).toEqual({
      firstName: 'Élise',
      lastName: 'Durand',
      email: 'elise@exemple.fr',
      phone: null,
      contactLinks: ['https://www.linkedin.com/in/elise'],
      observations: null,
      state: 'follow_up',
      leadStage: null,
      nextActivityAt: null,
      customFields: { Budget: '3 000 €', Source: 'Salon' },
    });
  });

  it('trims texts, sends blanks as null and drops blank link rows', () => {
    const input = toProspectInput(
      values({
        firstName: ' Luc ',
        lastName: '  ',
        email: ' luc@exemple.fr ',
        contactLinks: [' ', ' https://a.fr '],
      }),
    );
    expect(input.firstName).toBe('Luc');
    expect(input.lastName).toBeNull();
    expect(input.email).toBe('luc@exemple.fr');
    expect(input.contactLinks).toEqual(['https://a.fr']);
  });

  it('converts the date picker value to an instant and back', () => {
    const iso = fromPickerValue('2026-03-12 14:05:00');
    expect(iso).toMatch(/^2026-03-1\dT\d\d:05:00\.000Z$/);
    expect(toPickerValue(iso)).toBe('2026-03-12 14:05:00');
    expect(fromPickerValue(null)).toBeNull();
    expect(fromPickerValue('pas une date')).toBeNull();
    expect(toPickerValue(null)).toBeNull();
  });

  it('sends only what changed in an update', () => {
    const before = toProspectInput(prospectFormValues(prospect));
    const after = toProspectInput({
      ...prospectFormValues(prospect),
      phone: '06 12 34 56 78',
      customFields: [{ key: 'Budget', value: '5 000 €' }],
    });
    expect(changedFields(before, after)).toEqual({
      phone: '06 12 34 56 78',
      customFields: { Budget: '5 000 €' },
    });
    expect(changedFields(before, before)).toEqual({});
  });
});

describe('errors on the form', () => {
  it('maps input paths onto the rows they come from', () => {
    const formValues = values({
      contactLinks: ['', 'https://ok.fr', 'pas-un-lien'],
      customFields: [
        { key: 'Budget', value: 'x' },
        { key: 'b'.repeat(60), value: 'y' },
      ],
    });
    expect(formPathOf('contactLinks.1', formValues)).toBe('contactLinks.2');
    expect(formPathOf('contactLinks', formValues)).toBe('contactLinks');
    expect(formPathOf('customFields.Budget', formValues)).toBe('customFields.0.value');
    expect(formPathOf(`customFields.${'b'.repeat(60)}`, formValues)).toBe('customFields.1.key');
    expect(formPathOf('customFields.Inconnu', formValues)).toBe('customFields');
    expect(formPathOf('email', formValues)).toBe('email');
    expect(formPathOf('id', formValues)).toBeNull();
  });

  it('spreads a 422 over the fields and keeps the rest apart', () => {
    const { fields, rest } = spreadErrors(
      [
        { field: 'firstName', message: 'x', rule: 'minLength', meta: { min: 2 } },
        { field: 'id', message: 'y', rule: 'sameAs' },
      ],
      values(),
    );
    expect(fields).toEqual({ firstName: 'Au moins 2 caractères' });
    expect(rest.map((item) => item.field)).toEqual(['id']);
  });

  it('validates with the shared schema and the rows rules', () => {
    expect(validateProspectValues(values())).toEqual({});
    const errors = validateProspectValues(
      values({
        firstName: 'L',
        email: 'pas-un-email',
        contactLinks: ['pas-un-lien'],
        customFields: [
          { key: '', value: 'orphelin' },
          { key: 'Budget', value: 'v'.repeat(600) },
        ],
      }),
    );
    expect(errors.firstName).toBe('Au moins 2 caractères');
    expect(errors.email).toBe('Adresse e-mail invalide');
    expect(errors['contactLinks.0']).toMatch(/URL invalide/);
    expect(errors['customFields.0.key']).toBe('Donnez un nom à ce champ');
    expect(errors['customFields.1.value']).toBe('Au plus 500 caractères');
  });

  it('refuses a qualification that contradicts the contact status, as the API does', () => {
    const contradiction = 'Cette qualification contredit le statut de contact';
    expect(validateProspectValues(values({ state: 'success', leadStage: 'lost' })).leadStage).toBe(
      contradiction,
    );
    expect(validateProspectValues(values({ state: 'rejected', leadStage: 'closed' })).leadStage).toBe(
      contradiction,
    );
    expect(validateProspectValues(values({ state: 'success', leadStage: 'closed' }))).toEqual({});
    expect(validateProspectValues(values({ state: 'not_interested', leadStage: 'lost' }))).toEqual({});
    expect(validateProspectValues(values({ state: 'success', leadStage: null }))).toEqual({});
  });
});

describe('activities', () => {
  it('starts a new activity tomorrow at 9:00, medium priority', () => {
    const next = emptyActivityValues(new Date(2026, 2, 12, 15, 30));
    expect(next).toEqual({ title: '', dueAt: '2026-03-13 09:00:00', priority: 'medium', notes: '' });
  });

  it('requires a title and a due date', () => {
    const errors = validateActivityValues({ title: ' ', dueAt: null, priority: 'high', notes: '' });
    expect(Object.keys(errors).sort()).toEqual(['dueAt', 'title']);
    expect(
      toActivityInput({ title: ' Rappeler ', dueAt: '2026-03-13 09:00:00', priority: 'high', notes: ' ' }),
    ).toEqual({
      title: 'Rappeler',
      notes: null,
      priority: 'high',
      dueAt: expect.stringMatching(/^2026-03-13T/),
    });
  });

  it('lists open activities by due date, then the done ones, latest first', () => {
    const activity = (id: number, dueAt: string, doneAt: string | null) =>
      ({ id, dueAt, done: doneAt !== null, doneAt }) as ProspectActivity;
    const sorted = sortActivities([
      activity(1, '2026-03-10T09:00:00Z', '2026-03-10T10:00:00Z'),
      activity(2, '2026-03-15T09:00:00Z', null),
      activity(3, '2026-03-12T09:00:00Z', null),
      activity(4, '2026-03-01T09:00:00Z', '2026-03-11T10:00:00Z'),
    ]);
    expect(sorted.map((item) => item.id)).toEqual([3, 2, 4, 1]);
  });
});
