/**
 * Applications (candidatures): a freelancer applies to an open mission with a message; the
 * mission's owner accepts or declines; the applicant may withdraw. An accepted freelancer may
 * sell the mission's offer (`GET /services/sellable`). Each step e-mails the other side.
 */
import type { Application, ApplicationStatus, Paginated, ValidationErrorItem } from '@closia/shared';
import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { applications, missions, profiles, services, users } from '../../db/schema';
import { conflict, forbidden, notFound, refusal } from '../../lib/errors';
import { yearsSince } from '../../lib/matching';
import { offsetOf, type PaginationQuery, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { loadFreelancers, missionFacts, presentFreelancers } from '../freelancers/freelancers.service';
import { userSummary } from '../services/services.presenter';
import { isFreelancerKind, type MissionRow, missionFields, missionIsListed } from './missions.service';

type ApplicationRow = typeof applications.$inferSelect;

const kindWords: Record<string, string> = {
  setter: 'setter',
  closer: 'closer',
  setter_closer: 'setter-closer',
};

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * Why the freelancer may not apply, as 422 items naming the mission's requirement (field), what
 * it asks and by how much the profile falls short.
 */
export function eligibilityErrors(
  mission: { missionType: string; minConversionRate: number | null; minExperience: number | null },
  profile: {
    kind: string;
    finishedProfileSetup: boolean;
    conversionRate: number | null;
    experience: string | null;
  },
): ValidationErrorItem[] {
  const errors: ValidationErrorItem[] = [];
  if (!profile.finishedProfileSetup) {
    errors.push({
      field: 'profile',
      rule: 'profileFinished',
      message: 'Finish your profile before applying to missions',
    });
  }
  const fits = profile.kind === mission.missionType || profile.kind === 'setter_closer';
  if (!fits) {
    errors.push({
      field: 'missionType',
      rule: 'missionType',
      message: `This mission is for a ${kindWords[mission.missionType] ?? mission.missionType}; your profile is a ${kindWords[profile.kind] ?? profile.kind} profile`,
      meta: { required: mission.missionType, actual: profile.kind },
    });
  }
  if (mission.minConversionRate !== null) {
    const rate = profile.conversionRate ?? 0;
    const required = mission.minConversionRate / 10;
    if (rate < required) {
      errors.push({
        field: 'minConversionRate',
        rule: 'belowMinimum',
        message: `Your conversion rate (${fmt(rate)}/10) is below the ${fmt(required)}/10 this mission requires: ${fmt(required - rate)} short`,
        meta: { required, actual: rate, missing: Math.round((required - rate) * 10) / 10, unit: 'rate' },
      });
    }
  }
  if (mission.minExperience !== null) {
    const years = yearsSince(profile.experience) ?? 0;
    if (years < mission.minExperience) {
      errors.push({
        field: 'minExperience',
        rule: 'belowMinimum',
        message: `Your experience (${years} year${years === 1 ? '' : 's'}) is below the ${mission.minExperience} year${mission.minExperience === 1 ? '' : 's'} this mission requires: ${mission.minExperience - years} short`,
        meta: {
          required: mission.minExperience,
          actual: years,
          missing: mission.minExperience - years,
          unit: 'years',
        },
      });
    }
  }
  return errors;
}

async function missionOwner(db: DbOrTx, missionId: number) {
  const [row] = await db
    .select({ mission: missionFields, owner: users, serviceName: services.name })
    .from(missions)
    .innerJoin(users, eq(users.id, missions.infopreneurId))
    .innerJoin(services, eq(services.id, missions.serviceId))
    .where(eq(missions.id, missionId));
  return row!;
}

export async function applyToMission(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  missionId: number,
  message: string,
): Promise<Application> {
  const id = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ mission: missionFields })
      .from(missions)
      .innerJoin(services, eq(services.id, missions.serviceId))
      .where(and(eq(missions.id, missionId), missionIsListed))
      .for('update', { of: missions });
    if (!target) throw notFound('Mission');
    const { mission } = target;
    if (mission.infopreneurId === viewer.id)
      throw forbidden('You cannot apply to your own mission', 'OWN_MISSION');
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, viewer.id));
    if (!profile || !isFreelancerKind(profile.kind)) {
      throw forbidden('Only setters, closers and setter-closers can apply to missions', 'SELLER_ONLY');
    }
    const problems = eligibilityErrors(mission, profile);
    if (problems.length > 0) throw refusal('NOT_ELIGIBLE', problems);

    const [existing] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.missionId, missionId), eq(applications.userId, viewer.id)));
    let applicationId: number;
    if (existing && existing.status !== 'withdrawn') {
      throw conflict('You already applied to this mission', 'ALREADY_APPLIED');
    } else if (existing) {
      // A withdrawn application may be sent again.
      await tx
        .update(applications)
        .set({ status: 'pending', message, decidedAt: null, createdAt: new Date() })
        .where(eq(applications.id, existing.id));
      applicationId = existing.id;
    } else {
      const [row] = await tx
        .insert(applications)
        .values({ missionId, userId: viewer.id, message })
        .returning({ id: applications.id });
      applicationId = row!.id;
    }
    const { owner } = await missionOwner(tx, missionId);
    const [applicant] = await tx.select().from(users).where(eq(users.id, viewer.id));
    const path = `/app/missions/${missionId}`;
    const link = `${work.appUrl}${path}`;
    await work.notify(tx, {
      userId: owner.id,
      type: 'application_received',
      actorId: viewer.id,
      title: `${applicant!.firstName} ${applicant!.lastName} a postulé à « ${mission.title} »`,
      body: message.length > 140 ? `${message.slice(0, 139)}…` : message,
      link: path,
      mail: {
        subject: `Nouvelle candidature pour « ${mission.title} »`,
        text: `Bonjour ${owner.firstName},\n\n${applicant!.firstName} ${applicant!.lastName} a postulé à votre mission « ${mission.title} » :\n\n${message}\n\nConsultez sa candidature et son profil :\n${link}\n\nL'équipe Closia`,
        link,
      },
    });
    return applicationId;
  });
  return getApplication(db, viewer, id);
}

interface LoadedApplication {
  application: ApplicationRow;
  mission: MissionRow;
  serviceName: string;
  serviceSectors: number[];
  owner: { id: number; firstName: string; lastName: string; profilePicture: string | null };
}

async function loadApplications(
  db: DbOrTx,
  where: SQL,
  options: { limit?: number; offset?: number } = {},
): Promise<LoadedApplication[]> {
  let query = db
    .select({
      application: applications,
      mission: missionFields,
      serviceName: services.name,
      serviceSectors: services.workSectorIds,
      owner: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePicture: users.profilePicture,
      },
    })
    .from(applications)
    .innerJoin(missions, eq(missions.id, applications.missionId))
    .innerJoin(services, eq(services.id, missions.serviceId))
    .innerJoin(users, eq(users.id, missions.infopreneurId))
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  return query;
}

/** Presents applications with each applicant's card and match against the mission. */
async function presentApplications(
  db: DbOrTx,
  viewer: Viewer,
  rows: LoadedApplication[],
): Promise<Application[]> {
  const out: Application[] = [];
  // Every applicant of the page in one query (whatever the state of their profile), then one card
  // per application, matched against its own mission.
  const loaded = await loadFreelancers(
    db,
    inArray(users.id, [...new Set(rows.map((r) => r.application.userId))]),
    viewer,
  );
  const loadedById = new Map(loaded.map((row) => [row.user.id, row]));
  const pairs = rows.flatMap((row) => {
    const applicant = loadedById.get(row.application.userId);
    return applicant ? [{ row, applicant }] : [];
  });
  const cardList = await presentFreelancers(
    db,
    pairs.map((pair) => pair.applicant),
    (index) => {
      const { row } = pairs[index]!;
      return missionFacts({ ...row.mission, sectors: row.serviceSectors });
    },
  );
  const cards = new Map(pairs.map((pair, index) => [pair.row.application.id, cardList[index]!]));
  for (const row of rows) {
    const applicant = cards.get(row.application.id);
    if (!applicant) continue;
    const { application: a, mission: m } = row;
    out.push({
      id: a.id,
      missionId: m.id,
      mission: {
        id: m.id,
        title: m.title,
        missionType: m.missionType as Application['mission']['missionType'],
        missionStatus: m.missionStatus as Application['mission']['missionStatus'],
        serviceId: m.serviceId,
        serviceName: row.serviceName,
        infopreneur: userSummary(row.owner),
      },
      userId: a.userId,
      applicant,
      message: a.message ?? '',
      status: a.status as ApplicationStatus,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    });
  }
  return out;
}

/** An application its applicant or the mission's owner may see; 404 for anyone else. */
export async function getApplication(db: DbOrTx, viewer: Viewer, id: number): Promise<Application> {
  const rows = await loadApplications(
    db,
    and(
      eq(applications.id, id),
      sql`(${applications.userId} = ${viewer.id} or ${missions.infopreneurId} = ${viewer.id})`,
    ) as SQL,
  );
  const [application] = await presentApplications(db, viewer, rows);
  if (!application) throw notFound('Application');
  return application;
}

/**
 * The applications to one of the viewer's missions: pending first, then accepted, then declined,
 * best match first within each. A withdrawn one is no application any more: left out, as the
 * mission's `applicationCount` leaves it out, so that the count and the list agree.
 */
export async function listMissionApplications(db: DbOrTx, viewer: Viewer, missionId: number) {
  const [mission] = await db
    .select({ id: missions.id })
    .from(missions)
    .where(
      and(
        eq(missions.id, missionId),
        eq(missions.infopreneurId, viewer.id),
        sql`${missions.status} <> 'deleted'`,
      ),
    );
  if (!mission) throw notFound('Mission');
  const rows = await loadApplications(
    db,
    and(eq(applications.missionId, missionId), ne(applications.status, 'withdrawn')) as SQL,
  );
  const data = await presentApplications(db, viewer, rows);
  const order: Record<string, number> = { pending: 0, accepted: 1, declined: 2 };
  data.sort(
    (a, b) =>
      (order[a.status] ?? 9) - (order[b.status] ?? 9) ||
      (b.applicant.match?.score ?? 0) - (a.applicant.match?.score ?? 0),
  );
  return { data };
}

export async function listMyApplications(
  db: DbOrTx,
  viewer: Viewer,
  page: PaginationQuery,
): Promise<Paginated<Application>> {
  const where = eq(applications.userId, viewer.id);
  const [rows, [total]] = await Promise.all([
    loadApplications(db, where, { limit: page.perPage, offset: offsetOf(page) }),
    db.select({ n: count() }).from(applications).where(where),
  ]);
  return { data: await presentApplications(db, viewer, rows), meta: paginationMeta(total?.n ?? 0, page) };
}

type Decision = 'accept' | 'decline' | 'withdraw';

const transitions: Record<
  Decision,
  { from: ApplicationStatus[]; to: ApplicationStatus; by: 'owner' | 'applicant' }
> = {
  accept: { from: ['pending', 'declined'], to: 'accepted', by: 'owner' },
  decline: { from: ['pending', 'accepted'], to: 'declined', by: 'owner' },
  withdraw: { from: ['pending', 'accepted'], to: 'withdrawn', by: 'applicant' },
};

/** Moves an application; the owner accepts or declines, the applicant withdraws; the other side is e-mailed. */
export async function decideApplication(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  decision: Decision,
): Promise<Application> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ application: applications, mission: missionFields })
      .from(applications)
      .innerJoin(missions, eq(missions.id, applications.missionId))
      .where(eq(applications.id, id))
      .for('update', { of: applications });
    const rule = transitions[decision];
    const isOwner = row?.mission.infopreneurId === viewer.id;
    const isApplicant = row?.application.userId === viewer.id;
    if (!row || !(isOwner || isApplicant)) throw notFound('Application');
    if ((rule.by === 'owner' && !isOwner) || (rule.by === 'applicant' && !isApplicant)) {
      throw rule.by === 'owner'
        ? forbidden("Only the mission's owner can accept or decline an application", 'MISSION_OWNER_ONLY')
        : forbidden('Only the applicant can withdraw an application', 'APPLICANT_ONLY');
    }
    if (row.application.status === rule.to) return;
    if (!rule.from.includes(row.application.status as ApplicationStatus)) {
      throw conflict(`A ${row.application.status} application cannot be ${rule.to}`, 'APPLICATION_DECIDED');
    }
    if (decision === 'accept' && row.mission.status === 'deleted') throw notFound('Application');
    await tx
      .update(applications)
      .set({ status: rule.to, decidedAt: new Date() })
      .where(eq(applications.id, id));

    const { owner, mission } = await missionOwner(tx, row.mission.id);
    const [applicant] = await tx.select().from(users).where(eq(users.id, row.application.userId));
    const path = `/app/missions/${mission.id}`;
    const link = `${work.appUrl}${path}`;
    const applicantName = `${applicant!.firstName} ${applicant!.lastName}`;
    const ownerName = `${owner.firstName} ${owner.lastName}`;
    const notification =
      decision === 'withdraw'
        ? {
            userId: owner.id,
            type: 'application_withdrawn' as const,
            title: `${applicantName} a retiré sa candidature à « ${mission.title} »`,
            mail: {
              subject: `Candidature retirée pour « ${mission.title} »`,
              text: `Bonjour ${owner.firstName},\n\n${applicantName} a retiré sa candidature à votre mission « ${mission.title} ».\n\n${link}\n\nL'équipe Closia`,
            },
          }
        : decision === 'accept'
          ? {
              userId: applicant!.id,
              type: 'application_accepted' as const,
              title: `Votre candidature à « ${mission.title} » est acceptée`,
              body: 'Vous pouvez vendre cette offre dès maintenant.',
              mail: {
                subject: `Votre candidature pour « ${mission.title} » est acceptée`,
                text: `Bonjour ${applicant!.firstName},\n\n${ownerName} a accepté votre candidature à la mission « ${mission.title} ». Vous pouvez dès maintenant vendre cette offre et suivre vos ventes dans votre pipeline.\n\n${link}\n\nL'équipe Closia`,
              },
            }
          : {
              userId: applicant!.id,
              type: 'application_declined' as const,
              title: `Votre candidature à « ${mission.title} » n'a pas été retenue`,
              mail: {
                subject: `Votre candidature pour « ${mission.title} »`,
                text: `Bonjour ${applicant!.firstName},\n\n${ownerName} n'a pas retenu votre candidature à la mission « ${mission.title} ». D'autres missions vous attendent :\n${work.appUrl}/app/missions\n\nL'équipe Closia`,
              },
            };
    await work.notify(tx, {
      ...notification,
      actorId: viewer.id,
      link: path,
      mail: { ...notification.mail, link },
    });
  });
  return getApplication(db, viewer, id);
}
