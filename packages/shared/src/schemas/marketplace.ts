/**
 * Request schemas of the marketplace endpoints that spec §5 does not list (issue 7): the review,
 * applications, the jobs and freelancer searches, favorites and advertisements. Query-string
 * numbers and lists may come as text ("3,7" or repeated keys).
 */
import { z } from 'zod';
import {
  certifications,
  financingMethods,
  freelancerRoles,
  jobSortFields,
  locationTypes,
  missionSortFields,
  sortOrders,
} from '../enums';
import {
  distinctItems,
  enumField,
  idField,
  idParam,
  lenientNumber,
  limits,
  textField,
  trimmedString,
  urlField,
  utcDateTime,
} from './fields';
import { missionCreateSchema, missionSearchSchema } from './mission';
import {
  pageParam as page,
  paginationQuerySchema,
  perPageParam as perPage,
  queryFlag,
  queryList,
  searchText,
} from './query';

/** `POST /admin/services/{id}/reject`: the reason the owner will read. */
export const serviceRejectSchema = z.object({ reason: trimmedString(3, 2000) });
export type ServiceRejectInput = z.infer<typeof serviceRejectSchema>;

/**
 * `PUT /missions/{id}`: any field of the creation, each optional; `null` clears the description,
 * a minimum or the ticket.
 */
export const missionUpdateSchema = missionCreateSchema.partial().extend({
  description: missionCreateSchema.shape.description.unwrap().nullable().optional(),
  minConversionRate: missionCreateSchema.shape.minConversionRate.unwrap().nullable().optional(),
  minExperience: missionCreateSchema.shape.minExperience.unwrap().nullable().optional(),
});
export type MissionUpdateInput = z.infer<typeof missionUpdateSchema>;

/** `POST /missions/{id}/applications`. */
export const applicationCreateSchema = z.object({ message: trimmedString(10, 3000) });
export type ApplicationCreateInput = z.infer<typeof applicationCreateSchema>;

/**
 * `GET /missions`: the spec §5 mission search filters as a query string: lists as repeated keys
 * or `3,7`, the price range as `min,max` (two positive numbers, min ≤ max), the sort among known
 * fields (`match` ranks by the match with the signed-in freelancer, with `forMe=1`).
 */
export const missionSearchQuerySchema = missionSearchSchema.extend({
  priceRange: queryList(lenientNumber().pipe(z.number().positive().max(1_000_000_000)))
    .pipe(z.array(z.number()).length(2))
    .refine((range) => range[0]! <= range[1]!, {
      message: 'The priceRange minimum must not exceed its maximum',
      params: { rule: 'range' },
    })
    .nullish(),
  workSectors: queryList(idParam()).nullish(),
  certifications: queryList(enumField(certifications)).nullish(),
  financingMethods: queryList(enumField(financingMethods)).nullish(),
  sortBy: enumField(missionSortFields).nullish(),
  forMe: queryFlag().optional(),
  /**
   * `1`: count the total and the facets exactly even when the text matches thousands of missions
   * (they are estimated then, and `meta.totalIsApproximate` says so).
   */
  exactCounts: queryFlag().optional(),
  page: page().default(1),
  perPage: perPage().default(20),
});
export type MissionSearchQuery = z.infer<typeof missionSearchQuerySchema>;

/** `GET /jobs`: the catalogue of approved, active offers. */
export const jobSearchSchema = z.object({
  query: searchText().optional(),
  workSectors: queryList(idParam()).optional(),
  financingMethods: queryList(enumField(financingMethods)).optional(),
  certifications: queryList(enumField(certifications)).optional(),
  locationType: enumField(locationTypes).optional(),
  commissionMin: lenientNumber().pipe(z.number().min(0).max(1_000_000_000)).optional(),
  sortBy: enumField(jobSortFields).optional(),
  sortOrder: enumField(sortOrders).optional(),
  page: page().default(1),
  perPage: perPage().default(20),
});
export type JobSearchInput = z.infer<typeof jobSearchSchema>;

/** `GET /freelancers`: setters, closers and setter-closers with a finished profile. */
export const freelancerSearchSchema = z.object({
  role: enumField(freelancerRoles).optional(),
  query: searchText().optional(),
  workSectors: queryList(idParam()).optional(),
  skills: queryList(textField().trim().min(1).max(255)).optional(),
  minConversionRate: lenientNumber().pipe(z.number().min(0).max(10)).optional(),
  minExperience: lenientNumber().pipe(z.number().min(0).max(100).int()).optional(),
  available: queryFlag().optional(),
  online: queryFlag().optional(),
  location: searchText().optional(),
  /** Rank by the match with this mission of the caller's. */
  missionId: idParam().optional(),
  page: page().default(1),
  perPage: perPage().default(20),
});
export type FreelancerSearchInput = z.infer<typeof freelancerSearchSchema>;

export const favoriteKinds = ['user', 'mission', 'service'] as const;

/** `GET /favorites`: mine, of one kind or all. */
export const favoriteListQuerySchema = paginationQuerySchema.extend({
  kind: enumField(favoriteKinds).optional(),
});
export type FavoriteListQuery = z.infer<typeof favoriteListQuerySchema>;

export const advertisementStatuses = ['draft', 'active', 'paused', 'ended'] as const;
export const advertisementTargetRoles = ['setter', 'closer', 'setter_closer'] as const;

/** `GET /advertisements`: the caller's campaigns, of one status or all. */
export const advertisementListQuerySchema = paginationQuerySchema.extend({
  status: enumField(advertisementStatuses).optional(),
});
export type AdvertisementListQuery = z.infer<typeof advertisementListQuerySchema>;

const advertisementFields = {
  title: trimmedString(3, 100),
  text: trimmedString(10, 500),
  image: urlField().nullable().optional(),
  /** Exactly one of serviceId and missionId: the promoted offer or mission (one of the caller's). */
  serviceId: idField().nullable().optional(),
  missionId: idField().nullable().optional(),
  targetWorkSectors: distinctItems(z.array(idField()).max(limits.pickedItemsMax)).optional(),
  targetRole: enumField(advertisementTargetRoles).nullable().optional(),
  startsAt: utcDateTime(),
  endsAt: utcDateTime(),
  /** draft (default), active or paused; ended is reached by date or by hand. */
  status: enumField(advertisementStatuses).optional(),
};

type AdPayload = { value: unknown };
/** The payload when it is an object; the object checks never run on anything else (z.object refuses it). */
const adObject = (payload: AdPayload) =>
  payload.value !== null && typeof payload.value === 'object' && !Array.isArray(payload.value)
    ? (payload.value as Record<string, unknown>)
    : null;
const hasTarget = (value: Record<string, unknown>) =>
  (value.serviceId !== undefined && value.serviceId !== null) ||
  (value.missionId !== undefined && value.missionId !== null);
const endsAfterStart = (value: Record<string, unknown>) =>
  typeof value.startsAt !== 'string' ||
  typeof value.endsAt !== 'string' ||
  Date.parse(value.endsAt) > Date.parse(value.startsAt);

const afterStart = {
  message: 'The endsAt field must be a date after startsAt',
  path: ['endsAt'],
  params: { rule: 'after', otherField: 'startsAt' },
  when: (payload: AdPayload) => {
    const value = adObject(payload);
    return value !== null && !endsAfterStart(value);
  },
};

/** `POST /advertisements`. */
export const advertisementCreateSchema = z
  .object(advertisementFields)
  .refine((value) => hasTarget(value), {
    message: 'The serviceId field must be defined',
    path: ['serviceId'],
    params: { rule: 'required' },
    when: (payload: AdPayload) => {
      const value = adObject(payload);
      return value !== null && !hasTarget(value);
    },
  })
  .refine((value) => !(value.serviceId && value.missionId), {
    message: 'The missionId field is not allowed',
    path: ['missionId'],
    params: { rule: 'notAllowed' },
    when: (payload: AdPayload) => {
      const value = adObject(payload);
      return value !== null && Boolean(value.serviceId && value.missionId);
    },
  })
  .refine((value) => endsAfterStart(value), afterStart);
export type AdvertisementCreateInput = z.infer<typeof advertisementCreateSchema>;

/** `PUT /advertisements/{id}`: any field, each optional; the target may not change. */
export const advertisementUpdateSchema = z
  .object(advertisementFields)
  .omit({ serviceId: true, missionId: true })
  .partial()
  .refine((value) => endsAfterStart(value), afterStart);
export type AdvertisementUpdateInput = z.infer<typeof advertisementUpdateSchema>;
