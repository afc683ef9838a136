/**
 * The caller as the API answers them (`GET /user`, login, sign-up, profile writes): every field
 * but secrets, with their sub-profile and unread message count. Below the features: auth, users
 * and profiles all answer it.
 */
import type { CurrentUser, SalesProfile, SubProfile } from '@closia/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { type ProfileRow, profiles, type UserRow, users } from '../db/schema';
import { preparedPerDatabase } from './prepared';
import { isOnline } from './presence';
import { unreadMessageCount } from './unread-messages';

export function presentSubProfile(p: ProfileRow): SubProfile {
  return {
    id: p.id,
    userId: p.userId,
    description: p.description,
    workSectors: p.workSectorIds,
    finishedProfileSetup: p.finishedProfileSetup,
    onboardingStep: p.onboardingStep,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function presentSalesProfile(p: ProfileRow): SalesProfile {
  return {
    ...presentSubProfile(p),
    conversionRate: p.conversionRate,
    experience: p.experience,
    skills: p.skills,
    formations: p.formations,
    socialLinks: p.socialLinks,
    videoUrl: p.videoUrl,
  };
}

/** The signed-in user's own view: every spec field but secrets (password hash, tokens). */
export function presentCurrentUser(
  user: UserRow,
  profile: ProfileRow | null,
  unreadMessageCount: number,
): CurrentUser {
  const kind = profile?.kind;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    admin: user.admin,
    role: user.role,
    profilePicture: user.profilePicture,
    banner: user.banner,
    setter: kind === 'setter' ? presentSalesProfile(profile!) : null,
    closer: kind === 'closer' ? presentSalesProfile(profile!) : null,
    setterCloser: kind === 'setter_closer' ? presentSalesProfile(profile!) : null,
    infopreneur: kind === 'infopreneur' ? presentSubProfile(profile!) : null,
    unreadMessageCount,
    socialLinks: user.socialLinks,
    videoUrl: user.videoUrl,
    loom: user.loom,
    online: isOnline(user),
    location: user.location,
    available: user.available,
    affiliationCode: user.affiliationCode,
    referrerId: user.referrerId,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

const currentUserExtras = preparedPerDatabase((db) =>
  db
    .select({ profile: profiles, unread: unreadMessageCount })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('current_user_extras'),
);

/**
 * The current user with its sub-profile and unread message count, read afresh (after a write).
 * `GET /api/v1/user` answers from the session lookup instead (see plugins/session.ts).
 */
export async function getCurrentUser(db: DbOrTx, user: UserRow): Promise<CurrentUser> {
  const [row] = await currentUserExtras(db).execute({ userId: user.id });
  return presentCurrentUser(user, row?.profile ?? null, Number(row?.unread ?? 0));
}
