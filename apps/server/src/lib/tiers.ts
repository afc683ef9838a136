/**
 * Match rankings in two tiers (docs/decisions/007-matching-and-search.md): the rows sharing a work
 * sector with the other side come first, each tier ordered by score. The first tier is found
 * through a GIN index on the sectors and is small, so that a page is scored over a few thousand
 * rows instead of every listed one; the second tier is read only when a page reaches past the first.
 */
import { and, not, type SQL } from 'drizzle-orm';

/** The rows of `where` in tier order: `limit` at most, after skipping `offset`. */
export async function loadInTiers<Row>(
  where: SQL,
  firstTier: SQL | null,
  page: { limit: number; offset: number },
  count: (where: SQL) => Promise<number>,
  load: (where: SQL, limit: number, offset: number) => Promise<Row[]>,
): Promise<Row[]> {
  if (page.limit <= 0) return [];
  if (firstTier === null) return load(where, page.limit, page.offset);
  const inFirst = and(where, firstTier) as SQL;
  const firstSize = await count(inFirst);
  const first = page.offset < firstSize ? await load(inFirst, page.limit, page.offset) : [];
  if (first.length >= page.limit) return first;
  const rest = await load(
    and(where, not(firstTier)) as SQL,
    page.limit - first.length,
    Math.max(0, page.offset - firstSize),
  );
  return [...first, ...rest];
}
