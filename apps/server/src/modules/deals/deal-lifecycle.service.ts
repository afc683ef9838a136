/**
 * A deal's stage changes: moved between the open stages, won (with its commission lines,
 * ledger.ts), lost, reopened at the stage it had before closing, or refunded once won (its
 * commissions clawed back). Each writes its history rows in its transaction; who may do which is
 * `dealCan` (deal-access.ts).
 */
import {
  type Deal,
  type DealWinInput,
  dealMayReach,
  dealProbability,
  MAX_SALE_AMOUNT,
  type PipelineStage,
  pipelineStages,
} from '@closia/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { dealHistories, deals, missions, users } from '../../db/schema';
import { conflict, fieldError } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { crmPeopleOf, dealChanged, dealFor, openStages, setterStageForbidden } from './deal-access';
import { record } from './deal-history';
import { refundNotice, saleMail } from './deal-mails';
import type { DealRow } from './deals.presenter';
import { getDeal } from './deals.service';
import {
  clawBack,
  DEFAULT_SETTER_SHARE_PERCENT,
  eurosToCents,
  hasPaidLines,
  removeUnpaidLines,
  today,
  winLines,
  writeWinLines,
} from './ledger';

/** Moves an open deal to another open stage (owner, team; setter up to R2), with a history row. */
export async function moveDeal(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  input: { status: string; note?: string },
): Promise<Deal> {
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'move');
    const { deal, subject } = row;
    if (!dealMayReach(subject, input.status)) throw setterStageForbidden();
    dealChanged(work, id, deal.teamId, crmPeopleOf(row));
    if (input.status === deal.status) return;
    await tx.update(deals).set({ status: input.status, stageChangedAt: new Date() }).where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'status', deal.status, input.status, input.note);
  });
  return getDeal(db, viewer, id);
}

/**
 * Wins an open deal (owner): Closed, the amount sold (default: the offer's price) and the
 * commission lines (ledger.ts); the infopreneur is e-mailed about the sale on their offer.
 */
export async function winDeal(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  input: DealWinInput,
): Promise<Deal> {
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'win');
    const { deal, service } = row;
    if (!service) throw conflict('This deal has no offer any more: it cannot be won', 'DEAL_NO_OFFER');
    const amountCents = eurosToCents(input.amount ?? service.price);
    if (amountCents > MAX_SALE_AMOUNT * 100) {
      throw fieldError('amount', 'max', undefined, { max: MAX_SALE_AMOUNT });
    }
    let setterSharePercent = DEFAULT_SETTER_SHARE_PERCENT;
    if (deal.missionId !== null) {
      const [mission] = await tx
        .select({ share: missions.setterSharePercent })
        .from(missions)
        .where(eq(missions.id, deal.missionId));
      setterSharePercent = mission?.share ?? DEFAULT_SETTER_SHARE_PERCENT;
    }
    const now = new Date();
    const lines = winLines({
      amountCents,
      commissionRate: service.commissionRate,
      ownerId: deal.ownerId,
      setterId: deal.setterId,
      payerId: service.infopreneurId,
      setterSharePercent,
      instalments: input.instalments ?? 1,
      winDay: today(now),
    });
    const probability = await closingProbability(tx, deal, viewer.id, 'Closed');
    await tx
      .update(deals)
      .set({
        status: 'Closed',
        amountCents,
        probability,
        closedAt: now,
        stageChangedAt: now,
        lostReason: null,
      })
      .where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'status', deal.status, 'Closed');
    await writeWinLines(tx, { id, serviceId: service.id, payerId: service.infopreneurId }, lines);
    dealChanged(work, id, deal.teamId, crmPeopleOf(row));

    if (service.infopreneurId !== deal.ownerId && service.infopreneurId !== deal.setterId) {
      const [infopreneur] = await tx.select().from(users).where(eq(users.id, service.infopreneurId));
      if (infopreneur) {
        await work.mail(
          tx,
          saleMail({
            appUrl: work.appUrl,
            dealId: id,
            infopreneur,
            serviceName: service.name,
            owner: row.owner,
            setter: row.setter,
            amountCents,
            lines,
          }),
        );
      }
    }
  });
  return getDeal(db, viewer, id);
}

/** Loses an open deal (owner) with its reason. */
export async function loseDeal(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  reason: string,
): Promise<Deal> {
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'lose');
    const { deal } = row;
    const now = new Date();
    const probability = await closingProbability(tx, deal, viewer.id, 'Lost');
    await tx
      .update(deals)
      .set({ status: 'Lost', lostReason: reason, probability, closedAt: now, stageChangedAt: now })
      .where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'status', deal.status, 'Lost', reason);
    dealChanged(work, id, deal.teamId, crmPeopleOf(row));
  });
  return getDeal(db, viewer, id);
}

/**
 * The probability a deal takes as it closes (`dealProbability`: 100 won, 0 lost), with its history
 * row written before the stage's (same transaction, so the same instant: reopening finds it).
 */
async function closingProbability(
  tx: DbOrTx,
  deal: DealRow,
  userId: number,
  status: 'Closed' | 'Lost',
): Promise<number | null> {
  const probability = dealProbability(status, deal.probability);
  if (probability !== deal.probability) {
    await record(tx, deal.id, userId, 'probability', deal.probability, probability);
  }
  return probability;
}

/**
 * The seller's estimate a closed deal had before closing: the probability row written with its
 * closing (the same instant as the stage's row), read back; without one, the probability stays.
 */
async function probabilityBeforeClosing(tx: DbOrTx, deal: DealRow): Promise<number | null> {
  const [closing] = await tx
    .select({ id: dealHistories.id })
    .from(dealHistories)
    .where(
      and(
        eq(dealHistories.dealId, deal.id),
        eq(dealHistories.field, 'status'),
        inArray(dealHistories.toValue, ['Closed', 'Lost']),
      ),
    )
    .orderBy(desc(dealHistories.id))
    .limit(1);
  if (!closing) return deal.probability;
  const [row] = await tx
    .select({ fromValue: dealHistories.fromValue, toValue: dealHistories.toValue })
    .from(dealHistories)
    .where(
      and(
        eq(dealHistories.dealId, deal.id),
        eq(dealHistories.field, 'probability'),
        // The same transaction's instant, compared in SQL: PostgreSQL keeps microseconds, which a
        // JavaScript Date read back would round to milliseconds.
        eq(
          dealHistories.createdAt,
          sql`(select h.created_at from ${dealHistories} h where h.id = ${closing.id})`,
        ),
      ),
    )
    .orderBy(desc(dealHistories.id))
    .limit(1);
  if (!row || row.toValue !== (deal.probability === null ? null : String(deal.probability))) {
    return deal.probability;
  }
  return row.fromValue === null ? null : Number(row.fromValue);
}

/** The open stage a closed deal was at before it closed (its history), Prospecting when unknown. */
async function stageBeforeClosing(tx: DbOrTx, dealId: number): Promise<PipelineStage> {
  const [row] = await tx
    .select({ stage: dealHistories.toValue })
    .from(dealHistories)
    .where(
      and(
        eq(dealHistories.dealId, dealId),
        eq(dealHistories.field, 'status'),
        inArray(dealHistories.toValue, [...openStages]),
      ),
    )
    .orderBy(desc(dealHistories.createdAt), desc(dealHistories.id))
    .limit(1);
  return (row?.stage as PipelineStage | undefined) ?? pipelineStages[0];
}

/**
 * Reopens a won or lost deal (owner) at the stage it had before closing. A won deal loses its
 * unpaid commission lines; one with a paid line, or refunded, cannot reopen (409).
 */
export async function reopenDeal(db: Db, work: UnitOfWork, viewer: Viewer, id: number): Promise<Deal> {
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'reopen');
    const { deal } = row;
    if (deal.status === 'Closed') {
      if (await hasPaidLines(tx, id)) {
        throw conflict(
          'A sale whose commissions were paid cannot be reopened: declare a refund instead',
          'COMMISSIONS_PAID',
        );
      }
      await removeUnpaidLines(tx, id);
    }
    const stage = await stageBeforeClosing(tx, id);
    const probability = await probabilityBeforeClosing(tx, deal);
    if (probability !== deal.probability) {
      await record(tx, id, viewer.id, 'probability', deal.probability, probability);
    }
    await tx
      .update(deals)
      .set({
        status: stage,
        amountCents: null,
        probability,
        closedAt: null,
        lostReason: null,
        stageChangedAt: new Date(),
      })
      .where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'status', deal.status, stage);
    dealChanged(work, id, deal.teamId, crmPeopleOf(row));
  });
  return getDeal(db, viewer, id);
}

/**
 * Declares a won sale refunded (its owner, or the offer's infopreneur who pays the customer back):
 * the commissions are clawed back (ledger.ts) and the other side is notified (and e-mailed per
 * their settings).
 */
export async function refundDeal(db: Db, work: UnitOfWork, viewer: Viewer, id: number): Promise<Deal> {
  await db.transaction(async (tx) => {
    const { deal, service } = await dealFor(tx, viewer, id, 'refund');
    const now = new Date();
    await clawBack(tx, id, now);
    await tx.update(deals).set({ refundedAt: now }).where(eq(deals.id, id));
    dealChanged(work, id, deal.teamId, crmPeopleOf({ deal, service }));

    const recipients =
      viewer.id === deal.ownerId
        ? service && service.infopreneurId !== viewer.id
          ? [service.infopreneurId]
          : []
        : [deal.ownerId, ...(deal.setterId ? [deal.setterId] : [])];
    if (recipients.length === 0) return;
    const people = await tx.select().from(users).where(inArray(users.id, recipients));
    for (const person of people) {
      await work.notify(
        tx,
        refundNotice({
          appUrl: work.appUrl,
          dealId: id,
          dealTitle: deal.title,
          serviceName: service?.name ?? null,
          person,
          actorId: viewer.id,
        }),
      );
    }
  });
  return getDeal(db, viewer, id);
}
