/**
 * Scenario "ratio": authenticated GET /api/v1/user (mostly served from the session cache) and
 * GET /api/v1/users/{id} (a public profile: database queries on every request) against the bare
 * node:http floor sending the same bytes as /api/v1/user. The three alternate over several rounds,
 * their order rotating every round, so that a noisy moment on the shared machine hits each of them;
 * the figures are medians over the rounds, the ratio is a ratio of medians.
 */
import { createBenchUser } from '../api';
import type { BenchConfig } from '../config';
import { type Database, freshServer, type Problems } from '../environment';
import { type LoadFigures, load } from '../load';
import { type BareServer, rssMb, type Server, startBareServer } from '../processes';
import { int, mb, median, peak, ratio, rotated, type SummaryRow, table } from '../report';

type TargetKey = 'user' | 'profile' | 'bare';

interface Target {
  key: TargetKey;
  label: string;
  url: string;
  headers: Record<string, string>;
  pid: number;
  /** The server under test, whose output explains a failure (none for the bare server). */
  server?: Server;
}

export interface TargetResult {
  label: string;
  rounds: LoadFigures[];
  medianRps: number;
  medianP50: number;
  medianP99: number;
  errors: number;
  non2xx: number;
  rssPeakMb: number | null;
}

/** A target's rounds as medians, totals and its peak RSS (the ratio and dbpath scenarios). */
export function summarizeRuns(label: string, runs: LoadFigures[]): TargetResult {
  return {
    label,
    rounds: runs,
    medianRps: median(runs.map((r) => r.rps)),
    medianP50: median(runs.map((r) => r.p50)),
    medianP99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    rssPeakMb: peak(runs.map((r) => r.rssPeakMb)),
  };
}

export interface RatioResult {
  connections: number;
  rounds: number;
  secondsPerRun: number;
  warmupSeconds: number;
  serverStartMs: number;
  responseBytes: { user: number; profile: number };
  rss: {
    server: { idleMb: number | null; peakMb: number | null };
    bare: { idleMb: number | null; peakMb: number | null };
  };
  targets: Record<TargetKey, TargetResult>;
  /** median req/s of GET /api/v1/user ÷ median req/s of the bare server */
  ratioUser: number;
  ratioProfile: number;
  target: number;
}

export const ratioTargets = { pglite: 0.1, postgres: 0.3 } as const;

export async function runRatio(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<RatioResult> {
  const { connections, rounds, duration, warmup } = config;
  console.log(
    `\n▸ ratio — ${connections} connections, ${rounds} rounds × ${duration} s per target after a ${warmup} s warm-up, order rotated every round`,
  );
  const running = await freshServer(database, config, problems);
  let bare: BareServer | null = null;
  try {
    const { server } = running;
    const serverIdle = rssMb(server.pid);
    const user = await createBenchUser(server.baseUrl);
    bare = await startBareServer(user.userBody);
    const bareIdle = rssMb(bare.pid);
    const userBytes = Buffer.byteLength(user.userBody);
    console.log(
      `  server ready in ${int(server.startMs)} ms, RSS ${mb(serverIdle)} after start; bare server RSS ${mb(bareIdle)} after start; ` +
        `/api/v1/user answers ${userBytes} bytes, /api/v1/users/${user.id} ${user.profileBytes} bytes`,
    );

    const auth = { cookie: user.cookie };
    const targets: Target[] = [
      {
        key: 'user',
        label: 'GET /api/v1/user',
        url: `${server.baseUrl}/api/v1/user`,
        headers: auth,
        pid: server.pid,
        server,
      },
      {
        key: 'profile',
        label: 'GET /api/v1/users/:id',
        url: `${server.baseUrl}/api/v1/users/${user.id}`,
        headers: auth,
        pid: server.pid,
        server,
      },
      { key: 'bare', label: 'bare node:http', url: bare.url, headers: {}, pid: bare.pid },
    ];

    for (const t of targets) {
      const figures = await load({
        url: t.url,
        headers: t.headers,
        connections,
        seconds: warmup,
        pid: t.pid,
      });
      problems.check(`${database.label} ratio warm-up ${t.label}`, figures, t.server);
    }

    const measured: Record<TargetKey, LoadFigures[]> = { user: [], profile: [], bare: [] };
    const width = Math.max(...targets.map((t) => t.label.length));
    for (let round = 0; round < rounds; round++) {
      for (const t of rotated(targets, round)) {
        const figures = await load({
          url: t.url,
          headers: t.headers,
          connections,
          seconds: duration,
          pid: t.pid,
        });
        measured[t.key].push(figures);
        console.log(
          `  round ${round + 1}/${rounds}  ${t.label.padEnd(width)}  ${int(figures.rps).padStart(7)} req/s  ` +
            `p50 ${figures.p50} ms  p99 ${figures.p99} ms  errors ${figures.errors}  non-2xx ${figures.non2xx}  RSS peak ${mb(figures.rssPeakMb)}`,
        );
        problems.check(`${database.label} ratio round ${round + 1} ${t.label}`, figures, t.server);
      }
    }

    const summarize = (t: Target) => summarizeRuns(t.label, measured[t.key]);
    const [userTarget, profileTarget, bareTarget] = targets.map(summarize) as [
      TargetResult,
      TargetResult,
      TargetResult,
    ];
    const result: RatioResult = {
      connections,
      rounds,
      secondsPerRun: duration,
      warmupSeconds: warmup,
      serverStartMs: server.startMs,
      responseBytes: { user: userBytes, profile: user.profileBytes },
      rss: {
        server: { idleMb: serverIdle, peakMb: peak([userTarget.rssPeakMb, profileTarget.rssPeakMb]) },
        bare: { idleMb: bareIdle, peakMb: bareTarget.rssPeakMb },
      },
      targets: { user: userTarget, profile: profileTarget, bare: bareTarget },
      ratioUser: userTarget.medianRps / bareTarget.medianRps,
      ratioProfile: profileTarget.medianRps / bareTarget.medianRps,
      target: ratioTargets[database.kind],
    };

    console.log(
      `\n${table(
        ['target', 'median req/s', 'p50 ms', 'p99 ms', '÷ bare', 'errors/non-2xx', 'req/s per round'],
        [userTarget, profileTarget, bareTarget].map((t) => [
          t.label,
          int(t.medianRps),
          String(t.medianP50),
          String(t.medianP99),
          t === bareTarget ? '1' : ratio(t.medianRps / bareTarget.medianRps),
          `${t.errors}/${t.non2xx}`,
          t.rounds.map((r) => int(r.rps)).join(' · '),
        ]),
      )}`,
    );
    console.log(
      `  ratio of medians GET /api/v1/user ÷ bare: ${ratio(result.ratioUser)} (target ≥ ${result.target.toFixed(2)} on ${database.label})`,
    );
    console.log(
      `  RSS server ${mb(serverIdle)} idle after start, ${mb(result.rss.server.peakMb)} peak under load; ` +
        `bare server ${mb(bareIdle)} idle, ${mb(bareTarget.rssPeakMb)} peak`,
    );
    return result;
  } finally {
    await bare?.stop();
    await running.release();
  }
}

export function ratioSummary(r: RatioResult): SummaryRow[] {
  const { user, profile, bare } = r.targets;
  const latency = (t: TargetResult) => `p50 ${t.medianP50} / p99 ${t.medianP99} ms`;
  return [
    {
      scenario: 'ratio',
      figure: 'GET /api/v1/user ÷ bare node:http (medians)',
      value: ratio(r.ratioUser),
      target: `≥ ${r.target.toFixed(2)}`,
      met: r.ratioUser >= r.target,
    },
    {
      scenario: 'ratio',
      figure: 'GET /api/v1/users/:id ÷ bare (database path)',
      value: ratio(r.ratioProfile),
    },
    { scenario: 'ratio', figure: `GET /api/v1/user req/s (${latency(user)})`, value: int(user.medianRps) },
    {
      scenario: 'ratio',
      figure: `GET /api/v1/users/:id req/s (${latency(profile)})`,
      value: int(profile.medianRps),
    },
    { scenario: 'ratio', figure: `bare node:http req/s (${latency(bare)})`, value: int(bare.medianRps) },
    {
      scenario: 'ratio',
      figure: 'server RSS idle after start / peak under load',
      value: `${mb(r.rss.server.idleMb)} / ${mb(r.rss.server.peakMb)}`,
    },
    {
      scenario: 'ratio',
      figure: 'bare server RSS idle / peak under load',
      value: `${mb(r.rss.bare.idleMb)} / ${mb(r.rss.bare.peakMb)}`,
    },
  ];
}
