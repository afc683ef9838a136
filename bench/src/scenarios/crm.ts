/**
 * Scenario "crm" (issues 8 and 19): the CRM of a busy sales team under a mixed workload with
 * concurrent writers, then a 10,000-line CSV import.
 *
 * The data (generate/crm-team.ts): 200 sellers sharing the volume of issue 8's busy setter (10,000
 * prospects, 20,000 deals at BENCH_CRM_SCALE=1; one tenth of it on PGlite) on 8 offers of 4
 * infopreneurs, plus one heavy user with that volume alone (10,000 prospects, 20,000 deals).
 *
 * The load (crm-mix.ts, crm-requests.ts): BENCH_CRM_CONNECTIONS (10) keep-alive connections, each
 * request drawn at random: 90 % reads among GET /pipeline, /stats (5 periods), /stats/forecast,
 * /deals (filters, sorts, pages), /commissions (3 periods) and /prospects (filters, sorts, pages), as
 * one of the 201 readers (the sellers and the heavy user, each as likely); 10 % writes by one of the
 * 200 sellers (a stage move, a win, a prospect creation, an activity) with their session cookie and
 * CSRF header, picked valid (an open deal they own, not in flight). Figures per endpoint (p50, p99,
 * req/s, answers, statuses) and the CRM cache's hit rate (the server's /metrics, cache-counts.ts).
 * 4xx answers to writes are figures; a 5xx or a connection error fails the scenario.
 * - CRM cache on and off: on PostgreSQL a second server with CRM_CACHE_TTL_MS=0 runs on the same
 *   database, rounds alternate between the two servers (off first in odd rounds); on PGlite the
 *   server is restarted on the same data directory with the cache off after the cache-on rounds.
 *   A warm-up run on each server first; BENCH_ROUNDS × BENCH_DURATION per mode.
 * - Then the heavy user's twelve-month /stats alone, cache off: 30 requests one after another,
 *   median and p99.
 * Targets on PostgreSQL: p99 ≤ 50 ms for each read endpoint with the cache on, ≤ 100 ms with it off,
 * the heavy user's twelve-month /stats ≤ 150 ms; on PGlite p99 ≤ 100 ms with the cache on.
 * Before the load every read endpoint is sent once alone as the heavy user: any answer but 200 stops
 * the scenario (with the body), and the times and sizes are printed.
 *
 * Then the import, as the importer (who owns no prospect): a 10,000-line CSV built in memory (UTF-8
 * with a BOM, `;`, CRLF, French headers and accents, unique e-mails and phones) sent multipart to
 * POST /api/v1/prospects/import, first with dryRun=1 (200, nothing created), then for real (201): the
 * time of each call and the server's peak RSS during it; the real run must import 10,000.
 *
 * The server owns its database while it runs, as in the search scenario: PostgreSQL — start the
 * server on a fresh database (it migrates and seeds), generate through a connection of our own;
 * PGlite — start it on a fresh DATA_DIR, stop it, generate into its data directory, start it again.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { signIn } from '../api';
import { hitRate, readCacheCounts } from '../cache-counts';
import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import type { CrmTeam } from '../generate/crm-team';
import { createDatabase } from '../postgres';
import { rssMb, type Server, startServer } from '../processes';
import { int, mb, median, type SummaryRow } from '../report';
import { buildImportCsv, IMPORT_LINES, type ImportCall, importCall } from './crm-import';
import { runMix } from './crm-mix';
import {
  type HeavyStats,
  heavyLine,
  type MixRound,
  type ModeSummary,
  mixSummaryRows,
  modeTable,
  roundLine,
  summarizeMode,
} from './crm-report';
import {
  type Actor,
  CrmWorkload,
  cookieValue,
  endpointLabels,
  readEndpoints,
  twelveMonthStats,
} from './crm-requests';
import { SETTLE_MAX_MS, seconds, settle } from './search';

export const CRM_P99_TARGET_MS = 50;
export const CRM_UNCACHED_P99_TARGET_MS = 100;
export const CRM_PGLITE_P99_TARGET_MS = 100;
export const CRM_HEAVY_STATS_TARGET_MS = 150;
/** Sequential requests of the heavy user's twelve-month /stats. */
const HEAVY_RUNS = 30;
/** PGlite gets one tenth of the volume (issue 19, "the embedded default"). */
const PGLITE_SHARE = 0.1;
/** A slow answer is a figure here, not a harness failure: a request gives up after this long only. */
const TIMEOUT_MS = 30_000;

/** One request sent alone, before the load. */
export interface CrmProbe {
  path: string;
  ms: number;
  bytes: number;
}

export interface CrmResult {
  connections: number;
  rounds: number;
  secondsPerRun: number;
  warmupSeconds: number;
  scale: number;
  generation: { counts: CrmTeam['counts']; totalMs: number; insertMs: number; vacuumMs: number };
  serverStartMs: number;
  rss: { idleMb: number | null; peakMb: number | null };
  probes: CrmProbe[];
  modes: ModeSummary[];
  heavy: HeavyStats;
  import: { lines: number; bytes: number; as: string; calls: ImportCall[] };
  durationMs: number;
}

interface Prepared {
  server: Server;
  /** PostgreSQL: the second server, CRM cache off, on the same database; null on PGlite. */
  uncached: Server | null;
  team: CrmTeam;
  /** PostgreSQL: queries running on the bench database (null on PGlite: they run in the server). */
  activeQueries: (() => Promise<number>) | null;
  /** PGlite: stops the server and starts it again on the same data directory with the cache off. */
  restartUncached(): Promise<Server>;
  release(): Promise<void>;
}

/** A fresh database filled by the generator, and the servers started on it (see search.ts). */
async function prepare(database: Database, config: BenchConfig, problems: Problems): Promise<Prepared> {
  const { openDatabase } = await import('@closia/server/db/client');
  const { generateCrmTeam } = await import('../generate/crm-team');
  const scale = scaleOf(database, config);
  const generate = (target: Parameters<typeof openDatabase>[0]) =>
    openDatabase(target, { template: null }).then(async (db) => {
      try {
        return await generateCrmTeam(db, { scale, log: (line) => console.log(`    ${line}`) });
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
  const dir = tempDir('closia-bench-crm-');
  const options = (databaseUrl: string | null, env?: Record<string, string>) => ({
    dataDir: dir.path,
    databaseUrl,
    startTimeoutMs: config.startTimeoutMs,
    ...(env ? { env } : {}),
  });
  const cacheOff = { CRM_CACHE_TTL_MS: '0' };
  let server: Server | null = null;
  let uncached: Server | null = null;
  let drop: (() => Promise<void>) | null = null;
  let watch: postgres.Sql | null = null;
  try {
    let team: CrmTeam;
    if (database.kind === 'postgres') {
      const created = await createDatabase(database.adminUrl);
      drop = created.drop;
      watch = postgres(created.url, { max: 1, onnotice: () => {} });
      server = await startServer(options(created.url));
      console.log(`  server migrated and seeded ${created.name} in ${int(server.startMs)} ms; generating…`);
      team = await generate({ kind: 'postgres', url: created.url });
      uncached = await startServer(options(created.url, cacheOff));
    } else {
      const first = await startServer(options(null));
      console.log(
        `  server created and migrated its DATA_DIR in ${int(first.startMs)} ms; stopped to generate…`,
      );
      await stop(first);
      team = await generate({ kind: 'pglite', dataDir: path.join(dir.path, 'db') });
      server = await startServer(options(null));
    }
    let running = server;
    const second = uncached;
    const sql = watch;
    return {
      server: running,
      uncached: second,
      team,
      activeQueries: sql
        ? async () => {
            const [row] = await sql<{ n: number }[]>`
              select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`;
            return row?.n ?? 0;
          }
        : null,
      async restartUncached() {
        await stop(running);
        running = await startServer(options(null, cacheOff));
        return running;
      },
      async release() {
        await sql?.end({ timeout: 5 });
        if (second) await stop(second);
        await stop(running);
        await drop?.();
        await dir.remove();
      },
    };
  } catch (error) {
    await watch?.end({ timeout: 5 });
    if (uncached) await uncached.stop(2_000);
    if (server) await server.stop(2_000);
    await drop?.();
    await dir.remove();
    throw error;
  }
}

const scaleOf = (database: Database, config: BenchConfig) =>
  database.kind === 'pglite' ? config.crmScale * PGLITE_SHARE : config.crmScale;

/** Signs every seller in, a few at a time (argon2 on each). */
async function signInAll(baseUrl: string, team: CrmTeam): Promise<{ readers: Actor[]; writers: Actor[] }> {
  const everyone = [...team.sellers, team.heavy];
  const actors: Actor[] = new Array(everyone.length);
  let next = 0;
  const worker = async () => {
    while (next < everyone.length) {
      const k = next++;
      const seller = everyone[k]!;
      const cookie = await signIn(baseUrl, seller.email, team.password);
      actors[k] = { seller, cookie, csrf: cookieValue(cookie, 'XSRF-TOKEN'), heavy: seller === team.heavy };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { readers: actors, writers: actors.filter((a) => !a.heavy) };
}

/** Sends each read endpoint once alone as the heavy user; any answer but 200 is an error (with its body). */
async function probe(baseUrl: string, heavy: Actor): Promise<CrmProbe[]> {
  const probes: CrmProbe[] = [];
  const paths = [
    '/api/v1/pipeline',
    '/api/v1/stats',
    twelveMonthStats(),
    '/api/v1/stats/forecast',
    '/api/v1/deals',
    '/api/v1/commissions',
    '/api/v1/prospects',
  ];
  for (const p of paths) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${p}`, {
      headers: { cookie: heavy.cookie },
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) {
      throw new Error(`GET ${p} answered ${response.status}: ${text.slice(0, 1_000)}`);
    }
    probes.push({ path: p, ms, bytes: Buffer.byteLength(text) });
  }
  return probes;
}

/** Checks the heavy user's answers against the generated data; a mismatch is a warning. */
async function checkShapes(baseUrl: string, team: CrmTeam, heavy: Actor, problems: Problems): Promise<void> {
  const get = async (p: string) =>
    (await (await fetch(`${baseUrl}${p}`, { headers: { cookie: heavy.cookie } })).json()) as Record<
      string,
      unknown
    >;
  const pipeline = await get('/api/v1/pipeline');
  const totals = pipeline.totals as { count?: number } | undefined;
  if (totals?.count !== team.heavy.openDeals.length) {
    problems.warn(
      `GET /api/v1/pipeline counts ${totals?.count} open deals for the heavy user; ${team.heavy.openDeals.length} were generated`,
    );
  }
  const deals = await get('/api/v1/deals?perPage=1');
  const meta = deals.meta as { total?: number } | undefined;
  if (meta?.total !== team.counts.heavy.deals) {
    problems.warn(
      `GET /api/v1/deals counts ${meta?.total} deals for the heavy user; ${team.counts.heavy.deals} were generated`,
    );
  }
}

/** The heavy user's twelve-month /stats, one request after another (cache off: each is computed). */
async function heavyStats(server: Server, heavy: Actor, targetMs: number | null): Promise<HeavyStats> {
  const path = twelveMonthStats();
  const before = await readCacheCounts(server.baseUrl);
  const times: number[] = [];
  for (let i = 0; i < HEAVY_RUNS; i++) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, {
      headers: { cookie: heavy.cookie },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200)
      throw new Error(`GET ${path} answered ${response.status} under the heavy-user run`);
  }
  const after = await readCacheCounts(server.baseUrl);
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    path,
    runs: HEAVY_RUNS,
    medianMs: round(median(sorted)),
    p99Ms: round(sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!),
    maxMs: round(sorted.at(-1)!),
    hitRate: hitRate(before, after, ['crm']),
    targetMs,
  };
}

// ── the scenario ───────────────────────────────────────────────────────────────────────────────

export async function runCrm(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<CrmResult> {
  const started = performance.now();
  const { rounds, duration, warmup } = config;
  const connections = config.crmConnections;
  const scale = scaleOf(database, config);
  const pg = database.kind === 'postgres';
  console.log(
    `\n▸ crm — generate 200 sellers and a heavy user (scale ${scale}), then a mix of 90 % reads and 10 % writes ` +
      `at ${connections} connections, CRM cache on and off, ${rounds} rounds × ${duration} s each after a ${warmup} s warm-up; ` +
      `the heavy user's twelve-month /stats alone; then a ${int(IMPORT_LINES)}-line CSV import`,
  );
  const prepared = await prepare(database, config, problems);
  try {
    const { team } = prepared;
    let server = prepared.server;
    const c = team.counts;
    console.log(
      `  generated ${int(c.sellers)} sellers and the heavy user: ${int(c.prospects)} prospects, ${int(c.activities)} activities, ` +
        `${int(c.deals)} deals (${int(c.openDeals)} open, ${int(c.wonDeals)} won, ${int(c.lostDeals)} lost, ${int(c.handedOff)} handed off; ` +
        `the heavy user ${int(c.heavy.deals)} deals, ${int(c.heavy.prospects)} prospects), ${int(c.histories)} history rows, ` +
        `${int(c.commissionLines)} commission lines, in ${seconds(team.timings.totalMs)} ` +
        `(inserts ${seconds(team.timings.insertMs)}, vacuum analyze ${seconds(team.timings.vacuumMs)})`,
    );
    const idle = rssMb(server.pid);
    const signInStarted = performance.now();
    const { readers, writers } = await signInAll(server.baseUrl, team);
    const heavy = readers.find((a) => a.heavy)!;
    console.log(
      `  server ready in ${int(server.startMs)} ms, RSS ${mb(idle)}; ${readers.length} users signed in in ${seconds(performance.now() - signInStarted)}` +
        (prepared.uncached ? `; second server (CRM_CACHE_TTL_MS=0) on the same database` : ''),
    );
    const workload = new CrmWorkload(readers, writers, 19);

    await checkShapes(server.baseUrl, team, heavy, problems);
    const probes = await probe(server.baseUrl, heavy);
    console.log(
      `\n  sent alone as the heavy user: ${probes
        .map(
          (p) =>
            `${decodeURIComponent(p.path).replace('/api/v1', '')} ${p.ms.toFixed(1)} ms ${int(p.bytes)} B`,
        )
        .join(' · ')}`,
    );

    const run = async (target: Server, mode: MixRound['mode'], secondsPerRun: number): Promise<MixRound> => {
      const before = await readCacheCounts(target.baseUrl);
      const figures = await runMix({
        baseUrl: target.baseUrl,
        workload,
        connections,
        seconds: secondsPerRun,
        pid: target.pid,
        timeoutMs: TIMEOUT_MS,
      });
      const after = await readCacheCounts(target.baseUrl);
      for (const [endpoint, f] of Object.entries(figures.endpoints)) {
        if (f.failures > 0) {
          problems.fail(
            `${database.label} crm (cache ${mode}) ${endpointLabels[endpoint as keyof typeof endpointLabels]}: ` +
              `${f.failures} answers 5xx or failed; first: ${f.firstFailure}`,
          );
        }
      }
      const waited = await settle(target.pid, prepared.activeQueries);
      if (waited >= SETTLE_MAX_MS)
        problems.warn(`crm cache ${mode}: the server was still busy ${seconds(waited)} after the run`);
      return { mode, run: figures, hitRate: hitRate(before, after, ['crm']) };
    };

    const measured: MixRound[] = [];
    const measure = async (target: Server, mode: MixRound['mode'], round: number) => {
      const r = await run(target, mode, duration);
      measured.push(r);
      console.log(roundLine(round, rounds, r));
    };
    console.log('');
    let heavyFigures: HeavyStats;
    const offTarget = pg ? CRM_UNCACHED_P99_TARGET_MS : null;
    if (prepared.uncached) {
      const uncached = prepared.uncached;
      await run(server, 'on', warmup);
      await run(uncached, 'off', warmup);
      for (let round = 1; round <= rounds; round++) {
        const order = round % 2 === 1 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const mode of order) await measure(mode === 'on' ? server : uncached, mode, round);
      }
      heavyFigures = await heavyStats(uncached, heavy, CRM_HEAVY_STATS_TARGET_MS);
    } else {
      await run(server, 'on', warmup);
      for (let round = 1; round <= rounds; round++) await measure(server, 'on', round);
      server = await prepared.restartUncached();
      console.log(
        `  restarted on the same data directory with CRM_CACHE_TTL_MS=0 in ${int(server.startMs)} ms`,
      );
      await run(server, 'off', warmup);
      for (let round = 1; round <= rounds; round++) await measure(server, 'off', round);
      heavyFigures = await heavyStats(server, heavy, null);
    }
    const modes = [
      summarizeMode('on', measured, pg ? CRM_P99_TARGET_MS : CRM_PGLITE_P99_TARGET_MS),
      summarizeMode('off', measured, offTarget),
    ];
    for (const s of modes) console.log(`\n${modeTable(s)}`);
    console.log(`\n${heavyLine(heavyFigures)}`);
    const missing = readEndpoints.filter((e) =>
      modes.some((s) => !s.endpoints.some((x) => x.endpoint === e)),
    );
    if (missing.length > 0) problems.warn(`crm: no answer measured for ${missing.join(', ')}`);

    // ── the import ────────────────────────────────────────────────────────────────────────────
    const csv = buildImportCsv(IMPORT_LINES);
    const importerCookie = await signIn(server.baseUrl, team.importer.email, team.password);
    console.log(
      `\n  import: ${int(IMPORT_LINES)} lines, ${int(csv.length)} bytes (UTF-8 with BOM, ';'), as ${team.importer.email} (no prospect of their own)`,
    );
    const calls: ImportCall[] = [];
    for (const dryRun of [true, false]) {
      const call = await importCall(server, importerCookie, csv, dryRun);
      calls.push(call);
      const a = call.answer;
      console.log(
        `  POST /api/v1/prospects/import${dryRun ? ' (dryRun=1)' : '           '}  ${call.status}  ${seconds(call.ms)}  ` +
          `RSS ${mb(call.rssBeforeMb)} before, ${mb(call.rssPeakMb)} peak, ${mb(call.rssAfterMb)} after` +
          (a
            ? `  total ${int(a.total)}, valid ${int(a.valid)}, invalid ${int(a.invalid)}, duplicates ${int(a.duplicates)}, imported ${int(a.imported)}`
            : ''),
      );
      if (call.problem)
        problems.fail(`${database.label} crm import${dryRun ? ' (dry run)' : ''}: ${call.problem}`);
      await settle(server.pid, prepared.activeQueries);
    }

    const durationMs = performance.now() - started;
    console.log(`  scenario took ${seconds(durationMs)}`);
    const peaks = modes.map((s) => s.rssPeakMb).filter((v): v is number => v !== null);
    return {
      connections,
      rounds,
      secondsPerRun: duration,
      warmupSeconds: warmup,
      scale,
      generation: { counts: c, ...team.timings },
      serverStartMs: prepared.server.startMs,
      rss: { idleMb: idle, peakMb: peaks.length > 0 ? Math.max(...peaks) : null },
      probes,
      modes,
      heavy: heavyFigures,
      import: { lines: IMPORT_LINES, bytes: csv.length, as: team.importer.email, calls },
      durationMs,
    };
  } finally {
    await prepared.release();
  }
}

export function crmSummary(r: CrmResult): SummaryRow[] {
  const c = r.generation.counts;
  const rows: SummaryRow[] = [
    {
      scenario: 'crm',
      figure: `generation (${int(c.sellers)} sellers + heavy user: ${int(c.prospects)} prospects, ${int(c.deals)} deals, ${int(c.activities)} activities, ${int(c.commissionLines)} commission lines)`,
      value: seconds(r.generation.totalMs),
    },
    ...mixSummaryRows(r.modes, r.heavy, r.connections),
  ];
  for (const call of r.import.calls) {
    rows.push({
      scenario: 'crm',
      figure: `CSV import of ${int(r.import.lines)} lines${call.dryRun ? ', dry run' : ''}: time / server peak RSS (before)`,
      value: call.problem
        ? `FAILED (${call.status})`
        : `${seconds(call.ms)} / ${mb(call.rssPeakMb)} (${mb(call.rssBeforeMb)})`,
    });
  }
  rows.push(
    {
      scenario: 'crm',
      figure: 'server RSS idle after start / peak under load',
      value: `${mb(r.rss.idleMb)} / ${mb(r.rss.peakMb)}`,
    },
    { scenario: 'crm', figure: 'scenario duration (generation included)', value: seconds(r.durationMs) },
  );
  return rows;
}
