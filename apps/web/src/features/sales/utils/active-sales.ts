import type { Deal } from '@closia/shared';
import { isOpenStage } from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';

/*
 * `/dashboard/active-sales`: the open deals by expected close date, the overdue ones first (the most
 * overdue at the top), then the coming ones (the soonest first), then those without a date.
 */

/** Whole days between a deal's expected close date and `today` ('YYYY-MM-DD'): > 0 when overdue. */
export function daysOverdue(deal: Pick<Deal, 'expectedCloseDate'>, today: string): number {
  if (!deal.expectedCloseDate) return 0;
  return Math.max(0, dayjs(today).diff(dayjs(deal.expectedCloseDate.slice(0, 10)), 'day'));
}

/** Days until the expected close date (0 today, negative when overdue), null without a date. */
export function daysUntilClose(deal: Pick<Deal, 'expectedCloseDate'>, today: string): number | null {
  if (!deal.expectedCloseDate) return null;
  return dayjs(deal.expectedCloseDate.slice(0, 10)).diff(dayjs(today), 'day');
}

type Sortable = Pick<Deal, 'id' | 'status' | 'expectedCloseDate' | 'title'>;

function group(deal: Sortable, today: string): number {
  if (!deal.expectedCloseDate) return 2;
  return daysOverdue(deal, today) > 0 ? 0 : 1;
}

/** The open deals, overdue first, then by expected close date; ties by title, then id. */
export function sortActiveDeals<T extends Sortable>(deals: readonly T[], today: string): T[] {
  return deals
    .filter((deal) => isOpenStage(deal.status))
    .sort((a, b) => {
      const byGroup = group(a, today) - group(b, today);
      if (byGroup !== 0) return byGroup;
      const byDate = (a.expectedCloseDate ?? '').localeCompare(b.expectedCloseDate ?? '');
      if (byDate !== 0) return byDate;
      return a.title.localeCompare(b.title, 'fr') || a.id - b.id;
    });
}
