import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { profiles, users, workSectors } from '../db/schema';
import { hashPassword } from '../modules/auth/auth.service';
import { seedDemoArticles } from './articles';
import { seedDemoPlans } from './billing';
import { type DemoSubscription, seedDemoSubscription } from './billing-history';
import { seedDemoCollaboration } from './collaboration';
import { seedDemoCrm } from './crm';
import { seedDemoFeed } from './feed';
import { demoMarketplaceEmails, seedDemoMarketplace } from './marketplace';
import { seedReferenceData } from './reference-data';
import { seedDemoRoadmap } from './roadmap';
import { seedDemoSupport } from './support';
import { seedDemoWebinars } from './webinars';

export const DEMO_PASSWORD = 'Closia-demo-2026';

interface DemoProfile {
  description: string;
  sectors: string[];
  conversionRate?: number;
  experience?: string;
  skills?: string[];
  formations?: { name: string; link?: string | null }[];
}

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: string | null;
  kind: 'setter' | 'closer' | 'setter_closer' | 'infopreneur' | null;
  admin: boolean;
  location: string;
  profile?: DemoProfile;
}

/** One complete account per type, so a first start shows a living product. */
export const demoAccounts: DemoAccount[] = [
  {
    email: 'admin@closia.fr',
    firstName: 'Alice',
    lastName: 'Admin',
    role: null,
    kind: null,
    admin: true,
    location: 'Paris, France',
  },
  {
    email: 'setter@closia.fr',
    firstName: 'Sofiane',
    lastName: 'Setter',
    role: 'setter',
    kind: 'setter',
    admin: false,
    location: 'Lyon, France',
    profile: {
      description:
        'Setter spécialisé Instagram et LinkedIn : je qualifie vos leads et remplis l’agenda de vos closers avec des rendez-vous tenus. Habitué aux offres de coaching et de formation business entre 1 000 et 5 000 €.',
      sectors: ['Business & entrepreneuriat', 'Coaching', 'Marketing digital'],
      conversionRate: 3.5,
      experience: '2022-03-01',
      skills: ['Prospection LinkedIn', 'Setting Instagram', 'Qualification de leads', 'Prise de rendez-vous'],
      formations: [{ name: 'Formation Setter Instagram' }],
    },
  },
  {
    email: 'closer@closia.fr',
    firstName: 'Camille',
    lastName: 'Closer',
    role: 'closer',
    kind: 'closer',
    admin: false,
    location: 'Bordeaux, France',
    profile: {
      description:
        'Closer high-ticket depuis 2020 : appels de découverte, traitement des objections et closing en visio. Plus de 400 ventes conclues sur des formations en immobilier et en développement personnel.',
      sectors: ['Immobilier', 'Développement personnel', 'Finance & investissement'],
      conversionRate: 4.5,
      experience: '2020-09-01',
      skills: ['Closing en visio', 'Closing téléphonique', 'Gestion des objections', 'Écoute active'],
      formations: [{ name: 'Formation Closer à distance' }, { name: 'Négociation commerciale avancée' }],
    },
  },
  {
    email: 'setter-closer@closia.fr',
    firstName: 'Sacha',
    lastName: 'Polyvalent',
    role: 'setter-closer',
    kind: 'setter_closer',
    admin: false,
    location: 'Nantes, France',
    profile: {
      description:
        'Je prends vos prospects du premier message jusqu’à la signature : setting en DM, appels de qualification et closing. Idéal pour les infopreneurs qui lancent leur première équipe de vente.',
      sectors: ['Marketing digital', 'E-commerce'],
      conversionRate: 4,
      experience: '2021-06-01',
      skills: ['Setting par DM', 'Cold calling', 'Closing téléphonique', 'Suivi CRM'],
      formations: [{ name: 'Certification Vente consultative' }],
    },
  },
  {
    email: 'infopreneur@closia.fr',
    firstName: 'Inès',
    lastName: 'Formatrice',
    role: 'infopreneur',
    kind: 'infopreneur',
    admin: false,
    location: 'Paris, France',
    profile: {
      description:
        'Formatrice en investissement immobilier locatif : 3 programmes en ligne, plus de 2 000 élèves. Je recrute des setters et closers pour accompagner le lancement de ma nouvelle formation.',
      sectors: ['Immobilier', 'Finance & investissement'],
    },
  },
];

export interface SeedOptions {
  demo: boolean;
  log?: FastifyBaseLogger;
  /** The instant the demo's dates are relative to (default: now; the build's demo template: its build time). */
  now?: Date;
}

/** Idempotent: reference data always; demo accounts when asked (embedded default, or SEED_DEMO=1). */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await seedReferenceData(db);
  if (!options.demo) return;

  // Every start runs this: hash the demo password (argon2, tens of ms) only when an account is missing.
  let passwordHash: string | undefined;
  const demoHash = async () => {
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    return passwordHash;
  };
  const emails = demoAccounts.map((account) => account.email);
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const missing = demoAccounts.filter((account) => !existing.some((row) => row.email === account.email));
  const now = options.now ?? new Date();
  if (missing.length > 0) await seedDemoAccounts(db, missing, await demoHash(), now, options.log);
  if (await seedDemoMarketplace(db, demoHash, now)) {
    options.log?.info(
      `demo marketplace created: offers, missions, applications; more accounts: ${demoMarketplaceEmails.join(', ')}`,
    );
  }
  if (await seedDemoCrm(db, now)) {
    options.log?.info('demo CRM created: prospects, activities, deals in every stage and their commissions');
  }
  if (await seedDemoCollaboration(db, now)) {
    options.log?.info(
      'demo collaboration created: conversations, a sales team with chats, events and shared deals',
    );
  }
  if (await seedDemoSubscription(db, demoInfopreneurSubscription, now)) {
    options.log?.info('demo billing created: the infopreneur on Pro with two paid invoices');
  }
  // Before the plans: their top-up of the demo setter to 90 prospects counts the webinar leads.
  if (await seedDemoWebinars(db, now)) {
    options.log?.info(
      'demo webinars created: three upcoming (one paid), two past with a replay, registrants and their leads',
    );
  }
  if (await seedDemoPlans(db, now)) {
    options.log?.info(
      'demo plans created: the closer on Équipe, the setter on Gratuit at 90 prospects of 100',
    );
  }
  if (await seedDemoFeed(db, now)) {
    options.log?.info('demo feed created: posts with likes and comments, a draft, a report to moderate');
  }
  if (await seedDemoArticles(db, now)) {
    options.log?.info(
      'demo articles created: the blog (a draft, one scheduled) and the tutorials, at /blog and /tutorials',
    );
  }
  if (await seedDemoRoadmap(db, now)) {
    options.log?.info(
      'demo road map created: ideas planned, in progress and shipped with votes, one declined, two suggestions to moderate',
    );
  }
  if (await seedDemoSupport(db, now)) {
    options.log?.info('demo support created: the FAQ, a ticket of the demo setter and a visitor’s, answered');
  }
}

/** The demo infopreneur pays Pro monthly: two periods paid so far (issue 20's demo). */
const demoInfopreneurSubscription: DemoSubscription = {
  email: 'infopreneur@closia.fr',
  planId: 'pro',
  interval: 'month',
  paidPeriods: 2,
  identity: {
    name: 'Inès Formatrice',
    address: '8 rue de la République, 69002 Lyon, France',
    company: 'Inès Formations SAS',
    vatNumber: 'FR83512345678',
  },
};

async function seedDemoAccounts(
  db: Db,
  missing: DemoAccount[],
  passwordHash: string,
  now: Date,
  log: FastifyBaseLogger | undefined,
): Promise<void> {
  let created = 0;
  for (const account of missing) {
    const [user] = await db
      .insert(users)
      .values({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash,
        admin: account.admin,
        role: account.role,
        emailVerifiedAt: now,
        location: account.location,
        affiliationCode: `DEMO${account.email.split('@')[0]!.replace(/-/g, '').toUpperCase().slice(0, 8)}`,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    created++;
    if (account.kind && account.profile) {
      const p = account.profile;
      const sectors = await db
        .select({ id: workSectors.id })
        .from(workSectors)
        .where(inArray(workSectors.name, p.sectors));
      await db.insert(profiles).values({
        userId: user.id,
        kind: account.kind,
        finishedProfileSetup: true,
        description: p.description,
        workSectorIds: sectors.map((sector) => sector.id),
        conversionRate: p.conversionRate ?? null,
        experience: p.experience ?? null,
        skills: p.skills ?? [],
        formations: p.formations ?? [],
      });
    }
  }
  if (created > 0) {
    log?.info(
      `demo accounts created (password ${DEMO_PASSWORD}): ${demoAccounts.map((a) => a.email).join(', ')}`,
    );
  }
}
