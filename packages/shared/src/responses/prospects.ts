/**
 * What the prospects API answers (issue 8): prospects, their activities (next steps) and the CSV
 * import.
 */
import { z } from 'zod';
import { leadStages, pipelineStages, priorities, prospectStates } from '../enums';
import { textField } from '../schemas/fields';
import type { ProspectImportField } from '../schemas/prospect';

/** A prospect's earliest open activity, as the list shows it. */
export const prospectNextActivityResponse = z.object({
  id: z.number(),
  title: textField(),
  dueAt: textField(),
  priority: z.enum(priorities),
});
export type ProspectNextActivity = z.infer<typeof prospectNextActivityResponse>;

/** The caller's most recently updated deal on a prospect (`/dashboard/merged`). */
export const prospectCurrentDealResponse = z.object({
  id: z.number(),
  title: textField(),
  status: z.enum(pipelineStages).meta({ description: 'Pipeline stage (R2 stored as `Role`).' }),
});
export type ProspectCurrentDeal = z.infer<typeof prospectCurrentDealResponse>;

/** A prospect: every spec §3 field plus its qualification, next activity and current deal. */
export const prospectResponse = z.object({
  id: z.number(),
  firstName: textField(),
  lastName: textField().nullable(),
  fullName: textField().meta({ description: '"firstName lastName", or the first name alone.' }),
  contactLinks: z.array(textField()),
  observations: textField().nullable(),
  email: textField().nullable(),
  phone: textField().nullable(),
  customFields: z.record(textField(), textField()),
  nextActivityAt: textField().nullable().meta({
    description:
      'The due date of the earliest open activity while there is one; otherwise the date the user set (null once the last open activity is done or deleted).',
  }),
  createdAt: textField(),
  updatedAt: textField(),
  state: z.enum(prospectStates).nullable().meta({ description: 'Contact status.' }),
  leadStage: z.enum(leadStages).nullable().meta({ description: 'Qualification badge.' }),
  nextActivity: prospectNextActivityResponse.nullable(),
  openActivityCount: z.number(),
  currentDeal: prospectCurrentDealResponse.nullable(),
});
export type Prospect = z.infer<typeof prospectResponse>;

/** Another prospect of the caller with the same e-mail (case ignored) or the same phone number. */
export const prospectDuplicateResponse = z.object({
  id: z.number(),
  fullName: textField(),
  email: textField().nullable(),
  phone: textField().nullable(),
});
export type ProspectDuplicate = z.infer<typeof prospectDuplicateResponse>;

/** `POST /prospects`, `GET|PUT /prospects/{id}`: the prospect and its possible duplicates (a warning). */
export const prospectWithDuplicatesResponse = prospectResponse.extend({
  duplicates: z.array(prospectDuplicateResponse),
});
export type ProspectWithDuplicates = z.infer<typeof prospectWithDuplicatesResponse>;

/** An activity: a next step of a prospect, with a due date and a priority. */
export const prospectActivityResponse = z.object({
  id: z.number(),
  prospectId: z.number(),
  prospect: z.object({ id: z.number(), fullName: textField(), nextActivityAt: textField().nullable() }),
  userId: z.number().nullable().meta({ description: 'Who created it (null once that account is deleted).' }),
  title: textField(),
  notes: textField().nullable(),
  dueAt: textField(),
  priority: z.enum(priorities),
  done: z.boolean(),
  doneAt: textField().nullable(),
  createdAt: textField(),
  updatedAt: textField(),
});
export type ProspectActivity = z.infer<typeof prospectActivityResponse>;

/** Where a CSV column goes: a prospect field, `customFields.<name>` or `ignore`. */
export type ImportTarget = ProspectImportField | 'ignore' | `customFields.${string}`;

/** A line of the import as it would be created. */
export const prospectImportPreviewResponse = z.object({
  line: z.number().meta({
    description: "The line's row number as a spreadsheet shows it (the header is row 1).",
  }),
  firstName: textField(),
  lastName: textField().nullable(),
  fullName: textField(),
  email: textField().nullable(),
  phone: textField().nullable(),
  observations: textField().nullable(),
  state: z.enum(prospectStates).nullable(),
  leadStage: z.enum(leadStages).nullable(),
  contactLinks: z.array(textField()),
  customFields: z.record(textField(), textField()),
  nextActivityAt: textField().nullable(),
});
export type ProspectImportPreview = z.infer<typeof prospectImportPreviewResponse>;

export const prospectImportErrorResponse = z.object({
  line: z.number(),
  field: textField().meta({
    description: 'The prospect field (`customFields.budget`, `contactLinks.0`), as in a 422.',
  }),
  message: textField(),
});
export type ProspectImportError = z.infer<typeof prospectImportErrorResponse>;

/** A valid line skipped because its e-mail or phone is already known. */
export const prospectImportDuplicateResponse = z.object({
  line: z.number(),
  fullName: textField(),
  email: textField().nullable(),
  phone: textField().nullable(),
  existingId: z.number().nullable().meta({
    description: 'The existing prospect it matches, or null when it matches an earlier line of the file.',
  }),
  firstLine: z.number().nullable().meta({ description: 'The earlier line of the file it matches, or null.' }),
});
export type ProspectImportDuplicate = z.infer<typeof prospectImportDuplicateResponse>;

/** `POST /prospects/import` (dry run or real run). */
export const prospectImportResultResponse = z.object({
  dryRun: z.boolean(),
  mapping: z.record(textField(), textField()).meta({
    description:
      'Every header of the file with its target (an `ImportTarget`): the one sent, or the guessed one.',
  }),
  headers: z.array(textField()).meta({
    description:
      'The file\'s headers, in order (blank ones named "Colonne N", repeated ones suffixed " (2)").',
  }),
  total: z.number().meta({ description: 'Data lines (blank lines aside).' }),
  valid: z.number().meta({ description: 'Lines that pass the prospect schema, duplicates included.' }),
  invalid: z.number().meta({ description: 'Lines that do not (see `errors`).' }),
  duplicates: z.number().meta({ description: 'Valid lines skipped as duplicates (see `duplicateLines`).' }),
  imported: z.number().meta({ description: 'Prospects created: 0 on a dry run, else valid − duplicates.' }),
  errors: z.array(prospectImportErrorResponse).meta({ description: 'At most 1,000, in line order.' }),
  duplicateLines: z
    .array(prospectImportDuplicateResponse)
    .meta({ description: 'At most 1,000, in line order.' }),
  preview: z
    .array(prospectImportPreviewResponse)
    .meta({ description: 'The first 20 lines that would be created.' }),
});
export type ProspectImportResult = z.infer<typeof prospectImportResultResponse>;
