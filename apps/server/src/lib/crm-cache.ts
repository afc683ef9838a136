/**
 * Recent answers of the CRM's heavy reads — `GET /pipeline`, `GET /stats`, `GET /stats/forecast` —
 * kept a few seconds per caller and query (ADR 012). Each aggregates thousands of deals, history
 * rows and commission lines; a seller's dashboard asks for them again and again.
 *
 * An answer is forgotten as soon as anything it may depend on changes, per user: a CRM write
 * forgets the answers of the users it concerns (a deal's owner, setter and offer's infopreneur,
 * before and after the write; a prospect's or activity's writer) on every instance (the
 * invalidation bus, with Redis when configured), and the other users keep theirs. A few writes
 * still forget everyone's answers: a mission's commission split, and every write to the offers and
 * missions (a price changes a deal's value). The TTL (`CRM_CACHE_TTL_MS`, 10 s by default, 0 turns
 * caching off) bounds what time alone changes: the days in a stage, "today".
 */
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { listingsGeneration } from './listing-changes';
import { generationCounter, resultCache } from './result-cache';
import { viewerOf } from './viewer';

export const DEFAULT_CRM_CACHE_TTL_MS = 10_000;
const ttls = new WeakMap<object, number>();

export function setCrmCacheTtl(db: DbOrTx, ms: number): void {
  ttls.set(db, ms);
}

const everyone = generationCounter();
/** Per database, each user's own generation (absent: 0), moved by the writes that concern them. */
const perUser = new WeakMap<object, Map<number, number>>();

/**
 * A CRM write committed (here or, through the invalidation bus, on another instance): the answers
 * of `users` are forgotten, or everyone's without it.
 */
export function crmChanged(db: DbOrTx, users?: readonly number[]): void {
  if (!users) {
    everyone.changed(db);
    return;
  }
  let generations = perUser.get(db);
  if (!generations) {
    generations = new Map();
    perUser.set(db, generations);
  }
  for (const id of users) generations.set(id, (generations.get(id) ?? 0) + 1);
}

/** Both counters only grow: their sum moves whenever either does. */
const generation = (db: DbOrTx) => everyone.current(db) + listingsGeneration(db);

const answers = resultCache<unknown>({
  name: 'crm',
  generation,
  // A user's write leaves their former entries behind (never asked for again): room for them.
  maxEntries: 5_000,
  ttl: (db) => ttls.get(db) ?? DEFAULT_CRM_CACHE_TTL_MS,
  // A stats refresh is several queries: two at a time in the background, not one per stale hit
  // (the misses and the uncached reads waited behind them for the pool's connections, ADR 017).
  maxBackground: 2,
});

/**
 * The answer of `what` for `userId` and its query: kept while nothing changed, else computed. The
 * user's own generation is part of the key: a write that concerns them makes the next read a miss
 * (and a computation that started before it is kept under the old key, never read again).
 */
export function cachedCrm<V>(
  db: DbOrTx,
  what: string,
  userId: number,
  query: unknown,
  compute: () => Promise<V>,
): Promise<V> {
  const mine = perUser.get(db)?.get(userId) ?? 0;
  return answers.get(db, JSON.stringify([what, userId, mine, query]), compute) as Promise<V>;
}

/**
 * Declares that every write of a route plugin (prospects, activities, imports) may change the
 * CRM's answers of its writer: each unsafe request records `forget({ crm: writer })` on its unit of
 * work, which the unit of work plugin publishes to every instance before a successful answer
 * leaves (ADR 015) — the writer's next read is fresh; a failed request forgets nothing.
 * `everyoneOn` lists the routes (their path's end) whose writes may change other users' answers
 * too (a prospect renamed or deleted changes the deals on it, which its closers also see): those
 * forget everyone's.
 */
export function forgetCrmAnswersOnWrites(app: FastifyInstance, everyoneOn: readonly string[] = []): void {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const writer = viewerOf(request.session)?.id;
    const url = request.routeOptions.url ?? '';
    if (writer === undefined || everyoneOn.some((end) => url.endsWith(end))) {
      request.work.forget('crm');
    } else request.work.forget({ crm: writer });
  });
}

/** Applies the CRM invalidations of every instance to this one's answers (once per app). */
export function followCrmInvalidations(app: FastifyInstance): void {
  app.invalidation.onInvalidate((message) => {
    if (message.scope === 'crm') crmChanged(app.db, message.users);
    else if (message.scope === 'all') crmChanged(app.db);
  });
}
