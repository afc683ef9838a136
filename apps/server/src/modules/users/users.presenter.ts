import type { CurrentUser, SalesProfile, SubProfile, UserActivity } from '@closia/shared';
import { z } from 'zod';
import type { ProfileRow, UserRow, userActivities } from '../../db/schema';
import { isOnline } from '../../lib/presence';

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

export function presentActivity(a: typeof userActivities.$inferSelect): UserActivity {
  return {
    id: a.id,
    userId: a.userId,
    action: a.action,
    description: a.description,
    createdAt: a.createdAt.toISOString(),
  };
}

// Response schemas: what may leave the server (anything else is stripped) and the OpenAPI document.
const subProfileShape = {
  id: z.number(),
  userId: z.number(),
  description: z.string().nullable(),
  workSectors: z.array(z.number()),
  finishedProfileSetup: z.boolean(),
  onboardingStep: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const subProfileResponse = z.object(subProfileShape);
export const salesProfileResponse = z.object({
  ...subProfileShape,
  conversionRate: z.number().nullable(),
  experience: z.string().nullable(),
  skills: z.array(z.string()),
  formations: z.array(z.object({ name: z.string(), link: z.string().nullable().optional() })),
  socialLinks: z.array(z.string()),
  videoUrl: z.string().nullable(),
});

export const currentUserResponse = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  admin: z.boolean(),
  role: z.string().nullable(),
  profilePicture: z.string().nullable(),
  banner: z.string().nullable(),
  setter: salesProfileResponse.nullable(),
  closer: salesProfileResponse.nullable(),
  setterCloser: salesProfileResponse.nullable(),
  infopreneur: subProfileResponse.nullable(),
  unreadMessageCount: z.number(),
  socialLinks: z.array(z.string()),
  videoUrl: z.string().nullable(),
  loom: z.string().nullable(),
  online: z.boolean(),
  location: z.string().nullable(),
  available: z.boolean(),
  affiliationCode: z.string().nullable(),
  referrerId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<CurrentUser>;

export const activityResponse = z.object({
  id: z.number(),
  userId: z.number(),
  action: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<UserActivity>;
