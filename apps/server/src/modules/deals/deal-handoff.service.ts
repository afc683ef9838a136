/**
 * The handoff at R2: a setter (or any seller) hands a deal to a closer, who owns it from then on;
 * the former owner stays its setter. A closer qualifies through any of the paths below.
 */
import type { Deal } from '@closia/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { applications, deals, missions, profiles, teamMembers, users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { crmPeopleOf, dealChanged, dealFor } from './deal-access';
import { record } from './deal-history';
import { handoffNotice } from './deal-mails';
import type { LoadedDeal } from './deals.presenter';
import { getDeal } from './deals.service';

/**
 * Whether a user may take a deal over at R2. One rule per way a closer can be reached; a closer
 * qualifies through any of them.
 */
type HandoffPath = (tx: DbOrTx, deal: LoadedDeal, closerId: number) => Promise<boolean>;

/**
 * A closer or setter-closer accepted on a mission selling the deal's offer: the deal's own mission,
 * or a sibling mission of the same offer (an infopreneur recruits setters and closers through
 * separate missions, and a closer cannot be accepted on a setter mission).
 */
const acceptedOnTheOffer: HandoffPath = async (tx, { deal }, closerId) => {
  if (deal.serviceId === null) return false;
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(missions, eq(missions.id, applications.missionId))
    .innerJoin(profiles, eq(profiles.userId, applications.userId))
    .where(
      and(
        eq(applications.userId, closerId),
        eq(applications.status, 'accepted'),
        eq(missions.serviceId, deal.serviceId),
        ne(missions.status, 'deleted'),
        inArray(profiles.kind, ['closer', 'setter_closer']),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** A closer or setter-closer of the team whose shared pipeline holds the deal. */
const closerOfTheTeam: HandoffPath = async (tx, { deal }, closerId) => {
  if (deal.teamId === null) return false;
  const [row] = await tx
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.userId, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.teamId, deal.teamId),
        eq(teamMembers.userId, closerId),
        inArray(profiles.kind, ['closer', 'setter_closer']),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** The ways a deal reaches a closer: through the offer's missions, or through the deal's team. */
const handoffPaths: readonly HandoffPath[] = [acceptedOnTheOffer, closerOfTheTeam];

async function mayTakeOver(tx: DbOrTx, row: LoadedDeal, closerId: number): Promise<boolean> {
  for (const path of handoffPaths) if (await path(tx, row, closerId)) return true;
  return false;
}

/**
 * Hands a deal at R2 to a closer (owner only): the closer becomes its owner, the former owner its
 * setter; a history row (owner) is written and the closer is notified (and e-mailed per their
 * settings).
 */
export async function handOffDeal(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  input: { closerId: number; note?: string },
): Promise<Deal> {
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'handOff');
    const { deal } = row;
    if (input.closerId === deal.ownerId || !(await mayTakeOver(tx, row, input.closerId))) {
      throw fieldError('closerId', 'handoffCloser');
    }
    await tx.update(deals).set({ ownerId: input.closerId, setterId: deal.ownerId }).where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'owner', deal.ownerId, input.closerId, input.note);
    // The former setter (if any) leaves the deal, the closer joins it.
    dealChanged(work, id, deal.teamId, [...crmPeopleOf(row), input.closerId]);

    const [closer] = await tx.select().from(users).where(eq(users.id, input.closerId));
    await work.notify(
      tx,
      handoffNotice({
        appUrl: work.appUrl,
        dealId: id,
        dealTitle: deal.title,
        closer: closer!,
        owner: row.owner,
        prospect: row.prospect,
        note: input.note,
        actorId: viewer.id,
      }),
    );
  });
  return getDeal(db, viewer, id);
}
