/**
 * The caller as the API answers them (`GET /user`, login, sign-up, profile writes): every field
 * but secrets, with their sub-profile and unread message count. Below the features: auth, users
 * and profiles all answer it.
 */
import { type CurrentUser, PAST_DUE_GRACE_DAYS, type SalesProfile, type SubProfile } from '@closia/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { type ProfileRow, profiles, subscriptions, type UserRow, users } from '../db/schema';
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

/**
 * SQL: since when the user's subscription is past due (null: it is not), read with the user
 * (the unique index on `subscriptions.user_id`): the app shows its payment banner from it.
 */
export const pastDueSinceOfUser = sql<
  Date | string | null
>`(select ${subscriptions.pastDueSince} from ${subscriptions}
  where ${subscriptions.userId} = ${users.id} and ${subscriptions.status} = 'past_due')`;

/** What the current user's answer holds beside the user and their sub-profile. */
export interface CurrentUserExtras {
  unreadMessageCount: number;
  pastDueSince: Date | null;
}

const asDate = (value: Date | string | null | undefined) => (value == null ? null : new Date(value));

/** The signed-in user's own view: every spec field but secrets (password hash, tokens). */
export function presentCurrentUser(
  user: UserRow,
  profile: ProfileRow | null,
  { unreadMessageCount, pastDueSince }: CurrentUserExtras,
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
    paymentPastDueUntil: pastDueSince
      ? new Date(pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString()
      : null,
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

const currentUserExtrasQuery = preparedPerDatabase((db) =>
  db
    .select({ profile: profiles, unread: unreadMessageCount, pastDueSince: pastDueSinceOfUser })
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
  const [row] = await currentUserExtrasQuery(db).execute({ userId: user.id });
  return presentCurrentUser(user, row?.profile ?? null, {
    unreadMessageCount: Number(row?.unread ?? 0),
    pastDueSince: asDate(row?.pastDueSince),
  });
}

/** The extras of a row of the session lookup (plugins/session.ts), which reads them with the session. */
export function currentUserExtras(row: {
  unread: unknown;
  pastDueSince: Date | string | null;
}): CurrentUserExtras {
  return { unreadMessageCount: Number(row.unread ?? 0), pastDueSince: asDate(row.pastDueSince) };
}
