/**
 * Prospects (the caller's CRM contacts); their activities (next steps with a due date) are
 * `activities.service.ts`, the import and the export `prospects-import.service.ts` and
 * `prospects-export.service.ts`.
 *
 * Access: a prospect is its owner's (`ownerId`); an activity is the owner's of its prospect. Any
 * other row answers 404, never 403, so that ids cannot be probed. Team prospects come later.
 *
 * The next-activity rule (`nextActivityAt`), applied in the transaction of every activity write
 * (activities.service.ts) and of every prospect update:
 * - while the prospect has open (not done) activities, `nextActivityAt` is the due date of the
 *   earliest one — a date sent with a prospect update is then overridden;
 * - when its last open activity is done or deleted, `nextActivityAt` is cleared: the date was that
 *   activity's, and nothing is planned any more;
 * - while it has no open activity, `nextActivityAt` is whatever the user set directly (create or
 *   update), and activity writes that leave it without open activity (e.g. deleting a done one)
 *   keep it.
 */
import {
  type Prospect,
  type ProspectCreateInput,
  type ProspectCurrentDeal,
  type ProspectDuplicate,
  type ProspectListInput,
  type ProspectNextActivity,
  type ProspectUpdateInput,
  type ProspectWithDuplicates,
  prospectStatusError,
} from '@closia/shared';
import { and, asc, eq, inArray, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { deals, prospectActivities, prospects } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { requireRoomFor } from '../../lib/plan-usage';
import { fullNameOf, type ProspectExtras, type ProspectRow, presentProspect } from './prospects.presenter';

// --- duplicates ---------------------------------------------------------------------------------

/** Phone numbers with fewer digits are not compared (a typo, an extension). */
const MIN_PHONE_DIGITS = 6;

/**
 * The comparable form of a phone number: digits only, the French +33 / 0033 / 33 prefix read as
 * the national 0 ("+33 6 12 34 56 78", "0033612345678" and "06.12.34.56.78" are one number);
 * other international numbers keep their country code behind a "+". Null when too short.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  const international = /^\s*(\+|00)/.test(phone);
  let french = false;
  if (digits.startsWith('0033')) {
    digits = digits.slice(4);
    french = true;
  } else if (digits.startsWith('33') && (international || digits.length >= 11)) {
    digits = digits.slice(2);
    french = true;
  } else if (international) {
    digits = digits.replace(/^00/, '');
    return digits.length >= MIN_PHONE_DIGITS ? `+${digits}` : null;
  } else if (digits.length === 9 && !digits.startsWith('0')) {
    french = true; // "6 12 34 56 78"
  }
  // After +33 comes "6 12 34 56 78" or "(0)6 12 34 56 78": one national number.
  if (french && !digits.startsWith('0')) digits = `0${digits}`;
  return digits.length >= MIN_PHONE_DIGITS ? digits : null;
}

/** The comparable form of an e-mail address: lower-cased and trimmed. */
export const emailKey = (email: string | null | undefined): string | null =>
  email?.trim() ? email.trim().toLowerCase() : null;

/** The last digits SQL can compare before the exact check (`phoneKey` keeps them). */
const phoneTail = (key: string) => key.replace(/\D/g, '').slice(-MIN_PHONE_DIGITS);
const storedPhoneTail = sql`right(regexp_replace(coalesce(${prospects.phone}, ''), '[^0-9]', '', 'g'), ${MIN_PHONE_DIGITS})`;

/**
 * The caller's other prospects with the same e-mail (case ignored) or the same phone number
 * (`phoneKey`): a warning shown with the prospect, never a refusal.
 */
export async function findDuplicates(
  db: DbOrTx,
  ownerId: number,
  contact: { email: string | null; phone: string | null },
  exceptId?: number,
): Promise<ProspectDuplicate[]> {
  const email = emailKey(contact.email);
  const phone = phoneKey(contact.phone);
  if (!email && !phone) return [];
  const matches: SQL[] = [];
  if (email) matches.push(sql`lower(${prospects.email}) = ${email}`);
  if (phone) matches.push(sql`${storedPhoneTail} = ${phoneTail(phone)}`);
  const rows = await db
    .select({
      id: prospects.id,
      firstName: prospects.firstName,
      lastName: prospects.lastName,
      email: prospects.email,
      phone: prospects.phone,
    })
    .from(prospects)
    .where(
      and(
        eq(prospects.ownerId, ownerId),
        exceptId === undefined ? undefined : ne(prospects.id, exceptId),
        sql`(${sql.join(matches, sql` or `)})`,
      ),
    )
    .orderBy(asc(prospects.id))
    .limit(100);
  return rows
    .filter((r) => (email && emailKey(r.email) === email) || (phone && phoneKey(r.phone) === phone))
    .slice(0, 20)
    .map((r) => ({
      id: r.id,
      fullName: fullNameOf(r.firstName, r.lastName),
      email: r.email,
      phone: r.phone,
    }));
}

// --- listing ------------------------------------------------------------------------------------

export type ProspectFilters = Omit<ProspectListInput, 'page' | 'perPage'>;

/** The phone's digits (the list's search compares a phone-like query with them). */
export const storedPhoneDigits = sql`regexp_replace(coalesce(${prospects.phone}, ''), '[^0-9]', '', 'g')`;

/**
 * The digits a query that looks like a phone number ("06 12 34", "+33 6 12") is searched for in
 * the phones, +33 read as 0 and the other way round; none for any other query.
 */
export function phoneDigitForms(query: string): string[] {
  const digits = query.replace(/\D/g, '');
  if (!/^[\d\s+().\-/]+$/.test(query) || digits.length < 3) return [];
  const forms = new Set([digits]);
  if (digits.startsWith('33')) forms.add(`0${digits.slice(2)}`);
  if (digits.startsWith('0033')) forms.add(`0${digits.slice(4)}`);
  if (digits.startsWith('0') && !digits.startsWith('00')) forms.add(`33${digits.slice(1)}`);
  return [...forms];
}

const sortKeys = {
  // The name unaccented and lower-cased, kept by a trigger (migration 0017).
  name: sql`${prospects.sortName}`,
  createdAt: sql`${prospects.createdAt}`,
  updatedAt: sql`${prospects.updatedAt}`,
  nextActivityAt: sql`${prospects.nextActivityAt}`,
} as const;

/**
 * The sort of the list: newest first by default; by name and next activity ascending unless told
 * otherwise, dates of creation and change descending.
 */
export function prospectSort(filters: Pick<ProspectFilters, 'sortBy' | 'sortOrder'>) {
  const sortBy = filters.sortBy ?? 'createdAt';
  const sortOrder = filters.sortOrder ?? (sortBy === 'name' || sortBy === 'nextActivityAt' ? 'asc' : 'desc');
  return { sortBy, sortOrder };
}

/**
 * The order of the list (`prospectSort`). Prospects without a next activity come last either way;
 * the id breaks ties so that pages never overlap.
 */
export function prospectOrder(filters: Pick<ProspectFilters, 'sortBy' | 'sortOrder'>): SQL[] {
  const { sortBy, sortOrder } = prospectSort(filters);
  const key = sortKeys[sortBy];
  const dir = sortOrder === 'asc' ? sql`asc` : sql`desc`;
  // `nulls last` on the id too (it is never null): the order is then exactly an index's
  // (prospects_owner_created_idx, prospects_owner_name_idx), walked instead of sorted.
  return [sql`${key} ${dir} nulls last`, sql`${prospects.id} ${dir} nulls last`];
}

/** The next activity and current deal as `json_build_object` reads them (dates as ISO text). */
interface ExtrasJson {
  nextActivity: { id: number; title: string; dueAt: string; priority: string } | null;
  openActivityCount: number;
  currentDeal: { id: number; title: string; status: string } | null;
}

/**
 * What a prospect shows beside its own columns, as columns of a select from `prospects`: its first
 * open activity, how many are open, and the owner's deal on it changed last. Subqueries per row,
 * through `prospect_activities_prospect_idx` and `deals_prospect_idx`, so that a page and its
 * extras are one statement (`owner`: the caller's id, or a placeholder).
 */
export function extrasColumns(owner: number | Placeholder) {
  // Written out: drizzle leaves a column unqualified in a one-table select, and `"id"` in a
  // subquery would be the subquery's own.
  const open = sql.raw(
    `from prospect_activities pa where pa.prospect_id = "prospects"."id" and pa.done_at is null`,
  );
  return {
    nextActivity: sql<ExtrasJson['nextActivity'] | string>`(
      select json_build_object('id', pa.id, 'title', pa.title, 'dueAt', pa.due_at, 'priority', pa.priority)
      ${open} order by pa.due_at, pa.id limit 1)`,
    openActivityCount: sql<number>`(select count(*)::int ${open})`,
    currentDeal: sql<ExtrasJson['currentDeal'] | string>`(
      select json_build_object('id', d.id, 'title', d.title, 'status', d.status)
      from deals d where d.prospect_id = "prospects"."id" and d.owner_id = ${owner}
      order by d.updated_at desc, d.id desc limit 1)`,
  };
}

/** A JSON column as an object, whether the driver parsed it (postgres.js) or not. */
const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The extras of a row selected with `extrasColumns`. */
export function extrasFrom(row: {
  nextActivity: ExtrasJson['nextActivity'] | string | null;
  openActivityCount: number;
  currentDeal: ExtrasJson['currentDeal'] | string | null;
}): ProspectExtras {
  const next = parsed(row.nextActivity);
  const deal = parsed(row.currentDeal);
  return {
    nextActivity: next && {
      id: next.id,
      title: next.title,
      dueAt: new Date(next.dueAt).toISOString(),
      priority: next.priority as ProspectNextActivity['priority'],
    },
    openActivityCount: Number(row.openActivityCount),
    currentDeal: deal && {
      id: deal.id,
      title: deal.title,
      status: deal.status as ProspectCurrentDeal['status'],
    },
  };
}

async function present(db: DbOrTx, ownerId: number, rows: ProspectRow[]): Promise<Prospect[]> {
  if (rows.length === 0) return [];
  const extras = await db
    .select({ id: prospects.id, ...extrasColumns(ownerId) })
    .from(prospects)
    .where(
      inArray(
        prospects.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(extras.map((row) => [row.id, extrasFrom(row)]));
  return rows.map((row) => presentProspect(row, byId.get(row.id)!));
}

// --- one prospect ------------------------------------------------------------------------------

/** The caller's prospect, locked for the transaction when asked; 404 for anyone else's. */
export async function ownProspect(
  db: DbOrTx,
  ownerId: number,
  id: number,
  lock = false,
): Promise<ProspectRow> {
  const query = db
    .select()
    .from(prospects)
    .where(and(eq(prospects.id, id), eq(prospects.ownerId, ownerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Prospect');
  return row;
}

async function withDuplicates(
  db: DbOrTx,
  ownerId: number,
  row: ProspectRow,
): Promise<ProspectWithDuplicates> {
  const [prospect] = await present(db, ownerId, [row]);
  const duplicates = await findDuplicates(db, ownerId, row, row.id);
  return { ...prospect!, duplicates };
}

export async function getProspect(db: DbOrTx, ownerId: number, id: number): Promise<ProspectWithDuplicates> {
  return withDuplicates(db, ownerId, await ownProspect(db, ownerId, id));
}

/** Links in the order given, each once. */
const uniqueLinks = (links: readonly string[]) => [...new Set(links)];

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

/** The row values of a valid creation (also what each imported line inserts). */
export function prospectValues(ownerId: number, input: ProspectCreateInput): typeof prospects.$inferInsert {
  return {
    ownerId,
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    contactLinks: uniqueLinks(input.contactLinks),
    observations: input.observations ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    customFields: input.customFields,
    nextActivityAt: toDate(input.nextActivityAt),
    state: input.state ?? null,
    leadStage: input.leadStage ?? null,
  };
}

/** 422 when the contact status and the qualification contradict each other (`prospect-rules.ts`). */
function assertConsistentStatus(prospect: Pick<ProspectCreateInput, 'state' | 'leadStage'>): void {
  const problem = prospectStatusError(prospect);
  if (problem) throw fieldError(problem.field, problem.rule, problem.message, problem.meta);
}

/** `POST /prospects`: creates the prospect and answers it with its possible duplicates. */
export async function createProspect(
  db: Db,
  ownerId: number,
  input: ProspectCreateInput,
): Promise<ProspectWithDuplicates> {
  assertConsistentStatus(input);
  const row = await db.transaction(async (tx) => {
    await requireRoomFor(tx, ownerId, 'prospects');
    const [inserted] = await tx.insert(prospects).values(prospectValues(ownerId, input)).returning();
    return inserted!;
  });
  return withDuplicates(db, ownerId, row);
}

/** The earliest due date of the prospect's open activities, or null. */
export async function earliestOpenDueAt(tx: DbOrTx, prospectId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ dueAt: prospectActivities.dueAt })
    .from(prospectActivities)
    .where(and(eq(prospectActivities.prospectId, prospectId), isNull(prospectActivities.doneAt)))
    .orderBy(asc(prospectActivities.dueAt))
    .limit(1);
  return row?.dueAt ?? null;
}

/** `PUT /prospects/{id}`: changes the fields sent, and only them. */
export async function updateProspect(
  db: Db,
  ownerId: number,
  id: number,
  input: ProspectUpdateInput,
): Promise<ProspectWithDuplicates> {
  const row = await db.transaction(async (tx) => {
    const current = await ownProspect(tx, ownerId, id, true);
    if (input.id !== undefined && input.id !== id)
      throw fieldError('id', 'sameAs', 'The id field must match the URL');
    const values: Partial<typeof prospects.$inferInsert> = {};
    if (input.firstName !== undefined) values.firstName = input.firstName;
    if (input.lastName !== undefined) values.lastName = input.lastName;
    if (input.contactLinks !== undefined) values.contactLinks = uniqueLinks(input.contactLinks);
    if (input.observations !== undefined) values.observations = input.observations;
    if (input.email !== undefined) values.email = input.email;
    if (input.phone !== undefined) values.phone = input.phone;
    if (input.customFields !== undefined) values.customFields = input.customFields;
    if (input.state !== undefined) values.state = input.state;
    if (input.leadStage !== undefined) values.leadStage = input.leadStage;
    // The pair as it will be stored: a field not sent keeps its value.
    assertConsistentStatus({
      state: input.state === undefined ? (current.state as Prospect['state']) : input.state,
      leadStage:
        input.leadStage === undefined ? (current.leadStage as Prospect['leadStage']) : input.leadStage,
    });
    if (input.nextActivityAt !== undefined) {
      // While activities are open, the earliest one sets the date (see the rule at the top).
      values.nextActivityAt = (await earliestOpenDueAt(tx, id)) ?? toDate(input.nextActivityAt);
    }
    if (Object.keys(values).length === 0) return current;
    const [updated] = await tx.update(prospects).set(values).where(eq(prospects.id, id)).returning();
    return updated!;
  });
  return withDuplicates(db, ownerId, row);
}

/**
 * `DELETE /prospects/{id}`: deletes a prospect with its activities and its open or lost deals. A prospect with a won deal
 * stays: the sale carries commission lines (what the sellers earned and the infopreneur owes),
 * which must not vanish with a contact — 409, the deal must be reopened or refunded first.
 */
export async function deleteProspect(db: Db, ownerId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownProspect(tx, ownerId, id, true);
    const [won] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.prospectId, id), eq(deals.status, 'Closed')))
      .limit(1);
    if (won) {
      throw conflict(
        'This prospect has a won deal with its commissions and cannot be deleted',
        'PROSPECT_HAS_WON_DEAL',
      );
    }
    await tx.delete(prospects).where(eq(prospects.id, id));
  });
}
