/**
 * `GET /webinars`: one tab of `/app/our-webinars`, searched and filtered, a page at a time.
 *
 * The tab finds, counts and pages its webinars in `webinar_search` (one narrow row per webinar,
 * kept by a trigger: ADR 023) and reads only its page's rows from `webinars`, in one statement:
 * the page's ids walk the start-time index; the total is a scalar subquery on the narrow table (a
 * window count would join every matching row first: 0.3–0.8 s at 10,000). One round trip: each
 * costs the server a socket write and a wake-up.
 *
 * The statement is prepared once per shape of the query (the tab, and which of the language, free
 * and text filters it has: 32 at most), its values bound as parameters: drizzle builds a query's
 * text again on every call, 8 % of the server's busy time on this list.
 */
import type { Paginated, Webinar, WebinarListQuery } from '@closia/shared';
import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webinarRegistrations, webinarSearch, webinars } from '../../db/schema';
import { now } from '../../lib/clock';
import { offsetOf, paginationMeta, totalOfPage } from '../../lib/pagination';
import { preparedPerShape } from '../../lib/prepared';
import { searchOn, tsQueryText } from '../../lib/text-search';
import type { Viewer } from '../../lib/viewer';
import { presentWebinar, type WebinarRow } from './webinars.presenter';
import { extrasOf, type SelectedWebinar, selectWebinars } from './webinars.service';

/** A webinar lasts at most 8 hours: a start this far back bounds "not over yet" in the index. */
const LONGEST_MS = 480 * 60_000;

type Shape = {
  when: WebinarListQuery['when'];
  language: boolean;
  free: boolean;
  text: boolean;
};

const ws = webinarSearch;
const param = (name: string) => sql.placeholder(name);

/** The conditions of a shape on `webinar_search`, its values as placeholders. */
function conditionsOf(shape: Shape): SQL | undefined {
  const conditions: SQL[] = [];
  switch (shape.when) {
    case 'upcoming':
      // Not over: started less than 8 h ago (the index) and ends after now.
      conditions.push(
        sql`${ws.startTime} > ${param('since')}::timestamptz`,
        sql`${ws.endsAt} > ${param('at')}::timestamptz`,
      );
      break;
    case 'past':
      conditions.push(
        sql`${ws.startTime} <= ${param('at')}::timestamptz`,
        sql`${ws.endsAt} <= ${param('at')}::timestamptz`,
      );
      break;
    case 'mine':
      conditions.push(sql`${ws.userId} = ${param('viewer')}`);
      break;
    case 'registered':
      conditions.push(
        sql`exists (select 1 from ${webinarRegistrations} where ${webinarRegistrations.webinarId} = ${ws.webinarId} and ${webinarRegistrations.userId} = ${param('viewer')})`,
      );
      break;
  }
  if (shape.language) conditions.push(sql`${ws.language} = ${param('language')}`);
  if (shape.free) conditions.push(sql`${ws.free}`);
  if (shape.text) conditions.push(searchOn(ws.searchVector, param('query')).where);
  return and(...conditions);
}

/** How many webinars the shape matches: its total past the last page, where no row carries it. */
const countOf = (db: DbOrTx, shape: Shape) =>
  db.select({ n: sql<number>`count(*)::int` }).from(ws).where(conditionsOf(shape));

/** A page of the shape's webinars with their total, and the total alone. */
const statementsOf = preparedPerShape('webinar_list', (db, shape: Shape, name) => {
  const by = shape.when === 'upcoming' ? asc : desc;
  const where = conditionsOf(shape);
  const pageIds = db
    .select({ id: ws.webinarId })
    .from(ws)
    .where(where)
    .orderBy(by(ws.startTime), by(ws.webinarId))
    .limit(param('limit'))
    .offset(param('offset'));
  return {
    page: selectWebinars(db, sql.placeholder('viewer'), sql`(${countOf(db, shape)})`)
      .where(inArray(webinars.id, pageIds))
      .orderBy(by(webinars.startTime), by(webinars.id))
      .prepare(name),
    count: countOf(db, shape).prepare(`${name}_count`),
  };
});

export async function listWebinars(
  db: DbOrTx,
  viewer: Viewer,
  query: WebinarListQuery,
  appUrl: string,
): Promise<Paginated<Webinar>> {
  const at = now();
  const tsQuery = query.query ? await tsQueryText(db, query.query) : null;
  if (query.query && tsQuery === null) return { data: [], meta: paginationMeta(0, query) };
  const shape: Shape = {
    when: query.when,
    language: Boolean(query.language),
    free: Boolean(query.free),
    text: tsQuery !== null,
  };
  const values = {
    viewer: viewer.id,
    at: at.toISOString(),
    since: new Date(at.getTime() - LONGEST_MS).toISOString(),
    language: query.language ?? null,
    query: tsQuery,
    limit: query.perPage,
    offset: offsetOf(query),
  };
  const statement = statementsOf(db, shape);
  const rows = (await statement.page.execute(values)) as SelectedWebinar[];
  const total = await totalOfPage(rows, query.page, () => statement.count.execute(values));
  return {
    data: rows.map((found) => presentWebinar(found.row as WebinarRow, extrasOf(found), viewer, at, appUrl)),
    meta: paginationMeta(total, query),
  };
}
