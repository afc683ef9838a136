/**
 * Registering to a webinar, the owner's list of registrants (and its CSV), the personal join link,
 * the calendar file and the replay (issue 21 §1).
 */
import {
  AppError,
  errorCodes,
  type MyRegistration,
  type Paginated,
  type WebinarRegistrant,
  type WebinarRegistrantsQuery,
  type WebinarRegistrationInput,
  type WebinarReplay,
} from '@closia/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { prospects, users, webinarRegistrations, webinars } from '../../db/schema';
import { now } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { writeCsv } from '../../lib/csv';
import { conflict, forbidden, notFound, refusal } from '../../lib/errors';
import { calendarFile } from '../../lib/ics';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { scheduleWebinarJobs } from './webinar-jobs';
import { createLead, recordAttendanceOnLead, removeLead } from './webinar-leads';
import {
  canManage,
  endOf,
  joinUrlOf,
  presentRegistration,
  type RegistrationRow,
  replayEmbed,
  type WebinarRow,
  webinarPath,
} from './webinars.presenter';
import { lockWebinar } from './webinars.service';

/** A registrant may go through their join link from this long before the start. */
export const JOIN_OPENS_BEFORE_MS = 30 * 60_000;

const reasonRefusal = (reason: Parameters<typeof refusal>[0], message: string) =>
  refusal(reason, [{ field: 'webinarId', rule: 'registration', message }]);

export async function registrationOf(tx: DbOrTx, webinarId: number, userId: number, lock = false) {
  const query = tx
    .select()
    .from(webinarRegistrations)
    .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.userId, userId)));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/**
 * Why the webinar takes no registration now, or null when it does. `paying`: the caller opens a
 * paid seat's checkout (the payment is what it asks, so that refusal is not one).
 */
export function closedBecause(webinar: WebinarRow, at: Date, paying = false) {
  if (endOf(webinar) <= at) return reasonRefusal('WEBINAR_OVER', 'The webinar is over');
  if (!webinar.isRegistrationOpen)
    return reasonRefusal('WEBINAR_REGISTRATION_CLOSED', 'Registration is closed');
  if (webinar.capacity !== null && webinar.registrationCount >= webinar.capacity)
    return reasonRefusal('WEBINAR_FULL', 'The webinar is full');
  if (!paying && Number(webinar.price) > 0)
    return reasonRefusal(
      'WEBINAR_PAYMENT_REQUIRED',
      `The webinar costs ${Number(webinar.price).toFixed(2)} EUR: registration goes through payment`,
    );
  return null;
}

/** `POST /webinars/{id}/registrations`: 201 with the join link; 409 twice; 422 when closed. */
export async function register(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  webinarId: number,
  input: WebinarRegistrationInput,
): Promise<MyRegistration> {
  return db.transaction(async (tx) => {
    // The row lock serialises registrations: the capacity is checked against a settled count.
    const webinar = await lockWebinar(tx, webinarId);
    if (await registrationOf(tx, webinarId, viewer.id))
      throw conflict('Already registered to this webinar', 'WEBINAR_ALREADY_REGISTERED');
    const refused = closedBecause(webinar, now());
    if (refused) throw refused;
    const row = await insertRegistration(tx, work, webinar, viewer.id, input.consentToContact);
    return presentRegistration(webinar, row, work.appUrl);
  });
}

/**
 * The registration and its lead (with consent): a free registration, and a paid seat once the
 * payment provider says it is paid (`webinar-payments.service.ts`). The caller holds the
 * webinar's row lock and has checked there is no registration yet.
 */
export async function insertRegistration(
  tx: DbOrTx,
  work: UnitOfWork,
  webinar: WebinarRow,
  userId: number,
  consentToContact: boolean,
): Promise<RegistrationRow> {
  const [row] = await tx
    .insert(webinarRegistrations)
    .values({ webinarId: webinar.id, userId, consentToContact, joinToken: randomToken(24) })
    .returning();
  const prospectId = await createLead(tx, work, webinar, row!);
  // Re-arms the reminders whose time has passed, so that a late registrant still gets them.
  await scheduleWebinarJobs(tx, webinar, { timeChanged: false });
  return { ...row!, prospectId };
}

/** `PATCH /webinars/{id}/registrations`: gives or withdraws the consent to be contacted. */
export async function changeConsent(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  webinarId: number,
  input: WebinarRegistrationInput,
): Promise<MyRegistration> {
  return db.transaction(async (tx) => {
    const webinar = await lockWebinar(tx, webinarId);
    const current = await registrationOf(tx, webinarId, viewer.id, true);
    if (!current) throw notRegistered();
    const [row] = await tx
      .update(webinarRegistrations)
      .set({ consentToContact: input.consentToContact })
      .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.userId, viewer.id)))
      .returning();
    if (input.consentToContact) await createLead(tx, work, webinar, row!);
    else await removeLead(tx, work, webinarId, row!);
    return presentRegistration(webinar, row!, work.appUrl);
  });
}

/** `DELETE /webinars/{id}/registrations`: unregisters; the lead goes with it while it has no deal. */
export async function unregister(db: Db, work: UnitOfWork, viewer: Viewer, webinarId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWebinar(tx, webinarId);
    const current = await registrationOf(tx, webinarId, viewer.id, true);
    if (!current) throw notRegistered();
    await removeLead(tx, work, webinarId, current);
    await tx
      .delete(webinarRegistrations)
      .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.userId, viewer.id)));
  });
}

const notRegistered = () =>
  new AppError(
    404,
    errorCodes.notFound,
    'Not registered to this webinar',
    undefined,
    'WEBINAR_NOT_REGISTERED',
  );

/** The webinar, for its owner or an admin only (403 for anyone else, 404 when there is none). */
async function managedWebinar(db: DbOrTx, viewer: Viewer, webinarId: number): Promise<WebinarRow> {
  const [webinar] = await db.select().from(webinars).where(eq(webinars.id, webinarId));
  if (!webinar) throw notFound('Webinar');
  if (!canManage(viewer, webinar)) throw forbidden('Only the webinar owner sees its registrants');
  return webinar;
}

const leadOwner = alias(users, 'lead_owner');

function selectRegistrants(db: DbOrTx, webinarId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profilePicture: users.profilePicture,
      consentToContact: webinarRegistrations.consentToContact,
      createdAt: webinarRegistrations.createdAt,
      attendedAt: webinarRegistrations.attendedAt,
      prospectId: webinarRegistrations.prospectId,
      leadOwnerId: leadOwner.id,
      leadOwnerFirstName: leadOwner.firstName,
      leadOwnerLastName: leadOwner.lastName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(webinarRegistrations)
    .innerJoin(users, eq(users.id, webinarRegistrations.userId))
    .leftJoin(prospects, eq(prospects.id, webinarRegistrations.prospectId))
    .leftJoin(leadOwner, eq(leadOwner.id, prospects.ownerId))
    .where(eq(webinarRegistrations.webinarId, webinarId))
    .orderBy(asc(webinarRegistrations.createdAt), asc(users.id));
}

type RegistrantRow = Awaited<ReturnType<ReturnType<typeof selectRegistrants>['execute']>>[number];

/** The e-mail only with the registrant's consent (RGPD): no one's data reaches anyone without it. */
const presentRegistrant = (row: RegistrantRow): WebinarRegistrant => ({
  user: {
    id: row.userId,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.consentToContact ? row.email : null,
    profilePicture: row.profilePicture,
  },
  consentToContact: row.consentToContact,
  createdAt: row.createdAt.toISOString(),
  attendedAt: row.attendedAt?.toISOString() ?? null,
  prospectId: row.prospectId,
  leadOwner:
    row.leadOwnerId === null
      ? null
      : { id: row.leadOwnerId, fullName: `${row.leadOwnerFirstName} ${row.leadOwnerLastName}`.trim() },
});

export async function listRegistrants(
  db: DbOrTx,
  viewer: Viewer,
  webinarId: number,
  query: WebinarRegistrantsQuery,
): Promise<Paginated<WebinarRegistrant>> {
  await managedWebinar(db, viewer, webinarId);
  const rows = await selectRegistrants(db, webinarId).limit(query.perPage).offset(offsetOf(query));
  return { data: rows.map(presentRegistrant), meta: paginationMeta(rows[0]?.total ?? 0, query) };
}

const frDateTime = (date: Date | null, timeZone: string) =>
  date
    ? new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date)
    : '';

/** `?format=csv`: every registrant (UTF-8 with BOM, `;`, formulas neutralised), French headers. */
export async function exportRegistrants(
  db: DbOrTx,
  viewer: Viewer,
  webinarId: number,
): Promise<{ filename: string; body: string }> {
  const webinar = await managedWebinar(db, viewer, webinarId);
  const rows = (await selectRegistrants(db, webinarId)).map(presentRegistrant);
  const lines = [
    ['Nom', 'E-mail', 'Accepte d’être contacté', 'Inscrit le', 'A rejoint le', 'Prospect suivi par'],
    ...rows.map((r) => [
      r.user.fullName,
      r.user.email ?? '',
      r.consentToContact ? 'oui' : 'non',
      frDateTime(new Date(r.createdAt), webinar.timezone),
      frDateTime(r.attendedAt ? new Date(r.attendedAt) : null, webinar.timezone),
      r.leadOwner?.fullName ?? '',
    ]),
  ];
  return { filename: `inscrits-webinaire-${webinarId}.csv`, body: writeCsv(lines, { bom: true }) };
}

/**
 * `GET /w/{token}`: the registrant's personal link. Records the first join (from 30 minutes before
 * the start to the end) and its activity on the lead, then answers where to go: the platform, or
 * the webinar's page when it has no link. null: no such registration.
 */
export async function join(db: Db, work: UnitOfWork, token: string): Promise<string | null> {
  if (!/^[\w-]{16,64}$/.test(token)) return null;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ registration: webinarRegistrations, webinar: webinars })
      .from(webinarRegistrations)
      .innerJoin(webinars, eq(webinars.id, webinarRegistrations.webinarId))
      .where(eq(webinarRegistrations.joinToken, token))
      .for('update', { of: webinarRegistrations });
    if (!found) return null;
    const { registration, webinar } = found;
    const at = now();
    const open = at.getTime() >= webinar.startTime.getTime() - JOIN_OPENS_BEFORE_MS && at < endOf(webinar);
    if (open && registration.attendedAt === null) {
      await tx
        .update(webinarRegistrations)
        .set({ attendedAt: at })
        .where(
          and(
            eq(webinarRegistrations.webinarId, registration.webinarId),
            eq(webinarRegistrations.userId, registration.userId),
          ),
        );
      await recordAttendanceOnLead(tx, work, webinar, registration.prospectId, at);
    }
    return open && webinar.platformUrl ? webinar.platformUrl : `${work.appUrl}${webinarPath(webinar.id)}`;
  });
}

/** Whether the viewer registered to the webinar. */
const isRegistrant = async (db: DbOrTx, webinarId: number, userId: number) =>
  (await registrationOf(db, webinarId, userId)) !== null;

/** `GET /webinars/{id}/calendar.ics`: the platform link (and join link) for registrants only. */
export async function webinarCalendar(
  db: DbOrTx,
  viewer: Viewer,
  webinarId: number,
  appUrl: string,
): Promise<{ filename: string; body: string }> {
  const [webinar] = await db.select().from(webinars).where(eq(webinars.id, webinarId));
  if (!webinar) throw notFound('Webinar');
  const registration: RegistrationRow | null = await registrationOf(db, webinarId, viewer.id);
  const insider = registration !== null || canManage(viewer, webinar);
  const page = `${appUrl}${webinarPath(webinar.id)}`;
  const join = registration ? joinUrlOf(appUrl, registration.joinToken) : null;
  const description = [
    webinar.description,
    insider && webinar.platformUrl ? `Lien de connexion : ${join ?? webinar.platformUrl}` : null,
    `Page du webinaire : ${page}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    filename: `webinaire-${webinar.id}.ics`,
    body: calendarFile({
      uid: `webinar-${webinar.id}@closia`,
      start: webinar.startTime,
      end: endOf(webinar),
      stamp: webinar.updatedAt,
      summary: webinar.title,
      description,
      location: insider && webinar.platformUrl ? (join ?? webinar.platformUrl) : page,
      url: page,
    }),
  };
}

/** `GET /webinars/{id}/replay`: registrants, the owner and admins, once it is over and has one. */
export async function getReplay(db: DbOrTx, viewer: Viewer, webinarId: number): Promise<WebinarReplay> {
  const [webinar] = await db.select().from(webinars).where(eq(webinars.id, webinarId));
  if (!webinar) throw notFound('Webinar');
  const unavailable = () =>
    new AppError(
      404,
      errorCodes.notFound,
      'No replay for this webinar',
      undefined,
      'WEBINAR_REPLAY_UNAVAILABLE',
    );
  if (!webinar.hasReplay || !webinar.replayUrl) throw unavailable();
  const manager = canManage(viewer, webinar);
  if (!manager && !(await isRegistrant(db, webinarId, viewer.id)))
    throw forbidden('The replay is for the registrants', 'WEBINAR_REPLAY_REGISTRANTS_ONLY');
  if (!manager && endOf(webinar) > now()) throw unavailable();
  const embed = replayEmbed(webinar.replayUrl);
  return {
    webinarId: webinar.id,
    title: webinar.title,
    replayUrl: webinar.replayUrl,
    provider: embed?.provider ?? null,
    embedUrl: embed?.embedUrl ?? null,
  };
}
