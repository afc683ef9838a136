/**
 * The build bakes the demo into a PGlite template (scripts/make-pglite-template.ts), so that a
 * fresh data directory does not spend seconds seeding it. The demo's dates are relative to the
 * instant it was seeded (activities due today, messages an hour old, next Monday's team meeting):
 * a directory created from that template moves them to now in one transaction, and reads as if it
 * had been seeded at its first start.
 */
import { gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { DateColumn } from '../db/pglite-template';
import { webinars } from '../db/schema';
import { scheduleWebinarJobs } from '../modules/webinars/webinar-jobs';
import { demoEventShiftMs } from './collaboration';

/** Date columns relative to the demo's "now", moved by whole days. */
export const RELATIVE_DATE_COLUMNS = ['deals.expected_close_date', 'commission_lines.due_on'];
/** Date columns that are fixed dates (when a career started): left as they are. */
export const FIXED_DATE_COLUMNS = ['profiles.experience'];
/**
 * The sandbox payment provider keeps Stripe's objects as JSON (`sandbox_objects.data`) with their
 * instants in Unix seconds under these keys: moved with the rest, or a demo subscription would
 * look due for renewal at its first start.
 */
export const SANDBOX_INSTANT_KEYS = [
  'created',
  'current_period_start',
  'current_period_end',
  'canceled_at',
  'period_start',
  'period_end',
  'paid_at',
];
/** Timestamps moved by whole weeks, so that they keep their weekday and hour (the team's meetings). */
const WEEKLY_COLUMNS = ['team_events.start_time', 'team_events.end_time'];
/**
 * Timestamps moved by whole (UTC) days, so that they keep their hour: the webinars' starts
 * ("tomorrow evening" stays an evening), and what is timed from them — their registrants' joins,
 * reminders and replay e-mails. The jobs that send those are planned again from the new now (in
 * `shiftDemoDates`). Every other timestamp of the new tables (registrations, posts, likes,
 * comments, reports, jobs' bookkeeping) moves by the exact difference.
 */
export const DAILY_COLUMNS = [
  'webinars.start_time',
  'webinar_registrations.attended_at',
  'webinar_registrations.reminded24h_at',
  'webinar_registrations.reminded1h_at',
  'webinar_registrations.replay_sent_at',
];

/**
 * Tables whose dates a trigger copies from another table's (`post_tags` and `post_search` from
 * `posts`, migrations 0032 and 0034; `article_search` from `articles`, 0033; `webinar_search` from
 * `webinars`, 0035): left to that trigger, which rewrites them when their source moves, whatever
 * the order.
 */
const DERIVED_TABLES = ['post_tags', 'post_search', 'webinar_search', 'article_search'];

const DAY_MS = 24 * 3600_000;

/** Every date and timestamp column of the application's tables (partitions, not their parents). */
export async function dateColumns(rows: Database['rows']): Promise<DateColumn[]> {
  return rows<DateColumn>(
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, null) as "type"
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = ''
        and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)
      order by 1, 2`,
  );
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The date columns of the tables that hold rows: all that moving the dates of this database
 * visits. The build records them in the demo template's manifest, so that a first start reads
 * neither the catalog nor the empty tables (each table a cold start touches costs it a few ms).
 */
export async function datedColumnsWithRows(rows: Database['rows']): Promise<DateColumn[]> {
  const columns = await dateColumns(rows);
  const tables = [...new Set(columns.map((c) => c.table))];
  if (tables.length === 0) return [];
  const filled = await rows<{ table: string }>(
    tables
      .map(
        (table) =>
          `select '${table.replace(/'/g, "''")}' as "table" where exists (select from ${quote(table)})`,
      )
      .join(' union all '),
  );
  const withRows = new Set(filled.map((row) => row.table));
  return columns.filter((c) => withRows.has(c.table));
}

/**
 * Moves every date of a database seeded at `seededAt` to `now` (those of `columns` when given: see
 * datedColumnsWithRows), in one transaction: timestamps by
 * the exact difference, the team's events by whole weeks, relative dates by whole (UTC) days.
 * One statement per table, in turn: what triggers keep from dates stays right (the unread counts of
 * migration 0020 follow each moved message, and recount when a last read moves), which they could not
 * if every table moved in one statement seeing the others unmoved. Returns the shift in ms (0:
 * nothing to do).
 */
export async function shiftDemoDates(
  database: Pick<Database, 'db' | 'rows'>,
  seededAt: Date,
  now = new Date(),
  columns?: readonly DateColumn[],
): Promise<number> {
  const shiftMs = now.getTime() - seededAt.getTime();
  if (shiftMs <= 0) return 0;
  const days = Math.floor(now.getTime() / DAY_MS) - Math.floor(seededAt.getTime() / DAY_MS);
  const weeksMs = demoEventShiftMs(seededAt, now);
  // Whole numbers computed here, written as literals.
  const exact = `interval '${Math.round(shiftMs)} milliseconds'`;
  const weekly = `interval '${Math.round(weeksMs)} milliseconds'`;
  const daily = `interval '${Math.trunc(days)} days'`;
  const byTable = new Map<string, string[]>();
  for (const { table, column, type } of columns ?? (await dateColumns(database.rows))) {
    if (DERIVED_TABLES.includes(table)) continue;
    const name = `${table}.${column}`;
    let value: string;
    if (type === 'date') {
      if (!RELATIVE_DATE_COLUMNS.includes(name)) continue;
      value = `${quote(column)} + ${Math.trunc(days)}`;
    } else {
      const by = WEEKLY_COLUMNS.includes(name) ? weekly : DAILY_COLUMNS.includes(name) ? daily : exact;
      value = `${quote(column)} + ${by}`;
    }
    byTable.set(table, [...(byTable.get(table) ?? []), `${quote(column)} = ${value}`]);
  }
  if (byTable.size === 0) return 0;
  await database.db.transaction(async (tx) => {
    for (const [table, sets] of byTable) {
      await tx.execute(sql.raw(`update ${quote(table)} set ${sets.join(', ')}`));
    }
    // A reminder is planned from the webinar's start and from now (a 24 h reminder already late
    // goes at once, or not at all): planned again from the first start, as a demo seeded then has them.
    const upcoming = await tx
      .select({
        id: webinars.id,
        startTime: webinars.startTime,
        durationMinutes: webinars.durationMinutes,
        hasReplay: webinars.hasReplay,
        replayUrl: webinars.replayUrl,
      })
      .from(webinars)
      .where(gt(webinars.startTime, now));
    for (const webinar of upcoming) await scheduleWebinarJobs(tx, webinar, { timeChanged: false, at: now });
    if (byTable.has('sandbox_objects')) {
      const seconds = Math.round(shiftMs / 1000);
      await tx.execute(sql`
        update sandbox_objects set data = (
          select jsonb_object_agg(key, case
            when key = any(${sql.param(SANDBOX_INSTANT_KEYS)}::text[]) and jsonb_typeof(value) = 'number'
            then to_jsonb((value #>> '{}')::bigint + ${seconds}::bigint) else value end)
          from jsonb_each(data))`);
    }
  });
  return shiftMs;
}
