/**
 * What each plan limit counts, and the checks the features run before a write that adds one
 * (issue 20). The limits are `plans` in `@closia/shared`; the plan is `planOf` (lib/plan.ts).
 *
 * Count, check and write happen in one transaction, after a lock that serialises the writers of the
 * same count: two concurrent writes would otherwise both read N-1 and both pass. The lock is a
 * transaction-level advisory lock (`pg_advisory_xact_lock(class, id)`), keyed by the user whose
 * count it is (or by the team, for its seats): it takes no row lock on `users`, so sign-ins and
 * profile edits never wait behind an import, and it is released by the commit or the rollback.
 *
 * Data already above a limit (after a downgrade) stays readable and editable: only the writes that
 * add call these checks.
 */
import {
  AppError,
  errorCodes,
  limitPhrase,
  type PlanId,
  type PlanLimit,
  planAllows,
  planLimitLabels,
  planLimitMessage,
  plans,
  planThatLifts,
} from '@closia/shared';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  advertisements,
  missions,
  prospects,
  teamInvitations,
  teamMembers,
  teams,
  webinars,
} from '../db/schema';
import { now } from './clock';
import { planLimitError, planOf } from './plan';

/** Advisory lock classes (first key of `pg_advisory_xact_lock`); the second key is the id. */
const USER_USAGE_LOCK = 727_043;
const TEAM_SEATS_LOCK = 727_044;

/** The limits counted per user (the team ones are counted per team, see `teamSeats`). */
export type UserLimit = Exclude<PlanLimit, 'teamMembers' | 'sharedPipeline'>;

/** Serialises, until the transaction ends, the writes that add to one user's counts. */
export async function lockUserUsage(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_USAGE_LOCK}, ${userId})`);
}

/** Serialises, until the transaction ends, the writes that add a member or an invitation to a team. */
export async function lockTeamSeats(tx: DbOrTx, teamId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_SEATS_LOCK}, ${teamId})`);
}

const counted = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

/**
 * How many of what `limit` counts the user has now:
 * - `publishedMissions`: their missions whose status is `published` (open or closed to applications:
 *   a published mission stays on their page until it is archived or deleted);
 * - `prospects`: the prospects of their own CRM;
 * - `advertisements`: their campaigns that have not ended (draft, active, paused);
 * - `teams`: the teams they are the creator of;
 * - `paidWebinars`: their webinars with a price that are not over.
 */
export function usageOf(db: DbOrTx, userId: number, limit: UserLimit): Promise<number> {
  switch (limit) {
    case 'publishedMissions':
      return counted(
        db
          .select({ n: count() })
          .from(missions)
          .where(and(eq(missions.infopreneurId, userId), eq(missions.status, 'published'))),
      );
    case 'prospects':
      return counted(db.select({ n: count() }).from(prospects).where(eq(prospects.ownerId, userId)));
    case 'advertisements':
      return counted(
        db
          .select({ n: count() })
          .from(advertisements)
          .where(and(eq(advertisements.infopreneurId, userId), ne(advertisements.status, 'ended'))),
      );
    case 'teams':
      return counted(db.select({ n: count() }).from(teams).where(eq(teams.createdById, userId)));
    case 'paidWebinars':
      // Not over: ends after now. A webinar lasts 8 h at most, so the start bounds the index walk.
      return counted(
        db
          .select({ n: count() })
          .from(webinars)
          .where(
            and(
              eq(webinars.userId, userId),
              gt(webinars.price, 0),
              gt(webinars.startTime, new Date(now().getTime() - 8 * 3_600_000)),
              sql`${webinars.startTime} + ${webinars.durationMinutes} * interval '1 minute' > ${now().toISOString()}::timestamptz`,
            ),
          ),
      );
  }
}

/**
 * Refuses (402 `E_PLAN_LIMIT`) unless the user's plan allows one more of `limit`. Locks the user's
 * counts first: call it in the write's transaction, before the insert or update that adds.
 */
export async function requireRoomFor(tx: DbOrTx, userId: number, limit: UserLimit): Promise<void> {
  await lockUserUsage(tx, userId);
  const current = await usageOf(tx, userId, limit);
  const planId = await planOf(tx, userId);
  if (!planAllows(planId, limit, current)) throw planLimitError(planId, limit, current);
}

/**
 * Refuses (402) a write that adds `adding` at once (an import) unless all of them fit: nothing is
 * half-done. `meta.current` is the count before, `meta.remaining` how many would still fit, and
 * `meta.upgradeTo` the cheapest plan that takes them all.
 */
export async function requireRoomForMany(
  tx: DbOrTx,
  userId: number,
  limit: UserLimit,
  adding: number,
): Promise<void> {
  if (adding <= 0) return;
  await lockUserUsage(tx, userId);
  const current = await usageOf(tx, userId, limit);
  const planId = await planOf(tx, userId);
  const max = plans[planId].limits[limit];
  if (max === null || current + adding <= max) return;
  const upgradeTo = planThatLifts(planId, limit, current + adding - 1);
  throw new AppError(
    402,
    errorCodes.planLimit,
    planLimitMessage(planId, limit, upgradeTo),
    undefined,
    undefined,
    { limit, current, max, planId, upgradeTo, remaining: Math.max(0, max - current) },
  );
}

/**
 * Refuses (402) handing a team to `receiverId` unless the receiver's plan allows one more team
 * created: the plan counted is theirs, so the sentence names them, not the caller.
 */
export async function requireTeamReceiver(
  tx: DbOrTx,
  receiverId: number,
  receiverName: string,
): Promise<void> {
  await lockUserUsage(tx, receiverId);
  const current = await usageOf(tx, receiverId, 'teams');
  const planId = await planOf(tx, receiverId);
  if (planAllows(planId, 'teams', current)) return;
  const error = planLimitError(planId, 'teams', current);
  const upgradeTo = error.meta?.upgradeTo as PlanId | null;
  const allows = `L’offre ${plans[planId].name} de ${receiverName} permet ${limitPhrase('teams', plans[planId].limits.teams)}.`;
  const message = upgradeTo
    ? `${allows} Cette personne peut passer à l’offre ${plans[upgradeTo].name} pour en recevoir davantage.`
    : `${allows} Aucune offre ne va au-delà.`;
  throw new AppError(error.status, error.code, message, undefined, undefined, error.meta);
}

/** The creator of a team (null: their account is gone), whose plan sets the team's limits. */
export async function teamCreatorOf(db: DbOrTx, teamId: number): Promise<number | null> {
  const [row] = await db.select({ creatorId: teams.createdById }).from(teams).where(eq(teams.id, teamId));
  return row?.creatorId ?? null;
}

/** Members of the team (its creator included) and invitations still waiting for an answer. */
export async function teamSeats(db: DbOrTx, teamId: number): Promise<number> {
  const [members, pending] = await Promise.all([
    counted(db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId))),
    counted(
      db
        .select({ n: count() })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending'))),
    ),
  ]);
  return members + pending;
}

/** The plan of the team's creator (Gratuit when the creator's account is gone). */
async function teamPlan(db: DbOrTx, teamId: number): Promise<{ creatorId: number | null; planId: PlanId }> {
  const creatorId = await teamCreatorOf(db, teamId);
  return { creatorId, planId: creatorId === null ? 'gratuit' : await planOf(db, creatorId) };
}

/**
 * The refusal of a team limit: the plan counted is the creator's, so the sentence says so to anyone
 * else ("L’offre Gratuit du créateur de l’équipe permet 3 membres par équipe. …").
 */
function teamLimitError(
  planId: PlanId,
  limit: 'teamMembers' | 'sharedPipeline',
  current: number,
  creatorIsCaller: boolean,
): AppError {
  const error = planLimitError(planId, limit, current);
  if (creatorIsCaller) return error;
  const upgradeTo = error.meta?.upgradeTo as PlanId | null;
  const { name, limits } = plans[planId];
  const max = limits[limit];
  const allows =
    max === 0
      ? `L’offre ${name} du créateur de l’équipe ne comprend pas ${planLimitLabels[limit].feature}.`
      : `L’offre ${name} du créateur de l’équipe permet ${limitPhrase(limit, max)}.`;
  const message = upgradeTo
    ? `${allows} Le créateur de l’équipe peut passer à l’offre ${plans[upgradeTo].name} pour ${max === 0 ? 'en profiter' : 'aller au-delà'}.`
    : `${allows} Aucune offre ne va au-delà.`;
  return new AppError(error.status, error.code, message, undefined, undefined, error.meta);
}

/**
 * Refuses (402) a write that adds a member or an invitation to a team unless its creator's plan
 * allows one more seat. `alreadyCounted` is 1 when the write turns a pending invitation into a
 * member (that seat is counted already). Locks the team's seats first.
 */
export async function requireTeamSeat(
  tx: DbOrTx,
  callerId: number,
  teamId: number,
  alreadyCounted = 0,
): Promise<void> {
  await lockTeamSeats(tx, teamId);
  const current = (await teamSeats(tx, teamId)) - alreadyCounted;
  const { creatorId, planId } = await teamPlan(tx, teamId);
  if (!planAllows(planId, 'teamMembers', current)) {
    throw teamLimitError(planId, 'teamMembers', current, creatorId === callerId);
  }
}

/** Refuses (402) putting a deal or a prospect in a team's pipeline unless its creator's plan includes it. */
export async function requireSharedPipeline(tx: DbOrTx, callerId: number, teamId: number): Promise<void> {
  const { creatorId, planId } = await teamPlan(tx, teamId);
  if (!planAllows(planId, 'sharedPipeline', 0)) {
    throw teamLimitError(planId, 'sharedPipeline', 0, creatorId === callerId);
  }
}
