import {
  type ActivityCreateInput,
  activityCreateSchema,
  type LeadStage,
  type Priority,
  type Prospect,
  type ProspectActivity,
  type ProspectCreateInput,
  type ProspectState,
  prospectCreateSchema,
  prospectLimits,
  prospectStatusError,
  toValidationErrors,
  type ValidationErrorItem,
  validationMessageFr,
} from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';

/* The prospect form's values, what the API receives from them, and where its errors go. */

/** One row of the custom fields editor. */
export interface CustomFieldRow {
  key: string;
  value: string;
}

export interface ProspectFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** One row per link, blank rows included (they are left out when sent). */
  contactLinks: string[];
  observations: string;
  state: ProspectState | null;
  leadStage: LeadStage | null;
  /** The date picker's value: `YYYY-MM-DD HH:mm:ss` in the browser's time zone, or null. */
  nextActivityAt: string | null;
  customFields: CustomFieldRow[];
}

/** The format of Mantine's date-time picker values. */
export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** An instant (ISO 8601) as the date picker's value, in the browser's time zone. */
export function toPickerValue(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = dayjs(iso);
  return date.isValid() ? date.format(PICKER_FORMAT) : null;
}

/** The instant (ISO 8601, UTC) of a date picker's value, or null when empty or invalid. */
export function fromPickerValue(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const date = dayjs(value.trim());
  return date.isValid() ? date.toISOString() : null;
}

export const emptyProspectValues: ProspectFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  contactLinks: [],
  observations: '',
  state: null,
  leadStage: null,
  nextActivityAt: null,
  customFields: [],
};

/* ------------------------------------------------------------------------ custom fields */

/** The rows of a string map, in its order. */
export function customFieldRows(map: Record<string, string>): CustomFieldRow[] {
  return Object.entries(map).map(([key, value]) => ({ key, value }));
}

export function addCustomFieldRow(rows: readonly CustomFieldRow[]): CustomFieldRow[] {
  return [...rows, { key: '', value: '' }];
}

export function updateCustomFieldRow(
  rows: readonly CustomFieldRow[],
  index: number,
  change: Partial<CustomFieldRow>,
): CustomFieldRow[] {
  return rows.map((row, i) => (i === index ? { ...row, ...change } : row));
}

export function removeRow<T>(rows: readonly T[], index: number): T[] {
  return rows.filter((_, i) => i !== index);
}

const isBlankRow = (row: CustomFieldRow) => row.key.trim() === '' && row.value.trim() === '';

/** The string map of the rows: names trimmed, empty rows left out (a value keeps its spaces inside). */
export function customFieldsMap(rows: readonly CustomFieldRow[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    Object.defineProperty(map, row.key.trim(), {
      value: row.value.trim(),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return map;
}

/**
 * What the map cannot say by itself: a value without a name, and a name used twice (the second
 * would silently replace the first). Keys are the form's paths (`customFields.2.key`).
 */
export function customFieldRowErrors(rows: readonly CustomFieldRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    const key = row.key.trim();
    if (key === '') errors[`customFields.${index}.key`] = 'Donnez un nom à ce champ';
    else if (seen.has(key)) errors[`customFields.${index}.key`] = 'Ce nom est déjà utilisé';
    seen.add(key);
  });
  return errors;
}

/* ---------------------------------------------------------------------- values ↔ input */

export function prospectFormValues(prospect: Prospect | null): ProspectFormValues {
  if (!prospect) return emptyProspectValues;
  return {
    firstName: prospect.firstName,
    lastName: prospect.lastName ?? '',
    email: prospect.email ?? '',
    phone: prospect.phone ?? '',
    contactLinks: [...prospect.contactLinks],
    observations: prospect.observations ?? '',
    state: prospect.state,
    leadStage: prospect.leadStage,
    nextActivityAt: toPickerValue(prospect.nextActivityAt),
    customFields: customFieldRows(prospect.customFields),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What `POST /prospects` receives: texts trimmed, blanks as null, empty rows left out. */
export function toProspectInput(values: ProspectFormValues): ProspectCreateInput {
  return {
    firstName: values.firstName.trim(),
    lastName: orNull(values.lastName),
    email: orNull(values.email),
    phone: orNull(values.phone),
    contactLinks: values.contactLinks.map((link) => link.trim()).filter((link) => link !== ''),
    observations: orNull(values.observations),
    state: values.state,
    leadStage: values.leadStage,
    nextActivityAt: fromPickerValue(values.nextActivityAt),
    customFields: customFieldsMap(values.customFields),
  };
}

/** The fields of `after` that differ from `before` (what a partial `PUT` sends). */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) changes[key] = after[key];
  }
  return changes;
}

/* ------------------------------------------------------------------------ error paths */

/**
 * The form path of an error on the input's `field`: `contactLinks.1` is the second non-blank link
 * row, `customFields.budget` the row named "budget" (its name when the name is at fault, else its
 * value). Null when no field of the form shows it.
 */
export function formPathOf(field: string, values: ProspectFormValues): string | null {
  const [head, ...rest] = field.split('.');
  const tail = rest.join('.');
  if (head === 'contactLinks') {
    if (tail === '') return 'contactLinks';
    const wanted = Number(tail);
    let seen = -1;
    for (let i = 0; i < values.contactLinks.length; i++) {
      if ((values.contactLinks[i] ?? '').trim() === '') continue;
      seen += 1;
      if (seen === wanted) return `contactLinks.${i}`;
    }
    return 'contactLinks';
  }
  if (head === 'customFields') {
    if (tail === '') return 'customFields';
    const index = values.customFields.findIndex((row) => row.key.trim() === tail);
    if (index === -1) return 'customFields';
    const keyAtFault = tail.length > prospectLimits.customFieldKeyMaxLength;
    return `customFields.${index}.${keyAtFault ? 'key' : 'value'}`;
  }
  return head !== undefined && head in values ? head : null;
}

/**
 * Validation errors (the client's or a 422's) spread over the form: `fields` by form path (the
 * first error of each), `rest` the errors no field shows.
 */
export function spreadErrors(
  items: readonly ValidationErrorItem[],
  values: ProspectFormValues,
  message: (item: ValidationErrorItem) => string = validationMessageFr,
): { fields: Record<string, string>; rest: ValidationErrorItem[] } {
  const fields: Record<string, string> = {};
  const rest: ValidationErrorItem[] = [];
  for (const item of items) {
    const path = formPathOf(item.field, values);
    if (path === null) rest.push(item);
    else fields[path] ??= message(item);
  }
  return { fields, rest };
}

/**
 * The form's `validate`: the shared create schema on what would be sent, the status rule the API
 * applies too (a qualification that contradicts the contact status: `prospectStatusError`), plus the
 * rows' own rules.
 */
export function validateProspectValues(values: ProspectFormValues): Record<string, string> {
  const input = toProspectInput(values);
  const result = prospectCreateSchema.safeParse(input);
  const status = prospectStatusError(input);
  const items = [
    ...(result.success ? [] : toValidationErrors(result.error, input)),
    ...(status ? [status] : []),
  ];
  const fields = items.length > 0 ? spreadErrors(items, values).fields : {};
  return { ...fields, ...customFieldRowErrors(values.customFields) };
}

/* ---------------------------------------------------------------------------- activities */

export interface ActivityFormValues {
  title: string;
  /** The date picker's value (see `PICKER_FORMAT`). */
  dueAt: string | null;
  priority: Priority;
  notes: string;
}

/** A new activity: due tomorrow at 9:00, medium priority. */
export function emptyActivityValues(now = new Date()): ActivityFormValues {
  return {
    title: '',
    dueAt: dayjs(now).add(1, 'day').hour(9).minute(0).second(0).format(PICKER_FORMAT),
    priority: 'medium',
    notes: '',
  };
}

/** What `POST /prospects/{id}/activities` receives (a missing date is left out: "required"). */
export function toActivityInput(values: ActivityFormValues): Partial<ActivityCreateInput> {
  const dueAt = fromPickerValue(values.dueAt);
  return {
    title: values.title.trim(),
    notes: orNull(values.notes),
    priority: values.priority,
    ...(dueAt ? { dueAt } : {}),
  };
}

export function validateActivityValues(values: ActivityFormValues): Record<string, string> {
  const input = toActivityInput(values);
  const result = activityCreateSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const item of toValidationErrors(result.error, input))
    errors[item.field] ??= validationMessageFr(item);
  return errors;
}

/** Open activities first, by due date; then the done ones, the latest done first. */
export function sortActivities(activities: readonly ProspectActivity[]): ProspectActivity[] {
  const time = (value: string | null) => (value ? Date.parse(value) : 0);
  return [...activities].sort((a, b) => {
    if (a.done !== b.done) return a.done ? 1 : -1;
    if (!a.done) return time(a.dueAt) - time(b.dueAt) || a.id - b.id;
    return time(b.doneAt) - time(a.doneAt) || b.id - a.id;
  });
}
