/**
 * Fills a migrated and seeded Closia database with a marketplace the size of issue 7, the same
 * rows every run (seeded PRNG): by default 2,000 infopreneurs with 2,000 approved, active training
 * offers between them (one each on average), 100,000 missions on those offers (95 % published,
 * 88 % open) and 50,000 setters, closers and setter-closers with finished profiles, all in French
 * (french.ts). Among them one infopreneur (3 offers, 60 published open missions) and one setter
 * that the bench signs in as (BENCH_ACCOUNTS); everyone else shares one fixed argon2 hash of a
 * password nobody kept.
 *
 * Rows go in through Drizzle's schema (so a new NOT NULL column breaks the typecheck, not the
 * bench), 2,000 per INSERT, in one transaction; the database's own triggers fill the search
 * columns. Then VACUUM ANALYZE, as autovacuum would have done on a live database, so that the
 * planner knows the tables' sizes. Dates are spread back from a fixed day (2026-11-01).
 *
 * Used by the search scenario (scenarios/search.ts); `tsx src/generate/cli.ts` runs it alone.
 */
import { performance } from 'node:perf_hooks';
import type { Database, Tx } from '@closia/server/db/client';
import { missions, profiles, services, users } from '@closia/server/db/schema';
import {
  availabilities,
  cities,
  fill,
  firstNames,
  freelancerIntros,
  freelancerSentences,
  lastNames,
  lowerFirst,
  missionDetails,
  missionTasks,
  missionTitleTemplates,
  motivated,
  roleNouns,
  slug,
  trainingFormats,
  trainingProofs,
  trainingVariants,
  wordsOf,
} from './french';
import { Random } from './random';

export const BENCH_PASSWORD = 'bench-password-1234';
/** argon2id (the server's parameters) of BENCH_PASSWORD, for the accounts the bench signs in as (crm.ts too). */
export const BENCH_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Y+U+erVJN85LGzWaKZNNYA$15UN88c1xjgTV1I1iRTUTRhYLlSFoQ9zDd+jotEhS3w';
/** argon2id of a random password nobody kept: the other generated accounts cannot sign in. */
export const SHARED_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$bnpcrS93YuCSL9pzVNg5AA$+sXMTX45Sp7UqpUjt3sdjmVDjIO2+x/DzdUvF/Tev8I';
export const BENCH_ACCOUNTS = {
  infopreneur: 'bench-infopreneur@closia.test',
  setter: 'bench-setter@closia.test',
} as const;

/** Sizes at scale 1 (issue 7). */
export const FULL_SIZE = { infopreneurs: 2_000, services: 2_000, missions: 100_000, freelancers: 50_000 };

/** Rows per INSERT (crm.ts too). */
export const BATCH = 2_000;
/** Dates are spread back from this day, so that the rows do not depend on when they are generated. */
const ANCHOR = Date.parse('2026-11-01T09:00:00Z');
const DAY = 86_400_000;

/** Sectors most offers are sold in: three times as likely as the others. */
const popularSectors = new Set([
  'Business & entrepreneuriat',
  'Coaching',
  'Développement personnel',
  'Immobilier',
  'Marketing digital',
  'Trading & crypto',
  'Vente & négociation',
  'Bien-être & santé',
]);

const pricePoints = [297, 397, 497, 697, 997, 1297, 1497, 1997, 2497, 2997, 3497, 3997, 4997];
const formations = [
  'Formation Closer à distance',
  'Formation Closing high ticket',
  'Formation Setter Instagram',
  'Formation Setter LinkedIn',
  'Formation Gestion des objections',
  'Certification Vente consultative',
];

type MissionType = 'setter' | 'closer' | 'setter_closer';
type UserRow = typeof users.$inferInsert;
type ProfileRow = typeof profiles.$inferInsert;
type ServiceRow = typeof services.$inferInsert;
type MissionRow = typeof missions.$inferInsert;

export interface GenerateOptions {
  /** Multiplies every size (1: issue 7's figures; 0.1 for a quick try). */
  scale?: number;
  seed?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface BenchMission {
  id: number;
  missionType: MissionType;
  title: string;
}

export interface Marketplace {
  counts: typeof FULL_SIZE & { visibleMissions: number };
  /** ms: the whole generation, the inserts alone, VACUUM ANALYZE */
  timings: { totalMs: number; insertMs: number; vacuumMs: number };
  password: string;
  infopreneur: { id: number; email: string; missions: BenchMission[] };
  setter: { id: number; email: string };
  /** Work sector ids by name (as seeded). */
  sectorIds: Record<string, number>;
  /** Validated skill names (as seeded): the search mixes filter freelancers by them. */
  skillNames: string[];
}

interface Sector {
  id: number;
  name: string;
}

const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Drizzle's error carries the whole statement and its parameters: keep the database's message. */
export function shortError(what: string, error: unknown): Error {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return new Error(`generate: ${what}: ${cause instanceof Error ? cause.message : String(cause)}`);
}

export async function insertBatches<T>(
  table: string,
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    try {
      await insert(rows.slice(i, i + BATCH));
    } catch (error) {
      throw shortError(`insert into ${table}`, error);
    }
  }
}

/** Inserts users in batches and answers their ids by e-mail. */
export async function insertUsers(tx: Tx, rows: UserRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await insertBatches('users', rows, async (batch) => {
    const inserted = await tx.insert(users).values(batch).returning({ id: users.id, email: users.email });
    for (const r of inserted) ids.set(r.email, r.id);
  });
  return ids;
}

export async function generateMarketplace(
  database: Database,
  options: GenerateOptions = {},
): Promise<Marketplace> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  const log = options.log ?? (() => {});
  const rng = new Random(options.seed ?? 7);
  const size = {
    infopreneurs: Math.max(2, Math.round(FULL_SIZE.infopreneurs * scale)),
    services: Math.max(4, Math.round(FULL_SIZE.services * scale)),
    missions: Math.max(100, Math.round(FULL_SIZE.missions * scale)),
    freelancers: Math.max(10, Math.round(FULL_SIZE.freelancers * scale)),
  };

  const sectors = await database.rows<Sector>('select id, name from work_sectors where approved order by id');
  const skillNames = (
    await database.rows<{ name: string }>('select name from skills where is_validated order by id')
  ).map((r) => r.name);
  if (sectors.length === 0 || skillNames.length === 0) {
    throw new Error('generate: no work sectors or skills: the database must be migrated and seeded first');
  }
  const [taken] = await database.rows<{ n: number }>(
    `select count(*)::int as n from users where email in ('${BENCH_ACCOUNTS.infopreneur}', '${BENCH_ACCOUNTS.setter}')`,
  );
  if ((taken?.n ?? 0) > 0) throw new Error('generate: this database already holds a generated marketplace');

  const sectorIds = Object.fromEntries(sectors.map((s) => [s.name, s.id]));
  const weightedSectors = sectors.map((s) => [s, popularSectors.has(s.name) ? 3 : 1] as const);
  const pickSector = () => rng.weighted(weightedSectors);
  const sectorNamed = (name: string) => sectors.find((s) => s.name === name) ?? sectors[0]!;

  const person = (i: number, domain: string) => {
    const firstName = rng.pick(firstNames);
    const lastName = rng.pick(lastNames);
    return { firstName, lastName, email: `${slug(firstName)}.${slug(lastName)}.${i}@${domain}` };
  };
  const pastDate = (maxDays: number, minDays = 0) =>
    new Date(ANCHOR - rng.int(minDays * 24, maxDays * 24) * 3_600_000);

  const insertStarted = performance.now();
  let step = insertStarted;
  const done = (what: string) => {
    const now = performance.now();
    log(`${what} in ${((now - step) / 1000).toFixed(1)} s`);
    step = now;
  };
  const result = await database.db.transaction(async (tx) => {
    // ── infopreneurs ──────────────────────────────────────────────────────────────────────────
    const infopreneurRows: UserRow[] = [];
    for (let i = 0; i < size.infopreneurs; i++) {
      const bench = i === 0;
      const p = bench
        ? { firstName: 'Inès', lastName: 'Bench', email: BENCH_ACCOUNTS.infopreneur }
        : person(i, 'formateurs.exemple.fr');
      const createdAt = pastDate(1_100, 200);
      infopreneurRows.push({
        ...p,
        passwordHash: bench ? BENCH_HASH : SHARED_HASH,
        emailVerifiedAt: createdAt,
        role: 'infopreneur',
        location: rng.weighted(cities),
        lastSeenAt: pastDate(30),
        createdAt,
        updatedAt: createdAt,
      });
    }
    const infopreneurIds = await insertUsers(tx, infopreneurRows);
    const infopreneurList = infopreneurRows.map((r) => infopreneurIds.get(r.email)!);
    const benchInfopreneurId = infopreneurList[0]!;
    await insertBatches('profiles', infopreneurRows, (batch) =>
      tx.insert(profiles).values(
        batch.map((u): ProfileRow => {
          const main = pickSector();
          return {
            userId: infopreneurIds.get(u.email)!,
            kind: 'infopreneur',
            finishedProfileSetup: true,
            workSectorIds: [main.id],
            description: `Formateur en ${wordsOf(main.name).subject} : je vous aide à ${rng.pick(wordsOf(main.name).outcomes)}.`,
            createdAt: u.createdAt,
            updatedAt: u.createdAt,
          };
        }),
      ),
    );
    done(`${size.infopreneurs.toLocaleString('en-US')} infopreneurs`);

    // ── services (training offers) ────────────────────────────────────────────────────────────
    const benchSectors = ['Immobilier', 'Vente & négociation', 'Développement personnel'].map(sectorNamed);
    const serviceRows: (ServiceRow & { sector: Sector })[] = [];
    for (let i = 0; i < size.services; i++) {
      const bench = i < benchSectors.length;
      const sector = bench ? benchSectors[i]! : pickSector();
      const words = wordsOf(sector.name);
      const name = rng.pick(trainingVariants)(rng.pick(words.trainings));
      const [outcomeA, outcomeB] = rng.sample(words.outcomes, 2);
      const sentences = [
        `Une formation ${rng.pick(trainingFormats)} pour ${outcomeA}.`,
        `Vous apprendrez à ${outcomeB ?? outcomeA} grâce à une méthode concrète et éprouvée.`,
      ];
      for (const proof of rng.sample(trainingProofs, rng.int(0, 2))) {
        sentences.push(fill(proof, { n: rng.int(2, 40) * 50, year: rng.int(2016, 2024) }));
      }
      const financing = new Set<string>(['cash']);
      if (rng.chance(0.3)) financing.add('online');
      const cpf = rng.chance(0.25);
      if (cpf) financing.add('cpf');
      if (rng.chance(0.15)) financing.add('opco');
      const certs: string[] = [];
      if (cpf || rng.chance(0.2)) certs.push('qualiopi');
      if (rng.chance(0.1)) certs.push('icpf');
      if (cpf) sentences.push('Formation éligible au CPF.');
      const locationType = rng.weighted([
        ['online', 70],
        ['both', 20],
        ['physical', 10],
      ] as const);
      const workSectorIds = [sector.id];
      if (rng.chance(0.3)) {
        const other = pickSector();
        if (other.id !== sector.id) workSectorIds.push(other.id);
      }
      const createdAt = pastDate(900, 30);
      serviceRows.push({
        sector,
        infopreneurId: bench ? benchInfopreneurId : infopreneurList[rng.int(1, infopreneurList.length - 1)]!,
        name,
        description: sentences.join(' '),
        price: rng.pick(pricePoints),
        commissionRate: rng.chance(0.7) ? rng.int(2, 8) * 5 : rng.int(10, 40),
        financingMethods: [...financing],
        link: `https://www.${slug(sector.name)}-academie.fr/${slug(name)}-${i}`,
        duration: rng.int(4, 120),
        requestValidation: rng.chance(0.3),
        location: locationType === 'online' ? null : rng.weighted(cities),
        locationType,
        certifications: certs,
        workSectorIds,
        status: 'active',
        validationStatus: 'approved',
        createdAt,
        updatedAt: createdAt,
      });
    }
    const serviceIds = new Map<string, number>();
    await insertBatches('services', serviceRows, async (batch) => {
      const inserted = await tx
        .insert(services)
        .values(batch.map(({ sector: _, ...row }) => row))
        .returning({ id: services.id, link: services.link });
      for (const r of inserted) serviceIds.set(r.link, r.id);
    });
    const serviceList = serviceRows.map((s) => ({ ...s, id: serviceIds.get(s.link)! }));
    done(`${size.services.toLocaleString('en-US')} training offers`);

    // ── missions ──────────────────────────────────────────────────────────────────────────────
    const benchMissions = Math.min(60, Math.floor(size.missions / 10));
    const missionRows: MissionRow[] = [];
    for (let i = 0; i < size.missions; i++) {
      const bench = i < benchMissions;
      const service = bench
        ? serviceList[i % benchSectors.length]!
        : serviceList[rng.int(benchSectors.length, serviceList.length - 1)]!;
      const words = wordsOf(service.sector.name);
      const missionType = rng.weighted<MissionType>([
        ['setter', 35],
        ['closer', 45],
        ['setter_closer', 20],
      ]);
      const role = rng.pick(roleNouns[missionType]);
      const values = {
        role,
        roleLower: lowerFirst(role),
        subject: words.subject,
        training: service.name,
        motivated: rng.pick(motivated),
        price: service.price.toLocaleString('fr-FR'),
      };
      let title = fill(rng.pick(missionTitleTemplates), values);
      if (title.length > 100) title = fill('{role} pour formation {subject}', values);
      const rate = service.commissionRate;
      const details = rng.sample(missionDetails, rng.int(1, 3)).map((d) =>
        fill(d, {
          rate,
          amount: Math.round((service.price * rate) / 100).toLocaleString('fr-FR'),
          subject: words.subject,
          sales: rng.int(4, 30),
        }),
      );
      const description = [
        `Nous recherchons un ${lowerFirst(role)} pour accompagner les ventes de notre formation « ${service.name} ».`,
        rng.pick(missionTasks[missionType]),
        ...details,
      ]
        .slice(0, 4)
        .join(' ');
      const createdAt = new Date(
        Math.min(ANCHOR, service.createdAt!.getTime() + rng.int(0, 600) * DAY + rng.int(0, DAY)),
      );
      const status = bench
        ? 'published'
        : rng.weighted([
            ['published', 95],
            ['draft', 4],
            ['archived', 1],
          ]);
      missionRows.push({
        infopreneurId: service.infopreneurId,
        serviceId: service.id,
        title,
        description,
        missionType,
        // Percent, compared with the freelancer's rate out of 10 × 10 (lib/matching.ts): 20–60 % mostly.
        minConversionRate: rng.chance(0.4) ? null : rng.chance(0.8) ? rng.int(4, 12) * 5 : rng.int(0, 100),
        minExperience: rng.chance(0.4) ? null : rng.pick([0, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 8]),
        ticket: service.price,
        status,
        publishedAt:
          status === 'draft' ? null : new Date(Math.min(ANCHOR, createdAt.getTime() + rng.int(0, 3 * DAY))),
        missionStatus: bench
          ? 'open'
          : rng.weighted([
              ['open', 88],
              ['in_progress', 4],
              ['filled', 4],
              ['closed', 4],
            ]),
        createdAt,
        updatedAt: createdAt,
      });
    }
    await insertBatches('missions', missionRows, (batch) => tx.insert(missions).values(batch));
    done(`${size.missions.toLocaleString('en-US')} missions`);

    // ── freelancers ───────────────────────────────────────────────────────────────────────────
    const freelancerRows: (UserRow & { kind: MissionType })[] = [];
    for (let i = 0; i < size.freelancers; i++) {
      const bench = i === 0;
      const kind: MissionType = bench
        ? 'setter'
        : rng.weighted([
            ['setter', 40],
            ['closer', 40],
            ['setter_closer', 20],
          ]);
      const p = bench
        ? { firstName: 'Samir', lastName: 'Bench', email: BENCH_ACCOUNTS.setter }
        : person(i, 'freelances.exemple.fr');
      const createdAt = pastDate(1_000, 1);
      freelancerRows.push({
        ...p,
        kind,
        passwordHash: bench ? BENCH_HASH : SHARED_HASH,
        emailVerifiedAt: rng.chance(0.95) ? createdAt : null,
        role: kind === 'setter_closer' ? 'setter-closer' : kind,
        location: rng.weighted(cities),
        available: bench || rng.chance(0.75),
        lastSeenAt: pastDate(60),
        createdAt,
        updatedAt: createdAt,
      });
    }
    const freelancerIds = await insertUsers(
      tx,
      freelancerRows.map(({ kind: _, ...row }) => row),
    );
    await insertBatches('profiles', freelancerRows, (batch) =>
      tx.insert(profiles).values(
        batch.map((u): ProfileRow => {
          const bench = u.email === BENCH_ACCOUNTS.setter;
          const sectorList = bench
            ? [
                'Immobilier',
                'Développement personnel',
                'Vente & négociation',
                'Business & entrepreneuriat',
              ].map(sectorNamed)
            : [
                ...new Map(
                  Array.from({ length: rng.int(1, 4) }, () => pickSector()).map((s) => [s.id, s]),
                ).values(),
              ];
          const skills = bench
            ? ['Setting Instagram', 'Prise de rendez-vous', 'Qualification de leads'].filter((s) =>
                skillNames.includes(s),
              )
            : rng.sample(skillNames, rng.int(2, 6));
          const years = bench ? 5 : rng.pick([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 10, 12]);
          const experience = dateOnly(ANCHOR - years * 365 * DAY - rng.int(0, 364) * DAY);
          const [skillA = 'la prospection', skillB = 'le closing'] = rng.sample(skills, 2).map(lowerFirst);
          const subjects = sectorList.map((s) => wordsOf(s.name).subject);
          const sentences = [
            `${freelancerIntros[u.kind]} depuis ${years <= 1 ? 'un an' : `${years} ans`}, spécialisé en ${subjects.slice(0, 2).join(', ')}.`,
            ...rng.sample(freelancerSentences, rng.int(1, 3)).map((s) =>
              fill(s, {
                n: rng.int(2, 40),
                k: rng.int(2, 90) * 10,
                skillA,
                skillB,
                availability: rng.pick(availabilities),
              }),
            ),
          ];
          return {
            userId: freelancerIds.get(u.email)!,
            kind: u.kind,
            description: sentences.join(' '),
            workSectorIds: sectorList.map((s) => s.id),
            finishedProfileSetup: true,
            onboardingStep: 'done',
            // Out of 10: 2–7 mostly.
            conversionRate: bench ? 4.2 : rng.chance(0.8) ? rng.float(2, 7, 1) : rng.float(0, 10, 1),
            experience,
            skills,
            formations: rng.chance(0.4) ? [{ name: rng.pick(formations) }] : [],
            createdAt: u.createdAt,
            updatedAt: u.createdAt,
          };
        }),
      ),
    );
    done(`${size.freelancers.toLocaleString('en-US')} freelancers`);

    return {
      benchInfopreneurId,
      benchSetterId: freelancerIds.get(BENCH_ACCOUNTS.setter)!,
    };
  });
  const insertMs = performance.now() - insertStarted;

  const vacuumStarted = performance.now();
  // The whole database: the triggers also fill tables of their own (the search vocabulary).
  await database.rows('vacuum analyze');
  // PGlite keeps every WAL segment of the load (over 1 GB) until a checkpoint.
  if (database.kind === 'pglite') await database.rows('checkpoint');
  const vacuumMs = performance.now() - vacuumStarted;
  log(`vacuum analyze in ${(vacuumMs / 1000).toFixed(1)} s`);

  const benchMissionRows = await database.rows<{ id: number; mission_type: MissionType; title: string }>(
    `select id, mission_type, title from missions
      where infopreneur_id = $1 and status = 'published' and mission_status = 'open' order by id`,
    [result.benchInfopreneurId],
  );
  const [visible] = await database.rows<{ n: number }>(
    `select count(*)::int as n from missions m join services s on s.id = m.service_id
      where m.status = 'published' and m.mission_status = 'open'
        and s.validation_status = 'approved' and s.status = 'active' and s.deleted_at is null`,
  );
  return {
    counts: { ...size, visibleMissions: visible?.n ?? 0 },
    timings: { totalMs: performance.now() - started, insertMs, vacuumMs },
    password: BENCH_PASSWORD,
    infopreneur: {
      id: result.benchInfopreneurId,
      email: BENCH_ACCOUNTS.infopreneur,
      missions: benchMissionRows.map((r) => ({ id: r.id, missionType: r.mission_type, title: r.title })),
    },
    setter: { id: result.benchSetterId, email: BENCH_ACCOUNTS.setter },
    sectorIds,
    skillNames,
  };
}
