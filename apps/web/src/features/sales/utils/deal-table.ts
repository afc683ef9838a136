import {
  type DealSortField,
  dealSortFields,
  type PipelineStage,
  pipelineStages,
  type SortOrder,
  sortOrders,
} from '@closia/shared';
import type { Query } from '../../../lib/api-client';

/*
 * The table view of `/dashboard/sales` keeps its filters, sort and page in the address, with the
 * API's own parameter names (`?view=table&status=Closing,Role&serviceId=3&sortBy=amount`), so that
 * a view can be bookmarked and restored by the back button. Reading is lenient: an unknown or
 * malformed value is ignored.
 */

export type Viewpoint = 'seller' | 'infopreneur';

export interface DealTableFilters {
  stages: PipelineStage[];
  serviceId: number | null;
  expectedCloseFrom: string | null;
  expectedCloseTo: string | null;
  sortBy: DealSortField;
  sortOrder: SortOrder;
  page: number;
}

export const TABLE_PER_PAGE = 20;

export const defaultTableFilters: DealTableFilters = {
  stages: [],
  serviceId: null,
  expectedCloseFrom: null,
  expectedCloseTo: null,
  sortBy: 'expectedCloseDate',
  sortOrder: 'asc',
  page: 1,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readDay(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim() ?? '';
  return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;
}

function readPositive(params: URLSearchParams, key: string, max = 2_147_483_647): number | null {
  const value = params.get(key)?.trim() ?? '';
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

function readOne<T extends string>(params: URLSearchParams, key: string, values: readonly T[]): T | null {
  const value = params.get(key)?.trim();
  return value && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function readTableFilters(params: URLSearchParams): DealTableFilters {
  const stages = params
    .getAll('status')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value): value is PipelineStage => (pipelineStages as readonly string[]).includes(value));
  return {
    stages: [...new Set(stages)],
    serviceId: readPositive(params, 'serviceId'),
    expectedCloseFrom: readDay(params, 'expectedCloseFrom'),
    expectedCloseTo: readDay(params, 'expectedCloseTo'),
    sortBy: readOne(params, 'sortBy', dealSortFields) ?? defaultTableFilters.sortBy,
    sortOrder: readOne(params, 'sortOrder', sortOrders) ?? defaultTableFilters.sortOrder,
    page: readPositive(params, 'page', 100_000) ?? 1,
  };
}

/** Whether any filter narrows the list (the sort and the page do not). */
export function hasFilters(filters: DealTableFilters): boolean {
  return (
    filters.stages.length > 0 ||
    filters.serviceId !== null ||
    filters.expectedCloseFrom !== null ||
    filters.expectedCloseTo !== null
  );
}

/** Writes the filters into `params` (defaults left out), keeping the other parameters. */
export function writeTableFilters(params: URLSearchParams, filters: DealTableFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null, fallback?: string) => {
    if (value === null || value === '' || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('status', filters.stages.join(','));
  set('serviceId', filters.serviceId === null ? null : String(filters.serviceId));
  set('expectedCloseFrom', filters.expectedCloseFrom);
  set('expectedCloseTo', filters.expectedCloseTo);
  set('sortBy', filters.sortBy, defaultTableFilters.sortBy);
  set('sortOrder', filters.sortOrder, defaultTableFilters.sortOrder);
  set('page', String(filters.page), '1');
  return next;
}

/** `GET /deals` for the table: its filters, sort and page, from the viewpoint chosen. */
export function dealListQuery(filters: DealTableFilters, viewpoint: Viewpoint): Query {
  return {
    ...(viewpoint === 'infopreneur' ? { as: 'infopreneur' } : {}),
    status: filters.stages.length > 0 ? filters.stages.join(',') : undefined,
    serviceId: filters.serviceId ?? undefined,
    expectedCloseFrom: filters.expectedCloseFrom ?? undefined,
    expectedCloseTo: filters.expectedCloseTo ?? undefined,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
    page: filters.page,
    perPage: TABLE_PER_PAGE,
  };
}

/** Clicking a column header: the other direction on the sorted column, else its natural one (the close date rising, the others falling). */
export function nextSort(
  filters: DealTableFilters,
  field: DealSortField,
): Pick<DealTableFilters, 'sortBy' | 'sortOrder'> {
  if (filters.sortBy === field)
    return { sortBy: field, sortOrder: filters.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: field, sortOrder: field === 'expectedCloseDate' ? 'asc' : 'desc' };
}

/** The viewpoint of the sales pages: `?as=infopreneur` (the deals on my offers) for an infopreneur only. */
export function readViewpoint(params: URLSearchParams, infopreneur: boolean): Viewpoint {
  return infopreneur && params.get('as') === 'infopreneur' ? 'infopreneur' : 'seller';
}
