/**
 * French text search with typo tolerance, on the `search_vector` columns that the search triggers
 * keep (migrations 0004–0005; docs/decisions/007-matching-and-search.md).
 *
 * 1. The query is split into words, unaccented and lower-cased by PostgreSQL (`unaccent`).
 * 2. A word that is not in the vocabulary (`search_words`) is replaced by its closest known
 *    spellings (trigram similarity ≥ 0.5, at most 3): "immobiler" → "immobilier",
 *    "personel" → "personnel". A known word is kept as it is ("formation" never becomes
 *    "information").
 * 3. The words become a French full-text query — every word must match (one of its spellings);
 *    the stemmer makes plurals and conjugations equal; the last word also matches as a prefix
 *    (search as you type) — run against the GIN-indexed `search_vector`, ranked by `ts_rank`.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { freelancersGeneration, listingsGeneration } from './listing-changes';
import { resultCache } from './result-cache';

/** Below this trigram similarity a known word is not taken for a misspelling of the query's. */
const MIN_SIMILARITY = 0.5;
const MAX_SPELLINGS = 3;
const MAX_WORDS = 12;

interface WordRow {
  word: string;
  known: boolean;
  spellings: string[] | null;
}

/** A tsquery lexeme of letters and digits only (what the word splitting leaves). */
const safe = (word: string) => /^[\p{L}\p{N}]+$/u.test(word);

/**
 * The `to_tsquery` text for a user's query, or null when it has no word to search for.
 * Exported for the tests.
 */
export function tsQueryText(db: DbOrTx, text: string): Promise<string | null> {
  return spellings.get(db, text.trim().toLowerCase(), () => correctedQuery(db, text));
}

/** How long a corrected query is kept while nothing is written that could teach the vocabulary a word. */
export const SPELLINGS_TTL_MS = 5 * 60_000;

/**
 * The corrected queries of recent searches (lib/result-cache.ts), kept apart from the searches'
 * answers: the vocabulary only grows when an offer, a mission or a profile is written — each such
 * write moves the listings' or the freelancers' generation (on every instance), which forgets
 * them — so they are kept minutes, whatever SEARCH_CACHE_TTL_MS says (0 turns off the answers'
 * cache, not this: a text search then costs no extra round trip to correct its words).
 */
const spellings = resultCache<string | null>({
  name: 'spellings',
  // Both counters only grow: their sum moves whenever either does.
  generation: (db) => listingsGeneration(db) + freelancersGeneration(db),
  ttl: () => SPELLINGS_TTL_MS,
  maxEntries: 1_000,
});

async function correctedQuery(db: DbOrTx, text: string): Promise<string | null> {
  const rows = await rowsOf<WordRow>(
    db,
    sql`
      select q.w as word,
        exists(select 1 from search_words where word = q.w) as known,
        (select array_agg(s.word order by similarity(s.word, q.w) desc)
           from (select word from search_words
                 where length(q.w) >= 4 and word % q.w and similarity(word, q.w) >= ${MIN_SIMILARITY}
                 order by similarity(word, q.w) desc limit ${MAX_SPELLINGS}) s) as spellings
      from unnest(regexp_split_to_array(lower(unaccent(${text})), '[^[:alnum:]]+')) with ordinality as q(w, n)
      where q.w <> ''
      order by q.n
      limit ${MAX_WORDS}
    `,
  );
  const groups: string[] = [];
  rows.forEach((row, index) => {
    if (!safe(row.word)) return;
    const last = index === rows.length - 1;
    const terms = new Set<string>([row.word]);
    if (!row.known) for (const spelling of row.spellings ?? []) if (safe(spelling)) terms.add(spelling);
    const alternatives = [...terms].map((term) => `'${term}'`);
    // Search as you type: the last word may be the beginning of a longer one.
    if (last && row.word.length >= 3) alternatives.push(`'${row.word}':*`);
    groups.push(`(${alternatives.join(' | ')})`);
  });
  return groups.length > 0 ? groups.join(' & ') : null;
}

export interface TextSearch {
  /** The rows matching the query. */
  where: SQL;
  /** Relevance, higher first. */
  rank: SQL;
}

/**
 * The condition and rank of a text query on a `search_vector` column; null when it has no word.
 * `anyWord`: a row matches with any of the words (one of its spellings) instead of all of them —
 * for suggestions from a sentence (a support ticket's subject), ranked by relevance.
 */
export async function textSearch(
  db: DbOrTx,
  vector: SQL | unknown,
  text: string,
  options: { anyWord?: boolean } = {},
): Promise<TextSearch | null> {
  const query = await tsQueryText(db, text);
  if (query === null) return null;
  // The groups are joined by ` & ` and hold only ` | ` inside their parentheses.
  return searchOn(vector, options.anyWord ? query.split(' & ').join(' | ') : query);
}

/**
 * The condition and rank of a `tsQueryText` query on a `search_vector` column; the query may be a
 * prepared statement's placeholder (`sql.placeholder('query')`).
 */
export function searchOn(vector: SQL | unknown, query: string | Placeholder): TextSearch {
  const tsQuery = sql`to_tsquery('french', ${query})`;
  return {
    where: sql`${vector} @@ ${tsQuery}`,
    rank: sql`ts_rank(${vector}, ${tsQuery})`,
  };
}
