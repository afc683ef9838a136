import { dayjs } from '../../../lib/dayjs';

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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function defaultPeriod(today: string): StatsPeriod {
  return { from: dayjs(today).subtract(11, 'month').startOf('month').format('YYYY-MM-DD'), to: today };
}

function readDay(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim() ?? '';
  return DAY.test(value) && dayjs(value).isValid() && dayjs(value).format('YYYY-MM-DD') === value
    ? value
    : null;
}

export function readPeriod(params: URLSearchParams, today: string): StatsPeriod {
  const fallback = defaultPeriod(today);
  return { from: readDay(params, 'from') ?? fallback.from, to: readDay(params, 'to') ?? fallback.to };
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
