/**
 * The build bakes the demo into a PGlite template (scripts/make-pglite-template.ts), so that a
 * fresh data directory does not spend seconds seeding it. The demo's dates are relative to the
 * instant it was seeded (activities due today, messages an hour old, next Monday's team meeting):
 * a directory created from that template moves them to now in one statement, and reads as if it
 * had been seeded at its first start.
 */
import type { Database } from '../db/client';
import { demoEventShiftMs } from './collaboration';

/** Date columns relative to the demo's "now", moved by whole days. */
export const RELATIVE_DATE_COLUMNS = ['deals.expected_close_date', 'commission_lines.due_on'];
/** Date columns that are fixed dates (when a career started): left as they are. */
export const FIXED_DATE_COLUMNS = ['profiles.experience'];
/** Timestamps moved by whole weeks, so that they keep their weekday and hour (the team's meetings). */
const WEEKLY_COLUMNS = ['team_events.start_time', 'team_events.end_time'];

const DAY_MS = 24 * 3600_000;

interface DateColumn {
  table: string;
  column: string;
  type: 'timestamp with time zone' | 'timestamp without time zone' | 'date';
}

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
 * Moves every date of a database seeded at `seededAt` to `now`, in one statement: timestamps by
 * the exact difference, the team's events by whole weeks, relative dates by whole (UTC) days.
 * Returns the shift in ms (0: nothing to do).
 */
export async function shiftDemoDates(
  rows: Database['rows'],
  seededAt: Date,
  now = new Date(),
): Promise<number> {
  const shiftMs = now.getTime() - seededAt.getTime();
  if (shiftMs <= 0) return 0;
  const days = Math.floor(now.getTime() / DAY_MS) - Math.floor(seededAt.getTime() / DAY_MS);
  const weeksMs = demoEventShiftMs(seededAt, now);
  const byTable = new Map<string, string[]>();
  for (const { table, column, type } of await dateColumns(rows)) {
    const name = `${table}.${column}`;
    let value: string;
    if (type === 'date') {
      if (!RELATIVE_DATE_COLUMNS.includes(name)) continue;
      value = `${quote(column)} + $2::int`;
    } else {
      value = `${quote(column)} + $${WEEKLY_COLUMNS.includes(name) ? 3 : 1}::interval`;
    }
    byTable.set(table, [...(byTable.get(table) ?? []), `${quote(column)} = ${value}`]);
  }
  if (byTable.size === 0) return 0;
  const updates = [...byTable].map(
    ([table, sets], i) => `u${i} as (update ${quote(table)} set ${sets.join(', ')})`,
  );
  // Every date moves by the same amount, so nothing kept from them changes (the unread counts of
  // migration 0020 compare messages with last reads): the shift runs with the triggers off, which
  // would otherwise count a message moved past a last read that had not moved yet.
  await rows('begin');
  try {
    await rows('set local session_replication_role = replica');
    // The final select names every parameter, whichever columns there are.
    await rows(`with ${updates.join(',\n')} select $1::interval, $2::int, $3::interval`, [
      `${shiftMs} milliseconds`,
      days,
      `${weeksMs} milliseconds`,
    ]);
    await rows('commit');
  } catch (error) {
    await rows('rollback');
    throw error;
  }
  return shiftMs;
}
