import type { Deal, DealCreateInput, DealUpdateInput, SelectablePipelineStage } from '@closia/shared';

/* The deal form's values (Mantine: selects hold strings, number inputs may hold '') and what the API receives. */

export interface DealFormValues {
  title: string;
  /** Select values: ids as text, null when nothing is chosen. */
  prospectId: string | null;
  infopreneurFormationId: string | null;
  status: SelectablePipelineStage;
  /** 'YYYY-MM-DD' (DatePickerInput), null when blank. */
  expectedCloseDate: string | null;
  probability: number | string;
  observations: string;
}

export const emptyDealValues: DealFormValues = {
  title: '',
  prospectId: null,
  infopreneurFormationId: null,
  status: 'Prospecting',
  expectedCloseDate: null,
  probability: '',
  observations: '',
};

/** A NumberInput's value as a number, or null when blank. */
export function numberOrNull(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim().replace(',', '.');
  if (!trimmed) return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

const idOrUndefined = (value: string | null) => (value ? Number(value) : undefined) as number;

/** What `POST /deals` receives (missing choices stay undefined: the schema names them "required"). */
export function toDealInput(values: DealFormValues): DealCreateInput {
  return {
    title: values.title.trim(),
    prospectId: idOrUndefined(values.prospectId),
    infopreneurFormationId: idOrUndefined(values.infopreneurFormationId),
    status: values.status,
    expectedCloseDate: (values.expectedCloseDate ?? undefined) as string,
    probability: numberOrNull(values.probability),
    observations: values.observations,
  };
}

/** The form's values for an existing deal (its stage is changed by the moves, not by this form). */
export function dealFormValues(deal: Deal): DealFormValues {
  return {
    title: deal.title,
    prospectId: String(deal.prospectId),
    infopreneurFormationId: deal.infopreneurFormationId === null ? null : String(deal.infopreneurFormationId),
    status: 'Prospecting',
    expectedCloseDate: deal.expectedCloseDate?.slice(0, 10) ?? null,
    probability: deal.probability ?? '',
    observations: deal.observations ?? '',
  };
}

const editableFields = [
  'title',
  'prospectId',
  'infopreneurFormationId',
  'expectedCloseDate',
  'probability',
  'observations',
] as const;

/** `PUT /deals/{id}`: the id and only the fields that changed (a closed deal refuses pipeline fields). */
export function changedDealFields(deal: Deal, values: DealFormValues): DealUpdateInput {
  const before = toDealInput(dealFormValues(deal));
  const after = toDealInput(values);
  const changes: Record<string, unknown> = { id: deal.id };
  for (const field of editableFields) {
    if (after[field] !== before[field]) changes[field] = after[field];
  }
  return changes as DealUpdateInput;
}
