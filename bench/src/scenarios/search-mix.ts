/**
 * The search scenario's request mixes (issue 19): for each target, 5,000 distinct combinations of
 * query text (French words from the generated missions' titles and vocabulary, some with a typo,
 * some without accents), filters (every filter the API offers), sorts and pages; then a long
 * sequence of requests drawn from them Zipf-distributed (a few popular, a long tail), so that the
 * repeats follow the distribution rather than a fixed cycle. Everything is drawn from seeded PRNGs:
 * the same marketplace gives the same mixes and the same sequences, every run.
 */
import { certifications, financingMethods, missionTypes } from '@closia/shared';
import {
  cities,
  missionTitleTemplates,
  motivated,
  roleNouns,
  sectorWords,
  trainingFormats,
} from '../generate/french';
import type { Marketplace } from '../generate/marketplace';
import { Random } from '../generate/random';

/** Distinct combinations per target. */
export const COMBINATIONS = 5_000;
/** Requests drawn per run and target (each connection takes its own stretch of them). */
export const DRAWS = 50_000;
/** Zipf exponent: the rank-r combination is drawn with a weight 1 / r^s. */
export const ZIPF_EXPONENT = 1;

export type MixKey = 'missions' | 'forMe' | 'freelancers';

/** `?a=1&b=x y` with the values encoded, commas kept (the API reads `workSectors=3,7`). */
export function query(base: string, params: Record<string, string | number>): string {
  const pairs = Object.entries(params).map(
    ([key, value]) => `${key}=${encodeURIComponent(String(value)).replace(/%2C/g, ',')}`,
  );
  return pairs.length > 0 ? `${base}?${pairs.join('&')}` : base;
}

const stopWords = new Set(
  'les des une pour avec dans sur par aux vos votre vous pas son ses est qui que plus en de du la le et à au'.split(
    ' ',
  ),
);

/** Lower-case words of 3 letters or more, from the texts the generator writes titles with. */
export function vocabulary(m: Marketplace): string[] {
  const texts: string[] = [
    ...Object.values(roleNouns).flat(),
    ...missionTitleTemplates,
    ...motivated,
    ...trainingFormats,
    ...Object.keys(sectorWords),
    ...Object.values(sectorWords).flatMap((w) => [w.subject, ...w.trainings, ...w.outcomes]),
    ...m.infopreneur.missions.map((x) => x.title),
    ...m.skillNames,
  ];
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
      if (word.length >= 3 && !stopWords.has(word)) words.add(word);
    }
  }
  return [...words].sort();
}

const unaccent = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** One typo: a letter dropped, doubled, or two neighbours swapped. */
function typo(rng: Random, word: string): string {
  if (word.length < 5) return word;
  const i = rng.int(1, word.length - 2);
  const kind = rng.int(0, 2);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** 1 to 3 words, some typed without accents, some with a typo. */
function text(rng: Random, words: readonly string[]): string {
  const count = rng.weighted([
    [1, 50],
    [2, 35],
    [3, 15],
  ] as const);
  let phrase = rng
    .sample(words, count)
    .map((w) => (rng.chance(0.15) ? typo(rng, w) : w))
    .join(' ');
  if (rng.chance(0.3)) phrase = unaccent(phrase);
  return phrase.slice(0, 100);
}

const pricePoints = [297, 497, 997, 1497, 1997, 2997, 4997];

function page(rng: Random): number {
  return rng.weighted([
    [1, 70],
    [2, 15],
    [3, 8],
    [rng.int(4, 10), 7],
  ] as const);
}

/** The filters `GET /missions` offers (spec §5), each present with its own probability. */
function missionFilters(rng: Random, m: Marketplace, words: readonly string[], often: number) {
  const sectors = Object.values(m.sectorIds);
  const p: Record<string, string | number> = {};
  if (rng.chance(0.6 * often)) p.query = text(rng, words);
  if (rng.chance(0.25 * often)) p.missionType = rng.pick(missionTypes);
  if (rng.chance(0.25 * often)) p.workSectors = rng.sample(sectors, rng.int(1, 3)).join(',');
  if (rng.chance(0.1 * often)) p.certifications = rng.sample(certifications, rng.int(1, 2)).join(',');
  if (rng.chance(0.15 * often)) p.financingMethods = rng.sample(financingMethods, rng.int(1, 2)).join(',');
  if (rng.chance(0.15 * often)) {
    const [a, b] = rng.sample(pricePoints, 2).sort((x, y) => x - y) as [number, number];
    p.priceRange = `${a},${b}`;
  }
  return p;
}

function missionCombination(rng: Random, m: Marketplace, words: readonly string[]) {
  const p = missionFilters(rng, m, words, 1);
  if (rng.chance(0.4)) {
    p.sortBy = rng.pick(['newest', 'price', 'commissionAmount', 'commissionRate', 'match'] as const);
    if (rng.chance(0.5)) p.sortOrder = rng.pick(['asc', 'desc'] as const);
  }
  const n = page(rng);
  if (n > 1) p.page = n;
  if (rng.chance(0.05)) p.perPage = rng.pick([10, 50]);
  return query('/api/v1/missions', p);
}

function forMeCombination(rng: Random, m: Marketplace, words: readonly string[]) {
  const p: Record<string, string | number> = { forMe: 1, ...missionFilters(rng, m, words, 0.6) };
  if (rng.chance(0.3))
    p.sortBy = rng.pick(['newest', 'price', 'commissionAmount', 'commissionRate'] as const);
  const n = page(rng);
  if (n > 1) p.page = n;
  return query('/api/v1/missions', p);
}

function freelancerCombination(rng: Random, m: Marketplace, words: readonly string[]) {
  const p: Record<string, string | number> = { missionId: rng.pick(m.infopreneur.missions).id };
  if (rng.chance(0.3)) p.role = rng.pick(['setter', 'closer', 'setter_closer', 'all'] as const);
  if (rng.chance(0.3)) p.query = text(rng, words);
  if (rng.chance(0.2)) p.workSectors = rng.sample(Object.values(m.sectorIds), rng.int(1, 2)).join(',');
  if (rng.chance(0.2)) p.skills = rng.sample(m.skillNames, rng.int(1, 2)).join(',');
  if (rng.chance(0.15)) p.minConversionRate = rng.int(1, 8);
  if (rng.chance(0.15)) p.minExperience = rng.int(1, 6);
  if (rng.chance(0.15)) p.available = 1;
  if (rng.chance(0.05)) p.online = 1;
  if (rng.chance(0.15)) p.location = rng.weighted(cities).split(',')[0]!;
  const n = page(rng);
  if (n > 1) p.page = n;
  return query('/api/v1/freelancers', p);
}

const makers = {
  missions: missionCombination,
  forMe: forMeCombination,
  freelancers: freelancerCombination,
} as const;

const seeds: Record<MixKey, number> = { missions: 1901, forMe: 1902, freelancers: 1903 };

/**
 * `count` distinct paths for one target, in rank order (the first is the most popular): drawn
 * until that many distinct ones came out. The skills filter's commas are kept (the API splits on them).
 */
export function combinations(key: MixKey, m: Marketplace, count = COMBINATIONS): string[] {
  if (m.infopreneur.missions.length === 0)
    throw new Error('the bench infopreneur has no published open mission');
  const rng = new Random(seeds[key]);
  const words = vocabulary(m);
  const distinct = new Set<string>();
  for (let tries = 0; distinct.size < count && tries < count * 20; tries++) {
    distinct.add(makers[key](rng, m, words));
  }
  if (distinct.size < count)
    throw new Error(`the ${key} mix has only ${distinct.size} distinct combinations`);
  return [...distinct];
}

/** Cumulative Zipf weights over `n` ranks, normalised to end at 1. */
function zipfCumulative(n: number, s: number): Float64Array {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) {
    sum += 1 / (r + 1) ** s;
    cumulative[r] = sum;
  }
  for (let r = 0; r < n; r++) cumulative[r]! /= sum;
  return cumulative;
}

/** `draws` paths drawn from `ranked` with a Zipf distribution (rank 1 the most likely). */
export function zipfSequence(
  ranked: readonly string[],
  draws: number,
  seed: number,
  s = ZIPF_EXPONENT,
): string[] {
  const cumulative = zipfCumulative(ranked.length, s);
  const rng = new Random(seed);
  const out: string[] = [];
  for (let i = 0; i < draws; i++) {
    const x = rng.next();
    let lo = 0;
    let hi = ranked.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    out.push(ranked[lo]!);
  }
  return out;
}

/** How many distinct paths a sequence holds, and the share of the most popular one. */
export function describeSequence(sequence: readonly string[]): { distinct: number; topShare: number } {
  const counts = new Map<string, number>();
  for (const p of sequence) counts.set(p, (counts.get(p) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return { distinct: counts.size, topShare: sequence.length > 0 ? top / sequence.length : 0 };
}

/** `n` of the combinations for the single-request pass: the 10 most popular, then a seeded sample. */
export function probeSample(ranked: readonly string[], n: number, seed: number): string[] {
  const head = ranked.slice(0, Math.min(10, n));
  const rest = new Random(seed).sample(ranked.slice(head.length), Math.max(0, n - head.length));
  return [...head, ...rest];
}
