/**
 * Prospects and their activities (issue 8): the request schemas of `/api/v1/prospects`,
 * `/api/v1/activities` and the CSV import. Spec §5 rules (firstName 2–50, lastName 2–50 optional
 * and nullable, contactLinks a list, observations / email / phone optional and nullable,
 * customFields a string map, nextActivityAt a UTC date, state enumerated), extended with the
 * limits a stored row needs (links are http(s) URLs, at most 20; at most 30 custom fields…).
 */
import { z } from 'zod';
import { leadStages, priorities, prospectStates, sortOrders } from '../enums';
import {
  blankToNull,
  checkboxValue,
  emailField,
  enumField,
  idField,
  idParam,
  limits,
  textField,
  urlField,
  utcDateTime,
} from './fields';
import { pageParam as page, perPageParam as perPage, queryList } from './query';

export const prospectLimits = {
  contactLinksMax: 20,
  customFieldsMax: 30,
  customFieldKeyMaxLength: 50,
  customFieldValueMaxLength: 500,
  observationsMaxLength: limits.descriptionMaxLength,
  phoneMaxLength: 50,
  activityTitleMinLength: 2,
  activityTitleMaxLength: 100,
  activityNotesMaxLength: limits.descriptionMaxLength,
  /** CSV import: the file's size and its number of data lines. */
  importMaxBytes: 2 * 1024 * 1024,
  importMaxLines: 10_000,
} as const;

const name = () => textField().trim().min(limits.nameMinLength).max(limits.nameMaxLength);

/** A string map of at most 30 keys (1–50 characters) whose values have at most 500 characters. */
export function customFieldsField() {
  return z
    .record(
      textField().trim().min(1).max(prospectLimits.customFieldKeyMaxLength),
      textField().max(prospectLimits.customFieldValueMaxLength),
    )
    .refine((map) => Object.keys(map).length <= prospectLimits.customFieldsMax, {
      message: 'Too many keys',
      params: { rule: 'maxKeys', max: prospectLimits.customFieldsMax },
    });
}

/** Every field of a prospect, without defaults (the update takes them as they are, each optional). */
const prospectFields = {
  firstName: name(),
  lastName: blankToNull(name()),
  contactLinks: z.array(urlField()).max(prospectLimits.contactLinksMax),
  observations: blankToNull(textField().trim().max(prospectLimits.observationsMaxLength)),
  email: blankToNull(emailField()),
  phone: blankToNull(textField().trim().max(prospectLimits.phoneMaxLength)),
  customFields: customFieldsField(),
  /**
   * Set by the user; while the prospect has open activities the server keeps it equal to the due
   * date of the earliest one (whatever is sent).
   */
  nextActivityAt: blankToNull(utcDateTime()),
  /** Contact status; null clears it. */
  state: enumField(prospectStates).nullable().optional(),
  /** Qualification (lead stage), shown as a badge; null clears it. */
  leadStage: enumField(leadStages).nullable().optional(),
};

/** `POST /prospects`; also what each line of a CSV import must pass. */
export const prospectCreateSchema = z.object({
  ...prospectFields,
  contactLinks: prospectFields.contactLinks.default([]),
  customFields: prospectFields.customFields.default({}),
});
export type ProspectCreateInput = z.infer<typeof prospectCreateSchema>;

/**
 * `PUT /prospects/{id}`: a partial update (only the fields sent change). The spec's update schema
 * carries the positive integer `id`: optional here, and when sent it must be the path's id.
 */
export const prospectUpdateSchema = z.object(prospectFields).partial().extend({ id: idField().optional() });
export type ProspectUpdateInput = z.infer<typeof prospectUpdateSchema>;

/** `nextActivity=` filter of the prospect list, on Europe/Paris calendar days. */
export const nextActivityFilters = ['overdue', 'today', 'week'] as const;
export type NextActivityFilter = (typeof nextActivityFilters)[number];
export const nextActivityFilterLabels: Record<NextActivityFilter, string> = {
  overdue: 'En retard',
  today: 'Aujourd’hui',
  week: '7 prochains jours',
};

export const prospectSortFields = ['name', 'createdAt', 'updatedAt', 'nextActivityAt'] as const;
export type ProspectSortField = (typeof prospectSortFields)[number];
export const prospectSortFieldLabels: Record<ProspectSortField, string> = {
  name: 'Nom',
  createdAt: 'Date de création',
  updatedAt: 'Dernière modification',
  nextActivityAt: 'Prochaine activité',
};

/** The filters of `GET /prospects` and `GET /prospects/export` (the export ignores the page). */
export const prospectListSchema = z.object({
  /** Words searched in the first and last name, e-mail and phone (case and accents ignored). */
  query: textField().trim().max(limits.searchQueryMaxLength).optional(),
  /** One or more contact statuses: `state=follow_up` or `state=follow_up,prospecting`. */
  state: queryList(enumField(prospectStates)).optional(),
  leadStage: queryList(enumField(leadStages)).optional(),
  nextActivity: enumField(nextActivityFilters).optional(),
  sortBy: enumField(prospectSortFields).optional(),
  sortOrder: enumField(sortOrders).optional(),
  page: page().default(1),
  perPage: perPage().default(20),
});
export type ProspectListInput = z.infer<typeof prospectListSchema>;

// Activities: a prospect's next steps.

const activityFields = {
  title: textField()
    .trim()
    .min(prospectLimits.activityTitleMinLength)
    .max(prospectLimits.activityTitleMaxLength),
  notes: blankToNull(textField().trim().max(prospectLimits.activityNotesMaxLength)),
  dueAt: utcDateTime(),
  priority: enumField(priorities),
};

/** `POST /prospects/{id}/activities`. */
export const activityCreateSchema = z.object({
  ...activityFields,
  priority: activityFields.priority.default('medium'),
});
export type ActivityCreateInput = z.infer<typeof activityCreateSchema>;

/** `PUT /activities/{id}`: partial; `done: true` marks it done (now), `false` opens it again. */
export const activityUpdateSchema = z
  .object(activityFields)
  .partial()
  .extend({ done: z.boolean().optional() });
export type ActivityUpdateInput = z.infer<typeof activityUpdateSchema>;

export const activityDueFilters = ['overdue', 'today', 'week', 'all'] as const;
export type ActivityDueFilter = (typeof activityDueFilters)[number];

/** `GET /activities`. */
export const activityListSchema = z.object({
  due: enumField(activityDueFilters).default('all'),
  /** 1: done ones only, 0: open ones only; absent: both. */
  done: checkboxValue().optional(),
  prospectId: idParam().optional(),
  page: page().default(1),
  perPage: perPage().default(50),
});
export type ActivityListInput = z.infer<typeof activityListSchema>;

// CSV import.

/** The prospect fields a CSV column may fill (`customFields.<name>` and `ignore` aside). */
export const prospectImportFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'observations',
  'state',
  'leadStage',
  'contactLinks',
  'nextActivityAt',
] as const;
export type ProspectImportField = (typeof prospectImportFields)[number];
export const prospectImportFieldLabels: Record<ProspectImportField | 'ignore', string> = {
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  observations: 'Observations',
  state: 'Statut',
  leadStage: 'Qualification',
  contactLinks: 'Liens',
  nextActivityAt: 'Prochaine activité',
  ignore: 'Ignorer',
};
export const CUSTOM_FIELD_PREFIX = 'customFields.';

/** True for a mapping target: a field above, `ignore`, or `customFields.<name>` (name 1–50 characters). */
export function isImportTarget(value: string): boolean {
  if (value === 'ignore' || (prospectImportFields as readonly string[]).includes(value)) return true;
  if (!value.startsWith(CUSTOM_FIELD_PREFIX)) return false;
  const key = value.slice(CUSTOM_FIELD_PREFIX.length).trim();
  return key.length > 0 && key.length <= prospectLimits.customFieldKeyMaxLength;
}

/** The `mapping` form field, once parsed from JSON: CSV header → target. */
export const importMappingSchema = z.record(
  textField().max(200),
  textField().refine(isImportTarget, { message: 'Invalid target', params: { rule: 'in' } }),
);
export type ImportMapping = z.infer<typeof importMappingSchema>;
