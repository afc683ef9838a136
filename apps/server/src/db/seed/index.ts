import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../modules/auth/auth.service';
import type { Db } from '../client';
import { plans, profiles, users } from '../schema';
import { seedReferenceData } from './reference-data';

export const DEMO_PASSWORD = 'Closia-demo-2026';

export const demoAccounts = [
  { email: 'admin@closia.fr', firstName: 'Alice', lastName: 'Admin', role: null, kind: null, admin: true },
  {
    email: 'setter@closia.fr',
    firstName: 'Sofiane',
    lastName: 'Setter',
    role: 'setter',
    kind: 'setter',
    admin: false,
  },
  {
    email: 'closer@closia.fr',
    firstName: 'Camille',
    lastName: 'Closer',
    role: 'closer',
    kind: 'closer',
    admin: false,
  },
  {
    email: 'setter-closer@closia.fr',
    firstName: 'Sacha',
    lastName: 'Polyvalent',
    role: 'setter-closer',
    kind: 'setter_closer',
    admin: false,
  },
  {
    email: 'infopreneur@closia.fr',
    firstName: 'Inès',
    lastName: 'Formatrice',
    role: 'infopreneur',
    kind: 'infopreneur',
    admin: false,
  },
] as const;

const planRows: (typeof plans.$inferInsert)[] = [
  {
    slug: 'gratuit',
    name: 'Gratuit',
    description: 'Pour découvrir Closia et créer votre profil.',
    priceMonthly: 0,
    features: [
      'Profil public',
      'Recherche de missions',
      '5 candidatures par mois',
      'Pipeline jusqu’à 20 deals',
    ],
    limits: { applicationsPerMonth: 5, deals: 20, teamMembers: 0 },
    sortOrder: 1,
  },
  {
    slug: 'pro',
    name: 'Pro',
    description: 'Pour les setters et closers qui vivent de la vente.',
    priceMonthly: 29,
    features: [
      'Candidatures illimitées',
      'Pipeline illimité',
      'Statistiques avancées',
      'Replays des webinaires',
    ],
    limits: { applicationsPerMonth: null, deals: null, teamMembers: 0 },
    sortOrder: 2,
  },
  {
    slug: 'equipe',
    name: 'Équipe',
    description: 'Pour les équipes de vente et les infopreneurs qui recrutent.',
    priceMonthly: 79,
    features: [
      'Tout Pro',
      'Équipes jusqu’à 15 membres',
      'Pipeline partagé',
      'Chats d’équipe',
      'Annonces sponsorisées',
    ],
    limits: { applicationsPerMonth: null, deals: null, teamMembers: 15 },
    sortOrder: 3,
  },
];

/** Idempotent: reference data always; demo accounts when asked (embedded default, or SEED_DEMO=1). */
export async function seed(db: Db, options: { demo: boolean; log?: FastifyBaseLogger }): Promise<void> {
  await db.insert(plans).values(planRows).onConflictDoNothing();
  await seedReferenceData(db);
  if (!options.demo) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const account of demoAccounts) {
    const [user] = await db
      .insert(users)
      .values({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash,
        admin: account.admin,
        role: account.role,
        emailVerifiedAt: new Date(),
        location: 'Paris, France',
        affiliationCode: `DEMO${account.email.split('@')[0]!.replace(/-/g, '').toUpperCase().slice(0, 8)}`,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    created++;
    if (account.kind) {
      await db.insert(profiles).values({
        userId: user.id,
        kind: account.kind,
        finishedProfileSetup: true,
        description: `Compte de démonstration ${account.role}.`,
        ...(account.kind === 'infopreneur'
          ? {}
          : {
              conversionRate: 4.5,
              experience: '2021-09-01',
              skills: ['Prospection LinkedIn', 'Closing téléphonique'],
            }),
      });
    }
  }
  if (created > 0) {
    options.log?.info(
      `demo accounts created (password ${DEMO_PASSWORD}): ${demoAccounts.map((a) => a.email).join(', ')}`,
    );
  }
}
