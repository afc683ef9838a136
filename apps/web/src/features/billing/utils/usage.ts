import { type PlanLimit, planLimitLabels } from '@closia/shared';

/** One line of the usage bars: the limit's French name, "2 / 10" or "illimité", and the bar's fill. */
export interface UsageLine {
  label: string;
  value: string;
  /** 0–100; null for an unlimited limit (no bar). */
  percent: number | null;
  /** At or above the limit. */
  full: boolean;
  /** Not included in the plan (max 0). */
  excluded: boolean;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function usageLine(limit: PlanLimit, current: number, max: number | null): UsageLine {
  const label = capitalise(planLimitLabels[limit].many);
  const count = current.toLocaleString('fr-FR');
  if (max === null)
    return { label, value: `${count} · illimité`, percent: null, full: false, excluded: false };
  if (max === 0) return { label, value: 'non inclus', percent: 0, full: current > 0, excluded: true };
  return {
    label,
    value: `${count} / ${max.toLocaleString('fr-FR')}`,
    percent: Math.min(100, Math.round((current / max) * 100)),
    full: current >= max,
    excluded: false,
  };
}
