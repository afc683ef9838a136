/**
 * Match rankings in two tiers (docs/decisions/007-matching-and-search.md): the rows sharing a work
 * sector with the other side come first, each tier ordered by score. The first tier is found
 * through a GIN index on the sectors and is small, so that a page is scored over a few thousand
 * rows instead of every listed one; the second tier is read only when a page reaches past the first.
 */
import { and, not, type SQL } from 'drizzle-orm';

/**
 * The rows of `where` in tier order: `limit` at most, after skipping `offset`. `load` receives
 * whether it reads the first tier (`first`), for rankers that bound the score by tier.
 *
 * The first tier is counted only when the page lies wholly past it: a page that starts inside the
 * first tier is read from it directly, and when it runs short the tier's size is its offset plus
 * what it returned (a count is a scan of the whole tier, as long as ranking it).
 */
export async function loadInTiers<Row>(
  where: SQL,
  firstTier: SQL | null,
  page: { limit: number; offset: number },
  count: (where: SQL) => Promise<number>,
  load: (where: SQL, limit: number, offset: number, first: boolean) => Promise<Row[]>,
): Promise<Row[]> {
  if (page.limit <= 0) return [];
  if (firstTier === null) return load(where, page.limit, page.offset, true);
  const inFirst = and(where, firstTier) as SQL;
  const first = await load(inFirst, page.limit, page.offset, true);
  if (first.length >= page.limit) return first;
  // Past the end of the first tier: its size is known from the short page, or counted when the
  // page started beyond it (no row returned after a non-zero offset).
  const firstSize = first.length > 0 || page.offset === 0 ? page.offset + first.length : await count(inFirst);
  const rest = await load(
    and(where, not(firstTier)) as SQL,
    page.limit - first.length,
    Math.max(0, page.offset - firstSize),
    false,
  );
  return [...first, ...rest];
}
