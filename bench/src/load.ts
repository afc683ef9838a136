/** One autocannon run, in this process, while the target process's RSS is sampled. */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sampleRss } from './processes';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Process whose RSS is sampled during the run. */
  pid: number;
  /** Count the 2xx answers of every second (the sustained scenario's time series). */
  perSecond?: boolean;
  /** Called every `progressEverySeconds` with the req/s of the seconds just completed. */
  onProgress?: (progress: { second: number; rps: number; rssMb: number | null }) => void;
  progressEverySeconds?: number;
}

export interface LoadFigures {
  /** autocannon's mean of its per-second request counts */
  rps: number;
  p50: number;
  p99: number;
  /** connection errors, timeouts included */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** answers per status code, e.g. { "200": 1234, "401": 3 } */
  statusCodes: Record<string, number>;
  requests: number;
  rssPeakMb: number | null;
  rssEndMb: number | null;
  /** 2xx answers in each second of the run (only with `perSecond`) */
  perSecond?: number[];
  /** RSS (MB) at the end of each second (only with `perSecond`) */
  rssPerSecond?: (number | null)[];
}

/** The figures of a finished autocannon run, with the server's RSS sampled during it. */
export function figuresOf(
  result: autocannon.Result,
  memory: { peak: number | null; last: number | null },
): LoadFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat.count ?? 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    requests: result.requests.total,
    rssPeakMb: memory.peak,
    rssEndMb: memory.last,
  };
}

export function load(options: LoadOptions): Promise<LoadFigures> {
  const rss = sampleRss(options.pid);
  const counts: number[] = [];
  const rssAt: (number | null)[] = [];
  const started = performance.now();
  const timers: NodeJS.Timeout[] = [];

  return new Promise<LoadFigures>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers ?? {},
        connections: options.connections,
        duration: options.seconds,
      },
      (error: unknown, result) => {
        for (const timer of timers) clearInterval(timer);
        const memory = rss.stop();
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        // The run can end just before the last once-a-second RSS reading.
        rssAt[options.seconds - 1] ??= memory.last;
        const seconds = Array.from({ length: options.seconds }, (_, i) => counts[i] ?? 0);
        resolve({
          ...figuresOf(result, memory),
          ...(options.perSecond
            ? { perSecond: seconds, rssPerSecond: seconds.map((_, i) => rssAt[i] ?? null) }
            : {}),
        });
      },
    );

    if (options.perSecond) {
      instance.on('response', (_client, statusCode) => {
        if (statusCode < 200 || statusCode > 299) return;
        const second = Math.floor((performance.now() - started) / 1000);
        counts[second] = (counts[second] ?? 0) + 1;
      });
      // RSS at the end of each second, for the time series.
      timers.push(
        setInterval(() => {
          const second = Math.floor((performance.now() - started) / 1000) - 1;
          if (second >= 0 && second < options.seconds) rssAt[second] = rss.latest();
        }, 1000),
      );
      if (options.onProgress) {
        const every = options.progressEverySeconds ?? 10;
        let reported = 0;
        timers.push(
          setInterval(() => {
            const done = Math.floor((performance.now() - started) / 1000);
            if (done - reported < every || reported + every > options.seconds) return;
            let sum = 0;
            for (let s = reported; s < reported + every; s++) sum += counts[s] ?? 0;
            reported += every;
            options.onProgress?.({ second: reported, rps: sum / every, rssMb: rss.latest() });
          }, 250),
        );
      }
    }
  });
}
