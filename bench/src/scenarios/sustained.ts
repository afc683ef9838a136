/**
 * Scenario "sustained": one long autocannon run (5 minutes by default) at full load on
 * GET /api/v1/users/{id}, which queries the database on every request, against a freshly started
 * server, after the same short warm-up as the ratio scenario (BENCH_WARMUP). Every 2xx answer is counted in the second it arrived; the req/s of the first and the last
 * minute are compared. A driver or cache whose cost grows with the work already done (postgres.js's
 * queue in 3.4.9) shows as last ÷ first well under 1; a leak shows in the RSS series.
 */
import { createBenchUser } from '../api';
import type { BenchConfig } from '../config';
import { type Database, freshServer, type Problems } from '../environment';
import { load } from '../load';
import { rssMb } from '../processes';
import { int, mb, mean, ratio, type SummaryRow } from '../report';

export const SUSTAINED_TARGET = 0.95;
const SERIES_STEP = 10;

export interface SustainedResult {
  endpoint: string;
  connections: number;
  seconds: number;
  /** Length of the compared windows: 60 s, or a third of a shorter run. */
  windowSeconds: number;
  firstRps: number;
  lastRps: number;
  /** last window's req/s ÷ first window's */
  ratio: number;
  target: number;
  overallRps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rss: { startMb: number | null; endMb: number | null; peakMb: number | null };
  /** req/s over each 10 s of the run */
  rpsPer10s: number[];
  /** server RSS (MB) at the end of each 10 s of the run */
  rssPer10s: (number | null)[];
  /** 2xx answers in each second of the run */
  perSecond: number[];
}

export async function runSustained(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<SustainedResult> {
  const seconds = config.sustainedSeconds;
  const windowSeconds = Math.max(1, Math.min(60, Math.floor(seconds / 3)));
  const endpoint = 'GET /api/v1/users/:id';
  console.log(
    `\n▸ sustained — ${endpoint}, ${config.connections} connections for ${seconds} s on a freshly started server ` +
      `(after a ${config.warmup} s warm-up); ` +
      `first ${windowSeconds} s vs last ${windowSeconds} s`,
  );
  const running = await freshServer(database, config, problems);
  try {
    const { server } = running;
    const user = await createBenchUser(server.baseUrl);
    const url = `${server.baseUrl}/api/v1/users/${user.id}`;
    const headers = { cookie: user.cookie };
    const rssStart = rssMb(server.pid);
    console.log(`  server ready in ${int(server.startMs)} ms, RSS ${mb(rssStart)} at the start`);

    // A short warm-up (JIT, connection pool) so that the first window is not the compiler's.
    const warmup = await load({
      url,
      headers,
      connections: config.connections,
      seconds: config.warmup,
      pid: server.pid,
    });
    problems.check(`${database.label} sustained warm-up`, warmup, server);

    const figures = await load({
      url,
      headers,
      connections: config.connections,
      seconds,
      pid: server.pid,
      perSecond: true,
      progressEverySeconds: SERIES_STEP,
      onProgress: ({ second, rps, rssMb }) =>
        console.log(`  ${String(second).padStart(4)} s  ${int(rps).padStart(7)} req/s  RSS ${mb(rssMb)}`),
    });
    problems.check(`${database.label} sustained ${endpoint}`, figures, server);

    const perSecond = figures.perSecond ?? [];
    const rpsPer10s: number[] = [];
    const rssPer10s: (number | null)[] = [];
    for (let s = 0; s + SERIES_STEP <= perSecond.length; s += SERIES_STEP) {
      rpsPer10s.push(mean(perSecond.slice(s, s + SERIES_STEP)));
      rssPer10s.push(figures.rssPerSecond?.[s + SERIES_STEP - 1] ?? null);
    }
    const firstRps = mean(perSecond.slice(0, windowSeconds));
    const lastRps = mean(perSecond.slice(-windowSeconds));
    const result: SustainedResult = {
      endpoint,
      connections: config.connections,
      seconds,
      windowSeconds,
      firstRps,
      lastRps,
      ratio: lastRps / firstRps,
      target: SUSTAINED_TARGET,
      overallRps: figures.rps,
      p50: figures.p50,
      p99: figures.p99,
      errors: figures.errors,
      non2xx: figures.non2xx,
      rss: { startMb: rssStart, endMb: figures.rssEndMb, peakMb: figures.rssPeakMb },
      rpsPer10s,
      rssPer10s,
      perSecond,
    };
    console.log(`  req/s per ${SERIES_STEP} s: ${rpsPer10s.map(int).join(' · ')}`);
    console.log(
      `  RSS per ${SERIES_STEP} s:   ${rssPer10s.map((v) => (v === null ? 'n/a' : Math.round(v))).join(' · ')} MB`,
    );
    console.log(
      `  first ${windowSeconds} s ${int(firstRps)} req/s, last ${windowSeconds} s ${int(lastRps)} req/s: ` +
        `last ÷ first ${ratio(result.ratio)} (target ≥ ${SUSTAINED_TARGET}); p50 ${figures.p50} / p99 ${figures.p99} ms; ` +
        `RSS ${mb(rssStart)} → ${mb(figures.rssEndMb)} (peak ${mb(figures.rssPeakMb)})`,
    );
    return result;
  } finally {
    await running.release();
  }
}

export function sustainedSummary(r: SustainedResult): SummaryRow[] {
  const w = r.windowSeconds === 60 ? 'minute' : `${r.windowSeconds} s`;
  return [
    {
      scenario: 'sustained',
      figure: `req/s last ${w} ÷ first ${w} (${r.seconds} s run)`,
      value: ratio(r.ratio),
      target: `≥ ${r.target}`,
      met: r.ratio >= r.target,
    },
    {
      scenario: 'sustained',
      figure: `${r.endpoint} req/s first → last ${w}`,
      value: `${int(r.firstRps)} → ${int(r.lastRps)}`,
    },
    {
      scenario: 'sustained',
      figure: 'server RSS start → end (peak)',
      value: `${mb(r.rss.startMb)} → ${mb(r.rss.endMb)} (${mb(r.rss.peakMb)})`,
    },
  ];
}
