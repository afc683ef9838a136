/**
 * How well a freelancer fits a mission: a score from 0 to 100 and the French reasons behind it.
 * docs/decisions/007-matching-and-search.md explains the weights.
 *
 * | component        | points | full marks when                                                         |
 * |------------------|--------|--------------------------------------------------------------------------|
 * | profile kind     | 10     | the kind fits the mission type (a setter-closer fits every mission)      |
 * | work sectors     | 30     | every sector of the offer in common, up to 3 (30 × common ÷ min(3, offer's)) |
 * | conversion rate  | 20     | rate × 10 ≥ the minimum (%); without a minimum, 2 points per point of rate |
 * | experience       | 20     | ≥ the minimum years; without a minimum, 4 points a year up to 5          |
 * | availability     | 10     | available                                                                |
 * | skills           | 10     | 5 per skill of the freelancer named in the mission's text, up to 2       |
 *
 * The score exists twice: `matchOf` (TypeScript) scores one pair and explains it; the SQL
 * builders rank thousands of rows by the same formula with one side of the pair fixed — its
 * values are inlined as constants, so that each row costs a few comparisons (no sub-query).
 * The tests check that the SQL order is the order of `matchOf`'s scores.
 */
import type { Match, MissionType } from '@closia/shared';
import { type SQL, sql } from 'drizzle-orm';

export interface MissionFacts {
  missionType: MissionType | string;
  /** Percent (0–100) or null. */
  minConversionRate: number | null;
  /** Years or null. */
  minExperience: number | null;
  /** The offer's work sectors. */
  sectors: readonly number[];
  /** The catalogue's skills that the mission's text names (the `mentioned_skills` column). */
  mentionedSkills: readonly string[];
}

export interface FreelancerFacts {
  kind: string;
  /** 0–10 or null. */
  conversionRate: number | null;
  /** Whole years of experience or null. */
  years: number | null;
  available: boolean;
  sectors: readonly number[];
  skills: readonly string[];
}

/** Whole years since a `YYYY-MM-DD` date (the profiles' `experience`), or null. */
export function yearsSince(date: string | null, now = new Date()): number | null {
  if (!date) return null;
  const start = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  let years = now.getUTCFullYear() - start.getUTCFullYear();
  const beforeAnniversary =
    now.getUTCMonth() < start.getUTCMonth() ||
    (now.getUTCMonth() === start.getUTCMonth() && now.getUTCDate() < start.getUTCDate());
  if (beforeAnniversary) years -= 1;
  return Math.max(0, years);
}

/** Whole years since a `date` column (null stays null). */
export const yearsSinceSql = (column: SQL | unknown) =>
  sql`(extract(year from age(current_date, ${column}))::int)`;

export const kindFits = (kind: string, missionType: string) =>
  kind === missionType || kind === 'setter_closer';

/** The skills of the freelancer that the mission names (both in the catalogue's spelling). */
export const skillHits = (skills: readonly string[], mentioned: readonly string[]) =>
  skills.filter((skill) => mentioned.includes(skill));

// The formula, component by component (TypeScript).
const sectorPoints = (common: number, offerSectors: number) =>
  Math.round((30 * Math.min(common, 3)) / Math.max(1, Math.min(3, offerSectors)));
const ratePoints = (rate: number, min: number | null) => {
  if (min === null) return Math.round(Math.min(rate, 10) * 2);
  return rate * 10 >= min ? 20 : Math.round((10 * rate * 10) / Math.max(min, 1));
};
const yearPoints = (years: number, min: number | null) => {
  if (min === null) return Math.min(years, 5) * 4;
  return years >= min ? 20 : Math.round((10 * years) / Math.max(min, 1));
};

const missionTypeWords: Record<string, string> = {
  setter: 'Setter',
  closer: 'Closer',
  setter_closer: 'Setter & Closer',
};
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
const decimal = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace('.', ','));

/** The score of one pair and its reasons, strongest first (a reason only where points were earned). */
export function matchOf(m: MissionFacts, f: FreelancerFacts): Match {
  const common = f.sectors.filter((id) => m.sectors.includes(id)).length;
  const rate = f.conversionRate ?? 0;
  const years = f.years ?? 0;
  const hits = skillHits(f.skills, m.mentionedSkills);
  const fits = kindFits(f.kind, m.missionType);
  const score =
    (fits ? 10 : 0) +
    sectorPoints(common, m.sectors.length) +
    ratePoints(rate, m.minConversionRate) +
    yearPoints(years, m.minExperience) +
    (f.available ? 10 : 0) +
    Math.min(hits.length, 2) * 5;

  const reasons: { weight: number; text: string }[] = [];
  if (fits)
    reasons.push({
      weight: 10,
      text: `Profil recherché : ${missionTypeWords[m.missionType] ?? m.missionType}`,
    });
  if (common > 0) {
    reasons.push({
      weight: sectorPoints(common, m.sectors.length),
      text: `${plural(common, 'secteur', 'secteurs')} en commun`,
    });
  }
  if (f.conversionRate !== null) {
    if (m.minConversionRate === null) {
      if (rate >= 5)
        reasons.push({ weight: ratePoints(rate, null), text: `Taux de conversion ${decimal(rate)}/10` });
    } else if (rate * 10 >= m.minConversionRate) {
      reasons.push({
        weight: 20,
        text: `Taux de conversion ${decimal(rate)}/10 ≥ ${decimal(m.minConversionRate / 10)} demandé`,
      });
    }
  }
  if (f.years !== null && years > 0) {
    if (m.minExperience === null) {
      reasons.push({ weight: yearPoints(years, null), text: `${plural(years, 'an', 'ans')} d'expérience` });
    } else if (years >= m.minExperience) {
      reasons.push({
        weight: 20,
        text: `${plural(years, 'an', 'ans')} d'expérience ≥ ${m.minExperience} ${m.minExperience > 1 ? 'demandés' : 'demandé'}`,
      });
    }
  }
  if (f.available) reasons.push({ weight: 10, text: 'Disponible' });
  for (const skill of hits.slice(0, 2)) reasons.push({ weight: 5, text: `Compétence recherchée : ${skill}` });
  // Stable: equal weights keep the table's order.
  reasons.sort((a, b) => b.weight - a.weight);
  return { score: Math.max(0, Math.min(100, score)), reasons: reasons.map((r) => r.text) };
}

// The same formula in SQL, one side constant.

const sum = (parts: SQL[]) => (parts.length === 0 ? sql`0` : sql.join(parts, sql` + `));
const literal = (n: number) => sql.raw(String(Number(n)));

/** Columns of a mission row (missions joined with its service). */
export interface MissionColumns {
  missionType: SQL;
  minConversionRate: SQL;
  minExperience: SQL;
  sectors: SQL;
  /** text[]: the catalogue's skills that the mission names. */
  mentionedSkills: SQL;
}

/** Score of each mission row for one freelancer (`GET /missions?forMe=1`). */
export function missionScoreSql(f: FreelancerFacts, m: MissionColumns): SQL {
  const rate = f.conversionRate ?? 0;
  const years = f.years ?? 0;
  const fittingTypes = f.kind === 'setter_closer' ? ['setter', 'closer', 'setter_closer'] : [f.kind];
  const common = sum(f.sectors.map((id) => sql`(${m.sectors} @> array[${literal(id)}]::int[])::int`));
  const skills = sum(f.skills.map((skill) => sql`(${m.mentionedSkills} @> array[${skill}::text])::int`));
  const offerSectors = sql`greatest(1, least(3, coalesce(cardinality(${m.sectors}), 0)))`;
  // Integer arithmetic throughout (a numeric term would make every addition numeric, twice as
  // slow over thousands of rows); x ÷ y rounded half up is (2x + y) div 2y.
  return sql<number>`(
    (case when ${m.missionType} in (${sql.join(
      fittingTypes.map((t) => sql`${t}::text`),
      sql`, `,
    )}) then 10 else 0 end)
    + (60 * least(${common}, 3) + ${offerSectors}) / (2 * ${offerSectors})
    + (case
        when ${m.minConversionRate} is null then ${literal(ratePoints(rate, null))}
        when ${literal(rate * 10)} >= ${m.minConversionRate} then 20
        else round((${literal(10 * rate * 10)} / greatest(${m.minConversionRate}, 1))::numeric)::int
      end)
    + (case
        when ${m.minExperience} is null then ${literal(yearPoints(years, null))}
        when ${literal(years)} >= ${m.minExperience} then 20
        else round((${literal(10 * years)}::numeric / greatest(${m.minExperience}, 1)))::int
      end)
    + ${literal(f.available ? 10 : 0)}
    + least(${skills}, 2) * 5
  )`;
}

/** Columns of a profile row (profiles joined with users). */
export interface FreelancerColumns {
  kind: SQL;
  conversionRate: SQL;
  /** The `date` the years of experience are counted from (or null). */
  experience: SQL;
  available: SQL;
  sectors: SQL;
  skills: SQL;
}

/**
 * The day `years` whole years before today, computed once per statement (an InitPlan): a profile
 * has at least `years` years of experience (as `yearsSince` and `age` count them, anniversaries
 * included) exactly when its `experience` is on or before that day, for `years` ≥ 1.
 */
const yearsAgo = (years: number) =>
  sql`(select (current_date - interval '1 year' * ${literal(years)})::date)`;

/** The profiles with at least `years` whole years of experience (the `minExperience` filter). */
export function experienceAtLeastSql(experience: SQL | unknown, years: number): SQL {
  // At 0, a date up to a year ahead counts as 0 years (`age`): the years themselves are compared.
  return years >= 1
    ? sql`${experience} <= ${yearsAgo(years)}`
    : sql`${yearsSinceSql(experience)} >= ${years}`;
}

/**
 * The experience's points for this mission as a few date comparisons (no `age` per row): the
 * points of `years` whole years are reached on the day `yearsAgo(years)`; from the most to the
 * fewest years, a branch only where the points change. No date, or one ahead: the points of 0 years.
 */
function experiencePointsSql(m: MissionFacts, experience: SQL): SQL {
  const top = m.minExperience === null ? 5 : m.minExperience;
  const branches: SQL[] = [];
  for (let years = top; years >= 1; years--) {
    const points = yearPoints(years, m.minExperience);
    if (points !== yearPoints(years - 1, m.minExperience))
      branches.push(sql`when ${experience} <= ${yearsAgo(years)} then ${literal(points)}`);
  }
  const none = literal(yearPoints(0, m.minExperience));
  return branches.length === 0 ? none : sql`(case ${sql.join(branches, sql` `)} else ${none} end)`;
}

/** Score of each profile row for one mission (`GET /freelancers?missionId=`). */
export function freelancerScoreSql(m: MissionFacts, f: FreelancerColumns): SQL {
  const common = sum(m.sectors.map((id) => sql`(${f.sectors} @> array[${literal(id)}]::int[])::int`));
  const skills = sum(m.mentionedSkills.map((skill) => sql`(${f.skills} @> array[${skill}::text])::int`));
  const rate = sql`coalesce(${f.conversionRate}, 0)`;
  const sectorDenominator = Math.max(1, Math.min(3, m.sectors.length));
  // round() of a non-negative double as floor(x + 0.5) (half up, as numeric's round and
  // Math.round): no numeric per row.
  const rateSql =
    m.minConversionRate === null
      ? sql`floor(least(${rate}, 10) * 2 + 0.5)::int`
      : sql`(case when ${rate} * 10 >= ${literal(m.minConversionRate)} then 20 else floor(10 * ${rate} * 10 / ${literal(Math.max(m.minConversionRate, 1))} + 0.5)::int end)`;
  // Integer arithmetic, as in missionScoreSql.
  return sql<number>`(
    (case when ${f.kind} in (${m.missionType}::text, 'setter_closer') then 10 else 0 end)
    + (60 * least(${common}, 3) + ${literal(sectorDenominator)}) / ${literal(2 * sectorDenominator)}
    + ${rateSql}
    + ${experiencePointsSql(m, f.experience)}
    + (case when ${f.available} then 10 else 0 end)
    + least(${skills}, 2) * 5
  )`;
}

// Top-k ranking of freelancers without scoring every profile (GET /freelancers?missionId=).

/** The points each component of `freelancerScoreSql` can reach for this mission. */
function freelancerComponentMaxima(m: MissionFacts, sharesSector: boolean) {
  return {
    kind: 10,
    sectors: sharesSector && m.sectors.length > 0 ? 30 : 0,
    rate: 20,
    years: 20,
    available: 10,
    skills: 5 * Math.min(2, m.mentionedSkills.length),
  };
}

/**
 * The best score a profile can reach for this mission: `sharesSector` when the ranked rows share
 * one of its sectors (the first tier), otherwise they earn no sector point.
 */
export function freelancerBestScore(m: MissionFacts, sharesSector: boolean): number {
  return Object.values(freelancerComponentMaxima(m, sharesSector)).reduce((a, b) => a + b, 0);
}

/** The profiles holding at least `n` of `values` (`column @> array[value]` each). */
function holdsAtLeast(column: SQL, values: SQL[], n: number): SQL {
  if (n <= 1) return sql`${column} && array[${sql.join(values, sql`, `)}]`;
  if (n >= values.length) return sql`${column} @> array[${sql.join(values, sql`, `)}]`;
  return sql`(${sum(values.map((v) => sql`(${column} @> array[${v}])::int`))}) >= ${literal(n)}`;
}

/**
 * A condition every profile scoring at least `freelancerBestScore(m, sharesSector) − slack` meets
 * (null: none beyond sharing a sector when `sharesSector`, every profile of the tier may). Each
 * component then earns at least its own maximum − slack, and each component grows with one column
 * (rate, years, sectors and skills in common…), so the condition is a few comparisons of columns
 * with constants: cheap per row, and a covering index answers it. It may let through profiles scoring less (the thresholds round down); the ranker
 * scores what it lets through, so the order is the score's exactly (see freelancers.service.ts).
 */
export function freelancerScoreFloorSql(
  m: MissionFacts,
  f: FreelancerColumns,
  slack: number,
  sharesSector: boolean,
): SQL | null {
  const max = freelancerComponentMaxima(m, sharesSector);
  const least = (component: number) => component - slack;
  const conditions: SQL[] = [];
  if (least(max.kind) > 0) conditions.push(sql`${f.kind} in (${m.missionType}::text, 'setter_closer')`);
  if (least(max.available) > 0) conditions.push(sql`${f.available}`);
  const sectorsNeeded = least(max.sectors);
  if (sectorsNeeded > 0) {
    const offer = Math.max(1, Math.min(3, m.sectors.length));
    let common = 1;
    while (common < offer && sectorPoints(common, m.sectors.length) < sectorsNeeded) common += 1;
    // One sector in common is what the tier's rows already share: no condition, so that a floor
    // that adds nothing else is null and the ranker scores the tier once, not twice.
    if (common > 1)
      conditions.push(
        holdsAtLeast(
          f.sectors,
          m.sectors.map((id) => sql`${literal(id)}::int`),
          common,
        ),
      );
  }
  const rateNeeded = least(max.rate);
  const minRate = m.minConversionRate;
  // A minimum of 0 gives every profile the rate's points, even without a rate.
  if (rateNeeded > 0 && (minRate === null || minRate > 0)) {
    if (minRate !== null && rateNeeded > 10) {
      // Below the minimum the rate earns 10 points at most (round(10 × rate × 10 ÷ min), under 10
      // before rounding): more takes the minimum itself.
      conditions.push(sql`coalesce(${f.conversionRate}, 0) * 10 >= ${literal(minRate)}`);
    } else {
      // round(x) ≥ n needs x ≥ n − 0.5; at or above the minimum (rate ≥ min ÷ 10) the rate earns 20.
      const rate =
        minRate === null
          ? (rateNeeded - 0.5) / 2
          : Math.min(minRate / 10, ((rateNeeded - 0.5) * Math.max(minRate, 1)) / 100);
      conditions.push(sql`${f.conversionRate} >= ${literal(Math.floor(rate * 1000) / 1000 - 0.001)}`);
    }
  }
  const yearsNeeded = least(max.years);
  // A minimum of 0 gives every profile the years' points, even without an experience date.
  if (yearsNeeded > 0 && (m.minExperience === null || m.minExperience > 0)) {
    const min = m.minExperience;
    const years =
      min === null
        ? Math.ceil(yearsNeeded / 4)
        : yearsNeeded > 10
          ? min
          : Math.ceil(((yearsNeeded - 0.5) * Math.max(min, 1)) / 10);
    // `years` whole years ago at least, with a week's margin for the month ends of `age`.
    if (years > 0)
      conditions.push(
        sql`${f.experience} <= (current_date - interval '1 year' * ${literal(years)})::date + 7`,
      );
  }
  const skillsNeeded = least(max.skills);
  if (skillsNeeded > 0) {
    conditions.push(
      holdsAtLeast(
        f.skills,
        m.mentionedSkills.map((skill) => sql`${skill}::text`),
        Math.ceil(skillsNeeded / 5),
      ),
    );
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : null;
}
