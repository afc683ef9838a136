/**
 * The FAQ (issue 22 §3): questions and answers admins keep in the categories of
 * `supportCategories`, read by everyone on `/support` and suggested by the contact form.
 *
 * Listed by category (the list's order) and position; searched in French like missions
 * (lib/text-search.ts): entries with every word of the query first, and when none has them all,
 * those with any of them — a ticket's subject is a sentence, whose words rarely all appear in
 * one answer — the most relevant first (the question weighs more than the answer).
 */
import {
  type FaqEntry,
  type FaqEntryInput,
  type FaqEntryUpdateInput,
  type FaqListQuery,
  type Paginated,
  type SupportCategory,
  supportCategories,
} from '@closia/shared';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type FaqEntryRow, faqEntries } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { type TextSearch, textSearch } from '../../lib/text-search';
import type { Viewer } from '../../lib/viewer';

const { searchText: _searchText, searchVector: _searchVector, ...entryColumns } = getTableColumns(faqEntries);

type EntryRow = Omit<FaqEntryRow, 'searchText' | 'searchVector'>;

export function presentFaqEntry(row: EntryRow): FaqEntry {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    category: row.category as SupportCategory,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The categories in the order of the shared list (a category unknown to it last). */
const categoryOrder = sql`coalesce(array_position(array[${sql.join(
  supportCategories.map((category) => sql`${category}`),
  sql`, `,
)}]::text[], ${faqEntries.category}), ${supportCategories.length + 1})`;

async function page(db: DbOrTx, where: SQL | undefined, order: SQL[], query: FaqListQuery) {
  const rows = await db
    .select({ ...entryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(faqEntries)
    .where(where)
    .orderBy(...order)
    .limit(query.perPage)
    .offset(offsetOf(query));
  return { rows, total: rows[0]?.total ?? 0 };
}

/** `GET /faq`: public. */
export async function listFaq(db: DbOrTx, query: FaqListQuery): Promise<Paginated<FaqEntry>> {
  const inCategory = query.category ? eq(faqEntries.category, query.category) : undefined;
  let found: Awaited<ReturnType<typeof page>>;
  if (!query.query) {
    found = await page(db, inCategory, [categoryOrder, asc(faqEntries.position), asc(faqEntries.id)], query);
  } else {
    const ranked = (search: TextSearch) =>
      page(db, and(inCategory, search.where), [desc(search.rank), asc(faqEntries.id)], query);
    const every = await textSearch(db, faqEntries.searchVector, query.query);
    if (!every) return { data: [], meta: paginationMeta(0, query) };
    found = await ranked(every);
    if (found.total === 0) {
      const any = await textSearch(db, faqEntries.searchVector, query.query, { anyWord: true });
      if (any) found = await ranked(any);
    }
  }
  return { data: found.rows.map(presentFaqEntry), meta: paginationMeta(found.total, query) };
}

async function entryOf(db: DbOrTx, id: number): Promise<EntryRow> {
  const [row] = await db.select(entryColumns).from(faqEntries).where(eq(faqEntries.id, id));
  if (!row) throw notFound('FAQ entry');
  return row;
}

/** `POST /admin/faq`: last of its category unless a position is given. */
export async function createFaqEntry(
  db: Db,
  admin: Viewer,
  input: FaqEntryInput,
  ip: string | null,
): Promise<FaqEntry> {
  const row = await db.transaction(async (tx) => {
    const position =
      input.position ??
      (
        await tx
          .select({ next: sql<number>`coalesce(max(${faqEntries.position}) + 1, 0)`.mapWith(Number) })
          .from(faqEntries)
          .where(eq(faqEntries.category, input.category))
      )[0]!.next;
    const [created] = await tx
      .insert(faqEntries)
      .values({ ...input, position })
      .returning(entryColumns);
    await audit(tx, {
      actorId: admin.id,
      action: 'faq.create',
      target: { kind: 'faq_entry', id: created!.id },
      after: { question: created!.question, category: created!.category },
      ip,
    });
    return created!;
  });
  return presentFaqEntry(row);
}

/** `PUT /admin/faq/{id}`: any field; 404 unknown. */
export async function updateFaqEntry(
  db: Db,
  admin: Viewer,
  id: number,
  input: FaqEntryUpdateInput,
  ip: string | null,
): Promise<FaqEntry> {
  const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return presentFaqEntry(await entryOf(db, id));
  const row = await db.transaction(async (tx) => {
    const before = await entryOf(tx, id);
    const [updated] = await tx
      .update(faqEntries)
      .set(values)
      .where(eq(faqEntries.id, id))
      .returning(entryColumns);
    await audit(tx, {
      actorId: admin.id,
      action: 'faq.update',
      target: { kind: 'faq_entry', id },
      before: Object.fromEntries(Object.keys(values).map((key) => [key, before[key as keyof EntryRow]])),
      after: values,
      ip,
    });
    return updated!;
  });
  return presentFaqEntry(row);
}

/** `DELETE /admin/faq/{id}`: 404 unknown. */
export async function deleteFaqEntry(db: Db, admin: Viewer, id: number, ip: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(faqEntries)
      .where(eq(faqEntries.id, id))
      .returning({ question: faqEntries.question, category: faqEntries.category });
    if (!deleted) throw notFound('FAQ entry');
    await audit(tx, {
      actorId: admin.id,
      action: 'faq.delete',
      target: { kind: 'faq_entry', id },
      before: deleted,
      ip,
    });
  });
}
