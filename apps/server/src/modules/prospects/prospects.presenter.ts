import {
  type Prospect,
  type ProspectActivity,
  type ProspectCurrentDeal,
  type ProspectNextActivity,
  paginated,
  prospectActivityResponse,
  prospectDuplicateResponse,
  prospectImportResultResponse,
  prospectResponse,
  prospectWithDuplicatesResponse,
} from '@closia/shared';
import { getTableColumns } from 'drizzle-orm';
import { type prospectActivities, prospects } from '../../db/schema';

/** A prospect's columns but the ones a trigger keeps for the list's search and sort (never shown). */
const { searchText: _searchText, sortName: _sortName, ...prospectShown } = getTableColumns(prospects);
export const prospectColumns = prospectShown;
export type ProspectRow = Omit<typeof prospects.$inferSelect, 'searchText' | 'sortName'>;
export type ActivityRow = typeof prospectActivities.$inferSelect;

// Response schemas of prospects, activities and the CSV import (shared with the web's types).
export const prospectPage = paginated(prospectResponse);
export const activityPage = paginated(prospectActivityResponse);
export {
  prospectActivityResponse as activityResponse,
  prospectDuplicateResponse,
  prospectImportResultResponse as importResultResponse,
  prospectResponse,
  prospectWithDuplicatesResponse,
};

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
