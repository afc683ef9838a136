import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';

/** `text` for a LIKE pattern: its own %, _ and \ match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
