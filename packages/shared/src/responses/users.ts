/**
 * What the users and profiles API answers: the signed-in user with their sub-profile, another
 * user's public profile, and the account's activity log. Never a secret (hash, tokens).
 */
import { z } from 'zod';
import { textField } from '../schemas/fields';

const subProfileShape = {
  id: z.number(),
  userId: z.number(),
  description: textField().nullable(),
  workSectors: z
    .array(z.number())
    .meta({ description: 'Ids of work sectors (the reference list gives their names).' }),
  finishedProfileSetup: z.boolean(),
  onboardingStep: textField()
    .nullable()
    .meta({ description: 'The onboarding step last saved, so that the onboarding resumes after it.' }),
  createdAt: textField(),
  updatedAt: textField(),
};

const formation = z.object({ name: textField(), link: textField().nullable().optional() });

/** A sub-profile as its owner sees it (an infopreneur's, and the common part of the others). */
export const subProfileResponse = z.object(subProfileShape);
export type SubProfile = z.infer<typeof subProfileResponse>;
export type InfopreneurProfile = SubProfile;

/** A setter's, closer's or setter-closer's sub-profile as its owner sees it. */
export const salesProfileResponse = z.object({
  ...subProfileShape,
  conversionRate: z.number().nullable(),
  experience: textField().nullable(),
  skills: z.array(textField()),
  formations: z.array(formation),
  socialLinks: z.array(textField()),
  videoUrl: textField().nullable(),
});
export type SalesProfile = z.infer<typeof salesProfileResponse>;

/** The signed-in user as `GET /api/v1/user` returns it. Never carries secrets (hash, tokens). */
export const currentUserResponse = z.object({
  id: z.number(),
  firstName: textField(),
  lastName: textField(),
  fullName: textField(),
  email: textField(),
  emailVerified: z.boolean(),
  admin: z.boolean(),
  role: textField().nullable(),
  profilePicture: textField().nullable(),
  banner: textField().nullable(),
  setter: salesProfileResponse.nullable(),
  closer: salesProfileResponse.nullable(),
  setterCloser: salesProfileResponse.nullable(),
  infopreneur: subProfileResponse.nullable(),
  unreadMessageCount: z.number(),
  /** While a subscription's payment has failed: when its grace period ends (the app's banner). */
  paymentPastDueUntil: textField().nullable(),
  socialLinks: z.array(textField()),
  videoUrl: textField().nullable(),
  loom: textField().nullable(),
  online: z.boolean(),
  location: textField().nullable(),
  available: z.boolean(),
  affiliationCode: textField().nullable(),
  referrerId: z.number().nullable(),
  createdAt: textField(),
  updatedAt: textField(),
});
export type CurrentUser = z.infer<typeof currentUserResponse>;

const publicSubProfileShape = {
  description: textField().nullable(),
  workSectors: z.array(z.object({ id: z.number(), name: textField() })),
  finishedProfileSetup: z.boolean(),
};

/** A sub-profile as others see it: work sectors with their names. */
export const publicSubProfileResponse = z.object(publicSubProfileShape);
export type PublicSubProfile = z.infer<typeof publicSubProfileResponse>;

/** A sales sub-profile as others see it, with the experience in whole years. */
export const publicSalesProfileResponse = z.object({
  ...publicSubProfileShape,
  conversionRate: z.number().nullable(),
  experience: textField().nullable(),
  experienceYears: z.number().nullable().meta({ description: 'Whole years since `experience`, or null.' }),
  skills: z.array(textField()),
  formations: z.array(formation),
  socialLinks: z.array(textField()),
  videoUrl: textField().nullable(),
});
export type PublicSalesProfile = z.infer<typeof publicSalesProfileResponse>;

/** `GET /api/v1/users/{id}`: what any signed-in user may see of another. No e-mail, no secret. */
export const publicUserResponse = z.object({
  id: z.number(),
  firstName: textField(),
  lastName: textField(),
  fullName: textField(),
  profilePicture: textField().nullable(),
  banner: textField().nullable(),
  role: textField().nullable(),
  location: textField().nullable(),
  available: z.boolean(),
  online: z.boolean(),
  socialLinks: z.array(textField()),
  videoUrl: textField().nullable(),
  loom: textField().nullable(),
  setter: publicSalesProfileResponse.nullable(),
  closer: publicSalesProfileResponse.nullable(),
  setterCloser: publicSalesProfileResponse.nullable(),
  infopreneur: publicSubProfileResponse.nullable(),
  services: z
    .array(
      z.object({
        id: z.number(),
        name: textField(),
        description: textField(),
        price: z.number(),
        commissionRate: z.number(),
        locationType: textField(),
      }),
    )
    .meta({ description: "An infopreneur's approved, active training offers." }),
  missions: z
    .array(
      z.object({
        id: z.number(),
        title: textField(),
        missionType: textField(),
        serviceId: z.number(),
        createdAt: textField(),
      }),
    )
    .meta({ description: "An infopreneur's published, open missions." }),
  createdAt: textField(),
});
export type PublicUser = z.infer<typeof publicUserResponse>;

/** One entry of the account's activity log. */
export const userActivityResponse = z.object({
  id: z.number(),
  userId: z.number(),
  action: textField(),
  description: textField().nullable(),
  createdAt: textField(),
});
export type UserActivity = z.infer<typeof userActivityResponse>;
