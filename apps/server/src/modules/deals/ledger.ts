/**
 * The commission ledger: what a won deal earns its sellers, in integer euro cents.
 *
 * Pure rules first (unit-tested in ledger.test.ts), then the writers that apply them inside the
 * caller's transaction. Rules (docs/decisions/009-deals-and-commission-ledger.md):
 * - commission = amount × rate, rate a numeric(5,2) percent read as basis points, rounded half-up;
 * - with a setter: setter share = commission × setterSharePercent (the mission's, default 30),
 *   rounded half-up; the closer gets the rest. Alone: the seller gets it all. Nobody is paid by
 *   themselves (an infopreneur selling their own offer earns no line);
 * - each share is split in N instalments summing exactly to it, the remainder cents on the first;
 *   instalment k (0-based) is due on the win date + k months (day clamped to the month's end);
 * - lines are stored `pending`; one whose due date has come is answered `due` (computed on read,
 *   never written: no job, and a GET never writes);
 * - a refund claws back: unpaid lines become `clawed_back`; paid lines stay paid and each gets a
 *   negative `clawed_back` correction line dated the refund day, so that the sums stay right.
 */
import type { CommissionRole, CommissionStatus, CommissionSums } from '@closia/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { commissionLines } from '../../db/schema';

export const DEFAULT_SETTER_SHARE_PERCENT = 30;

/** A percent rate with two decimals (numeric(5,2)) as whole basis points: 12.5 → 1250. */
export function rateBasisPoints(rate: number): number {
  return Math.round(rate * 100);
}

/** Euros (at most two decimals) → cents, without float drift: 0.29 → 29. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

/** `numerator / denominator` rounded half-up, for non-negative integers. */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/**
 * The commission of a sale: amount × rate %, rounded half-up to the cent (in BigInt: an offer's
 * price in cents times basis points may pass 2^53).
 */
export function commissionCents(amountCents: number, rate: number): number {
  const product = BigInt(amountCents) * BigInt(rateBasisPoints(rate));
  return Number((product * 2n + 10_000n) / 20_000n);
}

export interface Share {
  beneficiaryId: number;
  role: CommissionRole;
  cents: number;
}

/**
 * Who earns what of a commission: setter and closer by the setter's percent (setter rounded
 * half-up, the closer the rest), or the lone seller everything. Shares of 0 and shares the payer
 * would pay to themselves are left out.
 */
export function splitCommission(input: {
  commissionCents: number;
  ownerId: number;
  setterId: number | null;
  payerId: number | null;
  setterSharePercent: number;
}): Share[] {
  const { commissionCents: total, ownerId, setterId, payerId } = input;
  const shares: Share[] =
    setterId === null
      ? [{ beneficiaryId: ownerId, role: 'seller', cents: total }]
      : (() => {
          const setterCents = divideHalfUp(total * input.setterSharePercent, 100);
          return [
            { beneficiaryId: setterId, role: 'setter', cents: setterCents },
            { beneficiaryId: ownerId, role: 'closer', cents: total - setterCents },
          ];
        })();
  return shares.filter((share) => share.cents > 0 && share.beneficiaryId !== payerId);
}

/**
 * A share in `count` instalments that sum exactly to it, the remainder cents on the first. A share
 * smaller than `count` cents is paid in as many one-cent instalments as it has cents.
 */
export function splitInstalments(cents: number, count: number): number[] {
  const n = Math.max(1, Math.min(count, cents));
  const base = Math.floor(cents / n);
  return Array.from({ length: n }, (_, k) => (k === 0 ? cents - base * (n - 1) : base));
}

/** 'YYYY-MM-DD' + `months`, the day clamped to the month's end (31 January + 1 → 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Today as 'YYYY-MM-DD' (UTC), the day due dates are compared with. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export interface LineDraft {
  beneficiaryId: number;
  role: CommissionRole;
  instalment: number;
  instalments: number;
  amountCents: number;
  dueOn: string;
}

/** Every line a win writes. */
export function winLines(input: {
  amountCents: number;
  commissionRate: number;
  ownerId: number;
  setterId: number | null;
  payerId: number | null;
  setterSharePercent: number;
  instalments: number;
  winDay: string;
}): LineDraft[] {
  const shares = splitCommission({
    commissionCents: commissionCents(input.amountCents, input.commissionRate),
    ownerId: input.ownerId,
    setterId: input.setterId,
    payerId: input.payerId,
    setterSharePercent: input.setterSharePercent,
  });
  return shares.flatMap((share) => {
    const parts = splitInstalments(share.cents, input.instalments);
    return parts.map((amountCents, k) => ({
      beneficiaryId: share.beneficiaryId,
      role: share.role,
      instalment: k + 1,
      instalments: parts.length,
      amountCents,
      dueOn: addMonths(input.winDay, k),
    }));
  });
}

/** The status a line is answered with: a pending line whose due date has come is `due`. */
export function presentedStatus(status: string, dueOn: string, day: string): CommissionStatus {
  if (status === 'pending' && dueOn <= day) return 'due';
  return status as CommissionStatus;
}

export interface LedgerLine {
  amountCents: number;
  status: string;
  dueOn: string;
}

const emptySums = (): CommissionSums => ({
  earnedCents: 0,
  pendingCents: 0,
  dueCents: 0,
  paidCents: 0,
  clawedBackCents: 0,
  netCents: 0,
  balanceCents: 0,
});

/** Adds one line to running sums (see `CommissionSums` for what each sum means). */
export function addToSums(sums: CommissionSums, line: LedgerLine, day: string): CommissionSums {
  const status = presentedStatus(line.status, line.dueOn, day);
  const cents = line.amountCents;
  const next = { ...sums };
  if (cents > 0) next.earnedCents += cents;
  if (status === 'pending') next.pendingCents += cents;
  else if (status === 'due') next.dueCents += cents;
  else if (status === 'paid') next.paidCents += cents;
  else if (status === 'clawed_back') next.clawedBackCents += Math.abs(cents);
  next.netCents = next.earnedCents - next.clawedBackCents;
  next.balanceCents = next.netCents - next.paidCents;
  return next;
}

export function sumLines(lines: readonly LedgerLine[], day: string): CommissionSums {
  return lines.reduce((sums, line) => addToSums(sums, line, day), emptySums());
}

// Writers (inside the caller's transaction).

/** Writes the lines of a win. */
export async function writeWinLines(
  tx: DbOrTx,
  deal: { id: number; serviceId: number | null; payerId: number | null },
  lines: readonly LineDraft[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(commissionLines).values(
    lines.map((line) => ({
      dealId: deal.id,
      payerId: deal.payerId,
      serviceId: deal.serviceId,
      ...line,
      status: 'pending',
    })),
  );
}

/** Whether a deal has a paid line (it can then be neither reopened nor deleted). */
export async function hasPaidLines(tx: DbOrTx, dealId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: commissionLines.id })
    .from(commissionLines)
    .where(and(eq(commissionLines.dealId, dealId), eq(commissionLines.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

/** Removes the unpaid lines of a reopened deal. */
export async function removeUnpaidLines(tx: DbOrTx, dealId: number): Promise<void> {
  await tx
    .delete(commissionLines)
    .where(and(eq(commissionLines.dealId, dealId), eq(commissionLines.status, 'pending')));
}

/**
 * A refund: unpaid lines → clawed_back; each paid line stays paid and gets a negative
 * clawed_back correction dated the refund day. The caller holds the deal's row lock.
 */
export async function clawBack(tx: DbOrTx, dealId: number, now: Date): Promise<void> {
  const lines = await tx
    .select()
    .from(commissionLines)
    .where(and(eq(commissionLines.dealId, dealId), inArray(commissionLines.status, ['pending', 'paid'])))
    .for('update');
  const unpaid = lines.filter((line) => line.status === 'pending').map((line) => line.id);
  if (unpaid.length > 0) {
    await tx
      .update(commissionLines)
      .set({ status: 'clawed_back', clawedBackAt: now })
      .where(inArray(commissionLines.id, unpaid));
  }
  const corrections = lines
    .filter((line) => line.status === 'paid' && line.amountCents > 0)
    .map((line) => ({
      dealId,
      beneficiaryId: line.beneficiaryId,
      payerId: line.payerId,
      serviceId: line.serviceId,
      role: line.role,
      instalment: line.instalment,
      instalments: line.instalments,
      amountCents: -line.amountCents,
      dueOn: today(now),
      status: 'clawed_back',
      clawedBackAt: now,
    }));
  if (corrections.length > 0) await tx.insert(commissionLines).values(corrections);
}

/**
 * SQL: what a line leaves earned once refunds are counted — its amount, except a cancelled
 * unpaid line (positive and clawed back), which counts 0; a correction line counts its negative.
 */
export const netCentsSql = sql<number>`case when ${commissionLines.status} = 'clawed_back' and ${commissionLines.amountCents} > 0 then 0 else ${commissionLines.amountCents} end`;
