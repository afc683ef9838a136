import {
  certifications,
  financingMethods,
  freelancerRoles,
  jobSortFields,
  locationTypes,
  missionSortFields,
  missionTypes,
  type SortOrder,
  sortOrders,
} from '@closia/shared';
import type { Query } from '../../../lib/api-client';
import { flag, id, list, listText, number, oneOf, page, scalar, text } from '../../../lib/url-fields';
import { type StateOf, toQuery, urlFields } from '../../../lib/url-state';

/*
 * The marketplace searches kept in the address (`?query=…&workSectors=3,7&page=2`), read by the
 * rules of the API's query schemas (`missionSearchQuerySchema`, `jobSearchSchema`,
 * `freelancerSearchSchema` of @closia/shared) without Zod, which these pages do not download
 * (lib/url-fields.ts; search-params.test.ts checks them against the schemas).
 */

const priceBound = number(0, Number.POSITIVE_INFINITY);

/**
 * The price range of the slider (`priceRange=0,2500`, either order): the key's first value, two
 * prices from 0 (`queryList(lenientNumber().pipe(z.number().min(0))).pipe(z.array(z.number()).length(2))`,
 * read as one value: a wrong bound refuses the range).
 */
function readPriceRange(value: string): [number, number] | undefined {
  const bounds = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (bounds.length !== 2) return undefined;
  const [a, b] = bounds.map((bound) => priceBound.read([bound]));
  if (a === undefined || b === undefined) return undefined;
  return a <= b ? [a, b] : [b, a];
}

/**
 * `/app/missions`. The price slider starts at 0 and the address keeps its thumbs as set
 * (`priceRange=0,2500`, either order); "Pour moi" (`forMe=1`) ranks by match by default, and only
 * it may.
 */
export const missionSearch = urlFields(
  {
    query: text({ trim: false }),
    missionType: oneOf(missionTypes),
    priceRange: scalar(readPriceRange),
    workSectors: list(id()),
    certifications: list(oneOf(certifications)),
    financingMethods: list(oneOf(financingMethods)),
    forMe: flag(),
    sortBy: oneOf(missionSortFields),
    sortOrder: oneOf(sortOrders),
    page: page(),
  },
  {
    query: '',
    missionType: null,
    priceRange: null,
    workSectors: [],
    certifications: [],
    financingMethods: [],
    forMe: false,
    sortBy: 'newest',
    sortOrder: 'desc',
    page: 1,
  },
  {
    defaults: (state) => ({ sortBy: state.forMe ? 'match' : 'newest' }),
    normalize: (state) => (state.sortBy === 'match' && !state.forMe ? { ...state, sortBy: 'newest' } : state),
  },
);
export type MissionSearchState = StateOf<typeof missionSearch>;

/** What `GET /missions` receives: a range starting at 0 starts at 1 € (the API wants positive prices). */
export function missionSearchToQuery(state: MissionSearchState, perPage: number): Query {
  const priceRange = state.priceRange ? [Math.max(1, state.priceRange[0]), state.priceRange[1]] : null;
  return toQuery({ ...state, priceRange, perPage });
}

/** `/app/jobs`: the best commission first by default. */
export const jobSearch = urlFields(
  {
    query: text(),
    workSectors: list(id()),
    financingMethods: list(oneOf(financingMethods)),
    certifications: list(oneOf(certifications)),
    locationType: oneOf(locationTypes),
    commissionMin: number(0, 1_000_000_000),
    sortBy: oneOf(jobSortFields),
    sortOrder: oneOf(sortOrders),
    page: page(),
  },
  {
    query: '',
    workSectors: [],
    financingMethods: [],
    certifications: [],
    locationType: null,
    commissionMin: null,
    sortBy: 'commissionAmount',
    sortOrder: 'desc',
    page: 1,
  },
);
export type JobSearchState = StateOf<typeof jobSearch>;

/** `/app/search`: setters and closers; `missionId` ranks them by their match with one of my missions. */
export const freelancerSearch = urlFields(
  {
    role: oneOf(freelancerRoles),
    query: text(),
    workSectors: list(id()),
    skills: list(listText()),
    minConversionRate: number(0, 10),
    minExperience: number(0, 100, { integer: true }),
    available: flag(),
    online: flag(),
    location: text(),
    missionId: id(),
    page: page(),
  },
  {
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
  },
);
export type FreelancerSearchState = StateOf<typeof freelancerSearch>;

/** What `GET /jobs` or `GET /freelancers` receives: the search and the page size. */
export function searchToQuery(state: JobSearchState | FreelancerSearchState, perPage: number): Query {
  return toQuery({ ...state, perPage });
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
