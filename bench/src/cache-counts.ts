/**
 * How the server's in-memory caches answered during a run, read from its `/metrics`
 * (`closia_cache_lookups_total{cache, outcome}`, outcomes hit, stale, miss, bypassed): the bench
 * prints the hit rate beside each figure, so a reader sees what the cache did. Every server the
 * bench starts has METRICS_TOKEN set (processes.ts).
 */

export const BENCH_METRICS_TOKEN = 'closia-bench-metrics-token-0123456789';

const outcomes = ['hit', 'stale', 'miss', 'bypassed'] as const;
type Outcome = (typeof outcomes)[number];

/** Lookups per cache name and outcome, as counted since the server started. */
export type CacheCounts = ReadonlyMap<string, Readonly<Record<Outcome, number>>>;

export async function readCacheCounts(baseUrl: string): Promise<CacheCounts> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const counts = new Map<string, Record<Outcome, number>>();
  const line = /^closia_cache_lookups_total\{cache="([^"]+)",outcome="([a-z]+)"\} (\d+)$/gm;
  for (const [, cache, outcome, value] of (await response.text()).matchAll(line)) {
    if (!(outcomes as readonly string[]).includes(outcome!)) continue;
    const entry = counts.get(cache!) ?? { hit: 0, stale: 0, miss: 0, bypassed: 0 };
    entry[outcome as Outcome] = Number(value);
    counts.set(cache!, entry);
  }
  return counts;
}

export interface HitRate {
  /** Lookups answered from memory (fresh or stale) ÷ all lookups; null when there were none. */
  rate: number | null;
  lookups: number;
}

/** The hit rate of the named caches (all when `names` is omitted) between two readings. */
export function hitRate(before: CacheCounts, after: CacheCounts, names?: readonly string[]): HitRate {
  let answered = 0;
  let lookups = 0;
  for (const [name, now] of after) {
    if (names && !names.includes(name)) continue;
    const then = before.get(name) ?? { hit: 0, stale: 0, miss: 0, bypassed: 0 };
    const delta = (o: Outcome) => now[o] - then[o];
    answered += delta('hit') + delta('stale');
    lookups += delta('hit') + delta('stale') + delta('miss') + delta('bypassed');
  }
  return { rate: lookups > 0 ? answered / lookups : null, lookups };
}

/** "87 % of 12,345" ; "no lookup" */
export function formatHitRate(h: HitRate): string {
  return h.rate === null
    ? 'no lookup'
    : `${Math.round(h.rate * 100)} % of ${h.lookups.toLocaleString('en-US')}`;
}
