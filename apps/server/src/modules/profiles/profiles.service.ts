import {
  type ChangeAccountInput,
  errorCodes,
  type InfopreneurProfileInput,
  isValidHttpUrl,
  type PublicUser,
  type RegistrationRole,
  type SalesProfileUpdateInput,
  type ValidationErrorItem,
  validationMessage,
} from '@closia/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { missions, type ProfileRow, profiles, services, type UserRow, users } from '../../db/schema';
import { logActivity } from '../../lib/activity';
import { AppError, notFound, refusal } from '../../lib/errors';
import { yearsSince } from '../../lib/matching';
import { preparedPerDatabase } from '../../lib/prepared';
import { isOnline } from '../../lib/presence';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { assertUsableWorkSectors, ensureSkills, workSectorNameMap } from '../reference/reference.service';

export type ProfileKind = 'setter' | 'closer' | 'setter_closer' | 'infopreneur';

/** Links saved before the URL rule refused other schemes (`javascript:`, `data:`…) are not shown. */
const shownLinks = (links: string[]) => links.filter(isValidHttpUrl);

export const kindOfRole: Record<RegistrationRole, ProfileKind> = {
  setter: 'setter',
  closer: 'closer',
  'setter-closer': 'setter_closer',
  infopreneur: 'infopreneur',
};
const roleOfKind: Record<ProfileKind, RegistrationRole> = {
  setter: 'setter',
  closer: 'closer',
  setter_closer: 'setter-closer',
  infopreneur: 'infopreneur',
};

export const userTypeNotFound = () => new AppError(404, errorCodes.notFound, 'User type not found');

/** What a profile needs before onboarding can be marked finished. */
function missingForCompletion(p: ProfileRow): string[] {
  const missing: string[] = [];
  if (!p.description?.trim()) missing.push('description');
  if (p.kind !== 'infopreneur') {
    if (!p.experience) missing.push('experience');
    if (p.conversionRate === null) missing.push('conversionRate');
    if (p.skills.length === 0) missing.push('skills');
  }
  if (p.workSectorIds.length === 0) missing.push('workSectors');
  return missing;
}

type ProfileInput = SalesProfileUpdateInput | InfopreneurProfileInput;

/**
 * Saves the fields sent (partial update) on the user's profile of `kind`, creating it when the user
 * has none yet. A profile of another kind answers "User type not found": the account type must be
 * changed first.
 */
export async function saveProfile(
  db: Db,
  work: UnitOfWork,
  user: UserRow,
  kind: ProfileKind,
  input: ProfileInput,
  request?: FastifyRequest,
): Promise<ProfileRow> {
  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(profiles).where(eq(profiles.userId, user.id)).for('update');
    if (existing && existing.kind !== kind) throw userTypeNotFound();

    const values: Partial<typeof profiles.$inferInsert> = {};
    if (input.description !== undefined) values.description = input.description?.trim() || null;
    if (input.workSectors !== undefined) {
      const ids = [...new Set(input.workSectors)];
      await assertUsableWorkSectors(tx, ids, user.id);
      values.workSectorIds = ids;
    }
    if (input.onboardingStep !== undefined) values.onboardingStep = input.onboardingStep;
    if (kind !== 'infopreneur') {
      const sales = input as SalesProfileUpdateInput;
      if (sales.conversionRate !== undefined) values.conversionRate = sales.conversionRate;
      if (sales.experience !== undefined) values.experience = sales.experience.slice(0, 10);
      if (sales.skills !== undefined) values.skills = await ensureSkills(tx, dedupe(sales.skills), user.id);
      if (sales.formations !== undefined) {
        values.formations = sales.formations.map((f) => ({ name: f.name.trim(), link: f.link ?? null }));
      }
      if (sales.socialLinks !== undefined) values.socialLinks = sales.socialLinks;
      if (sales.videoUrl !== undefined) values.videoUrl = sales.videoUrl;
    }

    let profile: ProfileRow;
    if (existing) {
      profile =
        Object.keys(values).length === 0
          ? existing
          : ((
              await tx.update(profiles).set(values).where(eq(profiles.id, existing.id)).returning()
            )[0] as ProfileRow);
    } else {
      [profile] = (await tx
        .insert(profiles)
        .values({ ...values, userId: user.id, kind })
        .returning()) as [ProfileRow];
      await tx.update(users).set({ role: roleOfKind[kind] }).where(eq(users.id, user.id));
    }

    if (
      input.finishedProfileSetup !== undefined &&
      input.finishedProfileSetup !== profile.finishedProfileSetup
    ) {
      if (input.finishedProfileSetup) {
        const missing = missingForCompletion(profile);
        if (missing.length > 0) {
          const errors: ValidationErrorItem[] = missing.map((field) => ({
            field,
            rule: 'required',
            message: validationMessage('required', field),
          }));
          throw refusal('PROFILE_INCOMPLETE', errors);
        }
      }
      [profile] = (await tx
        .update(profiles)
        .set({ finishedProfileSetup: input.finishedProfileSetup })
        .where(eq(profiles.id, profile.id))
        .returning()) as [ProfileRow];
    }
    // The timeline records a finished profile's edits, not each onboarding step.
    if (profile.finishedProfileSetup) {
      const onlyDescription = Object.keys(values).length === 1 && values.description !== undefined;
      await logActivity(tx, user.id, onlyDescription ? 'update-bio' : 'update', request);
    }
    return profile;
  });
  work.forget({ user: user.id });
  return saved;
}

const dedupe = (names: string[]) => [
  ...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values(),
];

/** Clears the sub-profile (spec §4); with a role, starts an empty profile of the new kind. */
export async function changeAccount(
  db: Db,
  work: UnitOfWork,
  user: UserRow,
  input: ChangeAccountInput,
  request?: FastifyRequest,
) {
  await db.transaction(async (tx) => {
    await tx.delete(profiles).where(eq(profiles.userId, user.id));
    await tx
      .update(users)
      .set({ role: input.role ?? null })
      .where(eq(users.id, user.id));
    if (input.role) await tx.insert(profiles).values({ userId: user.id, kind: kindOfRole[input.role] });
    await logActivity(tx, user.id, 'update', request, 'Type de compte changé');
  });
  work.forget({ user: user.id });
}

/** Another user's public profile: nothing private (no e-mail, no tokens); 404 when unknown or suspended. */
/** A public profile reads only what it shows: the user and their profile, in one statement. */
const publicUserRow = preparedPerDatabase((db) =>
  db
    .select({
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePicture: users.profilePicture,
        banner: users.banner,
        role: users.role,
        location: users.location,
        available: users.available,
        lastSeenAt: users.lastSeenAt,
        socialLinks: users.socialLinks,
        videoUrl: users.videoUrl,
        loom: users.loom,
        createdAt: users.createdAt,
      },
      profile: {
        kind: profiles.kind,
        description: profiles.description,
        workSectorIds: profiles.workSectorIds,
        finishedProfileSetup: profiles.finishedProfileSetup,
        conversionRate: profiles.conversionRate,
        experience: profiles.experience,
        skills: profiles.skills,
        formations: profiles.formations,
        socialLinks: profiles.socialLinks,
        videoUrl: profiles.videoUrl,
      },
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.suspendedAt)))
    .prepare('public_user'),
);

/** An infopreneur's approved, active offers, newest first. */
const publicOffers = preparedPerDatabase((db) =>
  db
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      price: services.price,
      commissionRate: services.commissionRate,
      locationType: services.locationType,
    })
    .from(services)
    .where(
      and(
        eq(services.infopreneurId, sql.placeholder('id')),
        eq(services.validationStatus, 'approved'),
        eq(services.status, 'active'),
        isNull(services.deletedAt),
      ),
    )
    .orderBy(desc(services.createdAt))
    .prepare('public_user_offers'),
);

/** An infopreneur's published, open missions, newest first. */
const publicMissions = preparedPerDatabase((db) =>
  db
    .select({
      id: missions.id,
      title: missions.title,
      missionType: missions.missionType,
      serviceId: missions.serviceId,
      createdAt: missions.createdAt,
    })
    .from(missions)
    .where(
      and(
        eq(missions.infopreneurId, sql.placeholder('id')),
        eq(missions.status, 'published'),
        eq(missions.missionStatus, 'open'),
      ),
    )
    .orderBy(desc(missions.createdAt))
    .prepare('public_user_missions'),
);

export async function getPublicUser(db: DbOrTx, id: number): Promise<PublicUser> {
  const [row] = await publicUserRow(db).execute({ id });
  if (!row) throw notFound('User');
  const { user, profile } = row;
  const names = profile ? await workSectorNameMap(db, profile.workSectorIds) : new Map<number, string>();
  const sectors = (profile?.workSectorIds ?? []).flatMap((sectorId) => {
    const name = names.get(sectorId);
    return name === undefined ? [] : [{ id: sectorId, name }];
  });

  const isInfopreneur = profile?.kind === 'infopreneur';
  const [offers, openMissions] = isInfopreneur
    ? await Promise.all([publicOffers(db).execute({ id }), publicMissions(db).execute({ id })])
    : [[], []];

  const base = {
    description: profile?.description ?? null,
    workSectors: sectors,
    finishedProfileSetup: profile?.finishedProfileSetup ?? false,
  };
  const sales =
    profile && !isInfopreneur
      ? {
          ...base,
          conversionRate: profile.conversionRate,
          experience: profile.experience,
          experienceYears: yearsSince(profile.experience),
          skills: profile.skills,
          formations: profile.formations,
          socialLinks: shownLinks(profile.socialLinks),
          videoUrl: profile.videoUrl,
        }
      : null;

  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`,
    profilePicture: user.profilePicture,
    banner: user.banner,
    role: user.role,
    location: user.location,
    available: user.available,
    online: isOnline(user),
    socialLinks: shownLinks(user.socialLinks),
    videoUrl: user.videoUrl,
    loom: user.loom,
    setter: profile?.kind === 'setter' ? sales : null,
    closer: profile?.kind === 'closer' ? sales : null,
    setterCloser: profile?.kind === 'setter_closer' ? sales : null,
    infopreneur: isInfopreneur ? base : null,
    services: offers.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      price: s.price,
      commissionRate: s.commissionRate,
      locationType: s.locationType,
    })),
    missions: openMissions.map((m) => ({
      id: m.id,
      title: m.title,
      missionType: m.missionType,
      serviceId: m.serviceId,
      createdAt: m.createdAt.toISOString(),
    })),
    createdAt: user.createdAt.toISOString(),
  };
}
