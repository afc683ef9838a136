/**
 * Reading and paying the commission ledger. A freelancer sees the lines they earn; an infopreneur
 * the lines they owe, per freelancer. Sums follow ledger.ts (`sumLines`), due status computed on read.
 */
import type {
  CommissionLine,
  CommissionOwed,
  CommissionSums,
  Commissions,
  PeriodQuery,
  PersonRef,
} from '@closia/shared';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { commissionLines, deals, services, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { type LoadedLine, personRef, presentLine } from './deals.presenter';
import { addToSums, sumLines, today } from './ledger';
import { monthsOf, resolvePeriod } from './period';

const beneficiary = alias(users, 'line_beneficiary');
const payer = alias(users, 'line_payer');

function linesQuery(db: DbOrTx) {
  return db
    .select({
      line: commissionLines,
      dealTitle: deals.title,
      beneficiary: { id: beneficiary.id, firstName: beneficiary.firstName, lastName: beneficiary.lastName },
      payer: { id: payer.id, firstName: payer.firstName, lastName: payer.lastName },
      service: { id: services.id, name: services.name },
    })
    .from(commissionLines)
    .innerJoin(deals, eq(deals.id, commissionLines.dealId))
    .innerJoin(beneficiary, eq(beneficiary.id, commissionLines.beneficiaryId))
    .leftJoin(payer, eq(payer.id, commissionLines.payerId))
    .leftJoin(services, eq(services.id, commissionLines.serviceId))
    .$dynamic();
}

/** Whether the viewer reads the ledger as the one who pays (infopreneur) or the one who earns. */
export const ledgerRoleOf = (viewer: Viewer): 'infopreneur' | 'freelancer' =>
  viewer.kind === 'infopreneur' ? 'infopreneur' : 'freelancer';

/**
 * `GET /commissions?from&to`: the lines due in the period (default: the last twelve months and the
 * next twelve, where instalments fall), by month, with totals; for an infopreneur, what they owe
 * per freelancer.
 */
export async function listCommissions(db: DbOrTx, viewer: Viewer, query: PeriodQuery): Promise<Commissions> {
  const period = resolvePeriod(query, { defaultMonthsAhead: 12 });
  const role = ledgerRoleOf(viewer);
  const mine =
    role === 'infopreneur'
      ? eq(commissionLines.payerId, viewer.id)
      : eq(commissionLines.beneficiaryId, viewer.id);
  const rows = (await linesQuery(db)
    .where(and(mine, gte(commissionLines.dueOn, period.from), lte(commissionLines.dueOn, period.to)))
    .orderBy(desc(commissionLines.dueOn), desc(commissionLines.id))) as LoadedLine[];
  const day = today();
  const lines = rows.map((row) => presentLine(row, day));

  const byMonth = new Map(monthsOf(period).map((month) => [month, sumLines([], day)]));
  for (const row of rows) {
    const month = row.line.dueOn.slice(0, 7);
    byMonth.set(month, addToSums(byMonth.get(month) ?? sumLines([], day), row.line, day));
  }
  const months = [...byMonth].map(([month, sums]) => ({ month, ...sums }));
  const totals = sumLines(
    rows.map((row) => row.line),
    day,
  );
  const base = { from: period.from, to: period.to, months, totals, lines };
  if (role === 'freelancer') return { role, ...base };
  return { role, ...base, owed: owedPerFreelancer(rows, day) };
}

/** The infopreneur's lines summed per beneficiary, the most due first. */
function owedPerFreelancer(rows: LoadedLine[], day: string): CommissionOwed[] {
  const per = new Map<number, { beneficiary: PersonRef; sums: CommissionSums }>();
  for (const row of rows) {
    const entry = per.get(row.beneficiary.id) ?? {
      beneficiary: personRef(row.beneficiary),
      sums: sumLines([], day),
    };
    entry.sums = addToSums(entry.sums, row.line, day);
    per.set(row.beneficiary.id, entry);
  }
  return [...per.values()]
    .map(({ beneficiary: who, sums }) => ({ beneficiary: who, ...sums }))
    .sort(
      (a, b) =>
        b.dueCents - a.dueCents || b.balanceCents - a.balanceCents || a.beneficiary.id - b.beneficiary.id,
    );
}

/** Marks a pending or due line paid (its payer only; 404 for anyone else); the CRM's kept answers are forgotten. */
export async function payCommission(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
): Promise<CommissionLine> {
  await db.transaction(async (tx) => {
    const mine = and(eq(commissionLines.id, id), eq(commissionLines.payerId, viewer.id));
    const [found] = await tx.select({ dealId: commissionLines.dealId }).from(commissionLines).where(mine);
    if (!found) throw notFound('Commission');
    // The deal's row first, as a reopen or a refund of the sale takes it: they wait for each other.
    await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, found.dealId)).for('update');
    const [line] = await tx.select().from(commissionLines).where(mine).for('update');
    if (!line) throw notFound('Commission');
    if (line.status === 'paid') throw conflict('This commission is already paid', 'COMMISSION_PAID');
    if (line.status === 'clawed_back')
      throw conflict('This commission was clawed back after a refund', 'COMMISSION_CLAWED_BACK');
    await tx
      .update(commissionLines)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(commissionLines.id, id));
    work.forget('crm');
  });
  const [row] = (await linesQuery(db).where(eq(commissionLines.id, id))) as LoadedLine[];
  return presentLine(row!, today());
}
