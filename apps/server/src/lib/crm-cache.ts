/**
 * Recent answers of the CRM's heavy reads — `GET /pipeline`, `GET /stats`, `GET /stats/forecast` —
 * kept a few seconds per caller and query (ADR 012). Each aggregates thousands of deals, history
 * rows and commission lines; a seller's dashboard asks for them again and again.
 *
 * An answer is forgotten as soon as anything it may depend on changes: every successful write of
 * the CRM (deals, commissions, prospects, activities) moves one generation on every instance (the
 * invalidation bus, with Redis when configured), and so does every write to the offers and
 * missions (a price changes a deal's value). The TTL (`CRM_CACHE_TTL_MS`, 10 s by default, 0
 * turns caching off) bounds what time alone changes: the days in a stage, "today".
 */
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { listingsGeneration } from './listing-changes';
import { generationCounter, resultCache } from './result-cache';

export const DEFAULT_CRM_CACHE_TTL_MS = 10_000;
const ttls = new WeakMap<object, number>();

export function setCrmCacheTtl(db: DbOrTx, ms: number): void {
  ttls.set(db, ms);
}

const crm = generationCounter();
/** A CRM write committed (here or, through the invalidation bus, on another instance). */
export const crmChanged = crm.changed;

/** Both counters only grow: their sum moves whenever either does. */
const generation = (db: DbOrTx) => crm.current(db) + listingsGeneration(db);

const answers = resultCache<unknown>({
  name: 'crm',
  generation,
  maxEntries: 2_000,
  ttl: (db) => ttls.get(db) ?? DEFAULT_CRM_CACHE_TTL_MS,
});

/** The answer of `what` for `userId` and its query: kept while nothing changed, else computed. */
export function cachedCrm<V>(
  db: DbOrTx,
  what: string,
  userId: number,
  query: unknown,
  compute: () => Promise<V>,
): Promise<V> {
  return answers.get(db, JSON.stringify([what, userId, query]), compute) as Promise<V>;
}

/**
 * Declares that every write of a route plugin (prospects, activities, imports) may change the
 * CRM's answers: each unsafe request records `forget('crm')` on its unit of work, which the unit
 * of work plugin publishes to every instance before a successful answer leaves (ADR 015) — the
 * writer's next read is fresh; a failed request forgets nothing.
 */
export function forgetCrmAnswersOnWrites(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') request.work.forget('crm');
  });
}

/** Applies the CRM invalidations of every instance to this one's answers (once per app). */
export function followCrmInvalidations(app: FastifyInstance): void {
  app.invalidation.onInvalidate((message) => {
    if (message.scope === 'crm' || message.scope === 'all') crmChanged(app.db);
  });
}
