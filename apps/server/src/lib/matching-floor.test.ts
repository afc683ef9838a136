import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import {
  type FreelancerColumns,
  freelancerBestScore,
  freelancerScoreFloorSql,
  freelancerScoreSql,
  type MissionFacts,
  matchOf,
  yearsSince,
} from './matching';

/**
 * The ranking of freelancers for a mission scores only the profiles meeting the floor of a slack
 * (freelancers.service.ts): its order is exact when every profile scoring at least the best score
 * minus the slack meets the floor. Checked here over 8,000 random profiles per mission, with
 * experience dates around the anniversaries and rates around the minimums.
 */
describe('the score floor lets through every profile that can reach it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const base: MissionFacts = {
    missionType: 'closer',
    minConversionRate: 40,
    minExperience: 2,
    sectors: [1, 2],
    mentionedSkills: ['Closing téléphonique'],
  };
  const missions: MissionFacts[] = [
    base,
    { ...base, minConversionRate: null, minExperience: null, sectors: [], mentionedSkills: [] },
    {
      ...base,
      missionType: 'setter',
      minConversionRate: 65,
      minExperience: 7,
      sectors: [3, 4, 5, 6],
      mentionedSkills: ['Closing téléphonique', 'Négociation', 'Relance'],
    },
    { ...base, missionType: 'setter_closer', minConversionRate: 0, minExperience: 0, sectors: [2] },
    { ...base, minConversionRate: 0.5, minExperience: 1, sectors: [1, 2, 3], mentionedSkills: ['Relance'] },
    { ...base, minConversionRate: 95, minExperience: 12, sectors: [5] },
  ];

  // Random profiles (seeded): every kind, rates 0–10 by tenths or none, experience 0–14 years ago
  // give or take 2 days or none, sectors and skills drawn from small sets.
  const profilesSql = sql`
    select (array['setter', 'closer', 'setter_closer'])[1 + floor(random() * 3)::int] as kind,
      case when random() < 0.1 then null else (floor(random() * 101) / 10)::real end as rate,
      case when random() < 0.1 then null
        else (current_date - make_interval(years => floor(random() * 15)::int))::date + (floor(random() * 5)::int - 2)
      end as experience,
      random() < 0.5 as available,
      (array['{}', '{1}', '{2}', '{1,2}', '{3}', '{1,2,3}', '{3,4,5,6}', '{4,5}', '{5}', '{2,5,6}'])[1 + floor(random() * 10)::int]::int[] as sectors,
      (array['{}', '{Closing téléphonique}', '{Négociation}', '{Closing téléphonique,Négociation}',
        '{Relance,Négociation}', '{Relance,Négociation,Closing téléphonique}'])[1 + floor(random() * 6)::int]::text[] as skills
    from generate_series(1, 8000)`;
  const columns: FreelancerColumns = {
    kind: sql`p.kind`,
    conversionRate: sql`p.rate`,
    experience: sql`p.experience`,
    available: sql`p.available`,
    sectors: sql`p.sectors`,
    skills: sql`p.skills`,
  };

  it('for every slack, in both tiers, and no profile scores above the best', async () => {
    await profilesTable();
    for (const m of missions) {
      for (const sharesSector of [true, false]) {
        const best = freelancerBestScore(m, sharesSector);
        const tier =
          m.sectors.length === 0
            ? sql`true`
            : sql`(p.sectors && ${sql.param([...m.sectors])}::int[]) = ${sharesSector}`;
        for (const slack of [0, 5, 10, 25, 40]) {
          const floor: SQL = freelancerScoreFloorSql(m, columns, slack, sharesSector) ?? sql`true`;
          const [row] = await ctx.database.rows<{ missed: number; top: number; reaching: number }>(
            ...(await toQuery(sql`
              select count(*) filter (where s.score >= ${best - slack} and not coalesce(s.floor, false))::int as missed,
                count(*) filter (where s.score >= ${best - slack})::int as reaching,
                max(s.score)::int as top
              from (select ${freelancerScoreSql(m, columns)} as score, (${floor}) as floor from p where ${tier}) s`)),
          );
          const what = JSON.stringify({ m, sharesSector, slack });
          expect(Number(row!.missed), what).toBe(0);
          expect(Number(row!.top), what).toBeLessThanOrEqual(best);
        }
      }
    }
    // 60 queries over the profiles: longer than a test's default timeout on a busy machine.
  }, 180_000);

  it('scores every random profile as matchOf does (experience around its anniversaries, rates around the minimums)', async () => {
    await profilesTable();
    const [{ today }] = (await ctx.database.rows<{ today: string }>(
      `select to_char(current_date, 'YYYY-MM-DD') as today`,
    )) as [{ today: string }];
    const now = new Date(`${today}T12:00:00Z`);
    for (const m of missions) {
      const rows = await ctx.database.rows<Row & { score: number }>(
        ...(await toQuery(sql`
          select kind, rate, to_char(experience, 'YYYY-MM-DD') as experience, available, sectors, skills,
            ${freelancerScoreSql(m, columns)} as score
          from p`)),
      );
      const wrong = rows.filter(
        (r) =>
          Number(r.score) !==
          matchOf(m, {
            kind: r.kind,
            // The column is a real: SQL computes with the stored float4 (2.6 is 2.5999999…), the
            // cards with its decimal text, which may differ by a point where 10 × rate × 10 ÷ the
            // minimum is a half (6.5 against 6.4999997).
            conversionRate: r.rate === null ? null : Math.fround(r.rate),
            years: yearsSince(r.experience, now),
            available: r.available,
            sectors: r.sectors,
            skills: r.skills,
          }).score,
      );
      expect(wrong.slice(0, 3), JSON.stringify(m)).toEqual([]);
    }
  }, 180_000);

  interface Row {
    kind: string;
    rate: number | null;
    experience: string | null;
    available: boolean;
    sectors: number[];
    skills: string[];
  }

  /** The random profiles, once per file (the same seed every run). */
  let created = false;
  async function profilesTable(): Promise<void> {
    if (created) return;
    await ctx.database.rows('select setseed(0.19)');
    await ctx.database.rows(...(await toQuery(sql`create temporary table p as ${profilesSql}`)));
    created = true;
  }

  async function toQuery(query: SQL): Promise<[string, unknown[]]> {
    const { PgDialect } = await import('drizzle-orm/pg-core');
    const built = new PgDialect().sqlToQuery(query);
    return [built.sql, built.params];
  }
});
