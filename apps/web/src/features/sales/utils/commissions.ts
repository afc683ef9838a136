import type { CommissionLine, CommissionStatus, Deal } from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';

/* The commission ledger as the sales pages show it. */

export const commissionStatusColors: Record<CommissionStatus, string> = {
  pending: 'gray',
  due: 'orange',
  paid: 'green',
  clawed_back: 'red',
};

/** Whether the payer may mark a line paid: it is still owed (pending or due). */
export function isPayable(line: Pick<CommissionLine, 'status'>): boolean {
  return line.status === 'pending' || line.status === 'due';
}

/** The longest period `GET /commissions` accepts, in days. */
const MAX_PERIOD_DAYS = 1830;

/**
 * The period of `GET /commissions` that holds a won deal's lines: from its win to its last monthly
 * instalment (twelve at most), or to its refund when that came later (the claw-back lines are dated
 * then); at most five years. Null for a deal never won.
 */
export function commissionPeriodOf(
  deal: Pick<Deal, 'status' | 'closedAt' | 'refundedAt'>,
): { from: string; to: string } | null {
  if (deal.status !== 'Closed' || !deal.closedAt) return null;
  const won = dayjs(deal.closedAt);
  const from = won.subtract(1, 'day');
  let to = won.add(12, 'month').endOf('month');
  if (deal.refundedAt && dayjs(deal.refundedAt).isAfter(to)) to = dayjs(deal.refundedAt).add(1, 'day');
  const latest = from.add(MAX_PERIOD_DAYS, 'day');
  if (to.isAfter(latest)) to = latest;
  return { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') };
}

/** "Échéance 2/3" for an instalment of several, nothing for a single payment. */
export function instalmentText(line: Pick<CommissionLine, 'instalment' | 'instalments'>): string {
  return line.instalments > 1 ? `Échéance ${line.instalment}/${line.instalments}` : '';
}
