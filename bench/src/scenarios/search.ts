/**
 * Scenario "search" (issues 7 and 19): the marketplace searches on a database the size of a live one.
 * generate/marketplace.ts fills it (100,000 missions over 2,000 offers, 50,000 finished freelancer
 * profiles, in French; PGlite at one tenth of that, BENCH_SEARCH_PGLITE_FACTOR), then three targets
 * are loaded at 10 connections, alternated over rounds like the ratio scenario:
 * - GET /api/v1/missions with query text (typos, no accents), filters, sorts and pages, as a setter;
 * - GET /api/v1/missions?forMe=1 (missions matching the setter's profile), with filters and pages;
 * - GET /api/v1/freelancers?missionId=… (freelancers ranked for one of the infopreneur's missions).
 * Each target draws its requests Zipf-distributed from 5,000 distinct combinations (search-mix.ts):
 * 50,000 draws per run, a new sequence every run, each connection on its own stretch of it.
 * The server keeps a search's ids, total and facets a few seconds (lib/result-cache.ts, ADR 008):
 * every target is measured with the search cache on and off (SEARCH_CACHE_TTL_MS=0) — on PostgreSQL
 * by a second server on the same database, on PGlite (one owner per database) by restarting the
 * server on the same DATA_DIR with the cache off after the cache-on runs — and the hit rate of the
 * target's page cache (from /metrics) is printed beside each figure.
 * Before the load, 200 of the combinations are sent alone, twice (cold, then cached): any answer
 * but 200 stops the scenario (it is a bug); the slowest are printed with their path.
 *
 * A slow answer is a figure, not a harness failure: autocannon waits 30 s before it counts a
 * timeout. After each run the bench waits (60 s at most) until the server has finished what the run
 * left in flight, so that it is not charged to the next target. Answers still in flight when a run
 * ends are not counted by autocannon: when single requests take seconds, the p99 understates, and
 * the number of answers per run shows it.
 *
 * The server owns its database while it runs, so: PostgreSQL — start the server on a fresh database
 * (it migrates and seeds), generate through a connection of our own, measure; PGlite — start the
 * server on a fresh DATA_DIR, stop it, generate into its data directory, start it again, measure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { signIn } from '../api';
import { formatHitRate, hitRate, readCacheCounts } from '../cache-counts';
import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import type { Marketplace } from '../generate/marketplace';
import type { LoadFigures } from '../load';
import { loadMix } from '../load-mix';
import { createDatabase } from '../postgres';
import { rssMb, type Server, startServer } from '../processes';
import { int, mb, median, peak, rotated, type SummaryRow, table } from '../report';
import { combinations, DRAWS, describeSequence, type MixKey, probeSample, zipfSequence } from './search-mix';

export { query } from './search-mix';

/** p99 targets on PostgreSQL at full volume, cache on (issue 19). */
export const SEARCH_P99_TARGETS_MS: Record<MixKey, number> = { missions: 50, forMe: 80, freelancers: 80 };
/** p99 target with the search cache off (PostgreSQL), and on PGlite at one tenth of the volume. */
export const SEARCH_P99_CACHE_OFF_MS = 100;
/** A slow answer is a figure here, not a harness failure: autocannon gives up after this long only. */
const TIMEOUT_SECONDS = 30;
/** Longest wait for the server to finish what a run left in flight. */
export const SETTLE_MAX_MS = 60_000;
/** Combinations sent alone before the load, per target. */
const PROBES: Record<MixKey, number> = { missions: 100, forMe: 40, freelancers: 60 };
/** The cache whose hit rate is printed beside a target's figures. */
const pageCache: Record<MixKey, string> = {
  missions: 'missions.page',
  forMe: 'missions.page',
  freelancers: 'freelancers.page',
};
const labels: Record<MixKey, string> = {
  missions: 'GET /api/v1/missions search mix',
  forMe: 'GET /api/v1/missions?forMe=1',
  freelancers: 'GET /api/v1/freelancers?missionId=…',
};

interface Target {
  key: MixKey;
  /** Measured with the search cache off (SEARCH_CACHE_TTL_MS=0). */
  cacheOff: boolean;
  label: string;
  /** The distinct combinations, most popular first (search-mix.ts). */
  ranked: string[];
  cookie: string;
}

/** One run's figures and what the cache did meanwhile. */
export interface SearchRun extends LoadFigures {
  /** Page-cache hits ÷ lookups during the run; null without a lookup. */
  hitRate: number | null;
  lookups: number;
  /** Distinct requests among the run's draws, and the share of the most popular. */
  distinct: number;
  topShare: number;
}

export interface SearchTargetResult {
  key: MixKey;
  label: string;
  cacheOff: boolean;
  /** Distinct combinations the draws come from. */
  mix: number;
  rounds: SearchRun[];
  medianRps: number;
  /** NaN when no round had an answer */
  medianP50: number;
  medianP99: number;
  /** Median hit rate of the rounds (null without lookups). */
  medianHitRate: number | null;
  /** p99 target, or null when none applies. */
  targetMs: number | null;
  /** Fewest answers in a round: under the connection count, the latencies understate (see above). */
  fewestAnswers: number;
  errors: number;
  non2xx: number;
  rssPeakMb: number | null;
}

/**
 * One combination sent alone, twice: the first call computes the answer (nothing of it is in the
 * server's search caches), the second finds its ids, total and facets kept (lib/result-cache.ts).
 */
export interface Probe {
  target: MixKey;
  path: string;
  coldMs: number;
  ms: number;
  bytes: number;
  /** `meta.total` of the list answer */
  total: number | null;
}

export interface SearchResult {
  connections: number;
  rounds: number;
  secondsPerRun: number;
  warmupSeconds: number;
  scale: number;
  generation: { counts: Marketplace['counts']; totalMs: number; insertMs: number; vacuumMs: number };
  serverStartMs: number;
  rss: { idleMb: number | null; peakMb: number | null };
  probes: Probe[];
  /** Cache on, then cache off, per target. */
  targets: SearchTargetResult[];
  durationMs: number;
}

interface Prepared {
  server: Server;
  /** The server with the search cache off: PostgreSQL, a second server on the same database. */
  uncached: Server | null;
  marketplace: Marketplace;
  /** PGlite: stops the server and starts it again on the same DATA_DIR with the cache off. */
  restartCacheOff(): Promise<Server>;
  /** PostgreSQL: queries running on the bench database (null on PGlite: they run in the server). */
  activeQueries: (() => Promise<number>) | null;
  release(): Promise<void>;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** req/s: whole numbers, but one decimal under 10 (a slow search does a few per second). */
export const rate = (rps: number) => (rps < 10 ? rps.toFixed(1) : int(rps));
export const latency = (ms: number) => (Number.isFinite(ms) ? `${ms} ms` : 'n/a');
const percent = (r: number | null) => (r === null ? 'n/a' : `${Math.round(r * 100)} %`);

/** The search marketplace's scale on this database: PGlite holds a tenth by default. */
export const searchScaleOf = (database: Database, config: BenchConfig) =>
  database.kind === 'pglite' ? config.searchScale * config.searchPgliteFactor : config.searchScale;

const CACHE_OFF = { SEARCH_CACHE_TTL_MS: '0' };

/** A fresh database filled by the generator, and a server started on it. */
async function prepare(database: Database, config: BenchConfig, problems: Problems): Promise<Prepared> {
  const { openDatabase } = await import('@closia/server/db/client');
  const { generateMarketplace } = await import('../generate/marketplace');
  const generate = (target: Parameters<typeof openDatabase>[0]) =>
    openDatabase(target, { template: null }).then(async (db) => {
      try {
        return await generateMarketplace(db, {
          scale: searchScaleOf(database, config),
          log: (line) => console.log(`    ${line}`),
        });
      } finally {
        await db.close();
      }
    });
  const stop = async (server: Server) => {
    const stopped = await server.stop();
    if (stopped.killed || stopped.code !== 0) {
      problems.warn(
        `the server did not shut down cleanly on SIGTERM (exit ${stopped.code ?? stopped.signal}${stopped.killed ? ', killed after 15 s' : ''})`,
      );
    }
  };
  const dir = tempDir('closia-bench-search-');
  const options = (databaseUrl: string | null) => ({
    dataDir: dir.path,
    databaseUrl,
    startTimeoutMs: config.startTimeoutMs,
  });
  let server: Server | null = null;
  let uncached: Server | null = null;
  let drop: (() => Promise<void>) | null = null;
  let watch: postgres.Sql | null = null;
  try {
    let marketplace: Marketplace;
    if (database.kind === 'postgres') {
      const created = await createDatabase(database.adminUrl);
      drop = created.drop;
      watch = postgres(created.url, { max: 1, onnotice: () => {} });
      server = await startServer(options(created.url));
      console.log(`  server migrated and seeded ${created.name} in ${int(server.startMs)} ms; generating…`);
      marketplace = await generate({ kind: 'postgres', url: created.url });
      uncached = await startServer({ ...options(created.url), env: CACHE_OFF });
    } else {
      const first = await startServer(options(null));
      console.log(
        `  server created and migrated its DATA_DIR in ${int(first.startMs)} ms; stopped to generate…`,
      );
      await stop(first);
      marketplace = await generate({ kind: 'pglite', dataDir: path.join(dir.path, 'db') });
      server = await startServer(options(null));
    }
    const sql = watch;
    const state = { server, uncached };
    return {
      server,
      uncached,
      marketplace,
      async restartCacheOff() {
        await stop(state.server);
        state.server = await startServer({ ...options(null), env: CACHE_OFF });
        return state.server;
      },
      activeQueries: sql
        ? async () => {
            const [row] = await sql<{ n: number }[]>`
              select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`;
            return row?.n ?? 0;
          }
        : null,
      async release() {
        await sql?.end({ timeout: 5 });
        await stop(state.server);
        if (state.uncached) await stop(state.uncached);
        await drop?.();
        await dir.remove();
      },
    };
  } catch (error) {
    await watch?.end({ timeout: 5 });
    if (server) await server.stop(2_000);
    if (uncached) await uncached.stop(2_000);
    await drop?.();
    await dir.remove();
    throw error;
  }
}

/** Sends `paths` alone, twice each (cold, then with the search caches warm); any answer but 200 is an error. */
async function probe(baseUrl: string, target: MixKey, cookie: string, paths: string[]): Promise<Probe[]> {
  const send = async (p: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${p}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`GET ${p} answered ${response.status}: ${text.slice(0, 300)}`);
    return { ms: performance.now() - started, text };
  };
  const probes: Probe[] = [];
  for (const p of paths) {
    const cold = await send(p);
    const { ms, text } = await send(p);
    let total: number | null = null;
    try {
      const body = JSON.parse(text) as { meta?: { total?: unknown } };
      if (typeof body.meta?.total === 'number') total = body.meta.total;
    } catch {
      // Not JSON: the load would still count it as a 200.
    }
    probes.push({ target, path: p, coldMs: cold.ms, ms, bytes: Buffer.byteLength(text), total });
  }
  return probes;
}

function printProbes(probes: Probe[]): void {
  const keys = [...new Set(probes.map((p) => p.target))];
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  };
  console.log(
    `\n${table(
      ['requests sent alone', 'n', 'cold median', 'cold p90', 'cold max', 'cached median'],
      keys.map((k) => {
        const of = probes.filter((p) => p.target === k);
        const cold = of.map((p) => p.coldMs);
        return [
          labels[k],
          String(of.length),
          `${median(cold).toFixed(1)} ms`,
          `${quantile(cold, 0.9).toFixed(1)} ms`,
          `${Math.max(...cold).toFixed(1)} ms`,
          `${median(of.map((p) => p.ms)).toFixed(1)} ms`,
        ];
      }),
    )}`,
  );
  const slowest = [...probes].sort((a, b) => b.coldMs - a.coldMs).slice(0, 15);
  console.log(
    `\n${table(
      ['slowest sent alone', 'ms cold', 'ms cached', 'total', 'bytes'],
      slowest.map((p) => [
        decodeURIComponent(p.path).replace('/api/v1', ''),
        p.coldMs.toFixed(1),
        p.ms.toFixed(1),
        p.total === null ? 'n/a' : int(p.total),
        int(p.bytes),
      ]),
    )}\n`,
  );
}

/** CPU time a process has used, in clock ticks (1/100 s), or null without /proc. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the server has answered what a run left in flight: autocannon stops sending at the
 * end of a run, but the server still works through the requests it had received (on a slow search,
 * seconds of CPU), which would be charged to the next target. Idle: the server process used under
 * 2 % of a core in each of two 500 ms samples and, on PostgreSQL, no query is running on the database.
 */
export async function settle(pid: number, activeQueries: (() => Promise<number>) | null): Promise<number> {
  const started = performance.now();
  let last = cpuTicks(pid);
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < SETTLE_MAX_MS) {
    await sleep(500);
    const now = cpuTicks(pid);
    const busy =
      (now !== null && last !== null && now - last > 1) ||
      (activeQueries ? (await activeQueries()) > 0 : false);
    last = now;
    quiet = busy ? 0 : quiet + 1;
  }
  return performance.now() - started;
}

export async function runSearch(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<SearchResult> {
  const started = performance.now();
  const { rounds, duration, warmup } = config;
  const connections = config.searchConnections;
  const scale = searchScaleOf(database, config);
  console.log(
    `\n▸ search — generate the marketplace (scale ${scale}), then ${connections} connections, ` +
      `${rounds} rounds × ${duration} s per target after a ${warmup} s warm-up, order rotated every round, cache on and off`,
  );
  const prepared = await prepare(database, config, problems);
  try {
    const { marketplace: m } = prepared;
    let server = prepared.server;
    const c = m.counts;
    console.log(
      `  generated ${int(c.missions)} missions (${int(c.visibleMissions)} published and open) over ${int(c.services)} offers ` +
        `of ${int(c.infopreneurs)} infopreneurs, and ${int(c.freelancers)} freelancers, in ${seconds(m.timings.totalMs)} ` +
        `(inserts ${seconds(m.timings.insertMs)}, vacuum analyze ${seconds(m.timings.vacuumMs)})`,
    );
    const idle = rssMb(server.pid);
    const signInBoth = (s: Server) =>
      Promise.all([
        signIn(s.baseUrl, m.setter.email, m.password),
        signIn(s.baseUrl, m.infopreneur.email, m.password),
      ]);
    let [setterCookie, infopreneurCookie] = await signInBoth(server);
    console.log(
      `  server ready in ${int(server.startMs)} ms, RSS ${mb(idle)}; signed in as ${m.setter.email} and ${m.infopreneur.email}`,
    );

    const keys: MixKey[] = ['missions', 'forMe', 'freelancers'];
    const ranked = Object.fromEntries(keys.map((k) => [k, combinations(k, m)])) as Record<MixKey, string[]>;
    const targetsOf = (cacheOff: boolean): Target[] =>
      keys.map((key) => ({
        key,
        cacheOff,
        label: `${labels[key]}${cacheOff ? ' (cache off)' : ''}`,
        ranked: ranked[key],
        cookie: key === 'freelancers' ? infopreneurCookie : setterCookie,
      }));
    console.log(
      `  mixes: ${keys.map((k) => `${k} ${int(ranked[k].length)}`).join(', ')} distinct combinations; ` +
        `${int(DRAWS)} Zipf draws per run (a new sequence every run)`,
    );

    const probes: Probe[] = [];
    for (const t of targetsOf(false)) {
      probes.push(
        ...(await probe(server.baseUrl, t.key, t.cookie, probeSample(t.ranked, PROBES[t.key], 19))),
      );
    }
    printProbes(probes);

    const serverFor = (t: Target) => (t.cacheOff && prepared.uncached ? prepared.uncached : server);
    let sequenceSeed = 0;
    const settled: number[] = [];
    const run = async (t: Target, secondsPerRun: number): Promise<SearchRun> => {
      const target = serverFor(t);
      const sequence = zipfSequence(t.ranked, DRAWS, 1_000 + sequenceSeed++);
      const before = await readCacheCounts(target.baseUrl);
      const figures = await loadMix({
        baseUrl: target.baseUrl,
        paths: sequence,
        headers: { cookie: t.cookie },
        connections,
        seconds: secondsPerRun,
        pid: target.pid,
        timeoutSeconds: TIMEOUT_SECONDS,
        spread: true,
      });
      // No answer at all: no latency either (autocannon says 0).
      if (figures.requests === 0) Object.assign(figures, { p50: Number.NaN, p99: Number.NaN });
      const waited = await settle(target.pid, prepared.activeQueries);
      settled.push(waited);
      if (waited >= SETTLE_MAX_MS)
        problems.warn(`${t.label}: the server was still busy ${seconds(waited)} after the run`);
      const hits = hitRate(before, await readCacheCounts(target.baseUrl), [pageCache[t.key]]);
      // The stretch of the sequence the connections reached (each starts at its own tenth).
      const reached = Math.ceil(figures.requests / connections);
      const sent = Array.from({ length: connections }, (_, i) => {
        const from = Math.floor((i * sequence.length) / connections);
        return sequence.slice(from, from + reached);
      }).flat();
      return { ...figures, hitRate: hits.rate, lookups: hits.lookups, ...describeSequence(sent) };
    };

    const measured = new Map<Target, SearchRun[]>();
    const phase = async (list: Target[]) => {
      for (const t of list) {
        problems.check(`${database.label} search warm-up ${t.label}`, await run(t, warmup), serverFor(t));
        measured.set(t, []);
      }
      const width = Math.max(...list.map((t) => t.label.length));
      for (let round = 0; round < rounds; round++) {
        for (const t of rotated(list, round)) {
          const figures = await run(t, duration);
          measured.get(t)!.push(figures);
          console.log(
            `  round ${round + 1}/${rounds}  ${t.label.padEnd(width)}  ${rate(figures.rps).padStart(6)} req/s  ` +
              `p50 ${latency(figures.p50)}  p99 ${latency(figures.p99)}  hit rate ${formatHitRate({ rate: figures.hitRate, lookups: figures.lookups })}  ` +
              `${int(figures.distinct)} distinct of ${int(figures.requests)}  errors ${figures.errors}  non-2xx ${figures.non2xx}  ` +
              `RSS peak ${mb(figures.rssPeakMb)}  idle again ${seconds(settled.at(-1) ?? 0)} after`,
          );
          problems.check(`${database.label} search round ${round + 1} ${t.label}`, figures, serverFor(t));
        }
      }
    };
    if (prepared.uncached) {
      await phase([...targetsOf(false), ...targetsOf(true)]);
    } else {
      await phase(targetsOf(false));
      console.log('  restarting the server on the same DATA_DIR with SEARCH_CACHE_TTL_MS=0…');
      server = await prepared.restartCacheOff();
      [setterCookie, infopreneurCookie] = await signInBoth(server);
      await phase(targetsOf(true));
    }

    const targetMs = (t: Target) =>
      database.kind === 'pglite' || t.cacheOff ? SEARCH_P99_CACHE_OFF_MS : SEARCH_P99_TARGETS_MS[t.key];
    const results: SearchTargetResult[] = [...measured].map(([t, runs]) => {
      const rates = runs.map((r) => r.hitRate).filter((r): r is number => r !== null);
      return {
        key: t.key,
        label: t.label,
        cacheOff: t.cacheOff,
        mix: t.ranked.length,
        rounds: runs,
        medianRps: median(runs.map((r) => r.rps)),
        medianP50: median(runs.map((r) => r.p50).filter(Number.isFinite)),
        medianP99: median(runs.map((r) => r.p99).filter(Number.isFinite)),
        medianHitRate: rates.length > 0 ? median(rates) : null,
        targetMs: scale >= (database.kind === 'pglite' ? 0.1 : 1) ? targetMs(t) : null,
        fewestAnswers: Math.min(...runs.map((r) => r.requests)),
        errors: runs.reduce((n, r) => n + r.errors, 0),
        non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
        rssPeakMb: peak(runs.map((r) => r.rssPeakMb)),
      };
    });
    const rssPeak = peak(results.map((r) => r.rssPeakMb));
    console.log(
      `\n${table(
        [
          'target',
          'combinations',
          'median req/s',
          'p50',
          'p99',
          'target',
          'hit rate',
          'errors/non-2xx',
          'req/s per round',
          'answers per round',
        ],
        results.map((r) => [
          r.label,
          int(r.mix),
          rate(r.medianRps),
          latency(r.medianP50),
          latency(r.medianP99),
          r.targetMs === null
            ? 'none at this scale'
            : `≤ ${r.targetMs} ms ${r.medianP99 <= r.targetMs ? 'met' : 'NOT met'}`,
          percent(r.medianHitRate),
          `${r.errors}/${r.non2xx}`,
          r.rounds.map((x) => rate(x.rps)).join(' · '),
          r.rounds.map((x) => int(x.requests)).join(' · '),
        ]),
      )}`,
    );
    const durationMs = performance.now() - started;
    console.log(
      `  server RSS ${mb(idle)} idle after start, ${mb(rssPeak)} peak under load; scenario took ${seconds(durationMs)}`,
    );
    return {
      connections,
      rounds,
      secondsPerRun: duration,
      warmupSeconds: warmup,
      scale,
      generation: { counts: c, ...m.timings },
      serverStartMs: prepared.server.startMs,
      rss: { idleMb: idle, peakMb: rssPeak },
      probes,
      targets: results,
      durationMs,
    };
  } finally {
    await prepared.release();
  }
}

export function searchSummary(r: SearchResult): SummaryRow[] {
  const c = r.generation.counts;
  const rows: SummaryRow[] = [
    {
      scenario: 'search',
      figure: `generation (${int(c.missions)} missions, ${int(c.services)} offers, ${int(c.freelancers)} freelancers)`,
      value: seconds(r.generation.totalMs),
    },
  ];
  for (const t of r.targets) {
    rows.push({
      scenario: 'search',
      figure:
        `${t.label} p99, ${r.connections} conn. (${rate(t.medianRps)} req/s, p50 ${latency(t.medianP50)}, ` +
        `hit rate ${percent(t.medianHitRate)}, ${int(t.mix)} combinations)` +
        (t.fewestAnswers < r.connections ? `, only ${t.fewestAnswers} answers in a round` : ''),
      value: latency(t.medianP99),
      ...(t.targetMs === null ? {} : { target: `≤ ${t.targetMs} ms`, met: t.medianP99 <= t.targetMs }),
    });
  }
  rows.push(
    {
      scenario: 'search',
      figure: 'server RSS idle after start / peak under load',
      value: `${mb(r.rss.idleMb)} / ${mb(r.rss.peakMb)}`,
    },
    { scenario: 'search', figure: 'scenario duration (generation included)', value: seconds(r.durationMs) },
  );
  return rows;
}
