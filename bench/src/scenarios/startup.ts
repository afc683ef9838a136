/**
 * Scenario "startup" (PGlite only, where initdb and the migrations cost): milliseconds from spawning
 * dist/main.js on an empty DATA_DIR to its first GET /health 200 (fresh), then, after a SIGTERM
 * stop, again on the same directory (warm). Medians over several fresh directories. Measured as a
 * user starts it: the embedded database with the demo data (SEED_DEMO defaults to on with PGlite);
 * the same without the demo (SEED_DEMO=0) alternates with it as a reference. Each start's own log of
 * its phases (load, open, migrate, seed, plugins, listen) is printed beside it.
 */

import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import { cpuMs, rssMb, type Server, startServer } from '../processes';
import { int, mb, median, type SummaryRow } from '../report';

export const STARTUP_TARGETS = { freshMs: 3_000, warmMs: 1_500 } as const;

/** A start's phases in ms, as the server logs them once listening (apps/server/src/main.ts). */
export type StartupPhases = Record<string, number | string>;

export interface StartupRun {
  freshMs: number;
  warmMs: number;
  freshRssMb: number | null;
  warmRssMb: number | null;
  /** CPU time the server used until it answered (user + system). */
  freshCpuMs: number | null;
  warmCpuMs: number | null;
  freshPhases: StartupPhases | null;
  warmPhases: StartupPhases | null;
}

export interface StartupResult {
  /** With the demo data: what `npm start` does. */
  runs: StartupRun[];
  freshMedianMs: number;
  warmMedianMs: number;
  /** The reference: the same without the demo (SEED_DEMO=0). */
  withoutDemo: { runs: StartupRun[]; freshMedianMs: number; warmMedianMs: number };
  targets: typeof STARTUP_TARGETS;
}

/** The server's "start-up phases" log line, from the last lines it wrote. */
function phasesOf(server: Server): StartupPhases | null {
  for (const line of server.output().split('\n').reverse()) {
    if (!line.includes('"startup"')) continue;
    try {
      const parsed = JSON.parse(line) as { startup?: StartupPhases };
      if (parsed.startup) return parsed.startup;
    } catch {
      // not a JSON log line
    }
  }
  return null;
}

const medianOf = (runs: StartupRun[], key: 'freshCpuMs' | 'warmCpuMs') => {
  const known = runs.flatMap((run) => (run[key] === null ? [] : [run[key]]));
  return known.length > 0 ? median(known) : null;
};
const cpu = (ms: number | null) => (ms === null ? 'n/a' : `${int(ms)} ms`);

function describePhases(phases: StartupPhases | null): string {
  if (!phases) return 'phases not logged';
  return Object.entries(phases)
    .filter(([name]) => name !== 'total')
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
}

async function stop(server: Server, problems: Problems, what: string): Promise<void> {
  const stopped = await server.stop();
  if (stopped.killed || stopped.code !== 0) {
    problems.warn(
      `${what}: the server did not shut down cleanly on SIGTERM (exit ${stopped.code ?? stopped.signal})`,
    );
  }
}

export async function runStartup(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<StartupResult> {
  if (database.kind !== 'pglite') throw new Error('the startup scenario measures PGlite only');
  console.log(
    `\n▸ startup — spawn → first GET /health 200, on an empty DATA_DIR (fresh) then again on it (warm), × ${config.startupRuns}`,
  );
  const runs: StartupRun[] = [];
  const withoutDemo: StartupRun[] = [];
  for (let i = 0; i < config.startupRuns; i++) {
    // Alternated, the demo first in even runs and second in odd ones.
    const order = i % 2 === 0 ? [true, false] : [false, true];
    for (const demo of order) {
      const run = await startTwice(
        config,
        problems,
        demo,
        `startup run ${i + 1}${demo ? '' : ' (SEED_DEMO=0)'}`,
      );
      (demo ? runs : withoutDemo).push(run);
      console.log(
        `  run ${i + 1}/${config.startupRuns} ${demo ? 'demo     ' : 'SEED_DEMO=0'}  fresh ${int(run.freshMs).padStart(6)} ms (CPU ${cpu(run.freshCpuMs)}, RSS ${mb(run.freshRssMb)})  ` +
          `warm ${int(run.warmMs).padStart(6)} ms (CPU ${cpu(run.warmCpuMs)}, RSS ${mb(run.warmRssMb)})\n` +
          `      fresh: ${describePhases(run.freshPhases)}\n      warm:  ${describePhases(run.warmPhases)}`,
      );
    }
  }
  const result: StartupResult = {
    runs,
    freshMedianMs: median(runs.map((r) => r.freshMs)),
    warmMedianMs: median(runs.map((r) => r.warmMs)),
    withoutDemo: {
      runs: withoutDemo,
      freshMedianMs: median(withoutDemo.map((r) => r.freshMs)),
      warmMedianMs: median(withoutDemo.map((r) => r.warmMs)),
    },
    targets: STARTUP_TARGETS,
  };
  console.log(
    `  median with the demo: fresh ${int(result.freshMedianMs)} ms (target ≤ ${int(STARTUP_TARGETS.freshMs)}), ` +
      `warm ${int(result.warmMedianMs)} ms (target ≤ ${int(STARTUP_TARGETS.warmMs)}), ` +
      `CPU fresh ${cpu(medianOf(runs, 'freshCpuMs'))} / warm ${cpu(medianOf(runs, 'warmCpuMs'))}; ` +
      `SEED_DEMO=0: fresh ${int(result.withoutDemo.freshMedianMs)} ms, warm ${int(result.withoutDemo.warmMedianMs)} ms`,
  );
  return result;
}

/** A fresh start on an empty directory, stopped, then a warm one on the same directory. */
async function startTwice(
  config: BenchConfig,
  problems: Problems,
  demo: boolean,
  what: string,
): Promise<StartupRun> {
  const dir = tempDir('closia-bench-startup-');
  try {
    const options = {
      dataDir: dir.path,
      databaseUrl: null,
      startTimeoutMs: config.startTimeoutMs,
      // info: the server's line of start-up phases.
      env: { SEED_DEMO: demo ? '1' : '0', LOG_LEVEL: 'info' },
    };
    const fresh = await startServer(options);
    const freshCpuMs = cpuMs(fresh.pid);
    const freshRssMb = rssMb(fresh.pid);
    const freshPhases = phasesOf(fresh);
    await stop(fresh, problems, `${what} (fresh)`);
    const warm = await startServer(options);
    const warmCpuMs = cpuMs(warm.pid);
    const warmRssMb = rssMb(warm.pid);
    const warmPhases = phasesOf(warm);
    await stop(warm, problems, `${what} (warm)`);
    return {
      freshMs: fresh.startMs,
      warmMs: warm.startMs,
      freshRssMb,
      warmRssMb,
      freshCpuMs,
      warmCpuMs,
      freshPhases,
      warmPhases,
    };
  } finally {
    await dir.remove();
  }
}

export function startupSummary(r: StartupResult): SummaryRow[] {
  const n = r.runs.length;
  return [
    {
      scenario: 'startup',
      figure: `fresh DATA_DIR with the demo → /health 200 (median of ${n})`,
      value: `${int(r.freshMedianMs)} ms`,
      target: `≤ ${int(r.targets.freshMs)} ms`,
      met: r.freshMedianMs <= r.targets.freshMs,
    },
    {
      scenario: 'startup',
      figure: `warm restart with the demo → /health 200 (median of ${n})`,
      value: `${int(r.warmMedianMs)} ms`,
      target: `≤ ${int(r.targets.warmMs)} ms`,
      met: r.warmMedianMs <= r.targets.warmMs,
    },
    {
      scenario: 'startup',
      figure: `without the demo (SEED_DEMO=0), fresh / warm (median of ${r.withoutDemo.runs.length})`,
      value: `${int(r.withoutDemo.freshMedianMs)} / ${int(r.withoutDemo.warmMedianMs)} ms`,
    },
  ];
}
