/**
 * Who may see and change a deal, checked on its row. The rules are `dealCan` in @closia/shared
 * (the web offers the same actions from them); this file loads the row, finds the viewer's role
 * and answers a refusal as the API always has:
 * - the owner and the setter (who handed the deal to its owner) see it; the offer's infopreneur
 *   sees the deals on their offers read-only; a member of the deal's team sees it; anyone else
 *   gets 404;
 * - a viewer who may not act gets 403 (who they are), a deal whose stage forbids it 409 (when).
 */
import {
  channels,
  type DealAction,
  type DealSubject,
  type DealViewerRole,
  dealRefusal,
  isOpenStage,
  selectablePipelineStages,
} from '@closia/shared';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { deals, prospects, services, teamMembers, users } from '../../db/schema';
import { type AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { preparedPerDatabase } from '../../lib/prepared';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { roleIn } from '../teams/teams.service';
import { historyJsonOf } from './deal-history';
import { type HistoryJson, type LoadedDeal, viewerRoleOf } from './deals.presenter';

const dealOwner = alias(users, 'deal_owner');
const dealSetter = alias(users, 'deal_setter');

const selection = {
  deal: deals,
  service: {
    id: services.id,
    name: services.name,
    price: services.price,
    commissionRate: services.commissionRate,
    infopreneurId: services.infopreneurId,
  },
  prospect: {
    id: prospects.id,
    firstName: prospects.firstName,
    lastName: prospects.lastName,
    email: prospects.email,
    phone: prospects.phone,
  },
  owner: { id: dealOwner.id, firstName: dealOwner.firstName, lastName: dealOwner.lastName },
  setter: { id: dealSetter.id, firstName: dealSetter.firstName, lastName: dealSetter.lastName },
};

/** Deals with their offer, prospect, owner and setter (the joins every list and filter uses). */
export function dealsQuery(db: DbOrTx) {
  return db
    .select(selection)
    .from(deals)
    .innerJoin(prospects, eq(prospects.id, deals.prospectId))
    .innerJoin(dealOwner, eq(dealOwner.id, deals.ownerId))
    .leftJoin(dealSetter, eq(dealSetter.id, deals.setterId))
    .leftJoin(services, eq(services.id, deals.serviceId))
    .$dynamic();
}

/** The deals a seller works: owned, or handed off by them (setter). */
export const workedBy = (userId: number) => or(eq(deals.ownerId, userId), eq(deals.setterId, userId)) as SQL;
/** The deals on an infopreneur's offers (needs the join on services). */
export const onOffersOf = (userId: number) => eq(services.infopreneurId, userId);

/** A deal's value in cents: the amount sold when won, else the offer's price (0 without an offer). */
export const valueCentsSql = sql<number>`coalesce(${deals.amountCents}::numeric, round(${services.price} * 100), 0)`;

/** Stored values of the six open stages. */
export const openStages = selectablePipelineStages as readonly string[];

/** A deal to read (every page of a deal starts here): prepared once per database. */
const dealById = preparedPerDatabase((db) =>
  dealsQuery(db)
    .where(eq(deals.id, sql.placeholder('id')))
    .prepare('deal_by_id'),
);

async function loadOne(tx: DbOrTx, id: number, lock: boolean): Promise<LoadedDeal | undefined> {
  const [row] = lock
    ? await dealsQuery(tx).where(eq(deals.id, id)).for('update', { of: deals })
    : await dealById(tx).execute({ id });
  return row as LoadedDeal | undefined;
}

/** What the shared rules read of a loaded deal, for a viewer of `role`. */
const subjectOf = (row: LoadedDeal, role: DealViewerRole): DealSubject => ({
  viewerRole: role,
  status: row.deal.status,
  refundedAt: row.deal.refundedAt,
  service: row.service,
});

const READ_ONLY = 'The infopreneur of the offer follows this deal read-only';

/** 403: the viewer, being who they are to the deal, may not do `action` to it. */
function whoRefusal(role: DealViewerRole, action: DealAction): AppError {
  if (role === 'infopreneur') return forbidden(READ_ONLY, 'DEAL_READ_ONLY');
  if (action === 'edit' || action === 'move') {
    return forbidden(
      'After R2 the deal belongs to its closer: only its owner can change it',
      'DEAL_WITH_CLOSER',
    );
  }
  if (action === 'chooseTeam')
    return forbidden('Only the owner of the deal chooses its team', 'DEAL_OWNER_ONLY');
  if (role === 'team') {
    return forbidden(
      'The team works this deal; winning, losing and handing it off stay with its owner',
      'DEAL_OWNER_ONLY',
    );
  }
  return forbidden('Only the owner of the deal can do this', 'DEAL_OWNER_ONLY');
}

/** 409: the deal's stage forbids `action` now. */
function whenRefusal(deal: DealSubject, action: DealAction): AppError {
  const won = deal.status === 'Closed';
  switch (action) {
    case 'move':
      return conflict(
        won
          ? 'This deal is won: reopen it before changing its stage'
          : 'This deal is lost: reopen it before changing its stage',
        'DEAL_CLOSED',
      );
    case 'win':
      return conflict(won ? 'This deal is already won' : 'This deal is lost: reopen it first', 'DEAL_CLOSED');
    case 'lose':
      return conflict(
        deal.status === 'Lost' ? 'This deal is already lost' : 'This deal is won: reopen it first',
        'DEAL_CLOSED',
      );
    case 'reopen':
      return isOpenStage(deal.status)
        ? conflict('This deal is open already', 'DEAL_OPEN')
        : conflict('A refunded sale cannot be reopened', 'DEAL_REFUNDED');
    case 'refund':
      return won
        ? conflict('This sale is already refunded', 'DEAL_REFUNDED')
        : conflict('Only a won sale can be refunded', 'DEAL_NOT_WON');
    case 'handOff':
      return conflict(
        'A deal is handed off to a closer at the R2 stage: move it to R2 first',
        'HANDOFF_STAGE',
      );
    default:
      // Editing, deleting and choosing a team do not depend on the stage (`dealCan`).
      return conflict(`This deal cannot be changed now (${action})`, 'DEAL_CLOSED');
  }
}

/** Throws the refusal (403 or 409) unless the viewer may do `action` to the deal now. */
export function assertDealCan(subject: DealSubject, action: DealAction, viewerId: number): void {
  const why = dealRefusal(subject, action, viewerId);
  if (why === 'who') throw whoRefusal(subject.viewerRole, action);
  if (why === 'when') throw whenRefusal(subject, action);
}

/** 403: a setter takes a deal up to R2 only (`dealMayReach`). */
export const setterStageForbidden = () =>
  forbidden('A setter moves a deal up to R2; its closer takes it further', 'SETTER_STAGE_LIMIT');

/** A deal the viewer may see, with what the shared rules read of it for them. */
export interface DealInHand extends LoadedDeal {
  subject: DealSubject;
}

/** The viewer's hold on a loaded deal: 404 unless they see it, 403 or 409 unless they may do `action`. */
function inHand(row: LoadedDeal | undefined, viewer: Viewer, action: DealAction | 'see'): DealInHand {
  const role = row ? viewerRoleOf(row, viewer.id) : null;
  if (!row || !role) throw notFound('Deal');
  const subject = subjectOf(row, role);
  if (action !== 'see') assertDealCan(subject, action, viewer.id);
  return { ...row, subject };
}

/**
 * The deal, locked when it is to change, if the viewer may see it (`see`) or do `action` to it:
 * 404 when they may not see it, 403 or 409 when they see it but may not act (`assertDealCan`).
 */
export async function dealFor(
  tx: DbOrTx,
  viewer: Viewer,
  id: number,
  action: DealAction | 'see',
): Promise<DealInHand> {
  const row = await loadOne(tx, id, action !== 'see');
  // A team member (its setter included) works a team deal like the rest of the team.
  if (row?.deal.teamId && row.deal.ownerId !== viewer.id) {
    row.teamMember = (await roleIn(tx, row.deal.teamId, viewer.id)) !== null;
  }
  return inHand(row, viewer, action);
}

/**
 * The deal page's read, one round trip prepared once per database: the deal with the joins of
 * `dealsQuery`, whether the viewer is a member of its team (`roleIn`), and its history.
 */
const dealPage = preparedPerDatabase((db) =>
  db
    .select({
      ...selection,
      inTeam: sql<boolean>`exists(select 1 from ${teamMembers} tm
        where tm.team_id = ${deals.teamId} and tm.user_id = ${sql.placeholder('viewerId')})`,
      history: historyJsonOf(deals.id),
    })
    .from(deals)
    .innerJoin(prospects, eq(prospects.id, deals.prospectId))
    .innerJoin(dealOwner, eq(dealOwner.id, deals.ownerId))
    .leftJoin(dealSetter, eq(dealSetter.id, deals.setterId))
    .leftJoin(services, eq(services.id, deals.serviceId))
    .where(eq(deals.id, sql.placeholder('id')))
    .prepare('deal_page'),
);

/** The deal with its history rows (`historyJsonOf`), if the viewer may see it (else 404), as `dealFor`. */
export async function dealPageFor(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
): Promise<DealInHand & { history: HistoryJson[] }> {
  const [found] = await dealPage(db).execute({ id, viewerId: viewer.id });
  if (!found) throw notFound('Deal');
  const { inTeam, history, ...row } = found;
  const loaded = row as LoadedDeal;
  if (loaded.deal.teamId && loaded.deal.ownerId !== viewer.id) loaded.teamMember = inTeam;
  return { ...inHand(loaded, viewer, 'see'), history };
}

/**
 * The users whose own CRM answers (pipeline, stats, forecast: lib/crm-cache.ts) show a deal: its
 * owner and setter, and its offer's infopreneur.
 */
export const crmPeopleOf = (row: Pick<LoadedDeal, 'deal' | 'service'>) => [
  row.deal.ownerId,
  row.deal.setterId,
  row.service?.infopreneurId,
];

/**
 * After a deal's write: the kept CRM answers of `people` — everyone who sees the deal in their own
 * answers, before and after the write (`crmPeopleOf`) — are forgotten (lib/crm-cache.ts; the other
 * users keep theirs) and, when the deal is on a team's shared pipeline, the team is told live (both
 * once the write has committed). A team's pipeline and figures are not kept: nothing to forget.
 */
export function dealChanged(
  work: UnitOfWork,
  dealId: number,
  teamId: number | null | undefined,
  people: readonly (number | null | undefined)[],
): void {
  for (const id of people) if (id) work.forget({ crm: id });
  if (teamId) work.broadcast(channels.team(teamId), { type: 'team.changed', teamId, what: 'deals', dealId });
}
