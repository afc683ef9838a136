/**
 * Fills a migrated and seeded Closia database with the CRM of a busy sales team (issue 19), the same
 * rows every run (seeded PRNG), in French, from the single-setter generator's pieces (crm.ts
 * `bookOf`, `insertBooks`):
 * - 4 infopreneurs (`bench-crm-infopreneur-<n>@closia.test`), 2 approved, active offers each and a
 *   published, open mission on each;
 * - 200 sellers (`bench-crm-001@closia.test` … `bench-crm-200@closia.test`): ~40 % setters, ~30 %
 *   closers, ~30 % setter-closers, finished profiles, each accepted on 2–3 of the missions; the
 *   single setter's volume (10,000 prospects, 20,000 deals, 5,000 activities at scale 1) spread
 *   unevenly among them (each a weight in 0.3–1.7); a setter hands ~20 % of their deals off at R2 to
 *   one of the closers and setter-closers; deals at every stage with their history, won deals with
 *   their commission lines (payer: the offer's infopreneur), activities as in crm.ts;
 * - one heavy user (`bench-crm-heavy@closia.test`, setter-closer) with the single setter's volume
 *   alone (10,000 prospects, 20,000 deals) and no handoff;
 * - an importer (`bench-crm-importer@closia.test`, closer, no prospect), for the CSV import.
 * Everyone signs in with BENCH_PASSWORD. Rows go in at most BATCH per INSERT in one transaction, then
 * VACUUM ANALYZE (and CHECKPOINT on PGlite). Used by the crm scenario (scenarios/crm.ts).
 */
import { performance } from 'node:perf_hooks';
import type { Database, Tx } from '@closia/server/db/client';
import { applications, missions, profiles, services } from '@closia/server/db/schema';
import { isOpenStage, type PipelineStage } from '@closia/shared';
import { type Book, bookOf, CRM_FULL_SIZE, type CrmService, insertBooks } from './crm';
import { cities, firstNames, lastNames, slug } from './french';
import { BENCH_HASH, BENCH_PASSWORD, insertBatches, insertUsers } from './marketplace';
import { insertSubscriptions } from './plans';
import { Random } from './random';

export const CRM_TEAM_SELLERS = 200;
export const CRM_TEAM_ACCOUNTS = {
  heavy: 'bench-crm-heavy@closia.test',
  importer: 'bench-crm-importer@closia.test',
} as const;
const sellerEmail = (i: number) => `bench-crm-${String(i + 1).padStart(3, '0')}@closia.test`;
const infopreneurEmail = (i: number) => `bench-crm-infopreneur-${i + 1}@closia.test`;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type SellerKind = 'setter' | 'closer' | 'setter_closer';

/** Two offers per infopreneur. */
const teamOffers = [
  ['Immobilier', 'Investir dans l’immobilier locatif : la méthode complète', 1_997, 20],
  ['Immobilier', 'Achat-revente : votre premier immeuble de rapport', 2_497, 15],
  ['Vente & négociation', 'Closing high ticket : de l’appel à la signature', 2_997, 30],
  ['Vente & négociation', 'Prospection LinkedIn : remplir son agenda en 30 jours', 997, 25],
  ['Développement personnel', 'Confiance en soi : programme de 8 semaines', 497, 10],
  ['Développement personnel', 'Prise de parole en public sans trac', 697, 20],
  ['Marketing digital', 'Lancer sa formation en ligne rentable', 1_497, 25],
  ['Marketing digital', 'Publicité Facebook & Instagram pour les coachs', 1_297, 20],
] as const;

export interface TeamSeller {
  id: number;
  email: string;
  kind: SellerKind;
  /** Prospects they own. */
  prospectIds: number[];
  /** Open deals they own (their own and those handed off to them), with their stage. */
  openDeals: { id: number; status: PipelineStage }[];
}

export interface CrmTeam {
  counts: {
    sellers: number;
    prospects: number;
    activities: number;
    deals: number;
    openDeals: number;
    wonDeals: number;
    lostDeals: number;
    handedOff: number;
    histories: number;
    commissionLines: number;
    heavy: { prospects: number; deals: number; activities: number };
  };
  /** ms: the whole generation, the inserts alone, VACUUM ANALYZE */
  timings: { totalMs: number; insertMs: number; vacuumMs: number };
  password: string;
  sellers: TeamSeller[];
  heavy: TeamSeller;
  importer: { id: number; email: string };
  services: CrmService[];
  /** 'YYYY-MM-DD' the dates were spread around (UTC). */
  day: string;
}

export interface CrmTeamOptions {
  /** Multiplies the volumes (1: issue 19's figures); the 200 sellers stay 200. */
  scale?: number;
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

/** `total` spread over `weights`, each share at least `min`. */
function spread(total: number, weights: readonly number[], min: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.max(min, Math.round((total * w) / sum)));
}

export async function generateCrmTeam(database: Database, options: CrmTeamOptions = {}): Promise<CrmTeam> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  const log = options.log ?? (() => {});
  const rng = new Random(options.seed ?? 19);
  const now = options.now ?? new Date();
  const anchor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const volume = {
    prospects: Math.max(CRM_TEAM_SELLERS, Math.round(CRM_FULL_SIZE.prospects * scale)),
    deals: Math.max(CRM_TEAM_SELLERS, Math.round(CRM_FULL_SIZE.deals * scale)),
    activities: Math.round(CRM_FULL_SIZE.activities * scale),
  };

  const sectors = await database.rows<{ id: number; name: string }>(
    'select id, name from work_sectors where approved order by id',
  );
  if (sectors.length === 0) {
    throw new Error('generate: no work sectors: the database must be migrated and seeded first');
  }
  const [taken] = await database.rows<{ n: number }>(
    `select count(*)::int as n from users where email in ('${CRM_TEAM_ACCOUNTS.heavy}', '${sellerEmail(0)}')`,
  );
  if ((taken?.n ?? 0) > 0) throw new Error('generate: this database already holds a generated CRM team');
  const sectorId = (name: string) => sectors.find((s) => s.name === name)?.id ?? sectors[0]!.id;

  const insertStarted = performance.now();
  let step = insertStarted;
  const done = (what: string) => {
    const t = performance.now();
    log(`${what} in ${((t - step) / 1000).toFixed(1)} s`);
    step = t;
  };

  const result = await database.db.transaction(async (tx: Tx) => {
    // ── accounts and profiles ─────────────────────────────────────────────────────────────────
    const joined = new Date(anchor - 500 * DAY);
    const kinds: SellerKind[] = Array.from({ length: CRM_TEAM_SELLERS }, () =>
      rng.weighted<SellerKind>([
        ['setter', 40],
        ['closer', 30],
        ['setter_closer', 30],
      ]),
    );
    const person = (email: string, firstName: string, lastName: string, role: string) => ({
      firstName,
      lastName,
      email,
      role,
      passwordHash: BENCH_HASH,
      emailVerifiedAt: joined,
      location: rng.weighted(cities),
      lastSeenAt: new Date(anchor - HOUR),
      createdAt: joined,
      updatedAt: joined,
    });
    const roleOf = (kind: SellerKind) => (kind === 'setter_closer' ? 'setter-closer' : kind);
    const infopreneurCount = teamOffers.length / 2;
    const accounts = [
      ...Array.from({ length: infopreneurCount }, (_, i) =>
        person(infopreneurEmail(i), rng.pick(firstNames), rng.pick(lastNames), 'infopreneur'),
      ),
      ...kinds.map((kind, i) =>
        person(sellerEmail(i), rng.pick(firstNames), rng.pick(lastNames), roleOf(kind)),
      ),
      person(CRM_TEAM_ACCOUNTS.heavy, 'Sébastien', 'Bench', 'setter-closer'),
      person(CRM_TEAM_ACCOUNTS.importer, 'Clémence', 'Bench', 'closer'),
    ];
    const ids = await insertUsers(tx, accounts);
    // Heavy books, imports and the shared pipeline: beyond Gratuit (402), so everyone pays for Équipe.
    await insertSubscriptions(tx, [...ids.values()], 'equipe', anchor);
    const idOf = (email: string) => ids.get(email)!;
    const infopreneurIds = Array.from({ length: infopreneurCount }, (_, i) => idOf(infopreneurEmail(i)));
    const sellerIds = kinds.map((_, i) => idOf(sellerEmail(i)));
    const heavyId = idOf(CRM_TEAM_ACCOUNTS.heavy);
    const importerId = idOf(CRM_TEAM_ACCOUNTS.importer);
    const allSectors = [...new Set(teamOffers.map(([sector]) => sectorId(sector)))];
    const freelancer = (userId: number, kind: SellerKind) => ({
      userId,
      kind,
      finishedProfileSetup: true,
      onboardingStep: 'done',
      workSectorIds: rng.sample(allSectors, 2),
      description:
        kind === 'closer'
          ? 'Closer high ticket : appels de vente et gestion des objections.'
          : 'Setter : prise de rendez-vous et qualification de leads sur Instagram et LinkedIn.',
      conversionRate: rng.float(2, 9, 1),
      experience: dateOnly(anchor - rng.int(1, 8) * 365 * DAY),
      createdAt: joined,
      updatedAt: joined,
    });
    await insertBatches(
      'profiles',
      [
        ...infopreneurIds.map((userId) => ({
          userId,
          kind: 'infopreneur',
          finishedProfileSetup: true,
          workSectorIds: allSectors,
          description: 'Formateur en ligne depuis plusieurs années.',
          createdAt: joined,
          updatedAt: joined,
        })),
        ...sellerIds.map((id, i) => freelancer(id, kinds[i]!)),
        freelancer(heavyId, 'setter_closer'),
        freelancer(importerId, 'closer'),
      ],
      (batch) => tx.insert(profiles).values(batch),
    );

    // ── offers, missions, accepted applications ───────────────────────────────────────────────
    const offerCreated = new Date(anchor - 450 * DAY);
    const serviceRows = await tx
      .insert(services)
      .values(
        teamOffers.map(([sector, name, price, rate], i) => ({
          infopreneurId: infopreneurIds[Math.floor(i / 2)]!,
          name,
          description: `Une formation en ligne pour passer à l’action : ${name.toLowerCase()}. Accompagnement en groupe et support à vie.`,
          price,
          commissionRate: rate,
          financingMethods: ['cash', 'online'],
          link: `https://www.${slug(sector)}-academie.fr/bench-crm-team-${i}`,
          duration: 20 + (i % 3) * 10,
          locationType: 'online',
          certifications: [],
          workSectorIds: [sectorId(sector)],
          status: 'active',
          validationStatus: 'approved',
          reviewedAt: offerCreated,
          createdAt: offerCreated,
          updatedAt: offerCreated,
        })),
      )
      .returning({ id: services.id, name: services.name, infopreneurId: services.infopreneurId });
    const missionRows = await tx
      .insert(missions)
      .values(
        serviceRows.map((s) => ({
          infopreneurId: s.infopreneurId,
          serviceId: s.id,
          title: `Setter et closer pour « ${s.name} »`.slice(0, 100),
          description: 'Vous qualifiez les prospects, menez les appels de découverte et concluez au R2.',
          missionType: 'setter_closer',
          ticket: teamOffers.find(([, name]) => name === s.name)![2],
          status: 'published',
          missionStatus: 'open',
          publishedAt: offerCreated,
          createdAt: offerCreated,
          updatedAt: offerCreated,
        })),
      )
      .returning({ id: missions.id, serviceId: missions.serviceId });
    const crmServices: CrmService[] = serviceRows.map((s) => {
      const offer = teamOffers.find(([, name]) => name === s.name)!;
      return {
        id: s.id,
        infopreneurId: s.infopreneurId,
        name: s.name,
        price: offer[2],
        commissionRate: offer[3],
        missionId: missionRows.find((m) => m.serviceId === s.id)!.id,
      };
    });
    // Each seller sells 2–3 offers; the heavy user 3 of them; the importer is on every mission.
    const sells = new Map<number, CrmService[]>(
      sellerIds.map((id) => [id, rng.sample(crmServices, rng.int(2, 3))]),
    );
    sells.set(heavyId, crmServices.slice(0, 3));
    const decided = new Date(anchor - 420 * DAY);
    await insertBatches(
      'applications',
      [...sells, [importerId, crmServices] as const].flatMap(([userId, list]) =>
        list.map((s) => ({
          missionId: s.missionId,
          userId,
          message: 'Bonjour, votre offre correspond exactement à mon expérience.',
          status: 'accepted',
          decidedAt: decided,
          createdAt: new Date(decided.getTime() - 2 * DAY),
          updatedAt: decided,
        })),
      ),
      (batch) => tx.insert(applications).values(batch),
    );
    done(
      `${infopreneurCount} infopreneurs, ${CRM_TEAM_SELLERS} sellers, the heavy user and the importer; ${crmServices.length} offers and missions`,
    );

    // ── the books: the 200 sellers', then the heavy user's ────────────────────────────────────
    const weights = sellerIds.map(() => rng.float(0.3, 1.7));
    const sizes = {
      prospects: spread(volume.prospects, weights, 1),
      deals: spread(volume.deals, weights, 1),
      activities: spread(volume.activities, weights, 0),
    };
    const closers = sellerIds.filter((_, i) => kinds[i] !== 'setter');
    const books: Book[] = sellerIds.map((ownerId, i) => {
      const list = sells.get(ownerId)!;
      return bookOf({
        rng,
        anchor,
        ownerId,
        closers: kinds[i] === 'setter' ? closers : [],
        handoffShare: 0.2,
        services: list,
        serviceWeights: list.map(() => rng.int(1, 4)),
        size: { prospects: sizes.prospects[i]!, deals: sizes.deals[i]!, activities: sizes.activities[i]! },
      });
    });
    const heavySize = {
      prospects: Math.max(50, Math.round(CRM_FULL_SIZE.prospects * scale)),
      deals: Math.max(100, Math.round(CRM_FULL_SIZE.deals * scale)),
      activities: Math.max(25, Math.round(CRM_FULL_SIZE.activities * scale)),
    };
    books.push(
      bookOf({
        rng,
        anchor,
        ownerId: heavyId,
        closers: [],
        handoffShare: 0,
        services: sells.get(heavyId)!,
        serviceWeights: [3, 2, 4],
        size: heavySize,
      }),
    );
    const bookIds = await insertBooks(tx, books, done);

    // Who owns which open deal, whose prospects.
    const owners = [...sellerIds, heavyId];
    const sellers = new Map<number, TeamSeller>(
      owners.map((id, k) => [
        id,
        {
          id,
          email: k < sellerIds.length ? sellerEmail(k) : CRM_TEAM_ACCOUNTS.heavy,
          kind: k < sellerIds.length ? kinds[k]! : 'setter_closer',
          prospectIds: bookIds[k]!.prospectIds,
          openDeals: [],
        },
      ]),
    );
    for (const [k, book] of books.entries()) {
      for (const [d, deal] of book.deals.entries()) {
        const status = deal.status as PipelineStage;
        if (isOpenStage(status)) {
          sellers.get(deal.ownerId)!.openDeals.push({ id: bookIds[k]!.dealIds[d]!, status });
        }
      }
    }
    const total = (f: (b: Book) => number) => books.reduce((n, b) => n + f(b), 0);
    return {
      sellers: sellerIds.map((id) => sellers.get(id)!),
      heavy: sellers.get(heavyId)!,
      importerId,
      crmServices,
      heavySize,
      counts: {
        prospects: total((b) => b.prospects.length),
        activities: total((b) => b.activities.length),
        deals: total((b) => b.deals.length),
        openDeals: total((b) => b.counts.openDeals),
        wonDeals: total((b) => b.counts.wonDeals),
        lostDeals: total((b) => b.counts.lostDeals),
        handedOff: total((b) => b.counts.handedOff),
        histories: total((b) => b.counts.histories),
        commissionLines: total((b) => b.counts.commissionLines),
      },
    };
  });
  const insertMs = performance.now() - insertStarted;

  const vacuumStarted = performance.now();
  await database.rows('vacuum analyze');
  if (database.kind === 'pglite') await database.rows('checkpoint');
  const vacuumMs = performance.now() - vacuumStarted;
  log(`vacuum analyze in ${(vacuumMs / 1000).toFixed(1)} s`);

  return {
    counts: { sellers: CRM_TEAM_SELLERS, ...result.counts, heavy: result.heavySize },
    timings: { totalMs: performance.now() - started, insertMs, vacuumMs },
    password: BENCH_PASSWORD,
    sellers: result.sellers,
    heavy: result.heavy,
    importer: { id: result.importerId, email: CRM_TEAM_ACCOUNTS.importer },
    services: result.crmServices,
    day: dateOnly(anchor),
  };
}
