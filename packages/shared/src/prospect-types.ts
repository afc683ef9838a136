/**
 * What the prospects API answers (issue 8): prospects, their activities (next steps) and the CSV
 * import. The server's response schemas and the web client both follow these shapes. Dates are
 * ISO 8601 UTC strings.
 */
import type { LeadStage, PipelineStage, Priority, ProspectState } from './enums';
import type { ProspectImportField } from './schemas/prospect';

/** A prospect's earliest open activity, as the list shows it. */
export interface ProspectNextActivity {
  id: number;
  title: string;
  dueAt: string;
  priority: Priority;
}

/** The caller's most recently updated deal on a prospect (`/dashboard/merged`). */
export interface ProspectCurrentDeal {
  id: number;
  title: string;
  /** Pipeline stage (R2 stored as `Role`). */
  status: PipelineStage;
}

/** A prospect: every spec §3 field plus its qualification, next activity and current deal. */
export interface Prospect {
  id: number;
  firstName: string;
  lastName: string | null;
  /** "firstName lastName", or the first name alone. */
  fullName: string;
  contactLinks: string[];
  observations: string | null;
  email: string | null;
  phone: string | null;
  customFields: Record<string, string>;
  /**
   * The due date of the earliest open activity while there is one; otherwise the date the user
   * set (null once the last open activity is done or deleted).
   */
  nextActivityAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Contact status. */
  state: ProspectState | null;
  /** Qualification badge. */
  leadStage: LeadStage | null;
  nextActivity: ProspectNextActivity | null;
  openActivityCount: number;
  currentDeal: ProspectCurrentDeal | null;
}

/** Another prospect of the caller with the same e-mail (case ignored) or the same phone number. */
export interface ProspectDuplicate {
  id: number;
  fullName: string;
  email: string | null;
  phone: string | null;
}

/** `POST /prospects`, `GET|PUT /prospects/{id}`: the prospect and its possible duplicates (a warning). */
export interface ProspectWithDuplicates extends Prospect {
  duplicates: ProspectDuplicate[];
}

/** An activity: a next step of a prospect, with a due date and a priority. */
export interface ProspectActivity {
  id: number;
  prospectId: number;
  prospect: { id: number; fullName: string; nextActivityAt: string | null };
  /** Who created it (null once that account is deleted). */
  userId: number | null;
  title: string;
  notes: string | null;
  dueAt: string;
  priority: Priority;
  done: boolean;
  doneAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Where a CSV column goes: a prospect field, `customFields.<name>` or `ignore`. */
export type ImportTarget = ProspectImportField | 'ignore' | `customFields.${string}`;

/** A line of the import as it would be created. */
export interface ProspectImportPreview {
  /** The line's row number as a spreadsheet shows it (the header is row 1). */
  line: number;
  firstName: string;
  lastName: string | null;
  fullName: string;
  email: string | null;
  phone: string | null;
  observations: string | null;
  state: ProspectState | null;
  leadStage: LeadStage | null;
  contactLinks: string[];
  customFields: Record<string, string>;
  nextActivityAt: string | null;
}

export interface ProspectImportError {
  line: number;
  /** The prospect field (`customFields.budget`, `contactLinks.0`), as in a 422. */
  field: string;
  message: string;
}

/** A valid line skipped because its e-mail or phone is already known. */
export interface ProspectImportDuplicate {
  line: number;
  fullName: string;
  email: string | null;
  phone: string | null;
  /** The existing prospect it matches, or null when it matches an earlier line of the file. */
  existingId: number | null;
  /** The earlier line of the file it matches, or null. */
  firstLine: number | null;
}

/** `POST /prospects/import` (dry run or real run). */
export interface ProspectImportResult {
  dryRun: boolean;
  /** Every header of the file with its target: the one sent, or the guessed one. */
  mapping: Record<string, ImportTarget>;
  /** The file's headers, in order (blank ones named "Colonne N", repeated ones suffixed " (2)"). */
  headers: string[];
  /** Data lines (blank lines aside). */
  total: number;
  /** Lines that pass the prospect schema, duplicates included. */
  valid: number;
  /** Lines that do not (see `errors`). */
  invalid: number;
  /** Valid lines skipped as duplicates (see `duplicateLines`). */
  duplicates: number;
  /** Prospects created: 0 on a dry run, else valid − duplicates. */
  imported: number;
  /** At most 1,000, in line order. */
  errors: ProspectImportError[];
  /** At most 1,000, in line order. */
  duplicateLines: ProspectImportDuplicate[];
  /** The first 20 lines that would be created. */
  preview: ProspectImportPreview[];
}
