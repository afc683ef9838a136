import { type PaginationMeta, type PaginationQuery, paginationQuerySchema, queryInt } from '@closia/shared';

/** `?page=&perPage=` (the shared schema); a page beyond `MAX_INT` fails (422 `max`). */
export const paginationQuery = paginationQuerySchema;
export { type PaginationQuery, queryInt };

export function paginationMeta(total: number, { page, perPage }: PaginationQuery): PaginationMeta {
  return { total, perPage, currentPage: page, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

export const offsetOf = ({ page, perPage }: PaginationQuery) => (page - 1) * perPage;

/** The `meta` of every list answer (the shared response schema). */
export { paginationMetaResponse } from '@closia/shared';
