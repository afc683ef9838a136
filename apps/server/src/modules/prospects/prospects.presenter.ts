import {
  leadStages,
  type Prospect,
  type ProspectActivity,
  type ProspectCurrentDeal,
  type ProspectDuplicate,
  type ProspectImportResult,
  type ProspectNextActivity,
  type ProspectWithDuplicates,
  pipelineStages,
  priorities,
  prospectStates,
} from '@closia/shared';
import { z } from 'zod';
import type { prospectActivities, prospects } from '../../db/schema';
import { paginationMetaResponse } from '../../lib/pagination';

export type ProspectRow = typeof prospects.$inferSelect;
export type ActivityRow = typeof prospectActivities.$inferSelect;

const nextActivityResponse = z.object({
  id: z.number(),
  title: z.string(),
  dueAt: z.string(),
  priority: z.enum(priorities),
}) satisfies z.ZodType<ProspectNextActivity>;

const currentDealResponse = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(pipelineStages),
}) satisfies z.ZodType<ProspectCurrentDeal>;

export const prospectResponse = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  contactLinks: z.array(z.string()),
  observations: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  customFields: z.record(z.string(), z.string()),
  nextActivityAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  state: z.enum(prospectStates).nullable(),
  leadStage: z.enum(leadStages).nullable(),
  nextActivity: nextActivityResponse.nullable(),
  openActivityCount: z.number(),
  currentDeal: currentDealResponse.nullable(),
}) satisfies z.ZodType<Prospect>;

export const prospectDuplicateResponse = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
}) satisfies z.ZodType<ProspectDuplicate>;

export const prospectWithDuplicatesResponse = prospectResponse.extend({
  duplicates: z.array(prospectDuplicateResponse),
}) satisfies z.ZodType<ProspectWithDuplicates>;

export const prospectPage = z.object({ data: z.array(prospectResponse), meta: paginationMetaResponse });

export const activityResponse = z.object({
  id: z.number(),
  prospectId: z.number(),
  prospect: z.object({ id: z.number(), fullName: z.string(), nextActivityAt: z.string().nullable() }),
  userId: z.number().nullable(),
  title: z.string(),
  notes: z.string().nullable(),
  dueAt: z.string(),
  priority: z.enum(priorities),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<ProspectActivity>;

export const activityPage = z.object({ data: z.array(activityResponse), meta: paginationMetaResponse });

const previewResponse = z.object({
  line: z.number(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  observations: z.string().nullable(),
  state: z.enum(prospectStates).nullable(),
  leadStage: z.enum(leadStages).nullable(),
  contactLinks: z.array(z.string()),
  customFields: z.record(z.string(), z.string()),
  nextActivityAt: z.string().nullable(),
});

export const importResultResponse = z.object({
  dryRun: z.boolean(),
  mapping: z.record(z.string(), z.string()),
  headers: z.array(z.string()),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  imported: z.number(),
  errors: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })),
  duplicateLines: z.array(
    z.object({
      line: z.number(),
      fullName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      existingId: z.number().nullable(),
      firstLine: z.number().nullable(),
    }),
  ),
  preview: z.array(previewResponse),
}) satisfies z.ZodType<Omit<ProspectImportResult, 'mapping'>>;

/** "Jean Martin", or "Jean" without a last name. */
export function fullNameOf(firstName: string, lastName: string | null): string {
  return lastName ? `${firstName} ${lastName}` : firstName;
}

export interface ProspectExtras {
  nextActivity: ProspectNextActivity | null;
  openActivityCount: number;
  currentDeal: ProspectCurrentDeal | null;
}

export function presentProspect(row: ProspectRow, extras: ProspectExtras): Prospect {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullNameOf(row.firstName, row.lastName),
    contactLinks: row.contactLinks,
    observations: row.observations,
    email: row.email,
    phone: row.phone,
    customFields: row.customFields ?? {},
    nextActivityAt: row.nextActivityAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    state: row.state as Prospect['state'],
    leadStage: row.leadStage as Prospect['leadStage'],
    nextActivity: extras.nextActivity,
    openActivityCount: extras.openActivityCount,
    currentDeal: extras.currentDeal,
  };
}

export function presentActivity(
  row: ActivityRow,
  prospect: { id: number; firstName: string; lastName: string | null; nextActivityAt: Date | null },
): ProspectActivity {
  return {
    id: row.id,
    prospectId: row.prospectId,
    prospect: {
      id: prospect.id,
      fullName: fullNameOf(prospect.firstName, prospect.lastName),
      nextActivityAt: prospect.nextActivityAt?.toISOString() ?? null,
    },
    userId: row.userId,
    title: row.title,
    notes: row.notes,
    dueAt: row.dueAt.toISOString(),
    priority: row.priority as ProspectActivity['priority'],
    done: row.doneAt !== null,
    doneAt: row.doneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
