/**
 * The demo marketplace (issue 7): the demo infopreneur and two more publish approved offers and
 * missions; six more freelancers have finished profiles; the demo freelancers have applied (one
 * accepted); one campaign is live; one offer waits for the admin's review. Runs once: when the
 * demo infopreneur has no offer yet (so an older demo database gets it at its next start).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  advertisements,
  applications,
  favorites,
  missions,
  profiles,
  services,
  users,
  workSectors,
} from '../db/schema';

interface DemoOffer {
  name: string;
  description: string;
  price: number;
  commissionRate: number;
  financingMethods: string[];
  certifications: string[];
  duration: number;
  locationType: 'online' | 'physical' | 'both';
  location: string | null;
  sectors: string[];
  validationStatus: 'approved' | 'pending_review';
  missions: {
    title: string;
    description: string;
    missionType: 'setter' | 'closer' | 'setter_closer';
    minConversionRate: number | null;
    minExperience: number | null;
    ticket: number | null;
    published: boolean;
  }[];
}

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  location: string;
  description: string;
  sectors: string[];
}

interface DemoSeller {
  email: string;
  /** The account to create; none for the demo infopreneur, who exists already. */
  account?: DemoAccount;
  offers: DemoOffer[];
}

const sellers: DemoSeller[] = [
  {
    email: 'infopreneur@closia.fr',
    offers: [
      {
        name: 'Investir dans l’immobilier locatif rentable',
        description:
          'Un programme de 10 semaines pour acheter son premier appartement locatif : trouver le bon quartier, négocier, financer sans apport et gérer ses locataires. Coaching de groupe chaque semaine et communauté privée.',
        price: 2497,
        commissionRate: 20,
        financingMethods: ['cash', 'cpf'],
        certifications: ['qualiopi'],
        duration: 40,
        locationType: 'online',
        location: null,
        sectors: ['Immobilier', 'Finance & investissement'],
        validationStatus: 'approved',
        missions: [
          {
            title: 'Closer pour formation immobilier locatif',
            description:
              'Vous closez des appels de 45 minutes avec des prospects déjà qualifiés par notre équipe de setters. 15 à 20 rendez-vous par semaine, scripts et replays fournis.',
            missionType: 'closer',
            minConversionRate: 40,
            minExperience: 2,
            ticket: 2497,
            published: true,
          },
          {
            title: 'Setter LinkedIn pour investisseurs débutants',
            description:
              'Prospection LinkedIn et qualification des leads entrants pour remplir l’agenda de nos closers. Travail à distance, horaires libres.',
            missionType: 'setter',
            minConversionRate: null,
            minExperience: null,
            ticket: null,
            published: true,
          },
        ],
      },
      {
        name: 'Bourse : construire son portefeuille en 90 jours',
        description:
          'Comprendre les marchés, choisir ses ETF et ses actions, construire un portefeuille diversifié et s’y tenir. Pour les salariés qui veulent investir sans y passer leurs soirées.',
        price: 997,
        commissionRate: 25,
        financingMethods: ['cash', 'online'],
        certifications: [],
        duration: 20,
        locationType: 'online',
        location: null,
        sectors: ['Bourse', 'Finance & investissement'],
        validationStatus: 'approved',
        missions: [
          {
            title: 'Setter-closer pour formation bourse',
            description:
              'Vous gérez le cycle complet : messages entrants, qualification, appel de closing. Offre à moins de 1 000 €, décision rapide.',
            missionType: 'setter_closer',
            minConversionRate: 30,
            minExperience: 1,
            ticket: 997,
            published: true,
          },
        ],
      },
      {
        name: 'Masterclass location courte durée',
        description:
          'Lancer et automatiser ses locations de courte durée : réglementation, décoration, tarification dynamique et conciergerie. Deux jours en présentiel à Bordeaux.',
        price: 1490,
        commissionRate: 15,
        financingMethods: ['cash', 'opco'],
        certifications: ['qualiopi'],
        duration: 14,
        locationType: 'physical',
        location: 'Bordeaux',
        sectors: ['Immobilier'],
        validationStatus: 'pending_review',
        missions: [],
      },
    ],
  },
  {
    email: 'camille.dubois@demo.closia.fr',
    account: {
      email: 'camille.dubois@demo.closia.fr',
      firstName: 'Camille',
      lastName: 'Dubois',
      location: 'Nantes, France',
      description:
        'Coach certifiée, j’accompagne les femmes entrepreneures à reprendre confiance et à lancer leur activité. Plus de 1 200 élèves formées depuis 2018.',
      sectors: ['Développement personnel', 'Coaching'],
    },
    offers: [
      {
        name: 'Développement personnel : confiance en soi',
        description:
          'Douze semaines pour reprendre confiance, poser ses limites et oser prendre sa place. Exercices quotidiens, lives hebdomadaires et accompagnement individuel.',
        price: 1497,
        commissionRate: 30,
        financingMethods: ['cash', 'cpf'],
        certifications: ['qualiopi', 'icpf'],
        duration: 36,
        locationType: 'online',
        location: null,
        sectors: ['Développement personnel', 'Coaching'],
        validationStatus: 'approved',
        missions: [
          {
            title: 'Closer pour programme confiance en soi',
            description:
              'Appels de closing bienveillants avec des prospects qui ont suivi notre masterclass gratuite. Écoute active indispensable.',
            missionType: 'closer',
            minConversionRate: 30,
            minExperience: 1,
            ticket: 1497,
            published: true,
          },
        ],
      },
    ],
  },
  {
    email: 'marc.lefevre@demo.closia.fr',
    account: {
      email: 'marc.lefevre@demo.closia.fr',
      firstName: 'Marc',
      lastName: 'Lefèvre',
      location: 'Paris, France',
      description:
        'Ancien directeur commercial, je forme les indépendants et les PME à la vente B2B et à la prospection. Formations certifiées Qualiopi, finançables par les OPCO.',
      sectors: ['Vente & négociation', 'Business & entrepreneuriat'],
    },
    offers: [
      {
        name: 'Prospection B2B : remplir son agenda en 30 jours',
        description:
          'La méthode complète pour prospecter sur LinkedIn, par téléphone et par e-mail, et transformer ses rendez-vous en clients. Formation éligible aux financements OPCO.',
        price: 1990,
        commissionRate: 20,
        financingMethods: ['opco', 'cash'],
        certifications: ['qualiopi'],
        duration: 21,
        locationType: 'both',
        location: 'Paris',
        sectors: ['Vente & négociation', 'Business & entrepreneuriat'],
        validationStatus: 'approved',
        missions: [
          {
            title: 'Closer B2B pour formation prospection',
            description:
              'Vous vendez notre formation aux dirigeants de TPE et PME, souvent avec un financement OPCO à monter. Expérience B2B appréciée.',
            missionType: 'closer',
            minConversionRate: 50,
            minExperience: 3,
            ticket: 1990,
            published: true,
          },
          {
            title: 'Setter téléphone pour dirigeants de PME',
            description: 'Cold calling et prise de rendez-vous qualifiés pour nos closers.',
            missionType: 'setter',
            minConversionRate: null,
            minExperience: 1,
            ticket: null,
            published: false,
          },
        ],
      },
    ],
  },
];

/** The sellers' accounts to create. */
const newSellers = sellers.flatMap((seller) => (seller.account ? [seller.account] : []));

interface DemoFreelancer {
  email: string;
  firstName: string;
  lastName: string;
  kind: 'setter' | 'closer' | 'setter_closer';
  location: string;
  available: boolean;
  description: string;
  sectors: string[];
  conversionRate: number;
  experience: string;
  skills: string[];
}

const freelancers: DemoFreelancer[] = [
  {
    email: 'ines.martin@demo.closia.fr',
    firstName: 'Inès',
    lastName: 'Martin',
    kind: 'closer',
    location: 'Paris, France',
    available: true,
    description:
      'Closer high ticket depuis 2017 : coaching, immobilier et finance. 38 % de taux de closing sur les six derniers mois, appels en visio uniquement.',
    sectors: ['Immobilier', 'Finance & investissement', 'Coaching'],
    conversionRate: 7.5,
    experience: '2017-04-01',
    skills: ['Closing en visio', 'Gestion des objections', 'Vente high ticket'],
  },
  {
    email: 'thomas.bernard@demo.closia.fr',
    firstName: 'Thomas',
    lastName: 'Bernard',
    kind: 'setter',
    location: 'Lille, France',
    available: true,
    description:
      'Setter LinkedIn et Instagram : je transforme vos abonnés en rendez-vous qualifiés. Habitué des offres de formation en ligne entre 500 et 3 000 €.',
    sectors: ['Marketing digital', 'Business & entrepreneuriat', 'Immobilier'],
    conversionRate: 4,
    experience: '2021-09-01',
    skills: ['Prospection LinkedIn', 'Setting Instagram', 'Qualification de leads'],
  },
  {
    email: 'lea.petit@demo.closia.fr',
    firstName: 'Léa',
    lastName: 'Petit',
    kind: 'setter_closer',
    location: 'Marseille, France',
    available: false,
    description:
      'Setter-closer sur le développement personnel et le bien-être : de la première prise de contact à la signature, avec beaucoup d’écoute.',
    sectors: ['Développement personnel', 'Bien-être & santé', 'Coaching'],
    conversionRate: 6,
    experience: '2019-02-01',
    skills: ['Écoute active', 'Closing téléphonique', 'Appels découverte'],
  },
  {
    email: 'hugo.robert@demo.closia.fr',
    firstName: 'Hugo',
    lastName: 'Robert',
    kind: 'closer',
    location: 'Toulouse, France',
    available: true,
    description:
      'Ancien commercial terrain passé au closing à distance. Spécialiste des offres B2B et des dossiers de financement OPCO.',
    sectors: ['Vente & négociation', 'Business & entrepreneuriat', 'Formation professionnelle (CPF)'],
    conversionRate: 5.5,
    experience: '2016-01-01',
    skills: ['Closing téléphonique', 'Négociation', 'Méthode SPIN'],
  },
  {
    email: 'sarah.moreau@demo.closia.fr',
    firstName: 'Sarah',
    lastName: 'Moreau',
    kind: 'setter',
    location: 'Bordeaux, France',
    available: true,
    description: 'Setter téléphone : cold calling, relances et prise de rendez-vous. Énergie et régularité.',
    sectors: ['Immobilier', 'Vente & négociation'],
    conversionRate: 3,
    experience: '2023-05-01',
    skills: ['Cold calling', 'Prise de rendez-vous'],
  },
  {
    email: 'karim.haddad@demo.closia.fr',
    firstName: 'Karim',
    lastName: 'Haddad',
    kind: 'setter_closer',
    location: 'Lyon, France',
    available: true,
    description:
      'Setter-closer spécialisé trading et crypto. Je connais les objections de ce marché par cœur et je sais rester conforme.',
    sectors: ['Trading & crypto', 'Bourse', 'Finance & investissement'],
    conversionRate: 6.5,
    experience: '2020-06-01',
    skills: ['Gestion des objections', 'Closing en visio', 'Cold emailing'],
  },
];

/** Idempotent: adds the demo marketplace when the demo infopreneur has no offer. */
export async function seedDemoMarketplace(
  db: Db,
  passwordHash: () => Promise<string>,
  now = new Date(),
): Promise<boolean> {
  const [owner] = await db.select().from(users).where(eq(users.email, 'infopreneur@closia.fr'));
  if (!owner) return false;
  const [existing] = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.infopreneurId, owner.id))
    .limit(1);
  if (existing) return false;

  const sectorRows = await db.select({ id: workSectors.id, name: workSectors.name }).from(workSectors);
  const sectorIds = (names: string[]) =>
    names.flatMap((name) => sectorRows.filter((row) => row.name === name).map((row) => row.id));
  const hash = await passwordHash();

  await db.transaction(async (tx) => {
    const userIdOf = new Map<string, number>([[owner.email, owner.id]]);
    const accounts: (DemoAccount | DemoFreelancer)[] = [...newSellers, ...freelancers];
    for (const account of accounts) {
      const freelancer = 'kind' in account ? account : null;
      const kind = freelancer?.kind ?? 'infopreneur';
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          passwordHash: hash,
          role: kind === 'setter_closer' ? 'setter-closer' : kind,
          emailVerifiedAt: now,
          location: account.location,
          available: freelancer?.available ?? true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) continue;
      userIdOf.set(account.email, user.id);
      await tx.insert(profiles).values({
        userId: user.id,
        kind,
        finishedProfileSetup: true,
        description: account.description,
        workSectorIds: sectorIds(account.sectors),
        ...(freelancer
          ? {
              conversionRate: freelancer.conversionRate,
              experience: freelancer.experience,
              skills: freelancer.skills,
            }
          : {}),
      });
    }

    const missionIdOf = new Map<string, number>();
    for (const seller of sellers) {
      const sellerId = userIdOf.get(seller.email);
      if (!sellerId) continue;
      for (const offer of seller.offers) {
        const [service] = await tx
          .insert(services)
          .values({
            infopreneurId: sellerId,
            name: offer.name,
            description: offer.description,
            price: offer.price,
            commissionRate: offer.commissionRate,
            financingMethods: offer.financingMethods,
            certifications: offer.certifications,
            link: 'https://www.closia.fr/',
            duration: offer.duration,
            locationType: offer.locationType,
            location: offer.location,
            workSectorIds: sectorIds(offer.sectors),
            requestValidation: true,
            validationStatus: offer.validationStatus,
            reviewedAt: offer.validationStatus === 'approved' ? now : null,
          })
          .returning({ id: services.id });
        for (const mission of offer.missions) {
          const [row] = await tx
            .insert(missions)
            .values({
              infopreneurId: sellerId,
              serviceId: service!.id,
              title: mission.title,
              description: mission.description,
              missionType: mission.missionType,
              minConversionRate: mission.minConversionRate,
              minExperience: mission.minExperience,
              ticket: mission.ticket,
              status: mission.published ? 'published' : 'draft',
              publishedAt: mission.published ? now : null,
            })
            .returning({ id: missions.id });
          missionIdOf.set(mission.title, row!.id);
        }
      }
    }

    const demoIds = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['setter@closia.fr', 'closer@closia.fr', 'setter-closer@closia.fr']));
    const idOf = (email: string) => demoIds.find((row) => row.email === email)?.id ?? userIdOf.get(email);
    const applied: { email: string; mission: string; status: string; message: string }[] = [
      {
        email: 'closer@closia.fr',
        mission: 'Closer pour formation immobilier locatif',
        status: 'accepted',
        message:
          'Closer immobilier depuis plusieurs années, je connais bien les objections des investisseurs débutants.',
      },
      {
        email: 'setter@closia.fr',
        mission: 'Setter LinkedIn pour investisseurs débutants',
        status: 'pending',
        message: 'Je prospecte sur LinkedIn tous les jours et je peux démarrer dès la semaine prochaine.',
      },
      {
        email: 'setter-closer@closia.fr',
        mission: 'Setter-closer pour formation bourse',
        status: 'pending',
        message: 'Le cycle complet me convient très bien : je gère déjà deux offres de formation en ligne.',
      },
      {
        email: 'ines.martin@demo.closia.fr',
        mission: 'Closer pour formation immobilier locatif',
        status: 'pending',
        message: 'Closer high ticket en immobilier et en finance, disponible 20 heures par semaine.',
      },
      {
        email: 'thomas.bernard@demo.closia.fr',
        mission: 'Setter LinkedIn pour investisseurs débutants',
        status: 'declined',
        message: 'Setter LinkedIn, je connais bien la cible des investisseurs débutants.',
      },
    ];
    for (const a of applied) {
      const userId = idOf(a.email);
      const missionId = missionIdOf.get(a.mission);
      if (!userId || !missionId) continue;
      await tx
        .insert(applications)
        .values({
          missionId,
          userId,
          message: a.message,
          status: a.status,
          decidedAt: a.status === 'pending' ? null : now,
        })
        .onConflictDoNothing();
    }

    const promoted = missionIdOf.get('Closer pour formation immobilier locatif');
    if (promoted) {
      const day = 24 * 3600_000;
      await tx.insert(advertisements).values({
        infopreneurId: owner.id,
        missionId: promoted,
        title: 'Closez une formation immobilier à 2 497 €',
        text: 'Prospects déjà qualifiés, 20 % de commission par vente : rejoignez notre équipe de closers.',
        targetRole: 'closer',
        targetWorkSectorIds: sectorIds(['Immobilier']),
        startsAt: new Date(now.getTime() - day),
        endsAt: new Date(now.getTime() + 30 * day),
        status: 'active',
        impressions: 184,
        clicks: 12,
      });
    }
    const closerId = idOf('closer@closia.fr');
    const starred = missionIdOf.get('Closer B2B pour formation prospection');
    if (closerId && starred) {
      await tx
        .insert(favorites)
        .values({ userId: closerId, kind: 'mission', targetId: starred })
        .onConflictDoNothing();
    }
    const ines = userIdOf.get('ines.martin@demo.closia.fr');
    if (ines) {
      await tx
        .insert(favorites)
        .values({ userId: owner.id, kind: 'user', targetId: ines })
        .onConflictDoNothing();
    }
  });
  return true;
}

export const demoMarketplaceEmails = [...newSellers, ...freelancers].map((a) => a.email);
