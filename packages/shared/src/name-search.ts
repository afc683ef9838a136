/**
 * How the names of the reference lists (work sectors, skills, formations) are compared and
 * searched: one rule, written twice — in SQL for the API's `?search=` and its duplicate check
 * (apps/server/src/lib/name-search.ts, with `unaccent` and `pg_trgm`), and here for the pickers that
 * filter a list already loaded. A server test checks that both agree.
 *
 * - Two names are the same (a near-duplicate: the admin refuses it, a proposal gets the existing
 *   item) when they have the same key: accents, case, punctuation and spacing ignored —
 *   "Bien-être & santé", "bien etre sante" and "BIEN-ÊTRE  SANTÉ" are one name.
 * - A query finds a name when the name contains it (keys compared), or when each of its words is
 *   the beginning of a word of the name (search as you type: "bien etr") or, from 4 letters on,
 *   a small misspelling of one (trigram similarity ≥ 0.5, as the mission search: "imobilier").
 */

export const nameSearchRules = {
  /** Below this trigram similarity a word of the name is not taken for a misspelling of the query's. */
  minSimilarity: 0.5,
  /** Shorter query words are only matched as the beginning of a word (trigrams are too coarse). */
  typoMinLength: 4,
} as const;

/** Letters that `unaccent` spells out and that have no decomposition in Unicode. */
const SPELLED_OUT: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/** The comparison key of a name: "Bien-être & santé" → "bien etre sante". */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøđðłþı]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The trigrams of one word as pg_trgm counts them: padded with two spaces before, one after. */
function trigrams(word: string): Set<string> {
  const chars = [...`  ${word} `];
  const set = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) set.add(chars.slice(i, i + 3).join(''));
  return set;
}

/** pg_trgm's `similarity` of two words (shared trigrams ÷ distinct trigrams of both). */
export function wordSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const trigram of ta) if (tb.has(trigram)) shared++;
  const all = ta.size + tb.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** Whether the query word is the beginning of the name's word, or a small misspelling of it. */
function wordFound(queryWord: string, nameWord: string): boolean {
  if (nameWord.startsWith(queryWord)) return true;
  return (
    [...queryWord].length >= nameSearchRules.typoMinLength &&
    wordSimilarity(nameWord, queryWord) >= nameSearchRules.minSimilarity
  );
}

/**
 * How well a name answers a query: 0 the same name, 1 a name beginning with the query, 2 found
 * otherwise; null when the query does not find it. An empty query finds every name (2).
 */
export function nameMatchRank(name: string, query: string): 0 | 1 | 2 | null {
  const q = nameKey(query);
  const n = nameKey(name);
  if (n === q) return 0;
  if (n.startsWith(q)) return 1;
  if (n.includes(q)) return 2;
  const words = n.split(' ');
  return q.split(' ').every((queryWord) => words.some((word) => wordFound(queryWord, word))) ? 2 : null;
}

/** The items whose name the query finds, best first (the same name, then names beginning with it), else in their order. */
export function searchByName<T>(items: readonly T[], query: string, nameOf: (item: T) => string): T[] {
  if (nameKey(query) === '') return [...items];
  return items
    .map((item, index) => ({ item, index, rank: nameMatchRank(nameOf(item), query) }))
    .filter((entry) => entry.rank !== null)
    .sort((a, b) => a.rank! - b.rank! || a.index - b.index)
    .map((entry) => entry.item);
}

/** Whether two names are the same name (near-duplicates): equal keys. */
export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);
