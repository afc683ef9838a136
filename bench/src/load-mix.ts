/**
 * One autocannon run over a mix of requests (load.ts runs one URL): each connection cycles through
 * the list, starting at its own offset, so that at any moment the connections are on different
 * requests. Same figures as load.ts, server RSS sampled during the run.
 */
import autocannon from 'autocannon';
import { figuresOf, type LoadFigures } from './load';
import { sampleRss } from './processes';

export interface MixOptions {
  baseUrl: string;
  /** Paths with their query strings, e.g. `/api/v1/missions?query=immobilier` */
  paths: readonly string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** Process whose RSS is sampled during the run. */
  pid: number;
  /** Seconds after which an answer counts as a timeout (autocannon's default: 10). */
  timeoutSeconds?: number;
  /**
   * Each connection starts at its own stretch of the list (connection i at i/connections of it)
   * instead of 7 requests after the previous one: for a long drawn sequence (search-mix.ts), so that
   * the connections do not send the same requests in step.
   */
  spread?: boolean;
}

/** Paths above which requests are built as they are sent. */
const LAZY_ABOVE = 1_000;

export function loadMix(options: MixOptions): Promise<LoadFigures> {
  const rss = sampleRss(options.pid);
  // A long list is built as each request is sent (`setupRequest`): autocannon otherwise builds
  // every request of the list for every connection, twice, as the run starts — 50,000 paths × 10
  // connections kept the event loop busy for seconds while the first connections' answers waited
  // to be read (search p99s of 2–9 s that no server caused). A short list is built once, up front.
  const lazy = options.paths.length > LAZY_ABOVE;
  const requests = options.paths.map((path) => ({
    method: 'GET' as const,
    path,
    ...(lazy ? { setupRequest: (request: autocannon.Request) => request } : {}),
  }));
  let client = 0;
  return new Promise<LoadFigures>((resolve, reject) => {
    autocannon(
      {
        url: options.baseUrl,
        headers: options.headers,
        connections: options.connections,
        duration: options.seconds,
        requests,
        ...(options.timeoutSeconds ? { timeout: options.timeoutSeconds } : {}),
        setupClient: (c) => {
          const offset = options.spread
            ? Math.floor((client++ * requests.length) / options.connections) % requests.length
            : (client++ * 7) % requests.length;
          c.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
        },
      },
      (error: unknown, result) => {
        const memory = rss.stop();
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        resolve(figuresOf(result, memory));
      },
    );
  });
}
