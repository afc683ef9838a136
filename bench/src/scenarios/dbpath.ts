/**
 * Scenario "dbpath" (issue 19, "The database path itself is slow"): four pages that read the
 * database on every request, each beside the bare node:http floor and beside its own ceiling,
 * measured in the same run.
 *
 * - The data: a realistic setter, generated (generate/crm.ts at scale 0.05: 500 prospects, 1,000
 *   deals with their history, 3 offers with a mission each, the setter accepted on them) plus 40
 *   conversations of theirs with other sellers, 3–8 messages each, some unread.
 * - The four endpoints, as the setter: the public profile `GET /api/v1/users/{closer}`, a mission
 *   page `GET /api/v1/missions/{id}`, a deal page `GET /api/v1/deals/{id}` (the setter's deal with
 *   the longest history) and `GET /api/v1/conversations` (page 1).
 * - The floor: bare-server.mjs sending the profile's bytes (as in the ratio scenario).
 * - The ceilings: bare-db-server.mjs, node:http with the driver alone (postgres.js with the
 *   server's pool size; on PGlite, PGlite in its process on a copy of the server's data directory,
 *   which the server owns), running each endpoint's queries as prepared statements.
 *
 * Nine targets, BENCH_DBPATH_CONNECTIONS (10) connections, the ratio scenario's rounds, durations
 * and warm-up, order rotated every round; medians over the rounds, ratios of medians. Targets:
 * profile, mission and deal ≥ 0.15 of bare on PostgreSQL (≥ 0.05 on PGlite), the conversation
 * list ≥ 0.08 (≥ 0.03); each ≥ 0.80 of its ceiling.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { signIn } from '../api';
import { tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import type { Crm } from '../generate/crm';
import { load } from '../load';
import { createDatabase } from '../postgres';
import { type BareServer, type Server, startBareDbServer, startBareServer, startServer } from '../processes';
import { int, ratio, rotated, type SummaryRow, table } from '../report';
import { summarizeRuns, type TargetResult } from './ratio';

type Endpoint = 'profile' | 'mission' | 'deal' | 'conversations';
const endpoints: readonly Endpoint[] = ['profile', 'mission', 'deal', 'conversations'];

/** ÷ bare targets by database; the conversation list has its own. */
export const dbpathTargets = {
  postgres: { page: 0.15, conversations: 0.08 },
  pglite: { page: 0.05, conversations: 0.03 },
  ofCeiling: 0.8,
} as const;

export interface EndpointResult {
  endpoint: Endpoint;
  path: string;
  bytes: number;
  server: TargetResult;
  ceiling: TargetResult;
  /** median req/s ÷ the bare floor's */
  ofBare: number;
  /** median req/s ÷ its ceiling's */
  ofCeiling: number;
  target: number;
}

export interface DbpathResult {
  connections: number;
  rounds: number;
  secondsPerRun: number;
  kind: Database['kind'];
  bare: TargetResult;
  endpoints: EndpointResult[];
}

interface Prepared {
  server: Server;
  crm: Crm;
  ceiling: BareServer;
  ids: { viewer: number; profile: number; mission: number; deal: number };
  release(): Promise<void>;
}

const CONVERSATIONS = 40;
const HOUR = 3_600_000;

/** The setter's conversations: other sellers, a few messages each, the latest ones unread. */
async function generateConversations(
  database: import('@closia/server/db/client').Database,
  setterId: number,
): Promise<void> {
  const { conversationParticipants, conversations, messages, profiles, users } = await import(
    '@closia/server/db/schema'
  );
  const { SHARED_HASH } = await import('../generate/marketplace');
  const { firstNames, lastNames } = await import('../generate/french');
  const now = Date.now();
  await database.db.transaction(async (tx) => {
    const others = await tx
      .insert(users)
      .values(
        Array.from({ length: CONVERSATIONS }, (_, i) => ({
          firstName: firstNames[i % firstNames.length]!,
          lastName: lastNames[(i * 7) % lastNames.length]!,
          email: `bench-dbpath-${i}@closia.test`,
          passwordHash: SHARED_HASH,
          emailVerifiedAt: new Date(now - 400 * 24 * HOUR),
          role: i % 3 === 0 ? 'closer' : 'setter',
          lastSeenAt: new Date(now - (i % 5) * HOUR),
        })),
      )
      .returning({ id: users.id, role: users.role });
    await tx
      .insert(profiles)
      .values(others.map((o) => ({ userId: o.id, kind: o.role ?? 'setter', finishedProfileSetup: true })));
    for (const [i, other] of others.entries()) {
      const count = 3 + (i % 6);
      const last = now - i * 5 * HOUR;
      const [conversation] = await tx
        .insert(conversations)
        .values({
          pairKey: `${Math.min(setterId, other.id)}:${Math.max(setterId, other.id)}`,
          lastMessageAt: new Date(last),
          createdAt: new Date(last - count * HOUR),
        })
        .returning({ id: conversations.id });
      const conversationId = conversation!.id;
      // The setter has read all but the last one or two messages of one conversation in three.
      const readUpTo = i % 3 === 0 ? last - 1.5 * HOUR : last;
      await tx.insert(conversationParticipants).values([
        { conversationId, userId: setterId, lastReadAt: new Date(readUpTo) },
        { conversationId, userId: other.id, lastReadAt: new Date(last - 3 * HOUR) },
      ]);
      await tx.insert(messages).values(
        Array.from({ length: count }, (_, k) => ({
          conversationId,
          senderId: k % 2 === 0 ? other.id : setterId,
          body: `Bonjour, suite à notre échange sur la mission : voici le point n° ${k + 1}, on en reparle demain ?`,
          createdAt: new Date(last - (count - 1 - k) * HOUR),
        })),
      );
    }
  });
  await database.rows('analyze');
}

/** A fresh database with the setter's data, the server on it, and the ceiling on the same data. */
async function prepare(database: Database, config: BenchConfig, problems: Problems): Promise<Prepared> {
  const { openDatabase } = await import('@closia/server/db/client');
  const { generateCrm } = await import('../generate/crm');
  const generate = async (target: Parameters<typeof openDatabase>[0]) => {
    const db = await openDatabase(target, { template: null });
    try {
      const crm = await generateCrm(db, { scale: 0.05 });
      await generateConversations(db, crm.setter.id);
      const [deal] = await db.rows<{ id: number }>(
        `select d.id from deals d where d.owner_id = $1 and d.team_id is null
         order by (select count(*) from deal_histories h where h.deal_id = d.id) desc, d.id limit 1`,
        [crm.setter.id],
      );
      if (!deal) throw new Error('the generated CRM has no deal of the setter');
      return { crm, dealId: deal.id };
    } finally {
      await db.close();
    }
  };
  const stop = async (server: Server) => {
    const stopped = await server.stop();
    if (stopped.killed || stopped.code !== 0) {
      problems.warn(
        `the server did not shut down cleanly on SIGTERM (exit ${stopped.code ?? stopped.signal})`,
      );
    }
  };
  const dir = tempDir('closia-bench-dbpath-');
  const copy = tempDir('closia-bench-dbpath-ceiling-');
  const options = (databaseUrl: string | null) => ({
    dataDir: dir.path,
    databaseUrl,
    startTimeoutMs: config.startTimeoutMs,
  });
  let server: Server | null = null;
  let ceiling: BareServer | null = null;
  let drop: (() => Promise<void>) | null = null;
  try {
    let generated: Awaited<ReturnType<typeof generate>>;
    let ceilingEnv: Record<string, string>;
    if (database.kind === 'postgres') {
      const created = await createDatabase(database.adminUrl);
      drop = created.drop;
      server = await startServer(options(created.url));
      generated = await generate({ kind: 'postgres', url: created.url });
      ceilingEnv = { BENCH_DB_KIND: 'postgres', BENCH_DB_URL: created.url };
    } else {
      const first = await startServer(options(null));
      await stop(first);
      generated = await generate({ kind: 'pglite', dataDir: path.join(dir.path, 'db') });
      cpSync(path.join(dir.path, 'db'), path.join(copy.path, 'db'), { recursive: true });
      server = await startServer(options(null));
      ceilingEnv = { BENCH_DB_KIND: 'pglite', BENCH_DB_DIR: path.join(copy.path, 'db') };
    }
    const { crm, dealId } = generated;
    const ids = {
      viewer: crm.setter.id,
      profile: crm.closer.id,
      mission: crm.services[0]!.missionId,
      deal: dealId,
    };
    ceiling = await startBareDbServer({ ...ceilingEnv, BENCH_DBPATH_IDS: JSON.stringify(ids) });
    const running = server;
    const bareDb = ceiling;
    return {
      server: running,
      crm,
      ceiling: bareDb,
      ids,
      async release() {
        await bareDb.stop();
        await stop(running);
        await drop?.();
        await dir.remove();
        await copy.remove();
      },
    };
  } catch (error) {
    await ceiling?.stop(2_000);
    if (server) await server.stop(2_000);
    await drop?.();
    await dir.remove();
    await copy.remove();
    throw error;
  }
}

interface Target {
  key: string;
  label: string;
  url: string;
  headers: Record<string, string>;
  pid: number;
  server?: Server;
}

/** One GET that must answer 200: its body. */
async function once(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return body;
}

export async function runDbpath(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<DbpathResult> {
  const { dbpathConnections: connections, rounds, duration, warmup } = config;
  console.log(
    `\n▸ dbpath — ${connections} connections, ${rounds} rounds × ${duration} s per target after a ${warmup} s warm-up, order rotated every round`,
  );
  const prepared = await prepare(database, config, problems);
  let bare: BareServer | null = null;
  try {
    const { server, crm, ceiling, ids } = prepared;
    const cookie = await signIn(server.baseUrl, crm.setter.email, crm.password);
    const headers = { cookie };
    const paths: Record<Endpoint, string> = {
      profile: `/api/v1/users/${ids.profile}`,
      mission: `/api/v1/missions/${ids.mission}`,
      deal: `/api/v1/deals/${ids.deal}`,
      conversations: '/api/v1/conversations',
    };
    const bytes = {} as Record<Endpoint, number>;
    for (const e of endpoints) {
      bytes[e] = Buffer.byteLength(await once(`${server.baseUrl}${paths[e]}`, headers));
      await once(`${ceiling.url}${e}`, {});
    }
    bare = await startBareServer(await once(`${server.baseUrl}${paths.profile}`, headers));
    console.log(
      `  server ready in ${int(server.startMs)} ms; the setter (id ${ids.viewer}) has ${crm.counts.deals} deals, ` +
        `${CONVERSATIONS} conversations; answers: ${endpoints.map((e) => `${paths[e]} ${bytes[e]} B`).join(', ')}`,
    );

    const targets: Target[] = [
      ...endpoints.map((e) => ({
        key: e,
        label: `GET ${paths[e].replace(/\/\d+$/, '/:id')}`,
        url: `${server.baseUrl}${paths[e]}`,
        headers,
        pid: server.pid,
        server,
      })),
      ...endpoints.map((e) => ({
        key: `ceiling-${e}`,
        label: `ceiling ${e}`,
        url: `${ceiling.url}${e}`,
        headers: {},
        pid: ceiling.pid,
      })),
      { key: 'bare', label: 'bare node:http', url: bare.url, headers: {}, pid: bare.pid },
    ];
    const width = Math.max(...targets.map((t) => t.label.length));
    for (const t of targets) {
      const figures = await load({
        url: t.url,
        headers: t.headers,
        connections,
        seconds: warmup,
        pid: t.pid,
      });
      problems.check(`${database.label} dbpath warm-up ${t.label}`, figures, t.server);
    }
    const measured = new Map(targets.map((t) => [t.key, [] as Awaited<ReturnType<typeof load>>[]]));
    for (let round = 0; round < rounds; round++) {
      for (const t of rotated(targets, round)) {
        const figures = await load({
          url: t.url,
          headers: t.headers,
          connections,
          seconds: duration,
          pid: t.pid,
        });
        measured.get(t.key)!.push(figures);
        console.log(
          `  round ${round + 1}/${rounds}  ${t.label.padEnd(width)}  ${int(figures.rps).padStart(7)} req/s  ` +
            `p50 ${figures.p50} ms  p99 ${figures.p99} ms  errors ${figures.errors}  non-2xx ${figures.non2xx}`,
        );
        problems.check(`${database.label} dbpath round ${round + 1} ${t.label}`, figures, t.server);
      }
    }

    const summarize = (t: Target) => summarizeRuns(t.label, measured.get(t.key)!);
    const byKey = new Map(targets.map((t) => [t.key, summarize(t)]));
    const bareResult = byKey.get('bare')!;
    const goals = dbpathTargets[database.kind];
    const results: EndpointResult[] = endpoints.map((e) => {
      const s = byKey.get(e)!;
      const c = byKey.get(`ceiling-${e}`)!;
      return {
        endpoint: e,
        path: paths[e],
        bytes: bytes[e],
        server: s,
        ceiling: c,
        ofBare: s.medianRps / bareResult.medianRps,
        ofCeiling: s.medianRps / c.medianRps,
        target: e === 'conversations' ? goals.conversations : goals.page,
      };
    });

    const met = (r: EndpointResult) =>
      r.ofBare >= r.target && r.ofCeiling >= dbpathTargets.ofCeiling ? 'yes' : 'NO';
    console.log(
      `\n${table(
        [
          'endpoint',
          'req/s',
          'p50 ms',
          'p99 ms',
          '÷ bare',
          'ceiling req/s',
          'ceiling p50/p99',
          '÷ ceiling',
          'targets',
          'met',
        ],
        results.map((r) => [
          r.server.label,
          int(r.server.medianRps),
          String(r.server.medianP50),
          String(r.server.medianP99),
          ratio(r.ofBare),
          int(r.ceiling.medianRps),
          `${r.ceiling.medianP50}/${r.ceiling.medianP99}`,
          ratio(r.ofCeiling),
          `≥ ${r.target.toFixed(2)} · ≥ ${dbpathTargets.ofCeiling.toFixed(2)}`,
          met(r),
        ]),
      )}`,
    );
    console.log(
      `  bare node:http ${int(bareResult.medianRps)} req/s (p50 ${bareResult.medianP50} / p99 ${bareResult.medianP99} ms)`,
    );
    return {
      connections,
      rounds,
      secondsPerRun: duration,
      kind: database.kind,
      bare: bareResult,
      endpoints: results,
    };
  } finally {
    await bare?.stop();
    await prepared.release();
  }
}

export function dbpathSummary(r: DbpathResult): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const e of r.endpoints) {
    const label = e.server.label;
    rows.push(
      {
        scenario: 'dbpath',
        figure: `${label} ÷ bare node:http (${int(e.server.medianRps)} req/s, p50 ${e.server.medianP50} / p99 ${e.server.medianP99} ms)`,
        value: ratio(e.ofBare),
        target: `≥ ${e.target.toFixed(2)}`,
        met: e.ofBare >= e.target,
      },
      {
        scenario: 'dbpath',
        figure: `${label} ÷ its ceiling (${int(e.ceiling.medianRps)} req/s)`,
        value: ratio(e.ofCeiling),
        target: `≥ ${dbpathTargets.ofCeiling.toFixed(2)}`,
        met: e.ofCeiling >= dbpathTargets.ofCeiling,
      },
    );
  }
  rows.push({
    scenario: 'dbpath',
    figure: `bare node:http req/s (p50 ${r.bare.medianP50} / p99 ${r.bare.medianP99} ms)`,
    value: int(r.bare.medianRps),
  });
  return rows;
}
