/**
 * A team's calendar: any member adds events; their author, the creator and admins change them;
 * the other members are notified of a new event; each event downloads as an .ics file.
 */
import {
  type TeamEvent,
  type TeamEventCreateInput,
  type TeamEventListQuery,
  type TeamEventUpdateInput,
  teamCan,
} from '@closia/shared';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { teamEvents, teams } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { calendarFile } from '../../lib/ics';
import { participantAlias, presentOptionalParticipant } from '../../lib/participants';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { otherMembers, requireCapability, requireMember, type TeamActor, teamChanged } from './teams.service';

const author = participantAlias('author');

function selectEvents(db: DbOrTx) {
  return db
    .select({ event: teamEvents, author: author.columns })
    .from(teamEvents)
    .leftJoin(author.user, author.on(teamEvents.createdById))
    .leftJoin(author.profile, author.profileOn);
}
type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

function presentEvent({ event: e, author: a }: EventRow): TeamEvent {
  return {
    id: e.id,
    teamId: e.teamId,
    name: e.name,
    description: e.description,
    startTime: e.startTime.toISOString(),
    endTime: e.endTime.toISOString(),
    location: e.location,
    link: e.link,
    createdById: e.createdById,
    createdBy: presentOptionalParticipant(a),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

async function eventOf(db: DbOrTx, teamId: number, eventId: number): Promise<EventRow> {
  const [row] = await selectEvents(db).where(and(eq(teamEvents.id, eventId), eq(teamEvents.teamId, teamId)));
  if (!row) throw notFound('Event');
  return row;
}

/** Events overlapping [from, to]; without bounds, those not over yet. */
export async function listEvents(
  db: DbOrTx,
  userId: number,
  teamId: number,
  query: TeamEventListQuery,
): Promise<TeamEvent[]> {
  await requireMember(db, teamId, userId);
  const from = query.from ? new Date(query.from) : query.to ? undefined : new Date();
  const rows = await selectEvents(db)
    .where(
      and(
        eq(teamEvents.teamId, teamId),
        from ? gte(teamEvents.endTime, from) : undefined,
        query.to ? lte(teamEvents.startTime, new Date(query.to)) : undefined,
      ),
    )
    .orderBy(asc(teamEvents.startTime), asc(teamEvents.id))
    .limit(500);
  return rows.map(presentEvent);
}

export async function getEvent(
  db: DbOrTx,
  userId: number,
  teamId: number,
  eventId: number,
): Promise<TeamEvent> {
  await requireMember(db, teamId, userId);
  return presentEvent(await eventOf(db, teamId, eventId));
}

const when = (event: { startTime: Date }) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(event.startTime);

export async function createEvent(
  db: Db,
  work: UnitOfWork,
  actor: TeamActor,
  teamId: number,
  input: TeamEventCreateInput,
): Promise<TeamEvent> {
  await requireCapability(db, teamId, actor.id, 'createEvents');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teamEvents)
      .values({
        teamId,
        name: input.name,
        description: input.description || null,
        startTime: new Date(input.startTime),
        endTime: new Date(input.endTime),
        location: input.location || null,
        link: input.link ?? null,
        createdById: actor.id,
      })
      .returning();
    const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
    const link = `/dashboard/team/${teamId}?event=${row!.id}`;
    for (const member of await otherMembers(tx, teamId, actor.id)) {
      await work.notify(tx, {
        userId: member.id,
        type: 'team_event',
        actorId: actor.id,
        title: `Nouvel événement dans ${team!.name} : ${input.name}`,
        body: when(row!),
        link,
        mail: {
          subject: `${team!.name} : ${input.name}, ${when(row!)}`,
          text: `Bonjour ${member.firstName},\n\n${actor.firstName} ${actor.lastName} a ajouté un événement à l'agenda de l'équipe « ${team!.name} » :\n\n${input.name}\n${when(row!)}${input.location ? `\n${input.location}` : ''}${input.link ? `\n${input.link}` : ''}\n\nDétails et ajout à votre agenda :\n${work.appUrl}${link}\n\nL'équipe Closia`,
          link: `${work.appUrl}${link}`,
        },
      });
    }
    return row!.id;
  });
  teamChanged(work, teamId, 'events');
  return presentEvent(await eventOf(db, teamId, id));
}

/** Its author, or the creator and admins, may change or delete an event. */
async function requireEventManager(db: DbOrTx, userId: number, teamId: number, eventId: number) {
  const role = await requireMember(db, teamId, userId);
  const row = await eventOf(db, teamId, eventId);
  if (row.event.createdById !== userId && !teamCan(role, 'manageEvents'))
    throw forbidden("Only the event's author, the team's creator and admins can change it", 'ROLE_REQUIRED');
  return row;
}

export async function updateEvent(
  db: Db,
  work: UnitOfWork,
  userId: number,
  teamId: number,
  eventId: number,
  input: TeamEventUpdateInput,
): Promise<TeamEvent> {
  const { event } = await requireEventManager(db, userId, teamId, eventId);
  const start = input.startTime ? new Date(input.startTime) : event.startTime;
  const end = input.endTime ? new Date(input.endTime) : event.endTime;
  if (end <= start) throw fieldError('endTime', 'after', undefined, { otherField: 'startTime' });
  await db
    .update(teamEvents)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.location !== undefined ? { location: input.location || null } : {}),
      ...(input.link !== undefined ? { link: input.link } : {}),
      startTime: start,
      endTime: end,
    })
    .where(eq(teamEvents.id, eventId));
  teamChanged(work, teamId, 'events');
  return presentEvent(await eventOf(db, teamId, eventId));
}

export async function deleteEvent(
  db: Db,
  work: UnitOfWork,
  userId: number,
  teamId: number,
  eventId: number,
): Promise<void> {
  await requireEventManager(db, userId, teamId, eventId);
  await db.delete(teamEvents).where(eq(teamEvents.id, eventId));
  teamChanged(work, teamId, 'events');
}

/** The event as an .ics file (for members). */
export async function eventCalendar(
  db: DbOrTx,
  userId: number,
  teamId: number,
  eventId: number,
  appUrl: string,
): Promise<{ name: string; file: string }> {
  await requireMember(db, teamId, userId);
  const { event } = await eventOf(db, teamId, eventId);
  const host = new URL(appUrl).hostname;
  return {
    name: `evenement-${event.id}.ics`,
    file: calendarFile({
      uid: `team-event-${event.id}@${host}`,
      start: event.startTime,
      end: event.endTime,
      stamp: event.updatedAt,
      summary: event.name,
      description: event.description,
      location: event.location,
      url: event.link ?? `${appUrl}/dashboard/team/${teamId}?event=${event.id}`,
    }),
  };
}
