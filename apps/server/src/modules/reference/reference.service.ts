import {
  errorCodes,
  type Paginated,
  type ReferenceAdminListQuery,
  type ReferenceItemUpdateInput,
  type ReferenceListQuery,
  type ValidationErrorItem,
} from '@closia/shared';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { referenceProposers, workSectors } from '../../db/schema';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { nameKey, nameSearch } from '../../lib/name-search';
import { offsetOf, type PaginationQuery, paginationMeta } from '../../lib/pagination';
import { resultCache } from '../../lib/result-cache';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { type ReferenceKind, skillKind, workSectorKind } from './reference.kinds';
import { type ItemRow, presentItem, type ReferenceItem } from './reference.presenter';

const nameTaken = () => fieldError('name', 'unique', 'The name has already been taken');

const columnsOf = (kind: ReferenceKind) => ({
  id: kind.table.id,
  name: kind.table.name,
  flag: kind.flag,
  proposedById: kind.table.proposedById,
  createdAt: kind.table.createdAt,
  updatedAt: kind.table.updatedAt,
});

/**
 * A row to insert into the kind's table. The three tables share name and proposer; the flag's
 * column and the extra columns (the kind of a validated item) come from the descriptor, hence the cast.
 */
const newRow = (kind: ReferenceKind, name: string, flag: boolean, proposedById: number) =>
  ({ name, [kind.flagName]: flag, proposedById, ...kind.extra }) as typeof workSectors.$inferInsert;

/** Approved items, plus pending ones that the user proposed (first or again). */
function usableBy(kind: ReferenceKind, userId: number | null): SQL | undefined {
  if (userId === null) return eq(kind.flag, true);
  return or(
    eq(kind.flag, true),
    eq(kind.table.proposedById, userId),
    sql`exists (select 1 from ${referenceProposers} where ${and(
      eq(referenceProposers.kind, kind.key),
      eq(referenceProposers.itemId, kind.table.id),
      eq(referenceProposers.userId, userId),
    )})`,
  );
}

/**
 * Items listed by name; with a search, the items it finds (accents, case, punctuation and small
 * typos ignored: lib/name-search.ts), the same name first, then the names beginning with it.
 */
async function listWhere(
  db: DbOrTx,
  kind: ReferenceKind,
  where: SQL | undefined,
  search: string | undefined,
  page: PaginationQuery,
  withUsage: boolean,
): Promise<Paginated<ReferenceItem>> {
  const found = search ? nameSearch(kind.table.name, search) : undefined;
  const condition = and(kind.scope, where, found?.where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...columnsOf(kind), ...(withUsage ? { usage: kind.usage } : {}) })
      .from(kind.table)
      .where(condition)
      .orderBy(
        ...(found ? [found.rank] : []),
        sql`${nameKey(kind.table.name)} collate "C"`,
        asc(kind.table.id),
      )
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(kind.table).where(condition),
  ]);
  return { data: rows.map((row) => presentItem(kind, row)), meta: paginationMeta(total?.n ?? 0, page) };
}

/** The public list: approved items and, for a signed-in user, their own pending proposals. */
export function listItems(
  db: DbOrTx,
  kind: ReferenceKind,
  query: ReferenceListQuery,
  viewerId: number | null,
) {
  return listWhere(db, kind, usableBy(kind, viewerId), query.search, query, false);
}

/** The admin list: every item (or only approved / pending ones), with its usage. */
export function listItemsForAdmin(db: DbOrTx, kind: ReferenceKind, query: ReferenceAdminListQuery) {
  const status = query.status === 'all' ? undefined : eq(kind.flag, query.status === 'approved');
  return listWhere(db, kind, status, query.search, query, true);
}

async function findItem(db: DbOrTx, kind: ReferenceKind, id: number, withUsage = false): Promise<ItemRow> {
  const [row] = await db
    .select({ ...columnsOf(kind), ...(withUsage ? { usage: kind.usage } : {}) })
    .from(kind.table)
    .where(and(kind.scope, eq(kind.table.id, id)));
  if (!row) throw notFound(kind.label);
  return row;
}

const toTextArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]::text[]`;

/**
 * Each name with its comparison key (computed by the database, so exactly the catalogue's
 * `unaccent`) and the catalogue item it matches, if any, in the order given. Names match when
 * their keys are equal — accents, case, punctuation and spacing ignored (lib/name-search.ts): the
 * rule that refuses an admin's near-duplicate, and that gives a proposal the existing item.
 */
async function matchNames(
  db: DbOrTx,
  kind: ReferenceKind,
  names: string[],
): Promise<{ key: string; item: ItemRow | null }[]> {
  const input = sql`t.name`;
  const rows = await db
    .select({ position: sql<number>`t.position`, key: sql<string>`${nameKey(input)}`, item: columnsOf(kind) })
    .from(sql`unnest(${toTextArray(names)}) with ordinality as t(name, position)`)
    .leftJoin(kind.table, and(kind.scope, sql`${nameKey(kind.table.name)} = ${nameKey(input)}`))
    .orderBy(sql`t.position`, asc(kind.table.id));
  // One answer per name: items stored before the rule ignored punctuation may share a key (the oldest wins).
  const seen = new Set<number>();
  return rows.flatMap(({ position, key, item }) => {
    if (seen.has(Number(position))) return [];
    seen.add(Number(position));
    // Left-joined columns are all null, or all set (the table's columns are not null).
    return [{ key, item: item?.id == null ? null : (item as ItemRow) }];
  });
}

export interface Proposer {
  id: number;
  admin: boolean;
}

/**
 * Resolves names to catalogue items for a user, in the order given (one result per distinct name).
 * An unknown name becomes the user's pending proposal (approved at once for an admin); a name that
 * is someone else's pending proposal becomes usable by this user too. Race-safe: a concurrent
 * insert of the same name is picked up again instead of failing.
 */
export async function proposeItems(
  db: DbOrTx,
  kind: ReferenceKind,
  names: string[],
  user: Proposer,
): Promise<{ item: ItemRow; created: boolean }[]> {
  const inputs = names.map((n) => n.trim()).filter((n) => n.length > 0);
  if (inputs.length === 0) return [];
  const matches = await matchNames(db, kind, inputs);
  const byKey = new Map<string, ItemRow>();
  // Unknown names, by key: the first spelling given is the one created.
  const missing = new Map<string, string>();
  matches.forEach(({ key, item }, i) => {
    if (item) byKey.set(key, item);
    else if (!missing.has(key)) missing.set(key, inputs[i]!);
  });

  const created = new Set<number>();
  if (missing.size > 0) {
    const inserted = await db
      .insert(kind.table)
      .values([...missing.values()].map((name) => newRow(kind, name, user.admin, user.id)))
      .onConflictDoNothing()
      .returning(columnsOf(kind));
    for (const row of inserted) created.add(row.id);
    // Whether this insert or a concurrent one created it, every missing name exists now.
    for (const { key, item } of await matchNames(db, kind, [...missing.values()])) {
      if (item) byKey.set(key, item);
    }
  }

  const results: { item: ItemRow; created: boolean }[] = [];
  for (const { key } of matches) {
    const item = byKey.get(key);
    if (item && !results.some((r) => r.item.id === item.id)) {
      results.push({ item, created: created.has(item.id) });
    }
  }

  // Someone else's pending proposal: this user proposed it too, so they may use it as well.
  const shared = results.filter(({ item }) => !item.flag && item.proposedById !== user.id);
  if (shared.length > 0) {
    await db
      .insert(referenceProposers)
      .values(shared.map(({ item }) => ({ kind: kind.key, itemId: item.id, userId: user.id })))
      .onConflictDoNothing();
  }
  return results;
}

/** `POST /{kind}`: the user's proposal, or the existing item of that name. */
export async function proposeItem(db: DbOrTx, kind: ReferenceKind, name: string, user: Proposer) {
  const [result] = await proposeItems(db, kind, [name], user);
  return { item: presentItem(kind, result!.item), created: result!.created };
}

/** `POST /admin/{kind}`: a new approved item; 422 `unique` when the name exists. */
export async function createItem(db: DbOrTx, kind: ReferenceKind, name: string, adminId: number) {
  if ((await matchNames(db, kind, [name]))[0]?.item) throw nameTaken();
  const [row] = await db
    .insert(kind.table)
    .values(newRow(kind, name, true, adminId))
    .onConflictDoNothing()
    .returning(columnsOf(kind));
  if (!row) throw nameTaken();
  return presentItem(kind, { ...row, usage: 0 });
}

/** Postgres' unique_violation, whichever driver raised it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** `PUT /admin/{kind}/{id}`: rename and/or approve; a rename reaches the profiles storing the name. */
export async function updateItem(
  db: DbOrTx,
  work: UnitOfWork,
  kind: ReferenceKind,
  id: number,
  input: ReferenceItemUpdateInput,
) {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ name: kind.table.name })
        .from(kind.table)
        .where(and(kind.scope, eq(kind.table.id, id)))
        .for('update');
      if (!current) throw notFound(kind.label);
      const changes: Record<string, unknown> = {}; // name and/or the kind's flag column
      if (input.approved !== undefined) changes[kind.flagName] = input.approved;
      const renamed = input.name !== undefined && input.name !== current.name;
      if (renamed) {
        const [match] = await matchNames(tx, kind, [input.name!]);
        if (match?.item && match.item.id !== id) throw nameTaken();
        changes.name = input.name;
      }
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(kind.table)
        .set(changes as Partial<typeof workSectors.$inferInsert>)
        .where(eq(kind.table.id, id));
      if (renamed && kind.renameUses) {
        await kind.renameUses(tx, current.name, input.name!);
        // The profiles that store the name changed: every cached session shows them.
        work.forget('all');
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  if (kind.table === workSectors) sectorRenames++;
  return presentItem(kind, await findItem(db, kind, id, true));
}

/** `DELETE /admin/{kind}/{id}`: only while nothing uses the item (409 otherwise). */
export async function deleteItem(db: DbOrTx, kind: ReferenceKind, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await findItem(tx, kind, id, true);
    if (item.usage! > 0) {
      throw conflict(`This item is used by ${item.usage} profiles or offers and cannot be deleted`, 'IN_USE');
    }
    await tx.delete(kind.table).where(eq(kind.table.id, id));
    await tx
      .delete(referenceProposers)
      .where(and(eq(referenceProposers.kind, kind.key), eq(referenceProposers.itemId, id)));
  });
}

// For the profiles module.

/** 422 `exists` on `workSectors.{i}` for every id that is neither approved nor proposed by the user. */
export async function assertUsableWorkSectors(db: DbOrTx, ids: number[], userId: number): Promise<void> {
  if (ids.length === 0) return;
  const usable = await db
    .select({ id: workSectors.id })
    .from(workSectors)
    .where(and(inArray(workSectors.id, [...new Set(ids)]), usableBy(workSectorKind, userId)));
  const found = new Set(usable.map((r) => r.id));
  const errors: ValidationErrorItem[] = [];
  ids.forEach((id, index) => {
    if (!found.has(id)) {
      errors.push({
        field: `workSectors.${index}`,
        rule: 'exists',
        message: 'The selected workSectors is invalid',
        index,
      });
    }
  });
  if (errors.length > 0) throw new AppError(422, errorCodes.validation, 'Validation failure', errors);
}

/**
 * The catalogue spelling of each skill name (case/accent-insensitive match), without duplicates;
 * unknown names are added as the user's pending proposals, usable by them at once.
 */
export async function ensureSkills(db: DbOrTx, names: string[], userId: number): Promise<string[]> {
  const results = await proposeItems(db, skillKind, names, { id: userId, admin: false });
  return results.map(({ item }) => item.name);
}

/** Id and name of each known work sector, in the order of `ids`. */
export async function workSectorNames(db: DbOrTx, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: workSectors.id, name: workSectors.name })
    .from(workSectors)
    .where(inArray(workSectors.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * Every work sector's name, kept in memory (lib/result-cache.ts) a minute, whatever the searches'
 * TTL (reference data, not a search's answer): the searches name the sectors of every row they
 * answer. A rename here moves the generation (one on another instance shows within the minute); a
 * sector created since (here or elsewhere) is read from the database when asked for.
 */
let sectorRenames = 0;
const sectorNames = resultCache<Map<number, string>>({
  name: 'sector-names',
  generation: () => sectorRenames,
  ttl: () => 60_000,
  maxEntries: 1,
});

/** Id → name of the known work sectors among `ids` (one query for a whole list of rows). */
export async function workSectorNameMap(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const all = await sectorNames.get(db, 'all', async () => {
    const rows = await db.select({ id: workSectors.id, name: workSectors.name }).from(workSectors);
    return new Map(rows.map((r) => [r.id, r.name]));
  });
  if (unique.every((id) => all.has(id))) return new Map(unique.map((id) => [id, all.get(id)!]));
  const rows = await db
    .select({ id: workSectors.id, name: workSectors.name })
    .from(workSectors)
    .where(inArray(workSectors.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}
