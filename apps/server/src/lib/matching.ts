/**
 * How well a freelancer fits a mission: a score from 0 to 100, computed in SQL (so that thousands
 * of missions or profiles can be ranked and paginated by it), and the French reasons behind it,
 * built here from the same components. docs/decisions/007-matching.md explains the weights.
 *
 * | component        | points | full marks when                                                    |
 * |------------------|--------|--------------------------------------------------------------------|
 * | profile kind     | 10     | the kind fits the mission type (a setter-closer fits every mission)|
 * | work sectors     | 30     | every sector of the offer in common, up to 3 (30 × common ÷ min(3, offer's)) |
 * | conversion rate  | 20     | ≥ the minimum (rate × 10 ≥ minConversionRate %); without a minimum, 10/10 |
 * | experience       | 20     | ≥ the minimum years; without a minimum, 5 years                    |
 * | availability     | 10     | available                                                          |
 * | skills           | 10     | 2 of the freelancer's skills named in the mission or its offer     |
 */
import type { Match, MissionType } from '@closia/shared';
import { type SQL, sql } from 'drizzle-orm';

/** The mission side: column references or parameters. */
export interface MissionTerms {
  missionType: SQL;
  /** Percent (0–100) or null. */
  minConversionRate: SQL;
  /** Years or null. */
  minExperience: SQL;
  /** int[] of the offer's work sectors. */
  sectors: SQL;
  /** The mission's unaccented, lower-cased search text. */
  text: SQL;
}

/** The freelancer side: column references or parameters. */
export interface FreelancerTerms {
  kind: SQL;
  /** 0–10 or null. */
  conversionRate: SQL;
  /** Whole years of experience or null. */
  years: SQL;
  available: SQL;
  sectors: SQL;
  /** text[] of skill names. */
  skills: SQL;
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

/** SQL: true when a freelancer of `kind` may take a mission of `missionType`. */
export function kindFitsSql(kind: SQL, missionType: SQL): SQL {
  return sql`(${kind} = ${missionType} or ${kind} = 'setter_closer')`;
}

/** SQL: how many sectors the two int[] share. */
const commonSectorsSql = (a: SQL, b: SQL) =>
  sql`(select count(*)::int from unnest(${a}) x where x = any(${b}))`;

/** SQL: how many of the skills appear in the text (both unaccented, lower-cased). */
const skillHitsSql = (skills: SQL, text: SQL) =>
  sql`(select count(*)::int from unnest(${skills}) sk where length(sk) > 1 and position(lower(unaccent(sk)) in ${text}) > 0)`;

/** The parts of the score, each an SQL expression (also selected to build the reasons). */
export function matchComponentsSql(m: MissionTerms, f: FreelancerTerms) {
  const rate = sql`coalesce(${f.conversionRate}, 0)`;
  const years = sql`coalesce(${f.years}, 0)`;
  return {
    kindFits: kindFitsSql(f.kind, m.missionType),
    commonSectors: commonSectorsSql(f.sectors, m.sectors),
    skillHits: skillHitsSql(f.skills, m.text),
    score: sql<number>`(
      (case when ${kindFitsSql(f.kind, m.missionType)} then 10 else 0 end)
      + round(30.0 * least(${commonSectorsSql(f.sectors, m.sectors)}, 3)
          / greatest(1, least(3, coalesce(cardinality(${m.sectors}), 0))))
      + (case
          when ${m.minConversionRate} is null then round(least(${rate}, 10) * 2)
          when ${rate} * 10 >= ${m.minConversionRate} then 20
          else round(10 * ${rate} * 10 / greatest(${m.minConversionRate}, 1))
        end)
      + (case
          when ${m.minExperience} is null then least(${years}, 5) * 4
          when ${years} >= ${m.minExperience} then 20
          else round(10 * ${years}::numeric / greatest(${m.minExperience}, 1))
        end)
      + (case when ${f.available} then 10 else 0 end)
      + least(${skillHitsSql(f.skills, m.text)}, 2) * 5
    )::int`,
  };
}

/** What the SQL read, to explain a score. */
export interface MatchFacts {
  score: number;
  kindFits: boolean;
  missionType: MissionType;
  commonSectors: number;
  minConversionRate: number | null;
  conversionRate: number | null;
  minExperience: number | null;
  years: number | null;
  available: boolean;
  /** The freelancer's skills and the mission's search text, to name the skills that match. */
  skills: readonly string[];
  missionText: string;
}

const missionTypeWords: Record<MissionType, string> = {
  setter: 'Setter',
  closer: 'Closer',
  setter_closer: 'Setter & Closer',
};

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
const rateText = (rate: number) => `${Number.isInteger(rate) ? rate : rate.toFixed(1).replace('.', ',')}/10`;
const minRateText = (percent: number) => {
  const tenths = percent / 10;
  return Number.isInteger(tenths) ? String(tenths) : tenths.toFixed(1).replace('.', ',');
};
export const normalizeForMatch = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The score and its reasons, strongest first; a reason only where the component earned points. */
export function explainMatch(facts: MatchFacts): Match {
  const reasons: { weight: number; text: string }[] = [];
  if (facts.kindFits)
    reasons.push({ weight: 10, text: `Profil recherché : ${missionTypeWords[facts.missionType]}` });
  if (facts.commonSectors > 0) {
    reasons.push({
      weight: 30,
      text: `${plural(facts.commonSectors, 'secteur', 'secteurs')} en commun`,
    });
  }
  const rate = facts.conversionRate;
  if (rate !== null) {
    if (facts.minConversionRate === null) {
      if (rate >= 5)
        reasons.push({ weight: Math.round(rate * 2), text: `Taux de conversion ${rateText(rate)}` });
    } else if (rate * 10 >= facts.minConversionRate) {
      reasons.push({
        weight: 20,
        text: `Taux de conversion ${rateText(rate)} ≥ ${minRateText(facts.minConversionRate)} demandé`,
      });
    }
  }
  const years = facts.years;
  if (years !== null && years > 0) {
    if (facts.minExperience === null) {
      reasons.push({ weight: Math.min(years, 5) * 4, text: `${plural(years, 'an', 'ans')} d'expérience` });
    } else if (years >= facts.minExperience) {
      reasons.push({
        weight: 20,
        text: `${plural(years, 'an', 'ans')} d'expérience ≥ ${facts.minExperience} ${facts.minExperience > 1 ? 'demandés' : 'demandé'}`,
      });
    }
  }
  if (facts.available) reasons.push({ weight: 10, text: 'Disponible' });
  const text = facts.missionText;
  const hits = facts.skills.filter((skill) => skill.length > 1 && text.includes(normalizeForMatch(skill)));
  for (const skill of hits.slice(0, 2)) reasons.push({ weight: 5, text: `Compétence recherchée : ${skill}` });
  // Stable: equal weights keep the table's order.
  reasons.sort((a, b) => b.weight - a.weight);
  return { score: Math.max(0, Math.min(100, Math.round(facts.score))), reasons: reasons.map((r) => r.text) };
}
