/**
 * The activities of the caller's prospects: next steps with a due date, done or open. An activity
 * is the owner's of its prospect; any other answers 404. Every write applies the next-activity
 * rule (the top of prospects.service.ts) to its prospect in the same transaction.
 */
import type {
  ActivityCreateInput,
  ActivityListInput,
  ActivityUpdateInput,
  Paginated,
  ProspectActivity,
} from '@closia/shared';
import { and, asc, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { prospectActivities, prospects } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { dayWindows } from '../../lib/paris-time';
import { type ActivityRow, type ProspectRow, presentActivity } from './prospects.presenter';
import { earliestOpenDueAt, ownProspect } from './prospects.service';

/**
 * Applies the next-activity rule (top of prospects.service.ts) after an activity write, in its transaction.
 * `hadOpen`: whether the prospect had open activities before the write.
 */
async function syncNextActivity(tx: DbOrTx, prospect: ProspectRow, hadOpen: boolean): Promise<void> {
  const earliest = await earliestOpenDueAt(tx, prospect.id);
  const next = earliest ?? (hadOpen ? null : prospect.nextActivityAt);
  if ((next?.getTime() ?? null) === (prospect.nextActivityAt?.getTime() ?? null)) return;
  await tx.update(prospects).set({ nextActivityAt: next }).where(eq(prospects.id, prospect.id));
}

async function hasOpenActivity(tx: DbOrTx, prospectId: number): Promise<boolean> {
  return (await earliestOpenDueAt(tx, prospectId)) !== null;
}

const prospectSummary = {
  id: prospects.id,
  firstName: prospects.firstName,
  lastName: prospects.lastName,
  nextActivityAt: prospects.nextActivityAt,
};

async function presentActivityById(db: DbOrTx, id: number): Promise<ProspectActivity> {
  const [row] = await db
    .select({ activity: prospectActivities, prospect: prospectSummary })
    .from(prospectActivities)
    .innerJoin(prospects, eq(prospects.id, prospectActivities.prospectId))
    .where(eq(prospectActivities.id, id));
  if (!row) throw notFound('Activity');
  return presentActivity(row.activity, row.prospect);
}

/** `POST /prospects/{id}/activities`. */
export async function createActivity(
  db: Db,
  userId: number,
  prospectId: number,
  input: ActivityCreateInput,
): Promise<ProspectActivity> {
  const id = await db.transaction(async (tx) => {
    const prospect = await ownProspect(tx, userId, prospectId, true);
    const hadOpen = await hasOpenActivity(tx, prospectId);
    const [row] = await tx
      .insert(prospectActivities)
      .values({
        prospectId,
        userId,
        title: input.title,
        notes: input.notes ?? null,
        dueAt: new Date(input.dueAt),
        priority: input.priority,
      })
      .returning({ id: prospectActivities.id });
    await syncNextActivity(tx, prospect, hadOpen);
    return row!.id;
  });
  return presentActivityById(db, id);
}

/**
 * The caller's activity and its prospect, both locked (the prospect first, as every activity
 * write does, so that two writes on one prospect wait for each other); 404 for anyone else's.
 */
async function ownActivity(
  tx: DbOrTx,
  userId: number,
  id: number,
): Promise<{ activity: ActivityRow; prospect: ProspectRow }> {
  const [found] = await tx
    .select({ prospectId: prospectActivities.prospectId })
    .from(prospectActivities)
    .innerJoin(prospects, eq(prospects.id, prospectActivities.prospectId))
    .where(and(eq(prospectActivities.id, id), eq(prospects.ownerId, userId)));
  if (!found) throw notFound('Activity');
  const prospect = await ownProspect(tx, userId, found.prospectId, true);
  const [activity] = await tx
    .select()
    .from(prospectActivities)
    .where(and(eq(prospectActivities.id, id), eq(prospectActivities.prospectId, prospect.id)))
    .for('update');
  if (!activity) throw notFound('Activity');
  return { activity, prospect };
}

/** `PUT /activities/{id}`: the fields sent; `done` sets (now) or clears `doneAt`. */
export async function updateActivity(
  db: Db,
  userId: number,
  id: number,
  input: ActivityUpdateInput,
  now = new Date(),
): Promise<ProspectActivity> {
  await db.transaction(async (tx) => {
    const { activity, prospect } = await ownActivity(tx, userId, id);
    const hadOpen = await hasOpenActivity(tx, prospect.id);
    const values: Partial<typeof prospectActivities.$inferInsert> = {};
    if (input.title !== undefined) values.title = input.title;
    if (input.notes !== undefined) values.notes = input.notes;
    if (input.dueAt !== undefined) values.dueAt = new Date(input.dueAt);
    if (input.priority !== undefined) values.priority = input.priority;
    if (input.done !== undefined) values.doneAt = input.done ? (activity.doneAt ?? now) : null;
    if (Object.keys(values).length === 0) return;
    await tx.update(prospectActivities).set(values).where(eq(prospectActivities.id, id));
    await syncNextActivity(tx, prospect, hadOpen);
  });
  return presentActivityById(db, id);
}

/** `DELETE /activities/{id}`. */
export async function deleteActivity(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { prospect } = await ownActivity(tx, userId, id);
    const hadOpen = await hasOpenActivity(tx, prospect.id);
    await tx.delete(prospectActivities).where(eq(prospectActivities.id, id));
    await syncNextActivity(tx, prospect, hadOpen);
  });
}

/**
 * `GET /activities`: the activities of the caller's prospects, by due date. `due`: `overdue`
 * (open and due before now), `today` (due this Paris calendar day), `week` (due within the 7
 * Paris calendar days from today), `all`; `done`: 1 done ones only, 0 open ones only.
 */
export async function listActivities(
  db: DbOrTx,
  userId: number,
  input: ActivityListInput,
  now = new Date(),
): Promise<Paginated<ProspectActivity>> {
  const w = dayWindows(now);
  const due = prospectActivities.dueAt;
  const conditions: (SQL | undefined)[] = [eq(prospects.ownerId, userId)];
  if (input.prospectId !== undefined) conditions.push(eq(prospectActivities.prospectId, input.prospectId));
  if (input.done === true) conditions.push(isNotNull(prospectActivities.doneAt));
  if (input.done === false) conditions.push(isNull(prospectActivities.doneAt));
  if (input.due === 'overdue')
    conditions.push(isNull(prospectActivities.doneAt), sql`${due} < ${w.now.toISOString()}`);
  else if (input.due === 'today')
    conditions.push(
      sql`${due} >= ${w.todayStart.toISOString()} and ${due} < ${w.tomorrowStart.toISOString()}`,
    );
  else if (input.due === 'week')
    conditions.push(sql`${due} >= ${w.todayStart.toISOString()} and ${due} < ${w.weekEnd.toISOString()}`);
  const where = and(...conditions);
  const page = { page: input.page, perPage: input.perPage };
  const [rows, [total]] = await Promise.all([
    db
      .select({ activity: prospectActivities, prospect: prospectSummary })
      .from(prospectActivities)
      .innerJoin(prospects, eq(prospects.id, prospectActivities.prospectId))
      .where(where)
      .orderBy(asc(prospectActivities.dueAt), asc(prospectActivities.id))
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db
      .select({ n: count() })
      .from(prospectActivities)
      .innerJoin(prospects, eq(prospects.id, prospectActivities.prospectId))
      .where(where),
  ]);
  return {
    data: rows.map((r) => presentActivity(r.activity, r.prospect)),
    meta: paginationMeta(Number(total?.n ?? 0), page),
  };
}
