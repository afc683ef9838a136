import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import {
  type FreelancerFacts,
  freelancerScoreSql,
  type MissionFacts,
  matchOf,
  missionScoreSql,
} from './matching';

const mission: MissionFacts = {
  missionType: 'closer',
  minConversionRate: 40,
  minExperience: 2,
  sectors: [1, 2],
  mentionedSkills: ['Closing téléphonique'],
};
const freelancer: FreelancerFacts = {
  kind: 'closer',
  conversionRate: 6,
  years: 5,
  available: true,
  sectors: [1, 2, 3],
  skills: ['Closing téléphonique', 'Négociation'],
};

describe('matchOf', () => {
  it('gives full marks with the reasons of the issue, strongest first', () => {
    expect(matchOf(mission, freelancer)).toEqual({
      score: 95,
      reasons: [
        '2 secteurs en commun',
        'Taux de conversion 6/10 ≥ 4 demandé',
        "5 ans d'expérience ≥ 2 demandés",
        'Profil recherché : Closer',
        'Disponible',
        'Compétence recherchée : Closing téléphonique',
      ],
    });
  });

  it('gives partial points below a minimum, none for a wrong kind, and no reason for them', () => {
    const weak = matchOf(mission, {
      ...freelancer,
      kind: 'setter',
      conversionRate: 2,
      years: 1,
      available: false,
      sectors: [],
      skills: [],
    });
    // rate: 10 × 20 ÷ 40 = 5; experience: 10 × 1 ÷ 2 = 5.
    expect(weak).toEqual({ score: 10, reasons: [] });
    expect(
      matchOf({ ...mission, minConversionRate: null, minExperience: null }, { ...freelancer, years: 8 })
        .reasons,
    ).toContain("8 ans d'expérience");
    expect(matchOf(mission, { ...freelancer, kind: 'setter_closer' }).reasons).toContain(
      'Profil recherché : Closer',
    );
  });
});

describe('the SQL score is the TypeScript score', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const missions: MissionFacts[] = [
    mission,
    { ...mission, minConversionRate: null, minExperience: null, sectors: [] },
    { ...mission, missionType: 'setter', minConversionRate: 65, minExperience: 7, sectors: [3, 4, 5, 6] },
    { ...mission, missionType: 'setter_closer', minConversionRate: 0, minExperience: 0, sectors: [2] },
  ];
  const freelancers: FreelancerFacts[] = [
    freelancer,
    { kind: 'setter', conversionRate: null, years: null, available: false, sectors: [], skills: [] },
    {
      kind: 'setter_closer',
      conversionRate: 3.5,
      years: 1,
      available: true,
      sectors: [4, 5, 6],
      skills: ['Négociation'],
    },
    {
      kind: 'closer',
      conversionRate: 10,
      years: 12,
      available: false,
      sectors: [2],
      skills: ['Closing téléphonique'],
    },
  ];

  it('ranking missions for a freelancer and freelancers for a mission', async () => {
    for (const m of missions) {
      for (const f of freelancers) {
        const expected = matchOf(m, f).score;
        const missionColumns = {
          missionType: sql`${m.missionType}::text`,
          minConversionRate: sql`${m.minConversionRate}::real`,
          minExperience: sql`${m.minExperience}::int`,
          sectors: sql`${sql.param([...m.sectors])}::int[]`,
          mentionedSkills: sql`${sql.param([...m.mentionedSkills])}::text[]`,
        };
        const profileColumns = {
          kind: sql`${f.kind}::text`,
          conversionRate: sql`${f.conversionRate}::real`,
          // Exactly f.years whole years ago.
          experience:
            f.years === null ? sql`null::date` : sql`(current_date - interval '1 year' * ${f.years})::date`,
          available: sql`${f.available}::boolean`,
          sectors: sql`${sql.param([...f.sectors])}::int[]`,
          skills: sql`${sql.param([...f.skills])}::text[]`,
        };
        const [row] = await ctx.database.rows<{ a: number; b: number }>(
          ...(await toQuery(
            sql`select ${missionScoreSql(f, missionColumns)} as a, ${freelancerScoreSql(m, profileColumns)} as b`,
          )),
        );
        expect([Number(row!.a), Number(row!.b)], JSON.stringify({ m, f })).toEqual([expected, expected]);
      }
    }
  });

  async function toQuery(query: ReturnType<typeof sql>): Promise<[string, unknown[]]> {
    const { PgDialect } = await import('drizzle-orm/pg-core');
    const built = new PgDialect().sqlToQuery(query);
    return [built.sql, built.params];
  }
});
