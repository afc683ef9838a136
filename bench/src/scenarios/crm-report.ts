/**
 * Figures of the crm scenario's mixed workload (issue 19): rounds folded into medians per endpoint
 * and per mode (CRM cache on, off), the tables it prints and its summary rows.
 */
import { formatHitRate, type HitRate } from '../cache-counts';
import { int, mb, median, type SummaryRow, table } from '../report';
import type { MixRun } from './crm-mix';
import { type Endpoint, endpointLabels, readEndpoints, writeKinds } from './crm-requests';
import { latency, rate } from './search';

export type CacheMode = 'on' | 'off';

/** One measured run of the mix and what the CRM cache did meanwhile. */
export interface MixRound {
  mode: CacheMode;
  run: MixRun;
  hitRate: HitRate;
}

export interface EndpointSummary {
  endpoint: Endpoint;
  label: string;
  /** Medians over the rounds. */
  p50: number;
  p99: number;
  rps: number;
  /** Summed over the rounds. */
  count: number;
  statuses: Record<string, number>;
  failures: number;
  p99PerRound: number[];
}

export interface ModeSummary {
  mode: CacheMode;
  rounds: number;
  endpoints: EndpointSummary[];
  /** Over all the mode's rounds: hits ÷ lookups of the 'crm' cache. */
  hitRate: HitRate;
  /** Requests per second, all endpoints, median over the rounds. */
  totalRps: number;
  rssPeakMb: number | null;
  /** Held to this p99 (ms) per read endpoint; null: a reference. */
  p99TargetMs: number | null;
}

export interface HeavyStats {
  path: string;
  runs: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  hitRate: HitRate;
  targetMs: number | null;
}

const tenth = (ms: number) => Math.round(ms * 10) / 10;

export function summarizeMode(
  mode: CacheMode,
  rounds: readonly MixRound[],
  p99TargetMs: number | null,
): ModeSummary {
  const mine = rounds.filter((r) => r.mode === mode);
  const endpoints: EndpointSummary[] = [];
  for (const endpoint of [...readEndpoints, ...writeKinds]) {
    const runs = mine.map((r) => r.run.endpoints[endpoint]).filter((f) => f !== undefined);
    if (runs.length === 0) continue;
    const statuses: Record<string, number> = {};
    for (const r of runs) {
      for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    }
    endpoints.push({
      endpoint,
      label: endpointLabels[endpoint],
      p50: tenth(median(runs.map((r) => r.p50))),
      p99: tenth(median(runs.map((r) => r.p99))),
      rps: median(runs.map((r) => r.rps)),
      count: runs.reduce((n, r) => n + r.count, 0),
      statuses,
      failures: runs.reduce((n, r) => n + r.failures, 0),
      p99PerRound: runs.map((r) => r.p99),
    });
  }
  const lookups = mine.reduce((n, r) => n + r.hitRate.lookups, 0);
  const answered = mine.reduce((n, r) => n + (r.hitRate.rate ?? 0) * r.hitRate.lookups, 0);
  const peaks = mine.map((r) => r.run.rssPeakMb).filter((v): v is number => v !== null);
  return {
    mode,
    rounds: mine.length,
    endpoints,
    hitRate: { rate: lookups > 0 ? answered / lookups : null, lookups },
    totalRps: median(mine.map((r) => r.run.total / r.run.seconds)),
    rssPeakMb: peaks.length > 0 ? Math.max(...peaks) : null,
    p99TargetMs,
  };
}

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${code}×${int(n)}`)
    .join(' ');

/** One line per round, as it ends. */
export function roundLine(round: number, of: number, r: MixRound): string {
  const reads = readEndpoints
    .map((e) => r.run.endpoints[e])
    .filter((f) => f !== undefined)
    .map((f) => f.p99);
  const writes = writeKinds.reduce((n, e) => n + (r.run.endpoints[e]?.count ?? 0), 0);
  return (
    `  round ${round}/${of}  cache ${r.mode.padEnd(3)}  ${rate(r.run.total / r.run.seconds).padStart(6)} req/s  ` +
    `${int(r.run.total)} answers (${int(writes)} writes)  worst read p99 ${latency(Math.max(...reads))}  ` +
    `crm cache hits ${formatHitRate(r.hitRate)}  RSS peak ${mb(r.run.rssPeakMb)}`
  );
}

export function modeTable(s: ModeSummary): string {
  const target = s.p99TargetMs;
  return `${table(
    ['endpoint', 'p50', 'p99', 'req/s', 'answers', 'statuses', 'p99 per round', 'p99 target'],
    s.endpoints.map((e) => {
      const read = (readEndpoints as readonly string[]).includes(e.endpoint);
      return [
        e.label,
        latency(e.p50),
        latency(e.p99),
        rate(e.rps),
        int(e.count),
        statusText(e.statuses),
        e.p99PerRound.map(latency).join(' · '),
        read && target !== null ? `≤ ${target} ms ${e.p99 <= target ? 'met' : 'NOT MET'}` : '',
      ];
    }),
  )}\n  CRM cache ${s.mode}: ${int(s.rounds)} rounds, ${rate(s.totalRps)} req/s in all (median), crm cache hits ${formatHitRate(s.hitRate)}, server RSS peak ${mb(s.rssPeakMb)}`;
}

export function heavyLine(h: HeavyStats): string {
  return (
    `  heavy user's ${decodeURIComponent(h.path).replace('/api/v1', '')}, ${h.runs} requests one after another, CRM cache off: ` +
    `median ${latency(h.medianMs)}, p99 ${latency(h.p99Ms)}, max ${latency(h.maxMs)}; crm cache hits ${formatHitRate(h.hitRate)}` +
    (h.targetMs === null ? '' : ` (target ≤ ${h.targetMs} ms: ${h.p99Ms <= h.targetMs ? 'met' : 'NOT MET'})`)
  );
}

export function mixSummaryRows(
  modes: readonly ModeSummary[],
  heavy: HeavyStats | null,
  connections: number,
): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const s of modes) {
    for (const e of s.endpoints) {
      const read = (readEndpoints as readonly string[]).includes(e.endpoint);
      const errors = Object.entries(e.statuses)
        .filter(([code]) => code !== '2xx')
        .reduce((n, [, v]) => n + v, 0);
      rows.push({
        scenario: 'crm',
        figure:
          `${e.label}, cache ${s.mode}, ${connections} conn. mixed: p99 (p50 ${latency(e.p50)}, ${rate(e.rps)} req/s, ` +
          `${int(e.count)} answers${errors > 0 ? `, ${int(errors)} not 2xx` : ''}; crm cache hits ${formatHitRate(s.hitRate)})`,
        value: latency(e.p99),
        ...(read && s.p99TargetMs !== null
          ? { target: `≤ ${s.p99TargetMs} ms`, met: e.p99 <= s.p99TargetMs }
          : {}),
      });
    }
  }
  if (heavy) {
    rows.push({
      scenario: 'crm',
      figure: `heavy user's twelve-month /stats alone, cache off: p99 of ${heavy.runs} (median ${latency(heavy.medianMs)}; crm cache hits ${formatHitRate(heavy.hitRate)})`,
      value: latency(heavy.p99Ms),
      ...(heavy.targetMs === null
        ? {}
        : { target: `≤ ${heavy.targetMs} ms`, met: heavy.p99Ms <= heavy.targetMs }),
    });
  }
  return rows;
}
