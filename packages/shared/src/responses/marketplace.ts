/**
 * What the marketplace API answers (issue 7): training offers (services), missions, applications,
 * freelancer search, favorites and advertisements. Money is in euros with cents (two decimals).
 */
import { z } from 'zod';
import {
  activityStatuses,
  applicationStatuses,
  certifications,
  financingMethods,
  locationTypes,
  missionStatuses,
  missionTypes,
  reviewStatuses,
} from '../enums';
import { textField } from '../schemas/fields';
import { advertisementStatuses, advertisementTargetRoles, favoriteKinds } from '../schemas/marketplace';
import { namedRefResponse, paginationMetaResponse, userSummaryResponse } from './common';

/**
 * How well a freelancer and a mission fit: a score from 0 to 100 and the French reasons behind it,
 * strongest first ("3 secteurs en commun", "Taux de conversion 6/10 ≥ 4 demandé", "Disponible", …).
 * See docs/decisions/007-matching.md.
 */
export const matchResponse = z.object({ score: z.number(), reasons: z.array(textField()) });
export type Match = z.infer<typeof matchResponse>;

export type AdvertisementStatus = (typeof advertisementStatuses)[number];
export type FavoriteKind = (typeof favoriteKinds)[number];

/** A training offer ("infopreneur formation"), every spec §3 field plus what the marketplace adds. */
export const serviceResponse = z.object({
  id: z.number(),
  infopreneurId: z.number(),
  infopreneur: userSummaryResponse,
  name: textField(),
  description: textField(),
  price: z.number().meta({ description: 'Price of the training, in euros.' }),
  currency: textField(),
  commissionRate: z.number().meta({ description: 'Commission rate of a sale, in percent (1–100).' }),
  commissionAmount: z
    .number()
    .meta({ description: 'What a sale earns the seller: price × rate, in euros (rounded to the cent).' }),
  financingMethods: z.array(z.enum(financingMethods)),
  link: textField(),
  duration: z.number().meta({ description: 'Length of the training, in hours.' }),
  requestValidation: z.boolean(),
  location: textField().nullable(),
  locationType: z.enum(locationTypes),
  certifications: z.array(z.enum(certifications)),
  workSectors: z.array(namedRefResponse),
  status: z.enum(activityStatuses).meta({ description: 'Activity status: active | under_review | paused.' }),
  validationStatus: z
    .enum(reviewStatuses)
    .meta({ description: 'Review status: not_submitted | pending_review | approved | rejected.' }),
  rejectionReason: textField()
    .nullable()
    .meta({ description: 'Why an admin rejected it (the owner and admins see it; null otherwise).' }),
  openMissionCount: z.number().meta({ description: 'Published, open missions selling this offer.' }),
  favorite: z.boolean().meta({ description: 'Whether the caller starred it (false when anonymous).' }),
  createdAt: textField(),
  updatedAt: textField(),
});
export type Service = z.infer<typeof serviceResponse>;

/** The offer as a mission carries it. */
export const missionServiceResponse = serviceResponse.pick({
  id: true,
  name: true,
  description: true,
  price: true,
  commissionRate: true,
  commissionAmount: true,
  financingMethods: true,
  certifications: true,
  locationType: true,
  location: true,
  workSectors: true,
  duration: true,
  link: true,
  validationStatus: true,
  status: true,
});
export type MissionService = z.infer<typeof missionServiceResponse>;

/** A mission (a job posting for a setter, a closer or a setter-closer). */
export const missionResponse = z.object({
  id: z.number(),
  title: textField(),
  description: textField().nullable(),
  missionType: z.enum(missionTypes),
  minConversionRate: z.number().nullable().meta({
    description:
      "Minimum conversion rate sought, in percent (0–100, spec §5), or null. A profile's rate is a score out of 10: 6/10 meets a minimum of 60 or less.",
  }),
  minExperience: z.number().nullable().meta({ description: 'Minimum experience in years, or null.' }),
  ticket: z
    .number()
    .nullable()
    .meta({ description: 'Average deal size the freelancer will handle, in euros, or null.' }),
  serviceId: z.number(),
  service: missionServiceResponse,
  infopreneurId: z.number(),
  infopreneur: userSummaryResponse,
  status: z
    .enum(['draft', 'published', 'archived', 'deleted'])
    .meta({ description: 'Lifecycle: draft | published | archived | deleted.' }),
  missionStatus: z
    .enum(missionStatuses)
    .meta({ description: 'Hiring state: open | in_progress | filled | closed.' }),
  applicationCount: z.number().nullable().meta({
    description:
      "Applications received and not withdrawn (pending, accepted, declined: what the applicant list shows); the owner's views only, else null.",
  }),
  acceptedCount: z.number().meta({ description: 'Freelancers accepted on it.' }),
  favorite: z.boolean(),
  sponsored: z.boolean().meta({ description: 'Put first by an active advertisement ("Sponsorisé").' }),
  advertisementId: z.number().nullable().meta({
    description: 'The advertisement behind `sponsored` (clicks go to `POST /advertisements/{id}/click`).',
  }),
  match: matchResponse.nullable().meta({
    description: 'Fit with the signed-in freelancer (`forMe=1`, and on a mission page), else null.',
  }),
  myApplication: z
    .object({ id: z.number(), status: z.enum(applicationStatuses) })
    .nullable()
    .meta({ description: "The signed-in freelancer's application to it, if any." }),
  createdAt: textField(),
  updatedAt: textField(),
});
export type Mission = z.infer<typeof missionResponse>;

/** `GET /jobs/{id}`: an offer with the open missions that sell it. */
export const jobResponse = serviceResponse.extend({ missions: z.array(missionResponse) });
export type Job = z.infer<typeof jobResponse>;

const count = z.number();
/** `{ [value]: count }` for every value of a filter. */
const countsOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.object(Object.fromEntries(values.map((value) => [value, count])) as Record<T[number], typeof count>);

/** A page's `meta` whose total may be an estimate (`totalIsApproximate`: when, says `description`). */
const metaWithEstimate = (description: string) =>
  paginationMetaResponse.extend({ totalIsApproximate: z.boolean().meta({ description }) });

/** `GET /missions`: a page of missions, sponsored first, plus the counts per filter value. */
export const missionSearchResponse = z.object({
  data: z.array(missionResponse),
  meta: metaWithEstimate(
    'The total and the facets are estimated from a sample: the text matches more missions than are counted one by one (`exactCounts=1` counts them).',
  ),
  facets: z.object({
    missionType: countsOf(missionTypes),
    workSectors: z.array(namedRefResponse.extend({ count })),
    financingMethods: countsOf(financingMethods),
    certifications: countsOf(certifications),
  }),
});
export type MissionSearchResult = z.infer<typeof missionSearchResponse>;

/** A setter, closer or setter-closer as search results and applications show them. */
export const freelancerCardResponse = z.object({
  id: z.number(),
  firstName: textField(),
  lastName: textField(),
  fullName: textField(),
  profilePicture: textField().nullable(),
  kind: z.enum(['setter', 'closer', 'setter_closer']),
  location: textField().nullable(),
  available: z.boolean(),
  online: z.boolean(),
  description: textField().nullable(),
  conversionRate: z.number().nullable().meta({ description: '0–10.' }),
  experience: textField().nullable(),
  experienceYears: z.number().nullable(),
  skills: z.array(textField()),
  workSectors: z.array(namedRefResponse),
  favorite: z.boolean(),
  match: matchResponse.nullable().meta({ description: 'Against the mission of `?missionId=`, else null.' }),
});
export type FreelancerCard = z.infer<typeof freelancerCardResponse>;

/** `GET /freelancers`: a page of cards; a total above 2,000 is the planner's estimate. */
export const freelancerSearchResponse = z.object({
  data: z.array(freelancerCardResponse),
  meta: metaWithEstimate(
    'More than 2,000 profiles match: the total (and so `lastPage`) is estimated, rounded to two significant digits.',
  ),
});
export type FreelancerSearchResult = z.infer<typeof freelancerSearchResponse>;

/** An application (candidature) of a freelancer to a mission. */
export const applicationResponse = z.object({
  id: z.number(),
  missionId: z.number(),
  mission: z.object({
    id: z.number(),
    title: textField(),
    missionType: z.enum(missionTypes),
    missionStatus: z.enum(missionStatuses),
    serviceId: z.number(),
    serviceName: textField(),
    infopreneur: userSummaryResponse,
  }),
  userId: z.number(),
  applicant: freelancerCardResponse.meta({
    description: "The applicant's public card with the match against the mission.",
  }),
  message: textField(),
  status: z.enum(applicationStatuses),
  createdAt: textField(),
  updatedAt: textField(),
});
export type Application = z.infer<typeof applicationResponse>;

/** `GET /favorites`: what the caller starred, with the item itself (null when no longer visible). */
export const favoriteResponse = z.object({
  kind: z.enum(favoriteKinds),
  targetId: z.number(),
  createdAt: textField(),
  user: freelancerCardResponse.nullable(),
  mission: missionResponse.nullable(),
  service: serviceResponse.nullable(),
});
export type Favorite = z.infer<typeof favoriteResponse>;

/** An advertising campaign of an infopreneur, promoting one of their services or missions. */
export const advertisementResponse = z.object({
  id: z.number(),
  title: textField(),
  text: textField(),
  image: textField().nullable(),
  serviceId: z.number().nullable(),
  missionId: z.number().nullable(),
  targetName: textField().meta({
    description: 'The name of the promoted service, or the title of the promoted mission.',
  }),
  targetWorkSectors: z.array(namedRefResponse),
  targetRole: z
    .enum(advertisementTargetRoles)
    .nullable()
    .meta({ description: 'Freelancer kind it targets, or null for everyone.' }),
  startsAt: textField(),
  endsAt: textField(),
  status: z.enum(advertisementStatuses).meta({
    description:
      'As stored (draft, active, paused, ended), except that an active campaign past its end is ended.',
  }),
  live: z.boolean().meta({ description: 'Serving now: active and between its dates.' }),
  impressions: z.number(),
  clicks: z.number(),
  ctr: z
    .number()
    .meta({ description: 'clicks ÷ impressions in percent, one decimal (0 without impressions).' }),
  createdAt: textField(),
  updatedAt: textField(),
});
export type Advertisement = z.infer<typeof advertisementResponse>;
