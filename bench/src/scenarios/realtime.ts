/**
 * Scenario "realtime" (issue 9): what one server holds, and how fast a broadcast reaches many.
 *
 * 1. Streams held: BENCH_RT_STREAMS (10,000) event streams (`GET /api/v1/__transmit/events`) opened on
 *    one server, four per user (tabs), each subscribed to its user's channel (`POST …/subscribe`):
 *    the time to open them all, the server's RSS before and after (and per 1,000 streams), and a check
 *    that they still deliver: 50 users mark their notifications read, and each of their streams must
 *    receive the `notifications.read` event.
 * 2. Broadcast latency: BENCH_RT_SUBSCRIBERS (1,000) members of one team, one stream each, subscribed to
 *    the team's chat; a member posts BENCH_RT_MESSAGES (50) messages, one at a time, through the API
 *    (`POST /api/v1/teams/{id}/chats/{chatId}/messages`). For every message and every subscriber: the
 *    time from just before the POST to the arrival of the `message.created` event — p50 and p99 over
 *    all deliveries, and the POST's own time. In-process (one server), then through Redis (PostgreSQL
 *    only, when Redis answers): two servers on the same database and Redis, subscribers on B, the
 *    posts on A.
 *
 * The clients are raw `node:http` requests (an EventSource per stream would cost more than the
 * server), in this process. The people are written into the database directly (generate/realtime.ts).
 */

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import type { RealtimePeople } from '../generate/realtime';
import { createDatabase } from '../postgres';
import { rssMb, type Server, startServer } from '../processes';
import { int, mb, type SummaryRow, table } from '../report';

const STREAMS_PER_USER = 4;
const OPEN_CONCURRENCY = 100;
const DELIVERY_TIMEOUT_MS = 10_000;
const GAP_BETWEEN_MESSAGES_MS = 50;

export interface RealtimeLane {
  lane: 'in-process' | 'redis';
  subscribers: number;
  messages: number;
  deliveries: number;
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  postP50Ms: number;
}

export interface RealtimeResult {
  streams: {
    wanted: number;
    held: number;
    users: number;
    openSeconds: number;
    rssBeforeMb: number | null;
    rssAfterMb: number | null;
    checkStreams: number;
    checkDelivered: number;
  };
  lanes: RealtimeLane[];
  /** Why the Redis lane did not run, if it did not. */
  redisSkipped: string | null;
}

// ── a minimal Transmit client ─────────────────────────────────────────────────────────────────

interface Stream {
  uid: string;
  close(): void;
}

type OnEvent = (channel: string, payload: { type?: string; message?: { body?: string } }) => void;

const cookieOf = (token: string) => `closia_session=${token}`;

/** Opens `GET /__transmit/events?uid=` and calls `onEvent` for each `data:` frame. */
function openStream(baseUrl: string, cookie: string, onEvent: OnEvent): Promise<Stream> {
  const uid = randomUUID();
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/v1/__transmit/events?uid=${uid}`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET /__transmit/events answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of frame.split('\n')) {
              if (line.startsWith('data: ')) {
                const data = JSON.parse(line.slice(6)) as { channel: string; payload: never };
                onEvent(data.channel, data.payload);
              }
            }
            end = buffer.indexOf('\n\n');
          }
        });
        response.on('error', () => {});
        resolve({ uid, close: () => request.destroy() });
      },
    );
    request.on('error', reject);
  });
}

/** The CSRF token bound to a session (`GET /api/v1/csrf` sets it). */
async function csrfToken(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/csrf`, { headers: { cookie } });
  await response.arrayBuffer();
  for (const line of response.headers.getSetCookie()) {
    const match = /^XSRF-TOKEN=([^;]*)/.exec(line);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error('GET /api/v1/csrf set no XSRF-TOKEN cookie');
}

interface Caller {
  cookie: string;
  xsrf: string;
}

async function post(baseUrl: string, who: Caller, pathname: string, body: unknown, expected: number) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: {
      cookie: `${who.cookie}; XSRF-TOKEN=${encodeURIComponent(who.xsrf)}`,
      'x-xsrf-token': who.xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(
      `POST ${pathname} answered ${response.status}, expected ${expected}: ${text.slice(0, 200)}`,
    );
  }
  return text;
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function pool<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// ── the measures ──────────────────────────────────────────────────────────────────────────────

async function holdStreams(
  server: Server,
  people: RealtimePeople,
  wanted: number,
): Promise<RealtimeResult['streams']> {
  const users = people.users.slice(0, Math.ceil(wanted / STREAMS_PER_USER));
  const seen = new Map<number, number>();
  const rssBeforeMb = rssMb(server.pid);
  const started = performance.now();
  const callers = await pool(users, OPEN_CONCURRENCY, async (user) => ({
    user,
    caller: { cookie: cookieOf(user.token), xsrf: await csrfToken(server.baseUrl, cookieOf(user.token)) },
  }));
  const slots = callers.flatMap((c) => Array.from({ length: STREAMS_PER_USER }, () => c)).slice(0, wanted);
  const streams = await pool(slots, OPEN_CONCURRENCY, async ({ user, caller }) => {
    const stream = await openStream(server.baseUrl, caller.cookie, (_channel, payload) => {
      if (payload.type === 'notifications.read') seen.set(user.id, (seen.get(user.id) ?? 0) + 1);
    });
    await post(
      server.baseUrl,
      caller,
      '/api/v1/__transmit/subscribe',
      { uid: stream.uid, channel: `users/${user.id}` },
      204,
    );
    return stream;
  });
  const openSeconds = (performance.now() - started) / 1000;
  await sleep(1_000);
  const rssAfterMb = rssMb(server.pid);

  // Still delivering: 50 users mark their notifications read; each of their streams is told.
  const checked = callers.slice(0, 50);
  await pool(checked, 10, ({ caller }) =>
    post(server.baseUrl, caller, '/api/v1/notifications/read', {}, 200),
  );
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  const delivered = () => checked.reduce((sum, { user }) => sum + (seen.get(user.id) ?? 0), 0);
  while (delivered() < checked.length * STREAMS_PER_USER && performance.now() < deadline) await sleep(50);
  const result = {
    wanted,
    held: streams.length,
    users: users.length,
    openSeconds,
    rssBeforeMb,
    rssAfterMb,
    checkStreams: checked.length * STREAMS_PER_USER,
    checkDelivered: delivered(),
  };
  for (const stream of streams) stream.close();
  await sleep(500);
  return result;
}

async function broadcastLatency(
  lane: RealtimeLane['lane'],
  postTo: Server,
  listenOn: Server,
  people: RealtimePeople,
  config: BenchConfig,
): Promise<RealtimeLane> {
  const members = people.users.slice(0, Math.min(people.members, config.rtSubscribers));
  const channel = `teams/${people.teamId}/chats/${people.chatId}`;
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  let arrivals = 0;
  const streams = await pool(members, OPEN_CONCURRENCY, async (user) => {
    const caller = {
      cookie: cookieOf(user.token),
      xsrf: await csrfToken(listenOn.baseUrl, cookieOf(user.token)),
    };
    const stream = await openStream(listenOn.baseUrl, caller.cookie, (_channel, payload) => {
      if (payload.type !== 'message.created') return;
      const at = sentAt.get(payload.message?.body ?? '');
      if (at !== undefined) {
        delays.push(performance.now() - at);
        arrivals += 1;
      }
    });
    await post(listenOn.baseUrl, caller, '/api/v1/__transmit/subscribe', { uid: stream.uid, channel }, 204);
    return stream;
  });
  const writer = people.users[0]!;
  const writerCaller = {
    cookie: cookieOf(writer.token),
    xsrf: await csrfToken(postTo.baseUrl, cookieOf(writer.token)),
  };
  const postTimes: number[] = [];
  for (let i = 0; i < config.rtMessages; i++) {
    const body = `Message de mesure n° ${i + 1} (${lane})`;
    const expected = (i + 1) * streams.length;
    const start = performance.now();
    sentAt.set(body, start);
    await post(
      postTo.baseUrl,
      writerCaller,
      `/api/v1/teams/${people.teamId}/chats/${people.chatId}/messages`,
      { body },
      201,
    );
    postTimes.push(performance.now() - start);
    const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
    while (arrivals < expected && performance.now() < deadline) await sleep(5);
    await sleep(GAP_BETWEEN_MESSAGES_MS);
  }
  for (const stream of streams) stream.close();
  await sleep(500);
  const sorted = [...delays].sort((a, b) => a - b);
  const posts = [...postTimes].sort((a, b) => a - b);
  return {
    lane,
    subscribers: streams.length,
    messages: config.rtMessages,
    deliveries: sorted.length,
    missed: streams.length * config.rtMessages - sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    postP50Ms: percentile(posts, 50),
  };
}

// ── the run ───────────────────────────────────────────────────────────────────────────────────

export async function runRealtime(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<RealtimeResult> {
  const { openDatabase } = await import('@closia/server/db/client');
  const { generateRealtime } = await import('../generate/realtime');
  const userCount = Math.max(Math.ceil(config.rtStreams / STREAMS_PER_USER), config.rtSubscribers);
  const generate = async (target: Parameters<typeof openDatabase>[0]) => {
    const db = await openDatabase(target, { template: null });
    try {
      return await generateRealtime(db, { users: userCount, members: config.rtSubscribers });
    } finally {
      await db.close();
    }
  };
  const dir = tempDir('closia-bench-rt-');
  const options = (databaseUrl: string | null, env: Record<string, string> = {}) => ({
    dataDir: dir.path,
    databaseUrl,
    startTimeoutMs: config.startTimeoutMs,
    env,
  });
  const servers: Server[] = [];
  let drop: (() => Promise<void>) | null = null;
  try {
    let people: RealtimePeople;
    let url: string | null = null;
    if (database.kind === 'postgres') {
      const created = await createDatabase(database.adminUrl);
      drop = created.drop;
      url = created.url;
      servers.push(await startServer(options(url)));
      people = await generate({ kind: 'postgres', url });
    } else {
      const first = await startServer(options(null));
      await first.stop();
      people = await generate({ kind: 'pglite', dataDir: path.join(dir.path, 'db') });
      servers.push(await startServer(options(null)));
    }
    console.log(
      `  ${int(people.users.length)} users with a session, a team of ${int(people.members)} members`,
    );
    const server = servers[0]!;

    const streams = await holdStreams(server, people, config.rtStreams);
    console.log(
      `  ${int(streams.held)} streams held (${int(streams.users)} users × ${STREAMS_PER_USER}), opened and subscribed in ${streams.openSeconds.toFixed(1)} s; ` +
        `server RSS ${mb(streams.rssBeforeMb)} → ${mb(streams.rssAfterMb)}; ${streams.checkDelivered}/${streams.checkStreams} check events delivered`,
    );
    if (streams.checkDelivered < streams.checkStreams) {
      problems.warn(`realtime: ${streams.checkStreams - streams.checkDelivered} check events not delivered`);
    }

    const lanes: RealtimeLane[] = [await broadcastLatency('in-process', server, server, people, config)];
    let redisSkipped: string | null = null;
    const redisUrl =
      config.redisUrl ?? ((await redisAnswers('redis://127.0.0.1:6379')) ? 'redis://127.0.0.1:6379' : null);
    if (database.kind !== 'postgres') redisSkipped = 'two instances share a database on PostgreSQL only';
    else if (!redisUrl) redisSkipped = 'no Redis (BENCH_REDIS_URL, REDIS_URL, or 127.0.0.1:6379)';
    else if (!(await redisAnswers(redisUrl))) redisSkipped = `Redis at ${redisUrl} does not answer`;
    if (!redisSkipped && url && redisUrl) {
      await server.stop();
      servers.length = 0;
      const a = await startServer(options(url, { REDIS_URL: redisUrl }));
      servers.push(a);
      const b = await startServer(options(url, { REDIS_URL: redisUrl }));
      servers.push(b);
      lanes.push(await broadcastLatency('redis', a, b, people, config));
    }
    console.log(
      table(
        ['lane', 'subscribers', 'messages', 'deliveries', 'missed', 'p50', 'p99', 'max', 'POST p50'],
        lanes.map((l) => [
          l.lane,
          int(l.subscribers),
          int(l.messages),
          int(l.deliveries),
          int(l.missed),
          `${l.p50Ms.toFixed(1)} ms`,
          `${l.p99Ms.toFixed(1)} ms`,
          `${l.maxMs.toFixed(1)} ms`,
          `${l.postP50Ms.toFixed(1)} ms`,
        ]),
      ),
    );
    if (redisSkipped) console.log(`  Redis lane skipped: ${redisSkipped}`);
    return { streams, lanes, redisSkipped };
  } finally {
    for (const server of servers) await server.stop();
    await drop?.();
    await dir.remove();
  }
}

export function realtimeSummary(result: RealtimeResult): SummaryRow[] {
  const rows: SummaryRow[] = [
    {
      scenario: 'realtime',
      figure: 'event streams held by one server',
      value: `${int(result.streams.held)} (RSS ${mb(result.streams.rssBeforeMb)} → ${mb(result.streams.rssAfterMb)})`,
      target: '≥ 10,000',
      met: result.streams.held >= 10_000 && result.streams.checkDelivered === result.streams.checkStreams,
    },
  ];
  for (const lane of result.lanes) {
    rows.push({
      scenario: 'realtime',
      figure: `broadcast to ${int(lane.subscribers)}, ${lane.lane} p50 / p99`,
      value: `${lane.p50Ms.toFixed(1)} / ${lane.p99Ms.toFixed(1)} ms${lane.missed ? ` (${int(lane.missed)} missed)` : ''}`,
    });
  }
  return rows;
}
