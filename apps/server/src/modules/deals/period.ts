import type { PeriodQuery } from '@closia/shared';
import { fieldError } from '../../lib/errors';
import { addMonths, today } from './ledger';

/** The longest period a report covers (five years, in days). */
export const MAX_PERIOD_DAYS = 1830;

export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 24 * 3600_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The first day of the month of `day`. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * `from`/`to` with their defaults — `from`: the first day of the month eleven months back (twelve
 * months with the current one); `to`: today, or `defaultMonthsAhead` months ahead to the end of
 * that month — checked: `to` not before `from` (422 `afterOrEqual`), at most five years (422 `dateSpan`).
 */
export function resolvePeriod(query: PeriodQuery, options: { defaultMonthsAhead?: number } = {}): Period {
  const now = today();
  const ahead = options.defaultMonthsAhead ?? 0;
  const from = query.from ?? addMonths(monthStart(query.to ?? now), -11);
  const defaultTo = ahead > 0 ? monthEnd(addMonths(now, ahead)) : now;
  // A `from` alone in the future runs to its own day rather than failing on a `to` nobody sent.
  const to = query.to ?? (defaultTo < from ? from : defaultTo);
  if (to < from) throw fieldError('to', 'afterOrEqual', undefined, { otherField: 'from' });
  if (dayNumber(to) - dayNumber(from) > MAX_PERIOD_DAYS) {
    throw fieldError('to', 'dateSpan', undefined, { max: MAX_PERIOD_DAYS, otherField: 'from' });
  }
  return { from, to };
}

/** The last day of the month of `day`. */
export function monthEnd(day: string): string {
  const next = Date.parse(`${addMonths(monthStart(day), 1)}T00:00:00Z`);
  return new Date(next - DAY_MS).toISOString().slice(0, 10);
}

/** Every month 'YYYY-MM' of the period, in order. */
export function monthsOf({ from, to }: Period): string[] {
  const months: string[] = [];
  for (let month = monthStart(from); month <= to; month = addMonths(month, 1)) months.push(month.slice(0, 7));
  return months;
}
