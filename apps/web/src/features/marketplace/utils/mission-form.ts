import type { Mission, MissionType, MissionUpdateInput } from '@closia/shared';
import type { MissionCreateBody } from '../api/create-mission';

/* The mission form's values and what the API receives from them. */

export interface MissionFormValues {
  title: string;
  description: string;
  missionType: MissionType | null;
  minConversionRate: number | string;
  minExperience: number | string;
  ticket: number | string;
}

export const emptyMissionValues: MissionFormValues = {
  title: '',
  description: '',
  missionType: null,
  minConversionRate: '',
  minExperience: '',
  ticket: '',
};

export function missionFormValues(mission: Mission | null): MissionFormValues {
  if (!mission) return emptyMissionValues;
  return {
    title: mission.title,
    description: mission.description ?? '',
    missionType: mission.missionType,
    minConversionRate: mission.minConversionRate ?? '',
    minExperience: mission.minExperience ?? '',
    ticket: mission.ticket ?? '',
  };
}

const numberOrUndefined = (value: number | string) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** `POST /missions`' payload: blank optional fields left out (the ticket: null). */
export function toMissionInput(values: MissionFormValues, serviceId: number): MissionCreateBody {
  return {
    title: values.title.trim(),
    description: values.description.trim() || undefined,
    missionType: values.missionType as MissionType,
    minConversionRate: numberOrUndefined(values.minConversionRate),
    minExperience: numberOrUndefined(values.minExperience),
    serviceId,
    ticket: numberOrUndefined(values.ticket) ?? null,
  };
}

/** `PUT /missions/{id}`' payload: what changed; a cleared field is sent as null. */
export function missionChanges(mission: Mission, values: MissionFormValues): MissionUpdateInput {
  const next = toMissionInput(values, mission.serviceId);
  const changes: MissionUpdateInput = {};
  if (next.title !== mission.title) changes.title = next.title;
  if ((next.description ?? null) !== mission.description) changes.description = next.description ?? null;
  if (next.missionType !== mission.missionType) changes.missionType = next.missionType;
  if ((next.minConversionRate ?? null) !== mission.minConversionRate) {
    changes.minConversionRate = next.minConversionRate ?? null;
  }
  if ((next.minExperience ?? null) !== mission.minExperience)
    changes.minExperience = next.minExperience ?? null;
  if ((next.ticket ?? null) !== mission.ticket) changes.ticket = next.ticket ?? null;
  return changes;
}
