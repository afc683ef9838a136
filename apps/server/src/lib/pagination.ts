import { MAX_INT, type PaginationMeta } from '@closia/shared';
import { z } from 'zod';

/**
 * A whole number from the query string between `min` and `max` (rules `min`, `max`,
 * `withoutDecimals`, `number`). The bounds come first, so that a huge value reports `max`.
 */
export const queryInt = (min: number, max: number) => z.coerce.number().min(min).max(max).int();

/** `?page=&perPage=`; a page beyond `MAX_INT` fails (422 `max`) instead of overflowing the offset. */
export const paginationQuery = z.object({
  page: queryInt(1, MAX_INT).default(1),
  perPage: queryInt(1, 100).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export function paginationMeta(total: number, { page, perPage }: PaginationQuery): PaginationMeta {
  return { total, perPage, currentPage: page, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

export const offsetOf = ({ page, perPage }: PaginationQuery) => (page - 1) * perPage;

/** The `meta` of every list answer, as the response schemas declare it. */
export const paginationMetaResponse = z.object({
  total: z.number(),
  perPage: z.number(),
  currentPage: z.number(),
  lastPage: z.number(),
}) satisfies z.ZodType<PaginationMeta>;
