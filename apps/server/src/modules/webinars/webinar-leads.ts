/**
 * ★ Registrants become leads (issue 21 §2). A registrant who ticked the consent box becomes a
 * prospect of the webinar's owner — or, when the owner chose `round_robin`, of one of the setters
 * (and setter-closers) accepted on the missions of the webinar's offer, the one with the fewest
 * leads of this webinar so far. The prospect carries the registrant's name and e-mail, a custom
 * field `Webinaire`, and an activity due the day after the webinar; its owner is notified live.
 *
 * Without consent nothing is created; withdrawing consent or unregistering deletes the prospect
 * while it has no deal (a prospect with a deal is the seller's work: it stays, and is only
 * unlinked from the registration).
 *
 * A seller whose plan has no room for one more prospect is skipped (the next one gets the lead);
 * when nobody has room the registration stands without a prospect — the registrant is never
 * refused because of someone else's plan.
 */
import { AppError, errorCodes, planAllows } from '@closia/shared';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  applications,
  deals,
  missions,
  profiles,
  prospectActivities,
  prospects,
  users,
  webinarRegistrations,
} from '../../db/schema';
import { planOf } from '../../lib/plan';
import { requireRoomFor, usageOf } from '../../lib/plan-usage';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { endOf, type RegistrationRow, type WebinarRow } from './webinars.presenter';

/** The custom field every webinar lead carries. */
export const LEAD_FIELD = 'Webinaire';
const DAY_MS = 86_400_000;

/** Who may receive the leads of a round-robin webinar, in the order ties are broken. */
async function roundRobinCandidates(tx: DbOrTx, webinar: WebinarRow): Promise<number[]> {
  if (webinar.serviceId === null) return [];
  const rows = await tx
    .selectDistinct({ userId: applications.userId })
    .from(applications)
    .innerJoin(missions, eq(missions.id, applications.missionId))
    .innerJoin(profiles, eq(profiles.userId, applications.userId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(
      and(
        eq(missions.serviceId, webinar.serviceId),
        eq(missions.infopreneurId, webinar.userId),
        eq(applications.status, 'accepted'),
        inArray(profiles.kind, ['setter', 'setter_closer']),
        isNull(users.suspendedAt),
      ),
    )
    .orderBy(asc(applications.userId));
  return rows.map((row) => row.userId);
}

/** The candidates, fewest leads of this webinar first (ties: lowest id). */
async function byFewestLeads(tx: DbOrTx, webinarId: number, candidates: number[]): Promise<number[]> {
  if (candidates.length <= 1) return candidates;
  const counts = await tx
    .select({ ownerId: prospects.ownerId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(webinarRegistrations)
    .innerJoin(prospects, eq(prospects.id, webinarRegistrations.prospectId))
    .where(and(eq(webinarRegistrations.webinarId, webinarId), isNotNull(webinarRegistrations.prospectId)))
    .groupBy(prospects.ownerId);
  const countOf = new Map(counts.map((row) => [row.ownerId, row.n]));
  return [...candidates].sort((a, b) => (countOf.get(a) ?? 0) - (countOf.get(b) ?? 0) || a - b);
}

/**
 * Takes one more prospect for `userId` if their plan allows it; false when it does not. A count
 * without lock first, so that only the seller chosen takes the lock of their counts (two
 * registrations never hold two sellers' locks in opposite orders).
 */
async function hasRoom(tx: DbOrTx, userId: number): Promise<boolean> {
  const current = await usageOf(tx, userId, 'prospects');
  if (!planAllows(await planOf(tx, userId), 'prospects', current)) return false;
  try {
    await requireRoomFor(tx, userId, 'prospects');
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === errorCodes.planLimit) return false;
    throw error;
  }
}

/** The seller who gets the next lead of the webinar, or null when no one has room for it. */
export async function leadOwnerFor(tx: DbOrTx, webinar: WebinarRow): Promise<number | null> {
  const candidates =
    webinar.leadMode === 'round_robin'
      ? await byFewestLeads(tx, webinar.id, await roundRobinCandidates(tx, webinar))
      : [];
  for (const userId of [...candidates, webinar.userId]) if (await hasRoom(tx, userId)) return userId;
  return null;
}

/**
 * Creates the prospect of a consenting registration (once) and links it; the owner is notified
 * live and their CRM answers are forgotten. No-op for the webinar's owner registering themself.
 */
export async function createLead(
  tx: DbOrTx,
  work: UnitOfWork,
  webinar: WebinarRow,
  registration: Pick<RegistrationRow, 'userId' | 'prospectId' | 'consentToContact'>,
): Promise<number | null> {
  if (!registration.consentToContact || registration.prospectId !== null) return registration.prospectId;
  if (registration.userId === webinar.userId) return null;
  const ownerId = await leadOwnerFor(tx, webinar);
  if (ownerId === null) return null;
  const [person] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, registration.userId));
  if (!person) return null;
  const dueAt = new Date(endOf(webinar).getTime() + DAY_MS);
  const activityTitle = `Inscrit au webinaire « ${webinar.title} »`.slice(0, 255);
  const [prospect] = await tx
    .insert(prospects)
    .values({
      ownerId,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      customFields: { [LEAD_FIELD]: webinar.title.slice(0, 255) },
      observations: 'A accepté d’être contacté en s’inscrivant au webinaire.',
      nextActivityAt: dueAt,
      state: null,
      leadStage: null,
    })
    .returning({ id: prospects.id });
  await tx.insert(prospectActivities).values({
    prospectId: prospect!.id,
    userId: ownerId,
    title: activityTitle,
    dueAt,
    priority: 'high',
  });
  await tx
    .update(webinarRegistrations)
    .set({ prospectId: prospect!.id })
    .where(
      and(
        eq(webinarRegistrations.webinarId, webinar.id),
        eq(webinarRegistrations.userId, registration.userId),
      ),
    );
  work.forget({ crm: ownerId });
  await work.notify(tx, {
    userId: ownerId,
    type: 'webinar_lead',
    actorId: registration.userId,
    title: `Nouveau prospect : ${`${person.firstName} ${person.lastName}`.trim()}`,
    body: activityTitle,
    link: `/dashboard/prospects/${prospect!.id}`,
    groupKey: `webinar-leads:${webinar.id}`,
  });
  return prospect!.id;
}

/**
 * Removes the registration's prospect when it has no deal yet (consent withdrawn, unregistered);
 * a prospect with a deal stays with its seller, unlinked.
 */
export async function removeLead(
  tx: DbOrTx,
  work: UnitOfWork,
  webinarId: number,
  registration: Pick<RegistrationRow, 'userId' | 'prospectId'>,
): Promise<void> {
  if (registration.prospectId === null) return;
  const [prospect] = await tx
    .select({ id: prospects.id, ownerId: prospects.ownerId })
    .from(prospects)
    .where(eq(prospects.id, registration.prospectId))
    .for('update');
  await tx
    .update(webinarRegistrations)
    .set({ prospectId: null })
    .where(
      and(
        eq(webinarRegistrations.webinarId, webinarId),
        eq(webinarRegistrations.userId, registration.userId),
      ),
    );
  if (!prospect) return;
  const [deal] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.prospectId, prospect.id))
    .limit(1);
  if (deal) return;
  await tx.delete(prospects).where(eq(prospects.id, prospect.id));
  work.forget({ crm: prospect.ownerId });
}

/** "A assisté au webinaire" on the prospect of a registrant who went through their join link. */
export async function recordAttendanceOnLead(
  tx: DbOrTx,
  work: UnitOfWork,
  webinar: Pick<WebinarRow, 'title'>,
  prospectId: number | null,
  at: Date,
): Promise<void> {
  if (prospectId === null) return;
  const [prospect] = await tx
    .select({ id: prospects.id, ownerId: prospects.ownerId })
    .from(prospects)
    .where(eq(prospects.id, prospectId));
  if (!prospect) return;
  await tx.insert(prospectActivities).values({
    prospectId,
    userId: null,
    title: 'A assisté au webinaire',
    notes: `« ${webinar.title} »`.slice(0, 2000),
    dueAt: at,
    doneAt: at,
    priority: 'medium',
  });
  work.forget({ crm: prospect.ownerId });
}
