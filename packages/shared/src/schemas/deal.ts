/**
 * Deals (spec §5) and the CRM endpoints around them (issue 8): moves, win, loss, handoff, the
 * commission split and the list, stats and forecast filters. Money in requests is in euros with at
 * most two decimals; answers carry integer cents.
 */
import { z } from 'zod';
import { commissionStatuses, pipelineStages, selectablePipelineStages, sortOrders } from '../enums';
import {
  between,
  enumField,
  idField,
  idParam,
  lenientNumber,
  limits,
  MAX_INT,
  moneyField,
  textField,
  utcDateTime,
} from './fields';
import { pageParam as page, perPageParam as perPage, queryList } from './query';

/** A calendar day 'YYYY-MM-DD' (a date-time given instead is read in UTC, then cut to its day). */
export function calendarDate() {
  return utcDateTime().transform((iso) => iso.slice(0, 10));
}

/** Probability of winning, in percent: a whole number from 1 to 100 (null: not estimated). */
const probability = () => z.number().positive().max(100).int().nullable().optional();

const dealFields = {
  title: textField().trim().min(2).max(100),
  observations: textField().max(limits.descriptionMaxLength),
  status: enumField(pipelineStages),
  expectedCloseDate: calendarDate(),
  probability: probability(),
  prospectId: idField(),
  infopreneurFormationId: idField(),
  /** The team whose shared pipeline holds the deal (a team of the seller's; null: personal). */
  teamId: idField().nullable().optional(),
};

/**
 * Create a deal. The API takes the six open stages only (Closed and Lost are reached through
 * `win` and `lose`): it answers 422 `enum` on `status` for the others.
 */
export const dealCreateSchema = z.object(dealFields);
export type DealCreateInput = z.infer<typeof dealCreateSchema>;

/** Update: every field optional except `id`. */
export const dealUpdateSchema = z.object(dealFields).partial().extend({ id: idField() });
export type DealUpdateInput = z.infer<typeof dealUpdateSchema>;

/** An optional note kept with the history row (why the deal moved, what was agreed). */
const note = () => textField().trim().max(500).optional();

/** `POST /deals/{id}/move`: to one of the six open stages. */
export const dealMoveSchema = z.object({ status: enumField(selectablePipelineStages), note: note() });
export type DealMoveInput = z.infer<typeof dealMoveSchema>;

/** The largest sale amount, in euros (cents must fit an `integer` column). */
export const MAX_SALE_AMOUNT = 10_000_000;

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** `POST /deals/{id}/win`: the amount sold (default: the offer's price) and the commission instalments. */
export const dealWinSchema = z.object({
  amount: moneyField(MAX_SALE_AMOUNT)
    .positive()
    .refine(hasAtMostTwoDecimals, {
      message: 'At most two decimals',
      params: { rule: 'decimals', decimals: 2 },
    })
    .optional(),
  instalments: between(z.number().int(), 1, 12).optional(),
});
export type DealWinInput = z.infer<typeof dealWinSchema>;

/** `POST /deals/{id}/lose`: why the deal was lost. */
export const dealLoseSchema = z.object({ reason: textField().trim().min(2).max(500) });
export type DealLoseInput = z.infer<typeof dealLoseSchema>;

/** `POST /deals/{id}/handoff`: the closer who takes the deal over at R2. */
export const dealHandoffSchema = z.object({ closerId: idField(), note: note() });
export type DealHandoffInput = z.infer<typeof dealHandoffSchema>;

/** `PUT /missions/{id}/commission-split`: the setter's share of a commission, in percent. */
export const commissionSplitSchema = z.object({ setterSharePercent: between(z.number().int(), 0, 100) });
export type CommissionSplitInput = z.infer<typeof commissionSplitSchema>;

export const dealSortFields = [
  'expectedCloseDate',
  'updatedAt',
  'createdAt',
  'probability',
  'amount',
] as const;
export type DealSortField = (typeof dealSortFields)[number];

/** `owner`: deals I own (me), deals I set for a closer (setter), or both (all, the default). */
export const dealOwnerFilters = ['me', 'setter', 'all'] as const;
/** `as=infopreneur`: the deals on my offers (read-only) instead of the deals I work. */
export const dealViewpoints = ['seller', 'infopreneur'] as const;

/** `GET /deals`: filters, sort and page, as a query string (`status=Closing,Role`). */
export const dealListQuerySchema = z.object({
  status: queryList(enumField(pipelineStages)).optional(),
  serviceId: idParam().optional(),
  prospectId: idParam().optional(),
  owner: enumField(dealOwnerFilters).optional(),
  as: enumField(dealViewpoints).optional(),
  /** The shared pipeline of a team I belong to instead of the deals I work. */
  teamId: idParam().optional(),
  expectedCloseFrom: calendarDate().optional(),
  expectedCloseTo: calendarDate().optional(),
  query: textField().trim().max(limits.searchQueryMaxLength).optional(),
  sortBy: enumField(dealSortFields).optional(),
  sortOrder: enumField(sortOrders).optional(),
  page: page().default(1),
  perPage: perPage().default(20),
});
export type DealListQuery = z.infer<typeof dealListQuerySchema>;

/** `GET /pipeline`: mine, or the shared pipeline of a team I belong to. */
export const pipelineQuerySchema = z.object({ teamId: idParam().optional() });
export type PipelineQuery = z.infer<typeof pipelineQuerySchema>;

/** A period of days, `from` and `to` included (`GET /stats`, `GET /commissions`). */
export const periodQuerySchema = z.object({
  from: calendarDate().optional(),
  to: calendarDate().optional(),
});
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** Where a page of commission lines stops: its last line's due date and id (the order's tie-breaker). */
export interface CommissionCursor {
  dueOn: string;
  id: number;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}):([1-9]\d{0,9})$/;

/** The opaque `cursor` of the page after `last` (base64url of 'YYYY-MM-DD:id'). */
export function encodeCommissionCursor(last: CommissionCursor): string {
  return toBase64Url(`${last.dueOn}:${last.id}`);
}

/** The place a `cursor` stands for, or null when it is not one `encodeCommissionCursor` wrote. */
export function decodeCommissionCursor(cursor: string): CommissionCursor | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = CURSOR_TEXT.exec(text);
  if (!match || toBase64Url(text) !== cursor) return null;
  const [, dueOn, id] = match as unknown as [string, string, string];
  const day = new Date(`${dueOn}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== dueOn) return null;
  return Number(id) <= MAX_INT ? { dueOn, id: Number(id) } : null;
}

/** `?cursor=`: a page's `nextCursor`, read back (422 `invalid` when it is not one). */
const commissionCursor = () =>
  textField()
    .max(40)
    .transform((cursor, ctx) => {
      const place = decodeCommissionCursor(cursor);
      if (place) return place;
      ctx.addIssue({ code: 'custom', message: 'The cursor field is invalid', params: { rule: 'invalid' } });
      return z.NEVER;
    });

/** The largest page of commission lines, and the default. */
export const COMMISSIONS_PER_PAGE_MAX = 100;
export const COMMISSIONS_PER_PAGE = 50;

/**
 * The lines' filters of `GET /commissions` and its CSV export: the period, one deal (its lines and
 * sums only), the statuses shown (`due`: unpaid and the due date has come; the sums keep every
 * status) and the order by due date (newest first by default; the line's id breaks ties).
 */
const commissionFilters = {
  ...periodQuerySchema.shape,
  dealId: idParam().optional(),
  status: queryList(enumField(commissionStatuses)).optional(),
  sortOrder: enumField(sortOrders).optional(),
};

/** `GET /commissions/export`: every line of the filters, as a CSV file. */
export const commissionExportQuerySchema = z.object(commissionFilters);
export type CommissionExportQuery = z.infer<typeof commissionExportQuerySchema>;

/** `GET /commissions`: the sums of the period and a page of its lines, after `cursor`. */
export const commissionListQuerySchema = z.object({
  ...commissionFilters,
  cursor: commissionCursor().optional(),
  perPage: perPage(COMMISSIONS_PER_PAGE_MAX).default(COMMISSIONS_PER_PAGE),
});
export type CommissionListQuery = z.infer<typeof commissionListQuerySchema>;

/** The longest-waiting deals `GET /stats/forecast` lists by default (`staleTotal` counts them all). */
export const DEFAULT_STALE_LIMIT = 50;

/**
 * `GET /stats/forecast`: `staleDays` overrides the per-stage "à relancer" thresholds; `staleLimit`
 * how many of those deals are listed (1–500, default 50).
 */
export const forecastQuerySchema = z.object({
  staleDays: lenientNumber()
    .pipe(between(z.number().int(), 1, 365))
    .optional(),
  staleLimit: lenientNumber()
    .pipe(between(z.number().int(), 1, 500))
    .optional(),
});
export type ForecastQuery = z.infer<typeof forecastQuerySchema>;
