/**
 * Setters, closers and setter-closers as others find them (`GET /api/v1/freelancers`, the
 * applicants of a mission, favorites): finished profiles of users who are not suspended.
 */
import {
  type FreelancerCard,
  type FreelancerSearchInput,
  missionTypes,
  type Paginated,
} from '@closia/shared';
import { and, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { missions, profiles, services, users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
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
import { paginationMeta } from '../../lib/pagination';
import { preparedPerDatabase } from '../../lib/prepared';
import { isOnline } from '../../lib/presence';
import { resultCache } from '../../lib/result-cache';
import { textSearch } from '../../lib/text-search';
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

/** A page's profile ids; with the total when one pass found both (ranked for a mission). */
const pageCache = resultCache<{ ids: number[]; total: number | null }>({
  name: 'freelancers.page',
  generation: freelancersGeneration,
  maxEntries: 2_000,
});
const totalCache = resultCache<number>({
  name: 'freelancers.total',
  generation: freelancersGeneration,
  maxEntries: 1_000,
});

/**
 * The slacks the mission ranking tries in turn, below the best score a profile can reach (0: the
 * perfect matches only); past the last, every profile matching the filters is scored.
 */
const SCORE_SLACKS = [10, 25] as const;
/** Fewer profiles matching the filters than this are ranked by scoring them all, past the first pass. */
const FLOOR_MIN_PROFILES = 2_000;

/** One pass over the profiles matching the filters (see rankedForMission). */
interface Candidates {
  /** Profiles matching the filters, and those of them in the first tier. */
  total: number;
  first: number;
  /** The candidates in rank order (tier, score, tie-break), with their tier and score. */
  ids: number[] | null;
  tiers: boolean[] | null;
  scores: number[] | null;
}

/**
 * The page `[offset, offset + limit)` of the ranking, from one pass's candidates: the profiles
 * that can score within `slack` of their tier's best (`best`). A tier's part of the page is exact
 * when the candidates hold the whole tier, or when its last row scores at least best − slack (no
 * profile left out can rank before it). Null when a part is not exact.
 */
export function pageOfCandidates(
  c: Candidates,
  best: { first: number; rest: number },
  slack: number,
  limit: number,
  offset: number,
): number[] | null {
  const ids = c.ids ?? [];
  const tiers = c.tiers ?? [];
  const scores = c.scores ?? [];
  const split = tiers.indexOf(false);
  const firstCount = split === -1 ? ids.length : split;
  /** Ranks [from, to) of a tier of `size` profiles, whose `count` candidates are ids[start…]. */
  const part = (from: number, to: number, size: number, tierBest: number, start: number, count: number) => {
    const end = Math.min(to, size);
    if (end <= from) return [];
    const exact = count === size || (count >= end && scores[start + end - 1]! >= tierBest - slack);
    return exact ? ids.slice(start + from, start + end) : null;
  };
  const first = part(offset, offset + limit, c.first, best.first, 0, firstCount);
  const rest = part(
    Math.max(0, offset - c.first),
    offset + limit - c.first,
    c.total - c.first,
    best.rest,
    firstCount,
    ids.length - firstCount,
  );
  return first && rest ? [...first, ...rest] : null;
}

/** Users online within this window count as online (the same rule as `isOnline`). */
const ONLINE_WINDOW = sql`interval '5 minutes'`;

export async function searchFreelancers(
  db: DbOrTx,
  viewer: Viewer,
  input: FreelancerSearchInput,
): Promise<Paginated<FreelancerCard>> {
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
    conditions.push(
      sql`${profiles.skillKeys} && array(select lower(unaccent(x)) from unnest(${sql.param(input.skills)}::text[]) x)`,
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
    conditions.push(sql`${profiles.locationKey} like '%' || lower(unaccent(${input.location})) || '%'`);
  }
  const where = and(...conditions) as SQL;

  const tieBreak: SQL[] = [desc(profiles.available), desc(profiles.updatedAt), desc(profiles.id)];
  const orderBy: SQL[] = [];
  if (search && !mission) orderBy.push(sql`${search.rank} desc`);
  orderBy.push(...tieBreak);

  const page = { page: input.page, perPage: input.perPage };
  /** `profiles`, joined with `users` only when a filter reads the user. */
  const fromProfiles = <F extends SelectedFields>(fields: F) => {
    const query = db.select(fields).from(profiles).$dynamic();
    return withUsers ? query.innerJoin(users, eq(users.id, profiles.userId)) : query;
  };
  const countOf = async (condition: SQL) =>
    (await fromProfiles({ n: sql<number>`count(*)::int` }).where(condition))[0]?.n ?? 0;
  /**
   * A page of profile ids ranked for the mission, and the total, without scoring every profile:
   * the freelancers sharing one of its sectors first (the first tier), each tier by score. One
   * pass counts the profiles matching the filters (and those of the first tier) and ranks only
   * those that can still score within a slack of their tier's best (a few comparisons per row,
   * freelancerScoreFloorSql); when the page is exact from them (pageOfCandidates), that is all.
   * Otherwise a wider slack, and finally every profile is scored.
   */
  const rankedForMission = async (m: MissionForMatch, limit: number, offset: number) => {
    const sectors = m.sectors.length > 0;
    const tier = sectors ? sql`${profiles.workSectorIds} && ${sql.param([...m.sectors])}::int[]` : sql`false`;
    const best = { first: freelancerBestScore(m, sectors), rest: freelancerBestScore(m, false) };
    const score = freelancerScoreSql(m, freelancerColumns);
    /** `rest`: the second tier's candidates too (only the first tier's otherwise). */
    const pass = async (slack: number, rest: boolean): Promise<Candidates> => {
      const floor = (first: boolean) =>
        first || rest
          ? (freelancerScoreFloorSql(m, freelancerColumns, slack, first && sectors) ?? sql`true`)
          : sql`false`;
      const rows = fromProfiles({
        id: profiles.id,
        available: profiles.available,
        updatedAt: profiles.updatedAt,
        t: sql<boolean>`${tier}`.as('t'),
        // Scored only where the floor of its tier lets it through.
        s: sql<
          number | null
        >`case when (case when ${tier} then ${floor(true)} else ${floor(false)} end) then ${score} end`.as(
          's',
        ),
      })
        .where(where)
        // Not merged into the outer query: each row's score is computed once.
        .offset(0)
        .as('c');
      const order = sql`order by ${rows.t} desc, ${rows.s} desc, ${rows.available} desc, ${rows.updatedAt} desc, ${rows.id} desc`;
      const scored = sql`filter (where ${rows.s} is not null)`;
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          first: sql<number>`(count(*) filter (where ${rows.t}))::int`,
          ids: sql<number[] | null>`array_agg(${rows.id} ${order}) ${scored}`,
          tiers: sql<boolean[] | null>`array_agg(${rows.t} ${order}) ${scored}`,
          scores: sql<number[] | null>`array_agg(${rows.s} ${order}) ${scored}`,
        })
        .from(rows);
      return row!;
    };
    let total = 0;
    // Without sectors, every profile is in the second tier.
    let rest = !sectors;
    for (let round = 0; round < SCORE_SLACKS.length; ) {
      const slack = SCORE_SLACKS[round]!;
      const candidates = await pass(slack, rest);
      total = candidates.total;
      const ids = pageOfCandidates(candidates, best, slack, limit, offset);
      if (ids) return { ids, total };
      if (total < FLOOR_MIN_PROFILES) break;
      // The page reaches past the first tier: the same slack again, with the second tier's candidates.
      if (!rest && offset + limit > candidates.first) rest = true;
      else round += 1;
    }
    const ids = await fromProfiles({ id: profiles.id })
      .where(where)
      .orderBy(sql`${tier} desc`, sql`${score} desc`, ...tieBreak)
      .limit(limit)
      .offset(offset);
    return { ids: ids.map((row) => row.id), total };
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
  const limit = input.perPage;
  const offset = (input.page - 1) * input.perPage;
  const pageKey = JSON.stringify([filters, input.page, input.perPage]);
  const { ids, total } = mission
    ? await pageCache.get(db, pageKey, () => rankedForMission(mission, limit, offset))
    : await Promise.all([
        pageCache.get(db, pageKey, async () => ({
          ids: (
            await fromProfiles({ id: profiles.id })
              .where(where)
              .orderBy(...orderBy)
              .limit(limit)
              .offset(offset)
          ).map((row) => row.id),
          total: null,
        })),
        totalCache.get(db, filters, () => countOf(where)),
      ]).then(([kept, count]) => ({ ids: kept.ids, total: count }));
  // Still listed: a profile changed since the ids were kept is checked again.
  const rows = await loadListedFreelancers(db, ids, viewer);
  return {
    data: await presentFreelancers(db, rows, () => mission),
    meta: paginationMeta(total ?? 0, page),
  };
}
