/**
 * Sponsorship delivery: which live campaigns the mission and offer searches show to an audience,
 * and the impressions those result pages serve. The campaigns themselves (create, edit, list,
 * clicks) are `advertisements.service.ts`.
 */
import { MAX_INT } from '@closia/shared';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { advertisements, missions, services } from '../../db/schema';
import { listingsGeneration } from '../../lib/listing-changes';
import { DEFAULT_SEARCH_CACHE_TTL_MS, resultCache } from '../../lib/result-cache';

export type TargetRole = 'setter' | 'closer' | 'setter_closer';

/** Serving at `now`: active and between its dates. */
export const liveAt = (now: Date) =>
  and(eq(advertisements.status, 'active'), lte(advertisements.startsAt, now), gt(advertisements.endsAt, now));

/** `counter + n`, stopping at the column's limit rather than overflowing it. */
export const plus = (column: typeof advertisements.clicks | typeof advertisements.impressions, n = 1) =>
  sql`least(${column}::bigint + ${n}, ${MAX_INT})::int`;

/** Counting leaves `updatedAt` alone: it tells when the owner last edited the campaign. */
export const keepUpdatedAt = sql`${advertisements.updatedAt}`;

const unique = (ids: number[]) => [...new Set(ids)];

const integerArray = (values: number[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::integer`),
    sql`, `,
  )}]::integer[]`;

/** Campaign roles that an audience of this role is shown (a setter-closer is both). */
function rolesFor(role: TargetRole): TargetRole[] {
  return role === 'setter_closer' ? ['setter', 'closer', 'setter_closer'] : [role];
}

/**
 * Live campaigns promoting missions (kind 'mission') or services (kind 'service') that suit this
 * audience: targetId → advertisementId (one campaign per target: the most recently started).
 *
 * A campaign suits the audience when it targets no work sector, or one of the audience's (or the
 * audience gives none), and when it targets no role, or the audience's (or the audience gives
 * none; a setter-closer audience suits setter and closer campaigns too). Only targets that the
 * public may see are sponsored: approved, active, not deleted services; published, open missions.
 */
export function liveSponsorships(
  db: DbOrTx,
  kind: 'mission' | 'service',
  audience: { workSectorIds?: number[] | null; role?: TargetRole | null },
): Promise<ReadonlyMap<number, number>> {
  const sectorIds = unique(audience.workSectorIds ?? []).sort((a, b) => a - b);
  const role = audience.role ?? null;
  return sponsorships.get(db, JSON.stringify([kind, sectorIds, role]), () =>
    findSponsorships(db, kind, sectorIds, role),
  );
}

/**
 * The live campaigns of an audience, kept in memory (lib/result-cache.ts) 10 s, whatever the
 * searches' TTL (which campaigns run, not a search's answer): every search looks them up, and they
 * change rarely — each campaign or listing write forgets them at once; a campaign that starts or
 * ends by its dates shows within the 10 s.
 */
const sponsorships = resultCache<ReadonlyMap<number, number>>({
  name: 'sponsorships',
  generation: listingsGeneration,
  ttl: () => DEFAULT_SEARCH_CACHE_TTL_MS,
  maxEntries: 500,
});

async function findSponsorships(
  db: DbOrTx,
  kind: 'mission' | 'service',
  sectorIds: number[],
  role: TargetRole | null,
): Promise<ReadonlyMap<number, number>> {
  const target = kind === 'mission' ? advertisements.missionId : advertisements.serviceId;
  const suits = and(
    liveAt(new Date()),
    sectorIds.length === 0
      ? undefined
      : or(
          sql`cardinality(${advertisements.targetWorkSectorIds}) = 0`,
          sql`${advertisements.targetWorkSectorIds} && ${integerArray(sectorIds)}`,
        ),
    role === null
      ? undefined
      : or(isNull(advertisements.targetRole), inArray(advertisements.targetRole, rolesFor(role))),
  );
  const rows =
    kind === 'mission'
      ? await db
          .selectDistinctOn([advertisements.missionId], {
            targetId: advertisements.missionId,
            id: advertisements.id,
          })
          .from(advertisements)
          .innerJoin(missions, eq(missions.id, advertisements.missionId))
          .where(and(suits, eq(missions.status, 'published'), eq(missions.missionStatus, 'open')))
          .orderBy(target, desc(advertisements.startsAt), desc(advertisements.id))
      : await db
          .selectDistinctOn([advertisements.serviceId], {
            targetId: advertisements.serviceId,
            id: advertisements.id,
          })
          .from(advertisements)
          .innerJoin(services, eq(services.id, advertisements.serviceId))
          .where(
            and(
              suits,
              eq(services.validationStatus, 'approved'),
              eq(services.status, 'active'),
              isNull(services.deletedAt),
            ),
          )
          .orderBy(target, desc(advertisements.startsAt), desc(advertisements.id));
  return new Map(rows.map((r) => [r.targetId!, r.id]));
}

/**
 * Impressions served and not yet written, per database: a result page counts them in memory and
 * they are written together within a second (one UPDATE per second instead of one write and one
 * commit per search, which under load queued every search behind the campaign's row lock). The
 * owner's reads write them first, and the app writes them on shutdown.
 */
const pendingImpressions = new WeakMap<DbOrTx, Map<number, number>>();
const IMPRESSIONS_FLUSH_MS = 1_000;

/** Counts one impression for each campaign id (duplicates counted once per call). */
export function recordImpressions(db: DbOrTx, advertisementIds: number[]): void {
  const ids = unique(advertisementIds);
  if (ids.length === 0) return;
  let pending = pendingImpressions.get(db);
  if (!pending) {
    pending = new Map();
    pendingImpressions.set(db, pending);
    setTimeout(() => {
      // Counting is best effort: a failed write (the database closing) loses a second of them.
      flushImpressions(db).catch(() => undefined);
    }, IMPRESSIONS_FLUSH_MS).unref();
  }
  for (const id of ids) pending.set(id, (pending.get(id) ?? 0) + 1);
}

/** Writes the impressions counted so far. */
export async function flushImpressions(db: DbOrTx): Promise<void> {
  const pending = pendingImpressions.get(db);
  if (!pending) return;
  pendingImpressions.delete(db);
  const byCount = new Map<number, number[]>();
  for (const [id, n] of pending) byCount.set(n, [...(byCount.get(n) ?? []), id]);
  for (const [n, ids] of byCount) {
    await db
      .update(advertisements)
      .set({ impressions: plus(advertisements.impressions, n), updatedAt: keepUpdatedAt })
      .where(inArray(advertisements.id, ids));
  }
}
