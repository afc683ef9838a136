import { type DealSortField, dealListQuerySchema, type dealViewpoints } from '@closia/shared';
import { z } from 'zod';
import type { Query } from '../../../lib/api-client';
import { type StateOf, urlState } from '../../../lib/url-state';

/*
 * `/dashboard/sales` keeps its view, its viewpoint and the table's filters, sort and page in the
 * address, with the API's own parameter names (`?view=table&status=Closing,Role&serviceId=3&sortBy=amount`),
 * read with the API's query schema (`lib/url-state.ts`). Switching the view keeps the page; every
 * change replaces the history entry.
 */

export type Viewpoint = (typeof dealViewpoints)[number];

export const salesState = urlState(
  dealListQuerySchema.extend({ view: z.enum(['kanban', 'table']) }),
  {
    view: 'kanban',
    as: 'seller',
    status: [],
    serviceId: null,
    expectedCloseFrom: null,
    expectedCloseTo: null,
    sortBy: 'expectedCloseDate',
    sortOrder: 'asc',
    page: 1,
  },
  { keepPageFor: ['view'], pageHistory: 'replace' },
);
export type DealTableFilters = StateOf<typeof salesState>;

/** `/dashboard/active-sales`: the viewpoint only (`?as=infopreneur`). */
export const viewpointState = urlState(dealListQuerySchema, { as: 'seller' });

export const TABLE_PER_PAGE = 20;

/** Whether any filter narrows the list (the sort and the page do not). */
export function hasFilters(filters: DealTableFilters): boolean {
  return (
    filters.status.length > 0 ||
    filters.serviceId !== null ||
    filters.expectedCloseFrom !== null ||
    filters.expectedCloseTo !== null
  );
}

/** `GET /deals` for the table: its filters, sort and page, from the viewpoint chosen. */
export function dealListQuery(filters: DealTableFilters, viewpoint: Viewpoint): Query {
  return {
    ...(viewpoint === 'infopreneur' ? { as: 'infopreneur' } : {}),
    status: filters.status.length > 0 ? filters.status.join(',') : undefined,
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
export function viewpointOf(state: { as: Viewpoint }, infopreneur: boolean): Viewpoint {
  return infopreneur && state.as === 'infopreneur' ? 'infopreneur' : 'seller';
}
