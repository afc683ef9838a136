import {
  idParam,
  type ProspectSortField,
  prospectListSchema,
  prospectSortFields,
  type SortOrder,
  sortOrders,
} from '@closia/shared';
import { z } from 'zod';
import { API_BASE, type Query } from '../../../lib/api-client';
import { type StateOf, toQuery, urlState, writeUrlState } from '../../../lib/url-state';

/*
 * The prospect list's search lives in the address (`?query=dupont&state=follow_up,prospecting&page=2`),
 * read with the API's own query schema (`lib/url-state.ts`). The open prospect (`?prospect=12`,
 * `?prospect=new`) sits beside the search: opening one keeps the search and its page.
 */

/** The API's order when none is given: names and next activities ascending, dates descending. */
export function defaultSortOrder(sortBy: ProspectSortField): SortOrder {
  return sortBy === 'name' || sortBy === 'nextActivityAt' ? 'asc' : 'desc';
}

type Sort = { sortBy: ProspectSortField; sortOrder: SortOrder };

/** Each field's natural order is left out of the address; the field too when the whole sort is the default one. */
function naturalOrder<T extends Sort>(state: T): Partial<T> {
  const sortOrder = defaultSortOrder(state.sortBy);
  return (state.sortOrder === sortOrder ? { sortOrder } : { sortOrder, sortBy: undefined }) as Partial<T>;
}

const prospectAddress = prospectListSchema.extend({
  /** The prospect open in the drawer: `new` (the creation form) or an id. */
  prospect: z.union([z.literal('new'), idParam()]),
});

export const prospectSearch = urlState(
  prospectAddress,
  {
    query: '',
    state: [],
    leadStage: [],
    nextActivity: null,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    page: 1,
    prospect: null,
  },
  { defaults: naturalOrder, keepPageFor: ['prospect'] },
);
export type ProspectSearchState = StateOf<typeof prospectSearch>;

/** The merged view has the search, the sort and the page, not the filters. */
export const mergedSearch = urlState(
  prospectAddress,
  { query: '', sortBy: 'createdAt', sortOrder: 'desc', page: 1 },
  { defaults: naturalOrder },
);
export type MergedSearchState = StateOf<typeof mergedSearch>;

/** The prospect open in the drawer: `new` (the creation form), an id, or nothing. */
export type OpenProspect = ProspectSearchState['prospect'];

/** `?prospect=12`: the list with that prospect open. */
export function openProspectSearch(open: OpenProspect): string {
  return writeUrlState(prospectSearch, { ...prospectSearch.defaults, prospect: open }).toString();
}

type ProspectFilters = Pick<ProspectSearchState, 'query' | 'sortBy' | 'sortOrder'> &
  Partial<Pick<ProspectSearchState, 'state' | 'leadStage' | 'nextActivity'>>;

function filterValues(state: ProspectFilters) {
  const { query, state: states, leadStage, nextActivity, sortBy, sortOrder } = state;
  return { query, state: states, leadStage, nextActivity, sortBy, sortOrder };
}

/** What `GET /prospects` receives. */
export function prospectSearchToQuery(state: ProspectFilters & { page: number }, perPage: number): Query {
  return toQuery({ ...filterValues(state), page: state.page, perPage });
}

/** `GET /prospects/export` with the list's filters and order (every page). */
export function prospectExportUrl(state: ProspectSearchState): string {
  const search = new URLSearchParams(toQuery(filterValues(state)) as Record<string, string>).toString();
  return `${API_BASE}/prospects/export${search ? `?${search}` : ''}`;
}

/** The number of filters set (the search text and the sort aside). */
export function countProspectFilters(state: ProspectFilters): number {
  return [
    (state.state ?? []).length > 0,
    (state.leadStage ?? []).length > 0,
    (state.nextActivity ?? null) !== null,
  ].filter(Boolean).length;
}

export function hasSearch(state: ProspectFilters): boolean {
  return state.query !== '' || countProspectFilters(state) > 0;
}

/* ------------------------------------------------------------------------------- sorting */

/** One select value for a sort field and its order: `name:asc`. */
export function sortValue(sortBy: ProspectSortField, sortOrder: SortOrder): string {
  return `${sortBy}:${sortOrder}`;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  (values as readonly string[]).includes(value ?? '');

export function parseSortValue(
  value: string | null,
): { sortBy: ProspectSortField; sortOrder: SortOrder } | null {
  const [sortBy, sortOrder] = (value ?? '').split(':');
  if (!isOneOf(prospectSortFields, sortBy) || !isOneOf(sortOrders, sortOrder)) return null;
  return { sortBy, sortOrder };
}

/** A click on a sortable column: the other order when it is the current one, else its natural order. */
export function toggleSort(
  state: Pick<ProspectSearchState, 'sortBy' | 'sortOrder'>,
  field: ProspectSortField,
): { sortBy: ProspectSortField; sortOrder: SortOrder } {
  if (state.sortBy !== field) return { sortBy: field, sortOrder: defaultSortOrder(field) };
  return { sortBy: field, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' };
}

export const sortOptions: { value: string; label: string }[] = [
  { value: sortValue('createdAt', 'desc'), label: 'Ajoutés récemment' },
  { value: sortValue('createdAt', 'asc'), label: 'Ajoutés il y a longtemps' },
  { value: sortValue('updatedAt', 'desc'), label: 'Modifiés récemment' },
  { value: sortValue('updatedAt', 'asc'), label: 'Modifiés il y a longtemps' },
  { value: sortValue('name', 'asc'), label: 'Nom (A → Z)' },
  { value: sortValue('name', 'desc'), label: 'Nom (Z → A)' },
  { value: sortValue('nextActivityAt', 'asc'), label: 'Prochaine activité la plus proche' },
  { value: sortValue('nextActivityAt', 'desc'), label: 'Prochaine activité la plus lointaine' },
];
