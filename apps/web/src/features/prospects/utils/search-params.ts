import {
  type LeadStage,
  leadStages,
  type NextActivityFilter,
  nextActivityFilters,
  type ProspectSortField,
  type ProspectState,
  prospectSortFields,
  prospectStates,
  type SortOrder,
  sortOrders,
} from '@closia/shared';
import { API_BASE, type Query } from '../../../lib/api-client';

/*
 * The prospect list's search lives in the address (`?query=dupont&state=follow_up,prospecting&page=2`)
 * with the API's own parameter names, so that a search can be shared, bookmarked and restored by the
 * back button. Reading is lenient: an unknown or malformed value is ignored. The open prospect
 * (`?prospect=12`, `?prospect=new`) sits beside the search without being part of it.
 */

const MAX_TEXT = 100;
const MAX_ID = 2_147_483_647;

export interface ProspectSearchState {
  query: string;
  state: ProspectState[];
  leadStage: LeadStage[];
  nextActivity: NextActivityFilter | null;
  sortBy: ProspectSortField;
  sortOrder: SortOrder;
  page: number;
}

/** The API's order when none is given: names and next activities ascending, dates descending. */
export function defaultSortOrder(sortBy: ProspectSortField): SortOrder {
  return sortBy === 'name' || sortBy === 'nextActivityAt' ? 'asc' : 'desc';
}

export const defaultProspectSearch: ProspectSearchState = {
  query: '',
  state: [],
  leadStage: [],
  nextActivity: null,
  sortBy: 'createdAt',
  sortOrder: 'desc',
  page: 1,
};

function readList(params: URLSearchParams, key: string): string[] {
  const items = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return [...new Set(items)];
}

function isOneOf<T extends string>(values: readonly T[], value: string | null | undefined): value is T {
  return value !== null && value !== undefined && (values as readonly string[]).includes(value);
}

function readEnum<T extends string>(params: URLSearchParams, key: string, values: readonly T[]): T | null {
  const value = params.get(key)?.trim();
  return isOneOf(values, value) ? value : null;
}

function readEnumList<T extends string>(params: URLSearchParams, key: string, values: readonly T[]): T[] {
  return readList(params, key).filter((item): item is T => isOneOf(values, item));
}

function readPositiveInt(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return number >= 1 && number <= MAX_ID ? number : null;
}

export function parseProspectSearch(params: URLSearchParams): ProspectSearchState {
  const sortBy = readEnum(params, 'sortBy', prospectSortFields) ?? defaultProspectSearch.sortBy;
  return {
    query: (params.get('query') ?? '').trim().slice(0, MAX_TEXT),
    state: readEnumList(params, 'state', prospectStates),
    leadStage: readEnumList(params, 'leadStage', leadStages),
    nextActivity: readEnum(params, 'nextActivity', nextActivityFilters),
    sortBy,
    sortOrder: readEnum(params, 'sortOrder', sortOrders) ?? defaultSortOrder(sortBy),
    page: readPositiveInt(params.get('page')) ?? 1,
  };
}

/** The merged view has the search, the sort and the page, not the filters. */
export function parseMergedSearch(params: URLSearchParams): ProspectSearchState {
  const { query, sortBy, sortOrder, page } = parseProspectSearch(params);
  return { ...defaultProspectSearch, query, sortBy, sortOrder, page };
}

type ParamValue = string | number | null | readonly string[];

function write(values: Record<string, ParamValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value).trim();
    if (text !== '') params.set(key, text);
  }
  return params;
}

function filterValues(state: ProspectSearchState): Record<string, ParamValue> {
  return {
    query: state.query,
    state: state.state,
    leadStage: state.leadStage,
    nextActivity: state.nextActivity,
  };
}

/** The address of a search: only what differs from the defaults. */
export function prospectSearchToParams(state: ProspectSearchState): URLSearchParams {
  const sortIsDefault =
    state.sortBy === defaultProspectSearch.sortBy && state.sortOrder === defaultProspectSearch.sortOrder;
  return write({
    ...filterValues(state),
    sortBy: sortIsDefault ? null : state.sortBy,
    sortOrder: sortIsDefault || state.sortOrder === defaultSortOrder(state.sortBy) ? null : state.sortOrder,
    page: state.page > 1 ? state.page : null,
  });
}

/** What `GET /prospects` receives. */
export function prospectSearchToQuery(state: ProspectSearchState, perPage: number): Query {
  return Object.fromEntries(
    write({
      ...filterValues(state),
      sortBy: state.sortBy,
      sortOrder: state.sortOrder,
      page: state.page,
      perPage,
    }).entries(),
  );
}

/** `GET /prospects/export` with the list's filters and order (every page). */
export function prospectExportUrl(state: ProspectSearchState): string {
  const params = write({ ...filterValues(state), sortBy: state.sortBy, sortOrder: state.sortOrder });
  const search = params.toString();
  return `${API_BASE}/prospects/export${search ? `?${search}` : ''}`;
}

/** The number of filters set (the search text and the sort aside). */
export function countProspectFilters(state: ProspectSearchState): number {
  return [state.state.length > 0, state.leadStage.length > 0, state.nextActivity !== null].filter(Boolean)
    .length;
}

export function hasSearch(state: ProspectSearchState): boolean {
  return state.query !== '' || countProspectFilters(state) > 0;
}

/* ----------------------------------------------------------------------- the open prospect */

export const OPEN_PARAM = 'prospect';

/** The prospect open in the drawer: `new` (the creation form), an id, or nothing. */
export type OpenProspect = 'new' | number | null;

export function readOpenProspect(params: URLSearchParams): OpenProspect {
  const value = params.get(OPEN_PARAM);
  if (value === 'new') return 'new';
  return readPositiveInt(value);
}

/** The same parameters with another prospect open (or none). */
export function withOpenProspect(params: URLSearchParams, open: OpenProspect): URLSearchParams {
  const next = new URLSearchParams(params);
  if (open === null) next.delete(OPEN_PARAM);
  else next.set(OPEN_PARAM, String(open));
  return next;
}

/* ------------------------------------------------------------------------------- sorting */

/** One select value for a sort field and its order: `name:asc`. */
export function sortValue(sortBy: ProspectSortField, sortOrder: SortOrder): string {
  return `${sortBy}:${sortOrder}`;
}

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
