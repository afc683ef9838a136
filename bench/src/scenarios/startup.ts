/**
 * Scenario "startup" (PGlite only, where initdb and the migrations cost): milliseconds from spawning
 * dist/main.js on an empty DATA_DIR to its first GET /health 200 (fresh), then, after a SIGTERM
 * stop, again on the same directory (warm). Medians over several fresh directories.
 */

import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import { rssMb, type Server, startServer } from '../processes';
import { int, mb, median, type SummaryRow } from '../report';

export const STARTUP_TARGETS = { freshMs: 3_000, warmMs: 1_500 } as const;

export interface StartupRun {
  freshMs: number;
  warmMs: number;
  freshRssMb: number | null;
  warmRssMb: number | null;
}

export interface StartupResult {
  runs: StartupRun[];
  freshMedianMs: number;
  warmMedianMs: number;
  targets: typeof STARTUP_TARGETS;
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
  for (let i = 0; i < config.startupRuns; i++) {
    const dir = tempDir('closia-bench-startup-');
    try {
      const options = { dataDir: dir.path, databaseUrl: null, startTimeoutMs: config.startTimeoutMs };
      const fresh = await startServer(options);
      const freshRss = rssMb(fresh.pid);
      await stop(fresh, problems, `startup run ${i + 1} (fresh)`);
      const warm = await startServer(options);
      const warmRss = rssMb(warm.pid);
      await stop(warm, problems, `startup run ${i + 1} (warm)`);
      runs.push({ freshMs: fresh.startMs, warmMs: warm.startMs, freshRssMb: freshRss, warmRssMb: warmRss });
      console.log(
        `  run ${i + 1}/${config.startupRuns}  fresh ${int(fresh.startMs).padStart(6)} ms (RSS ${mb(freshRss)})  ` +
          `warm ${int(warm.startMs).padStart(6)} ms (RSS ${mb(warmRss)})`,
      );
    } finally {
      await dir.remove();
    }
  }
  const result: StartupResult = {
    runs,
    freshMedianMs: median(runs.map((r) => r.freshMs)),
    warmMedianMs: median(runs.map((r) => r.warmMs)),
    targets: STARTUP_TARGETS,
  };
  console.log(
    `  median fresh ${int(result.freshMedianMs)} ms (target ≤ ${int(STARTUP_TARGETS.freshMs)}), ` +
      `warm ${int(result.warmMedianMs)} ms (target ≤ ${int(STARTUP_TARGETS.warmMs)})`,
  );
  return result;
}

export function startupSummary(r: StartupResult): SummaryRow[] {
  const n = r.runs.length;
  return [
    {
      scenario: 'startup',
      figure: `fresh DATA_DIR → /health 200 (median of ${n})`,
      value: `${int(r.freshMedianMs)} ms`,
      target: `≤ ${int(r.targets.freshMs)} ms`,
      met: r.freshMedianMs <= r.targets.freshMs,
    },
    {
      scenario: 'startup',
      figure: `warm restart → /health 200 (median of ${n})`,
      value: `${int(r.warmMedianMs)} ms`,
      target: `≤ ${int(r.targets.warmMs)} ms`,
      met: r.warmMedianMs <= r.targets.warmMs,
    },
  ];
}
