/**
 * What a prospect's contact status (`state`) and its qualification (`leadStage`) may not say
 * together, written once: the API refuses such a pair (create, update, CSV import), the form
 * says so before sending, and the demo seed follows it.
 *
 * A qualification "Conclu" (won) does not go with a refusal ("Pas intéressé", "Rejeté"); a
 * qualification "Perdu" does not go with "Succès". Either field may be empty: nothing to compare.
 */
import type { ValidationErrorItem } from './api-types';
import type { LeadStage, ProspectState } from './enums';
import { validationMessage } from './validation';

/** The contact statuses each qualification contradicts (the others go with anything). */
export const contradictoryProspectStates: Readonly<Partial<Record<LeadStage, readonly ProspectState[]>>> = {
  closed: ['not_interested', 'rejected'],
  lost: ['success'],
};

/** Whether a contact status and a qualification contradict each other. */
export function prospectStatusConflict(
  state: ProspectState | null | undefined,
  leadStage: LeadStage | null | undefined,
): boolean {
  if (!state || !leadStage) return false;
  return contradictoryProspectStates[leadStage]?.includes(state) ?? false;
}

/** The 422 item of a contradicting pair (on `leadStage`, rule `leadStageState`), or null. */
export function prospectStatusError(prospect: {
  state?: ProspectState | null;
  leadStage?: LeadStage | null;
}): ValidationErrorItem | null {
  if (!prospectStatusConflict(prospect.state, prospect.leadStage)) return null;
  const meta = { state: prospect.state };
  return {
    field: 'leadStage',
    rule: 'leadStageState',
    message: validationMessage('leadStageState', 'leadStage', meta),
    meta,
  };
}

/**
 * The import targets (`POST /prospects/import` mapping) that several columns of a file may fill:
 * their values are put together (the links of every column, the observations one per line; ignored
 * columns go nowhere). Any other target, a field or a custom field, takes one column at most: the
 * server refuses a mapping that gives it two, the import wizard flags the second one.
 */
export const multiColumnImportTargets = ['contactLinks', 'observations', 'ignore'] as const;

/** Whether several columns may go to this import target (`multiColumnImportTargets`). */
export function acceptsSeveralColumns(target: string): boolean {
  return (multiColumnImportTargets as readonly string[]).includes(target);
}
