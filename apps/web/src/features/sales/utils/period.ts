import { periodQuerySchema } from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';
import { urlState } from '../../../lib/url-state';

/*
 * The stats page's period, kept in the address (`?from=2025-01-01&to=2025-12-31`); by default the
 * last twelve months: from the first day of the month eleven months back to today (the API's own default).
 */

export interface StatsPeriod {
  from: string;
  to: string;
}

/** The longest period the API reports on, in days. */
export const MAX_PERIOD_DAYS = 1830;

export function defaultPeriod(today: string): StatsPeriod {
  return { from: dayjs(today).subtract(11, 'month').startOf('month').format('YYYY-MM-DD'), to: today };
}

/** The period in the address, read with the API's own schema; a day left out or invalid is the default's. */
export function periodState(today: string) {
  return urlState(periodQuerySchema, defaultPeriod(today));
}

/** What is wrong with a period, in French (null when the API will take it). */
export function periodProblem(period: StatsPeriod): string | null {
  if (period.to < period.from) return 'La fin de la période ne peut pas précéder son début.';
  if (dayjs(period.to).diff(dayjs(period.from), 'day') > MAX_PERIOD_DAYS) {
    return 'La période ne doit pas dépasser cinq ans.';
  }
  return null;
}

/**
 * The period of the commissions summary: the stats period, and when it runs to today or later, the
 * twelve months ahead too (where the coming instalments fall); at most five years.
 */
export function commissionsPeriod(period: StatsPeriod, today: string): StatsPeriod {
  if (period.to < today) return period;
  const ahead = dayjs(today).add(12, 'month').endOf('month');
  const latest = dayjs(period.from).add(MAX_PERIOD_DAYS, 'day');
  const to = ahead.isAfter(latest) ? latest : ahead;
  return { from: period.from, to: to.isAfter(dayjs(period.to)) ? to.format('YYYY-MM-DD') : period.to };
}
