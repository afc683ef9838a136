import { type PaginationMeta, type PaginationQuery, paginationQuerySchema, queryInt } from '@closia/shared';

/** `?page=&perPage=` (the shared schema); a page beyond `MAX_INT` fails (422 `max`). */
export const paginationQuery = paginationQuerySchema;
export { type PaginationQuery, queryInt };

export function paginationMeta(total: number, { page, perPage }: PaginationQuery): PaginationMeta {
  return { total, perPage, currentPage: page, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

export const offsetOf = ({ page, perPage }: PaginationQuery) => (page - 1) * perPage;

/**
 * The total of a page whose rows each carry it (a scalar subquery of the page's statement): past
 * the last page no row carries it, and `count` counts alone; an empty first page holds none.
 */
export async function totalOfPage(
  rows: readonly { total: unknown }[],
  page: number,
  count: () => Promise<readonly { n: unknown }[]>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total);
  return page > 1 ? Number((await count())[0]?.n ?? 0) : 0;
}

/** The `meta` of every list answer (the shared response schema). */
export { paginationMetaResponse } from '@closia/shared';
