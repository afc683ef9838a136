import type { PaginationMeta } from '@closia/shared';
import { z } from 'zod';

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export function paginationMeta(total: number, { page, perPage }: PaginationQuery): PaginationMeta {
  return { total, perPage, currentPage: page, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

export const offsetOf = ({ page, perPage }: PaginationQuery) => (page - 1) * perPage;
