import {
  type Certification,
  certifications,
  type FinancingMethod,
  type FreelancerRole,
  financingMethods,
  freelancerRoles,
  type JobSortField,
  jobSortFields,
  type LocationType,
  locationTypes,
  type MissionType,
  missionTypes,
  type SortOrder,
  sortOrders,
} from '@closia/shared';
import type { Query } from '../../../lib/api-client';

/*
 * The filters of the marketplace searches live in the address (`?query=…&workSectors=3,7&page=2`),
 * so that a search can be shared, bookmarked and restored by the back button. The address uses the
 * API's own parameter names and formats (lists comma-separated, flags `1`); reading it is lenient:
 * an unknown or malformed value is ignored rather than breaking the page.
 */

const MAX_TEXT = 100;
const MAX_ITEMS = 50;

/** The values of a list parameter: repeated keys and comma-separated values alike, trimmed, deduplicated. */
export function readList(params: URLSearchParams, key: string): string[] {
  const items = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return [...new Set(items)].slice(0, MAX_ITEMS);
}

/** A text parameter, trimmed and cut to `max` characters ('' when absent). */
export function readText(params: URLSearchParams, key: string, max = MAX_TEXT): string {
  return (params.get(key) ?? '').trim().slice(0, max);
}

/** One of `values`, or null when absent or unknown. */
export function readEnum<T extends string>(
  params: URLSearchParams,
  key: string,
  values: readonly T[],
): T | null {
  const value = params.get(key)?.trim();
  return value && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The known values of a list parameter, in the order given. */
export function readEnumList<T extends string>(
  params: URLSearchParams,
  key: string,
  values: readonly T[],
): T[] {
  return readList(params, key).filter((item): item is T => (values as readonly string[]).includes(item));
}

const MAX_ID = 2_147_483_647;

function toId(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** The ids of a list parameter (`3,7`). */
export function readIdList(params: URLSearchParams, key: string): number[] {
  return readList(params, key)
    .map(toId)
    .filter((id): id is number => id !== null);
}

/** One id, or null. */
export function readId(params: URLSearchParams, key: string): number | null {
  const value = params.get(key)?.trim();
  return value ? toId(value) : null;
}

/** A number within [min, max], or null when absent, not a number or out of bounds. */
export function readNumber(
  params: URLSearchParams,
  key: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER, integer = false } = {},
): number | null {
  const raw = params.get(key)?.trim();
  if (!raw) return null;
  const value = Number(raw.replace(',', '.'));
  if (!Number.isFinite(value) || value < min || value > max) return null;
  if (integer && !Number.isInteger(value)) return null;
  return value;
}

/** `1`, `true`, `yes` and `on` are set; anything else (or nothing) is not. */
export function readFlag(params: URLSearchParams, key: string): boolean {
  return ['1', 'true', 'yes', 'on'].includes((params.get(key) ?? '').trim().toLowerCase());
}

/** The page number (1 when absent or invalid). */
export function readPage(params: URLSearchParams): number {
  return readNumber(params, 'page', { min: 1, max: MAX_ID, integer: true }) ?? 1;
}

/** Two numbers `min,max` (in either order), each ≥ 0; null otherwise. */
export function readRange(params: URLSearchParams, key: string): [number, number] | null {
  const parts = readList(params, key);
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((part) => Number(part));
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  if (a < 0 || b < 0) return null;
  return a <= b ? [a, b] : [b, a];
}

type ParamValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * Search parameters from values, in the given order: empty texts, empty lists, null, false and the
 * values equal to `defaults` are left out; `true` is written `1`, lists comma-separated.
 */
export function toSearchParams(
  values: Record<string, ParamValue>,
  defaults: Record<string, ParamValue> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const written = writeValue(value);
    if (written === null) continue;
    if (key in defaults && writeValue(defaults[key]) === written) continue;
    params.set(key, written);
  }
  return params;
}

function writeValue(value: ParamValue): string | null {
  if (value === null || value === undefined || value === false) return null;
  if (value === true) return '1';
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** The same parameters as an API query (`api.get(path, { query })`). */
export function toQuery(params: URLSearchParams): Query {
  return Object.fromEntries(params.entries());
}

/* ---------------------------------------------------------------- missions (`/app/missions`) */

export const missionSortFields = ['newest', 'price', 'commissionAmount', 'commissionRate', 'match'] as const;
export type MissionSortField = (typeof missionSortFields)[number];

export interface MissionSearchState {
  query: string;
  missionType: MissionType | null;
  /** Price of the offer, in euros: [min, max]. */
  priceRange: [number, number] | null;
  workSectors: number[];
  certifications: Certification[];
  financingMethods: FinancingMethod[];
  sortBy: MissionSortField;
  sortOrder: SortOrder;
  /** Ranked for the signed-in freelancer, with the match of each mission. */
  forMe: boolean;
  page: number;
}

export const defaultMissionSearch: MissionSearchState = {
  query: '',
  missionType: null,
  priceRange: null,
  workSectors: [],
  certifications: [],
  financingMethods: [],
  sortBy: 'newest',
  sortOrder: 'desc',
  forMe: false,
  page: 1,
};

export function parseMissionSearch(params: URLSearchParams): MissionSearchState {
  const forMe = readFlag(params, 'forMe');
  let sortBy = readEnum(params, 'sortBy', missionSortFields) ?? (forMe ? 'match' : 'newest');
  // Ranking by match needs the freelancer's side of it.
  if (sortBy === 'match' && !forMe) sortBy = 'newest';
  return {
    query: readText(params, 'query'),
    missionType: readEnum(params, 'missionType', missionTypes),
    priceRange: readRange(params, 'priceRange'),
    workSectors: readIdList(params, 'workSectors'),
    certifications: readEnumList(params, 'certifications', certifications),
    financingMethods: readEnumList(params, 'financingMethods', financingMethods),
    sortBy,
    sortOrder: readEnum(params, 'sortOrder', sortOrders) ?? 'desc',
    forMe,
    page: readPage(params),
  };
}

/** The address of a search: only what differs from the defaults. */
export function missionSearchToParams(state: MissionSearchState): URLSearchParams {
  return toSearchParams(
    {
      query: state.query,
      missionType: state.missionType,
      priceRange: state.priceRange,
      workSectors: state.workSectors,
      certifications: state.certifications,
      financingMethods: state.financingMethods,
      forMe: state.forMe,
      sortBy: state.sortBy,
      sortOrder: state.sortOrder,
      page: state.page,
    },
    { sortBy: state.forMe ? 'match' : 'newest', sortOrder: 'desc', page: 1 },
  );
}

/**
 * What `GET /missions` receives. The API wants positive prices: a range starting at 0 starts at 1 €
 * (no offer is cheaper).
 */
export function missionSearchToQuery(state: MissionSearchState, perPage: number): Query {
  const priceRange = state.priceRange ? [Math.max(1, state.priceRange[0]), state.priceRange[1]] : null;
  return toQuery(
    toSearchParams({
      query: state.query,
      missionType: state.missionType,
      priceRange,
      workSectors: state.workSectors,
      certifications: state.certifications,
      financingMethods: state.financingMethods,
      sortBy: state.sortBy,
      sortOrder: state.sortOrder,
      forMe: state.forMe,
      page: state.page,
      perPage,
    }),
  );
}

/* ---------------------------------------------------------------------- jobs (`/app/jobs`) */

export interface JobSearchState {
  query: string;
  workSectors: number[];
  financingMethods: FinancingMethod[];
  certifications: Certification[];
  locationType: LocationType | null;
  /** Minimum commission per sale, in euros. */
  commissionMin: number | null;
  sortBy: JobSortField;
  sortOrder: SortOrder;
  page: number;
}

export const defaultJobSearch: JobSearchState = {
  query: '',
  workSectors: [],
  financingMethods: [],
  certifications: [],
  locationType: null,
  commissionMin: null,
  sortBy: 'commissionAmount',
  sortOrder: 'desc',
  page: 1,
};

export function parseJobSearch(params: URLSearchParams): JobSearchState {
  return {
    query: readText(params, 'query'),
    workSectors: readIdList(params, 'workSectors'),
    financingMethods: readEnumList(params, 'financingMethods', financingMethods),
    certifications: readEnumList(params, 'certifications', certifications),
    locationType: readEnum(params, 'locationType', locationTypes),
    commissionMin: readNumber(params, 'commissionMin', { min: 0, max: 1_000_000_000 }),
    sortBy: readEnum(params, 'sortBy', jobSortFields) ?? defaultJobSearch.sortBy,
    sortOrder: readEnum(params, 'sortOrder', sortOrders) ?? defaultJobSearch.sortOrder,
    page: readPage(params),
  };
}

function jobValues(state: JobSearchState) {
  return {
    query: state.query,
    workSectors: state.workSectors,
    financingMethods: state.financingMethods,
    certifications: state.certifications,
    locationType: state.locationType,
    commissionMin: state.commissionMin,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    page: state.page,
  };
}

export function jobSearchToParams(state: JobSearchState): URLSearchParams {
  return toSearchParams(jobValues(state), {
    sortBy: defaultJobSearch.sortBy,
    sortOrder: defaultJobSearch.sortOrder,
    page: 1,
  });
}

/** What `GET /jobs` receives. */
export function jobSearchToQuery(state: JobSearchState, perPage: number): Query {
  return toQuery(toSearchParams({ ...jobValues(state), perPage }));
}

/* ------------------------------------------------------------- freelancers (`/app/search`) */

export interface FreelancerSearchState {
  role: FreelancerRole;
  query: string;
  workSectors: number[];
  skills: string[];
  /** Out of 10. */
  minConversionRate: number | null;
  /** In years. */
  minExperience: number | null;
  available: boolean;
  online: boolean;
  location: string;
  /** One of the infopreneur's missions: results ranked by their match with it. */
  missionId: number | null;
  page: number;
}

export const defaultFreelancerSearch: FreelancerSearchState = {
  role: 'all',
  query: '',
  workSectors: [],
  skills: [],
  minConversionRate: null,
  minExperience: null,
  available: false,
  online: false,
  location: '',
  missionId: null,
  page: 1,
};

export function parseFreelancerSearch(params: URLSearchParams): FreelancerSearchState {
  return {
    role: readEnum(params, 'role', freelancerRoles) ?? 'all',
    query: readText(params, 'query'),
    workSectors: readIdList(params, 'workSectors'),
    skills: readList(params, 'skills').map((skill) => skill.slice(0, 255)),
    minConversionRate: readNumber(params, 'minConversionRate', { min: 0, max: 10 }),
    minExperience: readNumber(params, 'minExperience', { min: 0, max: 100, integer: true }),
    available: readFlag(params, 'available'),
    online: readFlag(params, 'online'),
    location: readText(params, 'location'),
    missionId: readId(params, 'missionId'),
    page: readPage(params),
  };
}

function freelancerValues(state: FreelancerSearchState) {
  return {
    role: state.role,
    query: state.query,
    workSectors: state.workSectors,
    skills: state.skills,
    minConversionRate: state.minConversionRate,
    minExperience: state.minExperience,
    available: state.available,
    online: state.online,
    location: state.location,
    missionId: state.missionId,
    page: state.page,
  };
}

export function freelancerSearchToParams(state: FreelancerSearchState): URLSearchParams {
  return toSearchParams(freelancerValues(state), { role: 'all', page: 1 });
}

/** What `GET /freelancers` receives. */
export function freelancerSearchToQuery(state: FreelancerSearchState, perPage: number): Query {
  return toQuery(toSearchParams({ ...freelancerValues(state), perPage }));
}

/* ------------------------------------------------------------------------------- sorting */

/** One select for a sort field and its order: `price:asc`. */
export function sortValue(sortBy: string, sortOrder: SortOrder): string {
  return `${sortBy}:${sortOrder}`;
}

export function parseSortValue<T extends string>(
  value: string | null,
  fields: readonly T[],
): { sortBy: T; sortOrder: SortOrder } | null {
  const [sortBy, sortOrder] = (value ?? '').split(':');
  if (!sortBy || !(fields as readonly string[]).includes(sortBy)) return null;
  if (sortOrder !== 'asc' && sortOrder !== 'desc') return null;
  return { sortBy: sortBy as T, sortOrder };
}

/** The number of filters set (the search text and the sort are not filters). */
export function countFilters(values: Record<string, unknown>): number {
  return Object.values(values).filter((value) =>
    Array.isArray(value) ? value.length > 0 : value !== null && value !== false && value !== '',
  ).length;
}
