/**
 * Setters, closers and setter-closers as others find them (`GET /api/v1/freelancers`, the
 * applicants of a mission, favorites): finished profiles of users who are not suspended.
 */
import {
  type FreelancerCard,
  type FreelancerSearchInput,
  type FreelancerSearchResult,
  missionTypes,
} from '@closia/shared';
import { and, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { missions, profiles, services, users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { estimatedRows, roughly } from '../../lib/estimates';
import { freelancersGeneration } from '../../lib/listing-changes';
import {
  experienceAtLeastSql,
  type FreelancerColumns,
  freelancerBestScore,
  freelancerScoreFloorSql,
  freelancerScoreSql,
  type MissionFacts,
  matchOf,
  yearsSince,
} from '../../lib/matching';
import { folded, likeContaining } from '../../lib/name-search';
import { paginationMeta } from '../../lib/pagination';
import { preparedPerDatabase } from '../../lib/prepared';
import { isOnline } from '../../lib/presence';
import { resultCache } from '../../lib/result-cache';
import { textSearch } from '../../lib/text-search';
import { loadInTiers } from '../../lib/tiers';
import type { Viewer } from '../../lib/viewer';
import { workSectorNameMap } from '../reference/reference.service';
import { namedRefs } from '../services/services.presenter';

/** A freelancer others may find: finished setter/closer/setter-closer profile, account not suspended. */
export const freelancerIsListed = and(
  inArray(profiles.kind, [...missionTypes]),
  eq(profiles.finishedProfileSetup, true),
  isNull(users.suspendedAt),
) as SQL;

/** What the match needs of a mission. */
export interface MissionForMatch extends MissionFacts {
  id: number;
  missionType: string;
}

const freelancerColumns: FreelancerColumns = {
  kind: sql`${profiles.kind}`,
  experience: sql`${profiles.experience}`,
  conversionRate: sql`${profiles.conversionRate}`,
  // The user's availability as copied on the profile (migration 0014).
  available: sql`${profiles.available}`,
  sectors: sql`${profiles.workSectorIds}`,
  skills: sql`${profiles.skills}`,
};

/** A mission row with its offer's sectors, as the match needs it. */
export function missionFacts(row: {
  id: number;
  missionType: string;
  minConversionRate: number | null;
  minExperience: number | null;
  sectors: number[];
  mentionedSkills: string[];
}): MissionForMatch {
  return {
    id: row.id,
    missionType: row.missionType,
    minConversionRate: row.minConversionRate,
    minExperience: row.minExperience,
    sectors: row.sectors,
    mentionedSkills: row.mentionedSkills,
  };
}

/** The mission of `?missionId=`: one of the viewer's own (a 422 on `missionId` otherwise). */
export async function missionForMatch(
  db: DbOrTx,
  viewer: Viewer,
  missionId: number,
): Promise<MissionForMatch> {
  const [row] = await db
    .select({
      id: missions.id,
      missionType: missions.missionType,
      minConversionRate: missions.minConversionRate,
      minExperience: missions.minExperience,
      sectors: missions.offerSectors,
      mentionedSkills: missions.mentionedSkills,
    })
    .from(missions)
    .innerJoin(services, eq(services.id, missions.serviceId))
    .where(
      and(
        eq(missions.id, missionId),
        eq(missions.infopreneurId, viewer.id),
        sql`${missions.status} <> 'deleted'`,
      ),
    );
  if (!row) throw fieldError('missionId', 'exists', 'The selected missionId is invalid');
  return missionFacts(row);
}

/** What a card reads, for the viewer `viewerId` (a user id, a placeholder, or null). */
function cardColumns(viewerId: number | Placeholder | null) {
  return {
    user: {
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
      location: users.location,
      available: users.available,
      lastSeenAt: users.lastSeenAt,
    },
    profile: {
      id: profiles.id,
      kind: profiles.kind,
      description: profiles.description,
      conversionRate: profiles.conversionRate,
      experience: profiles.experience,
      skills: profiles.skills,
      workSectorIds: profiles.workSectorIds,
    },
    favorite:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists(select 1 from favorites f where f.user_id = ${viewerId} and f.kind = 'user' and f.target_id = ${users.id})`,
  };
}

type Loaded = Awaited<ReturnType<typeof loadFreelancers>>[number];

export async function loadFreelancers(
  db: DbOrTx,
  where: SQL | undefined,
  viewer: Viewer | null,
  options: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
) {
  let query = db
    .select(cardColumns(viewer?.id ?? null))
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(...(options.orderBy ?? [desc(profiles.updatedAt), desc(profiles.id)]))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  return query;
}

/** The listed freelancers of a page of profile ids, as a prepared statement (see loadListedMissions). */
const listedByIds = preparedPerDatabase((db) =>
  db
    .select(cardColumns(sql.placeholder('viewer')))
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(freelancerIsListed, sql`${profiles.id} = any(${sql.placeholder('ids')}::int[])`))
    .prepare('listed_freelancers_by_ids'),
);

/** The freelancers of profile `ids` still listed, in the order of `ids`. */
async function loadListedFreelancers(db: DbOrTx, ids: readonly number[], viewer: Viewer): Promise<Loaded[]> {
  if (ids.length === 0) return [];
  const rows = await listedByIds(db).execute({ viewer: viewer.id, ids: `{${ids.join(',')}}` });
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.profile.id)! - position.get(b.profile.id)!);
}

/**
 * Cards of loaded rows: `missionOf(index)` is the mission the row at that index is matched against
 * (null: no match). One query, for the names of the work sectors.
 */
export async function presentFreelancers(
  db: DbOrTx,
  rows: Loaded[],
  missionOf: (index: number) => MissionForMatch | null = () => null,
): Promise<FreelancerCard[]> {
  const names = await workSectorNameMap(
    db,
    rows.flatMap((r) => r.profile.workSectorIds),
  );
  return rows.map(({ user: u, profile: p, favorite }, index) => {
    const years = yearsSince(p.experience);
    const mission = missionOf(index);
    return {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      fullName: `${u.firstName} ${u.lastName}`,
      profilePicture: u.profilePicture,
      kind: p.kind as FreelancerCard['kind'],
      location: u.location,
      available: u.available,
      online: isOnline(u),
      description: p.description,
      conversionRate: p.conversionRate,
      experience: p.experience,
      experienceYears: years,
      skills: p.skills,
      workSectors: namedRefs(p.workSectorIds, names),
      favorite: Boolean(favorite),
      match: mission
        ? matchOf(mission, {
            kind: p.kind,
            conversionRate: p.conversionRate,
            years,
            available: u.available,
            sectors: p.workSectorIds,
            skills: p.skills,
          })
        : null,
    };
  });
}

const pageCache = resultCache<number[]>({
  name: 'freelancers.page',
  generation: freelancersGeneration,
  maxEntries: 2_000,
});
/** A search's total: counted, or estimated above COUNTED_MAX. */
interface Total {
  n: number;
  approximate: boolean;
}

const totalCache = resultCache<Total>({
  name: 'freelancers.total',
  generation: freelancersGeneration,
  maxEntries: 1_000,
});

/**
 * The slacks the mission ranking tries in turn, below the best score a profile can reach (0: the
 * perfect matches only); past the last, every profile of the tier is scored.
 */
const SCORE_SLACKS = [10, 25] as const;
/** Fewer profiles matching the filters than this are ranked by scoring them all. */
const FLOOR_MIN_PROFILES = 2_000;
/**
 * Profiles counted one by one at most: above, the total is the planner's estimate
 * (`meta.totalIsApproximate`), since counting a broad search (29,000 setters) took 8–12 ms of the
 * database's time for each answer. The same bound as FLOOR_MIN_PROFILES: whether a ranking uses its
 * floors never depends on an estimate.
 */
const COUNTED_MAX = FLOOR_MIN_PROFILES;

/** Users online within this window count as online (the same rule as `isOnline`). */
const ONLINE_WINDOW = sql`interval '5 minutes'`;

export async function searchFreelancers(
  db: DbOrTx,
  viewer: Viewer,
  input: FreelancerSearchInput,
): Promise<FreelancerSearchResult> {
  const mission = input.missionId ? await missionForMatch(db, viewer, input.missionId) : null;
  // `profiles.listed` is freelancerIsListed as a trigger keeps it (migration 0014): without the
  // online and location filters, the search reads `profiles` alone (its covering partial index).
  // `listed` itself, not `listed = $1`: postgres.js prepares every statement, and a generic plan
  // could not prove the partial indexes' `WHERE listed` of a parameter (it scanned every profile).
  const conditions: SQL[] = [sql`${profiles.listed}`];
  let withUsers = false;
  const role = input.role ?? 'all';
  if (role === 'setter' || role === 'closer')
    conditions.push(inArray(profiles.kind, [role, 'setter_closer']));
  else if (role === 'setter_closer') conditions.push(eq(profiles.kind, 'setter_closer'));
  else if (mission) conditions.push(inArray(profiles.kind, [mission.missionType, 'setter_closer']));
  const search = input.query?.trim() ? await textSearch(db, profiles.searchVector, input.query) : null;
  if (search) conditions.push(search.where);
  if (input.workSectors?.length)
    conditions.push(sql`${profiles.workSectorIds} && ${sql.param(input.workSectors)}::int[]`);
  if (input.skills?.length) {
    // `skill_keys`: the profile's skills unaccented and lower-cased (migration search_filter_keys).
    const keys = input.skills.map(folded);
    conditions.push(
      keys.every((key) => typeof key === 'string')
        ? sql`${profiles.skillKeys} && ${sql.param(keys)}::text[]`
        : sql`${profiles.skillKeys} && array(select lower(unaccent(x)) from unnest(${sql.param(input.skills)}::text[]) x)`,
    );
  }
  if (input.minConversionRate !== undefined)
    conditions.push(sql`${profiles.conversionRate} >= ${input.minConversionRate}`);
  if (input.minExperience !== undefined)
    conditions.push(experienceAtLeastSql(profiles.experience, input.minExperience));
  if (input.available !== undefined) conditions.push(eq(profiles.available, input.available));
  if (input.online !== undefined) {
    withUsers = true;
    const online = sql`(${users.lastSeenAt} is not null and ${users.lastSeenAt} > now() - ${ONLINE_WINDOW})`;
    conditions.push(input.online ? online : sql`not ${online}`);
  }
  if (input.location) {
    // The user's location key as copied on the profile (migration search_filter_keys).
    conditions.push(sql`${profiles.locationKey} like ${likeContaining(input.location)}`);
  }
  const where = and(...conditions) as SQL;

  const tieBreak: SQL[] = [desc(profiles.available), desc(profiles.updatedAt), desc(profiles.id)];
  const orderBy: SQL[] = [];
  if (search && !mission) orderBy.push(sql`${search.rank} desc`);
  orderBy.push(...tieBreak);

  const page = { page: input.page, perPage: input.perPage };
  /** `profiles`, joined with `users` only when a filter reads the user. */
  const fromProfiles = <F extends { n: SQL } | { id: typeof profiles.id }>(fields: F) => {
    const query = db.select(fields).from(profiles).$dynamic();
    return withUsers ? query.innerJoin(users, eq(users.id, profiles.userId)) : query;
  };
  const countOf = async (condition: SQL) =>
    (await fromProfiles({ n: sql<number>`count(*)::int` }).where(condition))[0]?.n ?? 0;
  /** The total: counted up to COUNTED_MAX, estimated above. */
  const totalOf = async (condition: SQL): Promise<Total> => {
    const matching = () => fromProfiles({ id: profiles.id }).where(condition);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
      matching()
        .limit(COUNTED_MAX + 1)
        .as('matches'),
    );
    const counted = row?.n ?? 0;
    if (counted <= COUNTED_MAX) return { n: counted, approximate: false };
    const estimate = await estimatedRows(db, matching().getSQL());
    return { n: Math.max(COUNTED_MAX + 1, roughly(estimate)), approximate: true };
  };
  /**
   * A page of profile ids ranked by score for the mission, without scoring every profile: the
   * profiles that can still score within `slack` of the best (a few comparisons per row,
   * freelancerScoreFloorSql) are scored and ranked first; when the page's last row scores at least
   * that much, no profile left out can rank before it, and the page is exact. Otherwise a wider
   * slack, and finally every profile of the tier (at once when the filters leave few: `total`).
   */
  const rankedForMission = async (
    tier: SQL,
    m: MissionForMatch,
    first: boolean,
    limit: number,
    offset: number,
    total: number,
  ): Promise<number[]> => {
    const sharesSector = first && m.sectors.length > 0;
    const best = freelancerBestScore(m, sharesSector);
    const ranked = (condition: SQL) =>
      fromProfiles({ id: profiles.id, score: sql<number>`${freelancerScoreSql(m, freelancerColumns)}` })
        .where(condition)
        // The score by its position in the select list: computed once per row.
        .orderBy(sql`2 desc`, ...tieBreak)
        .limit(limit)
        .offset(offset);
    // A few hundred profiles are scored at once: the floors would only add queries.
    for (const slack of total > FLOOR_MIN_PROFILES ? SCORE_SLACKS : []) {
      const floor = freelancerScoreFloorSql(m, freelancerColumns, slack, sharesSector);
      if (floor === null) break;
      const rows = await ranked(and(tier, floor) as SQL);
      if (rows.length === limit && rows[limit - 1]!.score >= best - slack) return rows.map((row) => row.id);
    }
    return (await ranked(tier)).map((row) => row.id);
  };
  // The page's profile ids and the total are kept a few seconds (lib/result-cache.ts); the rows
  // are read fresh, by primary key.
  const filters = JSON.stringify([
    role,
    input.query?.trim().toLowerCase() ?? '',
    [...(input.workSectors ?? [])].sort(),
    [...(input.skills ?? [])].map((skill) => skill.toLowerCase()).sort(),
    input.minConversionRate ?? null,
    input.minExperience ?? null,
    input.available ?? null,
    input.online ?? null,
    input.location?.toLowerCase() ?? null,
    mission,
  ]);
  const totalPromise = totalCache.get(db, filters, () => totalOf(where));
  const [ids, total] = await Promise.all([
    pageCache.get(db, JSON.stringify([filters, input.page, input.perPage]), async () => {
      // Ranked for a mission: how to rank depends on how many profiles the filters leave (past
      // COUNTED_MAX, an estimate: more than FLOOR_MIN_PROFILES either way).
      const counted = mission ? await totalPromise : null;
      const known = counted?.n ?? null;
      if (counted && !counted.approximate && (input.page - 1) * input.perPage >= counted.n) return [];
      return loadInTiers(
        where,
        // Ranked for a mission: the freelancers sharing one of its sectors first.
        mission && mission.sectors.length > 0
          ? sql`${profiles.workSectorIds} && ${sql.param([...mission.sectors])}::int[]`
          : null,
        { limit: input.perPage, offset: (input.page - 1) * input.perPage },
        countOf,
        async (tier, limit, offset, first) => {
          if (mission) return rankedForMission(tier, mission, first, limit, offset, known!);
          return (
            await fromProfiles({ id: profiles.id })
              .where(tier)
              .orderBy(...orderBy)
              .limit(limit)
              .offset(offset)
          ).map((row) => row.id);
        },
      );
    }),
    totalPromise,
  ]);
  // Still listed: a profile changed since the ids were kept is checked again.
  const rows = await loadListedFreelancers(db, ids, viewer);
  return {
    data: await presentFreelancers(db, rows, () => mission),
    meta: { ...paginationMeta(total.n, page), totalIsApproximate: total.approximate },
  };
}
