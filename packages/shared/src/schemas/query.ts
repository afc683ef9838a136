/**
 * Query strings: the building blocks of every list query (pages, lists, flags, search text) and
 * the list queries that have no module schema of their own. The server validates its query
 * strings with these schemas and types its inputs by `z.infer`; the web reads its addresses with
 * the same schemas, leniently (`apps/web/src/lib/url-state.ts`).
 */
import { z } from 'zod';
import { reviewStatuses } from '../enums';
import { checkboxValue, lenientNumber, limits, MAX_INT, textField } from './fields';

/**
 * A list from the query string: repeated keys (`?a=1&a=2`), one comma-separated value (`?a=1,2`)
 * or a JSON array in a body. Empty items are dropped.
 */
export function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    const parts = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(parts)) return parts;
    return parts.flatMap((part) =>
      typeof part === 'string'
        ? part
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : [part],
    );
  }, z.array(item).max(limits.pickedItemsMax));
}

/** A query-string flag: 1/true/yes/on or 0/false/no/off. */
export const queryFlag = () => checkboxValue();

/** `?page=`: 1 to `MAX_INT` (text accepted). */
export const pageParam = () => lenientNumber().pipe(z.number().min(1).max(MAX_INT).int());
/** `?perPage=`: 1 to `max` (text accepted). */
export const perPageParam = (max = 100) => lenientNumber().pipe(z.number().min(1).max(max).int());
/** The words of a search (`?query=`), trimmed, at most 100 characters. */
export const searchText = () => textField().trim().max(limits.searchQueryMaxLength);

/**
 * A whole number from the query string between `min` and `max` (rules `min`, `max`,
 * `withoutDecimals`, `number`), read by `Number()` (an empty value is 0). The bounds come first,
 * so that a huge value reports `max`.
 */
export const queryInt = (min: number, max: number) => z.coerce.number().min(min).max(max).int();

/** `?page=&perPage=`; a page beyond `MAX_INT` fails (422 `max`) instead of overflowing the offset. */
export const paginationQuerySchema = z.object({
  page: queryInt(1, MAX_INT).default(1),
  perPage: queryInt(1, 100).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** `GET /work-sectors`, `/skills`, `/formations-catalogue`: pickers take a whole list in one page by default. */
export const referenceListQuerySchema = paginationQuerySchema.extend({
  perPage: queryInt(1, 100).default(100),
  search: searchText().optional(),
});
export type ReferenceListQuery = z.infer<typeof referenceListQuerySchema>;

export const referenceStatuses = ['all', 'approved', 'pending'] as const;
export type ReferenceStatus = (typeof referenceStatuses)[number];

/** `GET /admin/work-sectors` (and the other kinds): search and approval status. */
export const referenceAdminListQuerySchema = paginationQuerySchema.extend({
  search: searchText().optional(),
  status: z.enum(referenceStatuses).default('all'),
});
export type ReferenceAdminListQuery = z.infer<typeof referenceAdminListQuerySchema>;

/** `GET /admin/services`: the offers of a review status, searched by name. */
export const adminServiceListQuerySchema = paginationQuerySchema.extend({
  validationStatus: z.enum(reviewStatuses).optional(),
  query: searchText().optional(),
});
export type AdminServiceListQuery = z.infer<typeof adminServiceListQuerySchema>;
