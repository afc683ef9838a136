/**
 * `GET /prospects`: the caller's prospects, filtered, sorted and paginated, in one statement — the
 * page's rows, each one's extras (first open activity, open count, current deal: subqueries per
 * row) and the total (a scalar subquery). It was five queries in two round trips, each built again
 * by drizzle on every call.
 *
 * The statement is prepared once per shape of the query (the sort and its direction, which of the
 * text (a phone number or not), state, lead stage filters it has, and the kind of next-activity
 * window); the values are bound, the words of a text search included. The export
 * (`prospectsToExport`) selects with the same conditions and order.
 */
import type { Paginated, Prospect, ProspectListInput, ProspectSortField } from '@closia/shared';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prospects } from '../../db/schema';
import { escapeLike } from '../../lib/name-search';
import { offsetOf, paginationMeta, totalOfPage } from '../../lib/pagination';
import { dayWindows } from '../../lib/paris-time';
import { preparedPerShape } from '../../lib/prepared';
import { type ProspectRow, presentProspect, prospectColumns } from './prospects.presenter';
import {
  extrasColumns,
  extrasFrom,
  type ProspectFilters,
  phoneDigitForms,
  prospectOrder,
  prospectSort,
  storedPhoneDigits,
} from './prospects.service';

type Shape = {
  sortBy: ProspectSortField;
  sortOrder: 'asc' | 'desc';
  text: boolean;
  /** The query also looks like a phone number. */
  phone: boolean;
  state: boolean;
  leadStage: boolean;
  window: 'anytime' | 'overdue' | 'between';
};

const param = (name: string) => sql.placeholder(name);

/**
 * The conditions of a shape: the caller's prospects; every word of a text search in the kept
 * `search_text` (names, e-mail and phone unaccented and lower-cased by a trigger, migration 0017;
 * the words unaccented once per statement, an InitPlan), or a phone-like query's digits in the
 * phone whatever their spacing; the statuses, qualifications and next-activity window asked for.
 */
function conditionsOf(shape: Shape): SQL {
  const conditions: SQL[] = [sql`${prospects.ownerId} = ${param('owner')}`];
  if (shape.text) {
    const byWords = sql`${prospects.searchText} like all (array(
        select '%' || lower(unaccent(w)) || '%' from unnest(${param('words')}::text[]) as w))`;
    // The phone's digits only for a query that looks like a number: a `regexp_replace` per row
    // doubled a word's search over 10,000 prospects.
    conditions.push(
      shape.phone ? sql`(${byWords} or ${storedPhoneDigits} like any (${param('digits')}::text[]))` : byWords,
    );
  }
  if (shape.state) conditions.push(sql`${prospects.state} = any(${param('state')}::text[])`);
  if (shape.leadStage) conditions.push(sql`${prospects.leadStage} = any(${param('leadStage')}::text[])`);
  if (shape.window === 'overdue')
    conditions.push(sql`${prospects.nextActivityAt} < ${param('to')}::timestamptz`);
  if (shape.window === 'between') {
    conditions.push(
      sql`${prospects.nextActivityAt} >= ${param('from')}::timestamptz`,
      sql`${prospects.nextActivityAt} < ${param('to')}::timestamptz`,
    );
  }
  return and(...conditions)!;
}

const statementsOf = preparedPerShape('prospect_list', (db, shape: Shape, name) => {
  const where = conditionsOf(shape);
  const order = prospectOrder(shape);
  const count = db.select({ n: sql<number>`count(*)::int` }).from(prospects).where(where);
  const pageIds = db
    .select({ id: prospects.id })
    .from(prospects)
    .where(where)
    .orderBy(...order)
    .limit(param('limit'))
    .offset(param('offset'));
  return {
    page: db
      .select({ ...prospectColumns, ...extrasColumns(param('owner')), total: sql<number>`(${count})` })
      .from(prospects)
      .where(inArray(prospects.id, pageIds))
      .orderBy(...order)
      .prepare(name),
    count: count.prepare(`${name}_count`),
  };
});

/** The shape of a query and its values (every placeholder of the list's and the export's statements). */
function shapeAndValues(ownerId: number, filters: ProspectFilters, now: Date) {
  const words = filters.query?.split(/\s+/).filter(Boolean).slice(0, 10) ?? [];
  const digits = filters.query ? phoneDigitForms(filters.query) : [];
  const w = dayWindows(now);
  const shape: Shape = {
    ...prospectSort(filters),
    text: words.length > 0,
    phone: words.length > 0 && digits.length > 0,
    state: Boolean(filters.state?.length),
    leadStage: Boolean(filters.leadStage?.length),
    window: !filters.nextActivity ? 'anytime' : filters.nextActivity === 'overdue' ? 'overdue' : 'between',
  };
  const values = {
    owner: ownerId,
    words: words.map(escapeLike),
    digits: digits.map((form) => `%${form}%`),
    state: filters.state ?? [],
    leadStage: filters.leadStage ?? [],
    from: w.todayStart.toISOString(),
    to: (filters.nextActivity === 'overdue'
      ? w.now
      : filters.nextActivity === 'today'
        ? w.tomorrowStart
        : w.weekEnd
    ).toISOString(),
  };
  return { shape, values };
}

/** `GET /prospects`: the caller's prospects, filtered, sorted and paginated. */
export async function listProspects(
  db: DbOrTx,
  ownerId: number,
  input: ProspectListInput,
  now = new Date(),
): Promise<Paginated<Prospect>> {
  const { shape, values: filtered } = shapeAndValues(ownerId, input, now);
  const values = { ...filtered, limit: input.perPage, offset: offsetOf(input) };
  const statement = statementsOf(db, shape);
  const rows = await statement.page.execute(values);
  const total = await totalOfPage(rows, input.page, () => statement.count.execute(values));
  return {
    data: rows.map((row) => presentProspect(row as ProspectRow, extrasFrom(row))),
    meta: paginationMeta(total, input),
  };
}

/** Every prospect of the caller that the list's filters select, whole, in the list's order. */
const exportStatementOf = preparedPerShape('prospect_export', (db, shape: Shape, name) =>
  db
    .select()
    .from(prospects)
    .where(conditionsOf(shape))
    .orderBy(...prospectOrder(shape))
    .prepare(name),
);

/** The rows of `GET /prospects/export`: the list's filters and order, no page. */
export function prospectsToExport(db: DbOrTx, ownerId: number, filters: ProspectFilters, now: Date) {
  const { shape, values } = shapeAndValues(ownerId, filters, now);
  return exportStatementOf(db, shape).execute(values);
}
