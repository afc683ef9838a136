/**
 * Recent answers of the marketplace searches, kept in memory for a few seconds (ADR 008).
 *
 * A search answer is cut in two: which rows, in which order, and how many (the expensive part:
 * it ranks or counts thousands of rows), and what each row shows (cheap: twenty rows by primary
 * key). Only the first part is kept here — a page's ids, a total, facet counts — so that a repeated
 * search (the default listing, the next page, a popular query, a refresh) costs the cheap part alone,
 * and the rows themselves are always read fresh.
 *
 * An entry is forgotten when its generation moved: every write that changes what a search would
 * find moves a generation (`listingsChanged` for missions and offers; the user invalidations of
 * ADR 005 for freelancers, on every instance), so a user never sees their own change missing.
 * The TTL (`SEARCH_CACHE_TTL_MS`, 10 s by default, 0 turns caching off) bounds what a change made
 * elsewhere may take to show: past it, the entry is answered once more while it is computed again
 * in the background (so a popular search never makes anyone wait), and past three TTLs it is not
 * answered at all.
 *
 * A cache may bound its background computations (`maxBackground` per database; unbounded by
 * default): a request that answered from memory has left, and its client sends the next one at
 * once, so unbounded refreshes add work beyond what the clients wait for — on the CRM's mix the
 * misses and the uncached reads then queued behind them for the database's connections (ADR 017).
 * Past the bound, a stale entry is answered as it is, and refreshed by a later request (or
 * computed afresh past three TTLs).
 */
import type { DbOrTx } from '../db/client';

export const DEFAULT_SEARCH_CACHE_TTL_MS = 10_000;
/** An entry past its TTL but younger than this many TTLs is answered while it is recomputed. */
const STALE_FACTOR = 3;
const ttls = new WeakMap<object, number>();

/** The TTL of the searches run on `db` (the app sets it from its configuration). */
export function setSearchCacheTtl(db: DbOrTx, ms: number): void {
  ttls.set(db, ms);
}

const distrusted = new WeakSet<object>();
/**
 * While the invalidation bus is down, another instance's writes go unheard: every cache on `db`
 * (searches, the CRM's answers) computes each answer afresh until it is back.
 */
export function setCachesTrusted(db: DbOrTx, trusted: boolean): void {
  if (trusted) distrusted.delete(db);
  else distrusted.add(db);
}

interface Entry<V> {
  at: number;
  generation: number;
  value: V;
}

/** How one cache answered since the process started: the bench prints the hit rate beside each figure. */
export interface CacheCounts {
  /** Answered from memory, fresh. */
  hits: number;
  /** Answered from memory past its TTL while it was computed again in the background. */
  stale: number;
  /** Computed (nothing kept, or kept across a write, or long past its TTL). */
  misses: number;
  /** Computed because caching is off (TTL 0) or the invalidation bus is down. */
  bypassed: number;
}

const counts = new Map<string, CacheCounts>();

/** Every named cache's counts (served at /metrics as `closia_cache_lookups_total`). */
export function cacheCounts(): ReadonlyMap<string, Readonly<CacheCounts>> {
  return counts;
}

export interface ResultCache<V> {
  /** The value for `key`: from memory when fresh, else computed (and kept unless a write happened meanwhile). */
  get(db: DbOrTx, key: string, compute: () => Promise<V>): Promise<V>;
}

export function resultCache<V>(options: {
  /** Names its counts (several caches may share a name: their counts add up). */
  name: string;
  /** Moves at every write that changes the answers. */
  generation: (db: DbOrTx) => number;
  /** Oldest entries go first beyond this many. */
  maxEntries: number;
  /** The TTL of this cache on `db` (default: the search cache's). */
  ttl?: (db: DbOrTx) => number;
  /** Stale entries recomputed in the background at once, per database (default: no bound). */
  maxBackground?: number;
}): ResultCache<V> {
  const maxBackground = options.maxBackground ?? Number.POSITIVE_INFINITY;
  /** Background refreshes under way, per database. */
  const background = new WeakMap<DbOrTx, number>();
  const caches = new WeakMap<DbOrTx, Map<string, Entry<V>>>();
  let count = counts.get(options.name);
  if (!count) {
    count = { hits: 0, stale: 0, misses: 0, bypassed: 0 };
    counts.set(options.name, count);
  }
  const counted = count;
  /** Computations under way: concurrent misses of one key share one (no stampede under load). */
  const inFlight = new WeakMap<DbOrTx, Map<string, { generation: number; promise: Promise<V> }>>();
  return {
    async get(db, key, compute) {
      const ttl = options.ttl ? options.ttl(db) : (ttls.get(db) ?? DEFAULT_SEARCH_CACHE_TTL_MS);
      if (ttl <= 0 || distrusted.has(db)) {
        counted.bypassed++;
        return compute();
      }
      let cache = caches.get(db);
      let running = inFlight.get(db);
      if (!cache || !running) {
        cache = new Map();
        running = new Map();
        caches.set(db, cache);
        inFlight.set(db, running);
      }
      const now = Date.now();
      const generation = options.generation(db);
      const hit = cache.get(key);
      const entries = cache;
      const computing = running;
      const refresh = () => {
        const pending = computing.get(key);
        if (pending && pending.generation === generation) return pending.promise;
        const promise = compute();
        const mine = { generation, promise };
        computing.set(key, mine);
        const started = Date.now();
        return promise
          .then((value) => {
            // Computed across a write: not kept.
            if (generation === options.generation(db)) {
              entries.delete(key);
              entries.set(key, { at: started, generation, value });
              if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
            }
            return value;
          })
          .finally(() => {
            if (computing.get(key) === mine) computing.delete(key);
          });
      };
      if (hit && hit.generation === generation) {
        const age = now - hit.at;
        if (age < ttl) {
          counted.hits++;
          return hit.value;
        }
        // Expired but no write since: answered at once while it is computed again in the
        // background (a popular search never makes a user wait), unless it is long past its TTL.
        if (age < ttl * STALE_FACTOR) {
          const pending = computing.get(key);
          const running = background.get(db) ?? 0;
          if (!(pending && pending.generation === generation) && running < maxBackground) {
            background.set(db, running + 1);
            refresh()
              .catch(() => {
                // The next request computes it again, and answers the error if it fails again.
              })
              .finally(() => background.set(db, (background.get(db) ?? 1) - 1));
          }
          counted.stale++;
          return hit.value;
        }
      }
      counted.misses++;
      return refresh();
    },
  };
}

/** A generation counter per database, moved by `changed` once a write has committed. */
export function generationCounter() {
  const generations = new WeakMap<object, number>();
  const current = (db: DbOrTx): number => generations.get(db) ?? 0;
  return {
    current,
    changed(db: DbOrTx): void {
      generations.set(db, current(db) + 1);
    },
  };
}
