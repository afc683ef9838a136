import { nameSearchRules } from '@closia/shared';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';

/** `text` for a LIKE pattern: its own %, _ and \ match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `lower(unaccent(text))`, as a value the planner sees when JavaScript computes it exactly as
 * PostgreSQL would: accents removed from letters that decompose (NFD) into plain ASCII, and
 * upper-case ASCII lowered. A constant lets the planner use and weigh a trigram or array index
 * (`location_key like '%rennes%'`: 25 → 6 ms with skills); an expression of `unaccent` (stable) is
 * only known at run time. Other text (œ, ß, ø…, which unaccent's rules spell out) is left to
 * PostgreSQL.
 */
export function folded(text: string): string | SQL {
  const key = text.normalize('NFD').replace(/\p{M}/gu, '');
  return /^[\x20-\x7e]*$/.test(key) ? key.toLowerCase() : sql`lower(unaccent(${text}))`;
}

/** The LIKE pattern of a text containing `text`, case and accents ignored (see `folded`). */
export function likeContaining(text: string): string | SQL {
  const key = folded(escapeLike(text));
  return typeof key === 'string' ? `%${key}%` : sql`'%' || ${key} || '%'`;
}

/**
 * Every word of `query` appears in one of the columns, case and accents ignored ("helene" finds
 * "Hélène"); undefined for an empty query. For short lists of people (conversations, teams).
 */
export function wordsMatch(columns: AnyColumn[], query: string | undefined): SQL | undefined {
  const words = query?.split(/\s+/).filter(Boolean).slice(0, 10) ?? [];
  if (words.length === 0) return undefined;
  const text = sql`lower(unaccent(concat_ws(' ', ${sql.join(columns, sql`, `)})))`;
  return and(...words.map((word) => sql`${text} like '%' || lower(unaccent(${escapeLike(word)})) || '%'`));
}

/**
 * The comparison key of a reference name, in SQL: accents, case, punctuation and spacing ignored
 * ("Bien-être & santé" → "bien etre sante"). The twin of `nameKey` in @closia/shared (name-search.ts).
 */
export const nameKey = (name: AnyColumn | SQL | string) =>
  sql`btrim(regexp_replace(lower(unaccent(${name}::text)), '[^[:alnum:]]+', ' ', 'g'))`;

const minSimilarity = sql.raw(String(nameSearchRules.minSimilarity));
const typoMinLength = sql.raw(String(nameSearchRules.typoMinLength));

/**
 * A search of the short reference lists (work sectors, skills, formations) by name, the rule of
 * `nameMatchRank` in @closia/shared: the name contains the query, or each word of the query begins
 * a word of the name or, from 4 letters on, is a small misspelling of one (pg_trgm similarity, as
 * the mission search corrects its words). The lists hold a few hundred rows: every row is checked.
 * `rank`: 0 the same name, 1 a name beginning with the query, 2 the others.
 */
export function nameSearch(column: AnyColumn | SQL, query: string): { where: SQL; rank: SQL } {
  const key = nameKey(column);
  const wanted = nameKey(query);
  const wordFound = sql`exists (
    select 1 from regexp_split_to_table(${key}, ' ') as n(w)
    where starts_with(n.w, q.w) or (length(q.w) >= ${typoMinLength} and similarity(n.w, q.w) >= ${minSimilarity})
  )`;
  return {
    where: sql`(strpos(${key}, ${wanted}) > 0
      or not exists (select 1 from regexp_split_to_table(${wanted}, ' ') as q(w) where not ${wordFound}))`,
    rank: sql`(case when ${key} = ${wanted} then 0 when starts_with(${key}, ${wanted}) then 1 else 2 end)`,
  };
}
