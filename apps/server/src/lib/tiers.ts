/**
 * Match rankings in two tiers (docs/decisions/007-matching-and-search.md): the rows sharing a work
 * sector with the other side come first, each tier ordered by score. The first tier is found
 * through a GIN index on the sectors and is small, so that a page is scored over a few thousand
 * rows instead of every listed one; the second tier is read only when a page reaches past the first
 * (and the first is counted only then).
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
  // The first tier's page first: when it is full, the tier's size is not needed; when it is short
  // but not empty, the tier ends on it. Only a page past the whole first tier counts it.
  const first = await load(inFirst, page.limit, page.offset);
  if (first.length >= page.limit) return first;
  const firstSize = first.length > 0 ? page.offset + first.length : await count(inFirst);
  const rest = await load(
    and(where, not(firstTier)) as SQL,
    page.limit - first.length,
    Math.max(0, page.offset - firstSize),
  );
  return [...first, ...rest];
}
