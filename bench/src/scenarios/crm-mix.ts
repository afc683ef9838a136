/**
 * The crm scenario's mixed-workload runner (issue 19): `connections` keep-alive connections (one
 * node:http agent with one socket each), each sending one request at a time, drawn from a
 * CrmWorkload, until the time is up. autocannon measures one histogram per run; here each request's
 * time (from sending it to the answer's last byte) is kept under its endpoint, so every read
 * endpoint gets its own p50/p99, req/s and count, and every write its statuses.
 *
 * A write that gets a 4xx (e.g. 409 on a deal another writer just won) is a figure, not a failure;
 * a 5xx or a connection error is counted apart, and the scenario fails on it.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sampleRss } from '../processes';
import type { CrmWorkload, Endpoint, Planned } from './crm-requests';

export interface EndpointFigures {
  count: number;
  /** Answers per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status class or code: `2xx`, `409`, `422`, `5xx`… */
  statuses: Record<string, number>;
  /** 5xx answers and connection errors or timeouts. */
  failures: number;
  /** The first failure's status and body, to say what went wrong. */
  firstFailure: string | null;
}

export interface MixRun {
  seconds: number;
  connections: number;
  endpoints: Partial<Record<Endpoint, EndpointFigures>>;
  total: number;
  rssPeakMb: number | null;
}

export interface MixRunOptions {
  baseUrl: string;
  workload: CrmWorkload;
  connections: number;
  seconds: number;
  /** Server process whose RSS is sampled during the run. */
  pid: number;
  timeoutMs?: number;
  /** The request each connection sends instead of `workload.next()` (e.g. one endpoint alone). */
  plan?: () => Planned;
}

interface Answer {
  status: number;
  body: string;
}

function send(agent: http.Agent, base: URL, planned: Planned, timeoutMs: number): Promise<Answer> {
  const headers: Record<string, string> = { cookie: planned.actor.cookie, accept: 'application/json' };
  if (planned.method !== 'GET') headers['x-xsrf-token'] = planned.actor.csrf;
  if (planned.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(planned.body));
  }
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: planned.path,
        method: planned.method,
        headers,
        agent,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(planned.body);
  });
}

/** The `q` quantile of sorted values (nearest rank), rounded to 0.1 ms. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round(sorted[rank]! * 10) / 10;
}

export async function runMix(options: MixRunOptions): Promise<MixRun> {
  const base = new URL(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const plan = options.plan ?? (() => options.workload.next());
  const times = new Map<Endpoint, number[]>();
  const statuses = new Map<Endpoint, Record<string, number>>();
  const failures = new Map<Endpoint, { n: number; first: string | null }>();
  const rss = sampleRss(options.pid);
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const connection = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (performance.now() < deadline) {
        const planned = plan();
        const sentAt = performance.now();
        let answer: Answer | null = null;
        let error: string | null = null;
        try {
          answer = await send(agent, base, planned, timeoutMs);
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
        const ms = performance.now() - sentAt;
        planned.answered?.(answer?.status ?? 0, answer?.body ?? '');
        const key = planned.endpoint;
        if (!times.has(key)) times.set(key, []);
        times.get(key)!.push(ms);
        const counted = statuses.get(key) ?? {};
        const status =
          answer === null
            ? 'error'
            : answer.status < 300
              ? '2xx'
              : answer.status >= 500
                ? '5xx'
                : String(answer.status);
        counted[status] = (counted[status] ?? 0) + 1;
        statuses.set(key, counted);
        if (answer === null || answer.status >= 500) {
          const f = failures.get(key) ?? { n: 0, first: null };
          f.n++;
          f.first ??=
            answer === null
              ? `${planned.method} ${planned.path}: ${error}`
              : `${planned.method} ${planned.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`;
          failures.set(key, f);
        }
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  const seconds = (performance.now() - started) / 1000;
  const memory = rss.stop();

  const endpoints: Partial<Record<Endpoint, EndpointFigures>> = {};
  let total = 0;
  for (const [key, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    total += sorted.length;
    const f = failures.get(key);
    endpoints[key] = {
      count: sorted.length,
      rps: sorted.length / seconds,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      max: Math.round((sorted.at(-1) ?? Number.NaN) * 10) / 10,
      statuses: statuses.get(key) ?? {},
      failures: f?.n ?? 0,
      firstFailure: f?.first ?? null,
    };
  }
  return { seconds, connections: options.connections, endpoints, total, rssPeakMb: memory.peak };
}
