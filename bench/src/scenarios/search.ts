/**
 * Scenario "search" (issue 7): the marketplace searches on a database the size of a live one.
 * generate/marketplace.ts fills it (100,000 missions over 2,000 offers, 50,000 finished freelancer
 * profiles, in French), then three targets are loaded at 10 connections, alternated over rounds
 * like the ratio scenario:
 * - GET /api/v1/missions with a rotating mix of text queries (typos, no accents) and filters, as a setter;
 * - GET /api/v1/missions?forMe=1 (missions matching the setter's profile), pages 1–3;
 * - GET /api/v1/freelancers?missionId=… (freelancers ranked for one of the infopreneur's missions), with filters.
 * Target on PostgreSQL: p99 ≤ 50 ms for each. The server keeps a search's ids, total and facets a
 * few seconds (lib/result-cache.ts, ADR 008), so a mix that repeats its requests measures mostly
 * kept searches: on PostgreSQL a second server with SEARCH_CACHE_TTL_MS=0 runs the missions and
 * freelancers mixes too, as the reference of what every search costs in full.
 * Before the load, every request of the mixes is sent alone, twice (cold, then cached): any answer
 * but 200 stops the scenario (it is a bug), and both times and the hit counts are printed, which
 * says which query is the slow one.
 *
 * A slow answer is a figure, not a harness failure: autocannon waits 30 s before it counts a
 * timeout. After each run the bench waits (30 s at most) until the server has finished what the run
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
import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import type { Marketplace } from '../generate/marketplace';
import type { LoadFigures } from '../load';
import { loadMix } from '../load-mix';
import { createDatabase } from '../postgres';
import { rssMb, type Server, startServer } from '../processes';
import { int, mb, median, type SummaryRow, table } from '../report';

export const SEARCH_P99_TARGET_MS = 50;
/** A slow answer is a figure here, not a harness failure: autocannon gives up after this long only. */
const TIMEOUT_SECONDS = 30;
/** Longest wait for the server to finish what a run left in flight. */
export const SETTLE_MAX_MS = 60_000;

type TargetKey = 'missions' | 'forMe' | 'freelancers' | 'missionsUncached' | 'freelancersUncached';

interface Target {
  key: TargetKey;
  label: string;
  /** Sent to the second server, whose search caches are off (PostgreSQL only): the reference. */
  uncached?: boolean;
  /** Paths with their query strings, cycled through by every connection. */
  paths: string[];
  cookie: string;
}

export interface SearchTargetResult {
  label: string;
  /** Measured with the search caches off: what a miss costs, not held to the target. */
  reference: boolean;
  /** How many different requests the mix cycles through. */
  mix: number;
  rounds: LoadFigures[];
  medianRps: number;
  /** NaN when no round had an answer */
  medianP50: number;
  medianP99: number;
  /** Fewest answers in a round: under the connection count, the latencies understate (see above). */
  fewestAnswers: number;
  errors: number;
  non2xx: number;
  rssPeakMb: number | null;
}

/**
 * One request of a mix sent alone, twice: the first call computes the answer (nothing of it is in
 * the server's search caches), the second finds its ids, total and facets kept (lib/result-cache.ts).
 */
export interface Probe {
  target: TargetKey;
  path: string;
  /** First call: the whole search. */
  coldMs: number;
  /** Second call: the rows only (the ids, total and facets are kept a few seconds). */
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
  generation: {
    counts: Marketplace['counts'];
    totalMs: number;
    insertMs: number;
    vacuumMs: number;
  };
  serverStartMs: number;
  rss: { idleMb: number | null; peakMb: number | null };
  probes: Probe[];
  /** The cache-off references only on PostgreSQL. */
  targets: Partial<Record<TargetKey, SearchTargetResult>>;
  /** p99 target in ms (PostgreSQL only), null on PGlite */
  p99TargetMs: number | null;
  durationMs: number;
}

interface Prepared {
  server: Server;
  /**
   * PostgreSQL: a second server on the same database with SEARCH_CACHE_TTL_MS=0, so that every
   * search is computed in full (what a cache miss costs); null on PGlite (one owner per database).
   */
  uncached: Server | null;
  marketplace: Marketplace;
  /** PostgreSQL: queries running on the bench database (null on PGlite: they run in the server). */
  activeQueries: (() => Promise<number>) | null;
  release(): Promise<void>;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** req/s: whole numbers, but one decimal under 10 (a slow search does a few per second). */
export const rate = (rps: number) => (rps < 10 ? rps.toFixed(1) : int(rps));
export const latency = (ms: number) => (Number.isFinite(ms) ? `${ms} ms` : 'n/a');

/** A fresh database filled by the generator, and a server started on it. */
async function prepare(database: Database, config: BenchConfig, problems: Problems): Promise<Prepared> {
  const { openDatabase } = await import('@closia/server/db/client');
  const { generateMarketplace } = await import('../generate/marketplace');
  const generate = (target: Parameters<typeof openDatabase>[0]) =>
    openDatabase(target, { template: null }).then(async (db) => {
      try {
        return await generateMarketplace(db, {
          scale: config.searchScale,
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
      uncached = await startServer({ ...options(created.url), env: { SEARCH_CACHE_TTL_MS: '0' } });
    } else {
      const first = await startServer(options(null));
      console.log(
        `  server created and migrated its DATA_DIR in ${int(first.startMs)} ms; stopped to generate…`,
      );
      await stop(first);
      marketplace = await generate({ kind: 'pglite', dataDir: path.join(dir.path, 'db') });
      server = await startServer(options(null));
    }
    const running = server;
    const second = uncached;
    const sql = watch;
    return {
      server: running,
      uncached: second,
      marketplace,
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
        await stop(running);
        if (second) await stop(second);
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

/** `?a=1&b=x y` with the values encoded, commas kept (the API reads `workSectors=3,7`). */
export function query(base: string, params: Record<string, string | number>): string {
  const pairs = Object.entries(params).map(
    ([key, value]) => `${key}=${encodeURIComponent(String(value)).replace(/%2C/g, ',')}`,
  );
  return pairs.length > 0 ? `${base}?${pairs.join('&')}` : base;
}

function targets(m: Marketplace, setterCookie: string, infopreneurCookie: string): Target[] {
  const sector = (name: string) => m.sectorIds[name] ?? Object.values(m.sectorIds)[0] ?? 1;
  const immobilier = sector('Immobilier');
  const devPerso = sector('Développement personnel');
  const marketing = sector('Marketing digital');
  const vente = sector('Vente & négociation');
  const missions = (params: Record<string, string | number>) => query('/api/v1/missions', params);
  const freelancers = (params: Record<string, string | number>) => query('/api/v1/freelancers', params);

  const own = m.infopreneur.missions;
  const ofType = (type: string) => own.find((x) => x.missionType === type) ?? own[0];
  const picked = [ofType('closer'), ofType('setter'), ofType('setter_closer')].map((x) => {
    if (!x) throw new Error('the bench infopreneur has no published open mission');
    return x.id;
  });
  const [closerMission, setterMission, bothMission] = picked as [number, number, number];

  return [
    {
      key: 'missions',
      label: 'GET /api/v1/missions search mix',
      cookie: setterCookie,
      paths: [
        missions({ query: 'developpement personel' }),
        missions({ query: 'immobiler' }),
        missions({ query: 'closing telephonique' }),
        missions({ query: 'immobilier', missionType: 'closer' }),
        missions({ query: 'trading crypto', sortBy: 'commissionRate', sortOrder: 'desc' }),
        missions({ workSectors: `${immobilier},${devPerso}`, missionType: 'setter' }),
        missions({ financingMethods: 'cpf,opco' }),
        missions({ certifications: 'qualiopi', sortBy: 'price', sortOrder: 'asc' }),
        missions({ priceRange: '500,2000' }),
        missions({ priceRange: '1000,5000', sortBy: 'commissionAmount', sortOrder: 'desc', page: 2 }),
        missions({ sortBy: 'newest', page: 3 }),
        missions({ query: 'coach sportif', financingMethods: 'cpf' }),
        missions({ query: 'setter instagram', missionType: 'setter', page: 2 }),
        missions({ sortBy: 'match' }),
        missions({
          query: 'marketing digital',
          workSectors: `${marketing},${vente}`,
          certifications: 'qualiopi',
          priceRange: '297,1500',
          sortBy: 'price',
        }),
        missions({}),
        missions({ query: 'formation', page: 3 }),
        missions({ query: 'developpement web', sortBy: 'newest' }),
      ],
    },
    {
      key: 'forMe',
      label: 'GET /api/v1/missions?forMe=1',
      cookie: setterCookie,
      paths: [
        missions({ forMe: 1 }),
        missions({ forMe: 1, page: 2 }),
        missions({ forMe: 1, page: 3 }),
        missions({ forMe: 1, sortBy: 'newest' }),
      ],
    },
    {
      key: 'freelancers',
      label: 'GET /api/v1/freelancers?missionId=…',
      cookie: infopreneurCookie,
      paths: [
        freelancers({ missionId: closerMission }),
        freelancers({ missionId: setterMission }),
        freelancers({ missionId: bothMission }),
        freelancers({ missionId: closerMission, role: 'closer', minConversionRate: 3 }),
        freelancers({ missionId: setterMission, workSectors: `${immobilier},${devPerso}`, available: 1 }),
        freelancers({ missionId: closerMission, skills: 'Closing téléphonique', minExperience: 2 }),
        freelancers({ missionId: bothMission, location: 'Paris' }),
        freelancers({ missionId: setterMission, query: 'immobilier' }),
        freelancers({ missionId: closerMission, page: 2 }),
        freelancers({ missionId: bothMission, query: 'closing telephonique', role: 'all' }),
      ],
    },
  ];
}

/**
 * Sends every request of every mix alone, twice (cold, then with the search caches warm); any
 * answer but 200 is an error.
 */
async function probe(baseUrl: string, list: Target[]): Promise<Probe[]> {
  const probes: Probe[] = [];
  const send = async (t: Target, p: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${p}`, {
      headers: { cookie: t.cookie },
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`GET ${p} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return { ms: performance.now() - started, text };
  };
  for (const t of list) {
    for (const p of t.paths) {
      const cold = await send(t, p);
      const { ms, text } = await send(t, p);
      let total: number | null = null;
      try {
        const body = JSON.parse(text) as { meta?: { total?: unknown } };
        if (typeof body.meta?.total === 'number') total = body.meta.total;
      } catch {
        // Not JSON: the load would still count it as a 200.
      }
      probes.push({ target: t.key, path: p, coldMs: cold.ms, ms, bytes: Buffer.byteLength(text), total });
    }
  }
  return probes;
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

export function peak(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
}

export async function runSearch(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<SearchResult> {
  const started = performance.now();
  const { rounds, duration, warmup } = config;
  const connections = config.searchConnections;
  console.log(
    `\n▸ search — generate the marketplace (scale ${config.searchScale}), then ${connections} connections, ` +
      `${rounds} rounds × ${duration} s per target after a ${warmup} s warm-up, order rotated every round`,
  );
  const prepared = await prepare(database, config, problems);
  try {
    const { server, marketplace: m } = prepared;
    const c = m.counts;
    console.log(
      `  generated ${int(c.missions)} missions (${int(c.visibleMissions)} published and open) over ${int(c.services)} offers ` +
        `of ${int(c.infopreneurs)} infopreneurs, and ${int(c.freelancers)} freelancers, in ${seconds(m.timings.totalMs)} ` +
        `(inserts ${seconds(m.timings.insertMs)}, vacuum analyze ${seconds(m.timings.vacuumMs)})`,
    );
    const idle = rssMb(server.pid);
    const [setterCookie, infopreneurCookie] = await Promise.all([
      signIn(server.baseUrl, m.setter.email, m.password),
      signIn(server.baseUrl, m.infopreneur.email, m.password),
    ]);
    console.log(
      `  server ready in ${int(server.startMs)} ms, RSS ${mb(idle)}; signed in as ${m.setter.email} and ${m.infopreneur.email}`,
    );

    const cachedTargets = targets(m, setterCookie, infopreneurCookie);
    const reference = (key: 'missions' | 'freelancers', as: TargetKey): Target[] => {
      const t = cachedTargets.find((x) => x.key === key)!;
      return [{ ...t, key: as, label: `${t.label} (search cache off)`, uncached: true }];
    };
    const list = prepared.uncached
      ? [
          ...cachedTargets,
          ...reference('missions', 'missionsUncached'),
          ...reference('freelancers', 'freelancersUncached'),
        ]
      : cachedTargets;
    const probes = await probe(server.baseUrl, cachedTargets);
    console.log(
      `\n${table(
        ['request sent alone', 'ms cold', 'ms cached', 'total', 'bytes'],
        probes.map((p) => [
          decodeURIComponent(p.path).replace('/api/v1', ''),
          p.coldMs.toFixed(1),
          p.ms.toFixed(1),
          p.total === null ? 'n/a' : int(p.total),
          int(p.bytes),
        ]),
      )}\n`,
    );

    const settled: number[] = [];
    const run = async (t: Target, secondsPerRun: number) => {
      const target = t.uncached && prepared.uncached ? prepared.uncached : server;
      const figures: LoadFigures = await loadMix({
        baseUrl: target.baseUrl,
        paths: t.paths,
        headers: { cookie: t.cookie },
        connections,
        seconds: secondsPerRun,
        pid: target.pid,
        timeoutSeconds: TIMEOUT_SECONDS,
      });
      // No answer at all: no latency either (autocannon says 0).
      if (figures.requests === 0) Object.assign(figures, { p50: Number.NaN, p99: Number.NaN });
      const waited = await settle(target.pid, prepared.activeQueries);
      settled.push(waited);
      if (waited >= SETTLE_MAX_MS) {
        problems.warn(`${t.label}: the server was still busy ${seconds(waited)} after the run`);
      }
      return figures;
    };
    for (const t of list) {
      problems.check(`${database.label} search warm-up ${t.label}`, await run(t, warmup), server);
    }
    const measured = Object.fromEntries(list.map((t) => [t.key, [] as LoadFigures[]])) as Record<
      TargetKey,
      LoadFigures[]
    >;
    const width = Math.max(...list.map((t) => t.label.length));
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < list.length; i++) {
        const t = list[(i + round) % list.length]!;
        const figures = await run(t, duration);
        measured[t.key].push(figures);
        console.log(
          `  round ${round + 1}/${rounds}  ${t.label.padEnd(width)}  ${rate(figures.rps).padStart(6)} req/s  ${figures.requests} answers  ` +
            `p50 ${latency(figures.p50)}  p99 ${latency(figures.p99)}  errors ${figures.errors}  non-2xx ${figures.non2xx}  RSS peak ${mb(figures.rssPeakMb)}  ` +
            `idle again ${seconds(settled.at(-1) ?? 0)} after`,
        );
        problems.check(`${database.label} search round ${round + 1} ${t.label}`, figures, server);
      }
    }

    const summarize = (t: Target): SearchTargetResult => {
      const runs = measured[t.key];
      return {
        label: t.label,
        reference: t.uncached === true,
        mix: t.paths.length,
        rounds: runs,
        medianRps: median(runs.map((r) => r.rps)),
        medianP50: median(runs.map((r) => r.p50).filter(Number.isFinite)),
        medianP99: median(runs.map((r) => r.p99).filter(Number.isFinite)),
        fewestAnswers: Math.min(...runs.map((r) => r.requests)),
        errors: runs.reduce((n, r) => n + r.errors, 0),
        non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
        rssPeakMb: peak(runs.map((r) => r.rssPeakMb)),
      };
    };
    const results = Object.fromEntries(list.map((t) => [t.key, summarize(t)])) as Partial<
      Record<TargetKey, SearchTargetResult>
    >;
    const p99TargetMs = database.kind === 'postgres' ? SEARCH_P99_TARGET_MS : null;
    const rssPeak = peak(Object.values(results).map((r) => r.rssPeakMb));
    console.log(
      `\n${table(
        [
          'target',
          'requests in mix',
          'median req/s',
          'p50',
          'p99',
          'errors/non-2xx',
          'req/s per round',
          'answers per round',
        ],
        Object.values(results).map((r) => [
          r.label,
          String(r.mix),
          rate(r.medianRps),
          latency(r.medianP50),
          latency(r.medianP99),
          `${r.errors}/${r.non2xx}`,
          r.rounds.map((x) => rate(x.rps)).join(' · '),
          r.rounds.map((x) => int(x.requests)).join(' · '),
        ]),
      )}`,
    );
    const durationMs = performance.now() - started;
    console.log(
      `  p99 target ${p99TargetMs === null ? 'none on PGlite' : `≤ ${p99TargetMs} ms at ${connections} connections`}; ` +
        `server RSS ${mb(idle)} idle after start, ${mb(rssPeak)} peak under load; scenario took ${seconds(durationMs)}`,
    );
    return {
      connections,
      rounds,
      secondsPerRun: duration,
      warmupSeconds: warmup,
      scale: config.searchScale,
      generation: { counts: c, ...m.timings },
      serverStartMs: server.startMs,
      rss: { idleMb: idle, peakMb: rssPeak },
      probes,
      targets: results,
      p99TargetMs,
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
  for (const t of Object.values(r.targets)) {
    rows.push({
      scenario: 'search',
      figure:
        `${t.label} p99, ${r.connections} conn. (${rate(t.medianRps)} req/s, p50 ${latency(t.medianP50)})` +
        (t.fewestAnswers < r.connections ? `, only ${t.fewestAnswers} answers in a round` : ''),
      value: latency(t.medianP99),
      ...(r.p99TargetMs === null || t.reference
        ? {}
        : { target: `≤ ${r.p99TargetMs} ms`, met: t.medianP99 <= r.p99TargetMs }),
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
