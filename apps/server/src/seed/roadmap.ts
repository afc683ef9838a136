/**
 * The demo's road map (issue 22 §2): the team's ideas in every public column — six planned, three
 * in progress, four shipped (what the demo already shows: CSV export, paid webinars, the feed,
 * Factur-X invoices) — one declined suggestion with its reason, and two suggestions of the demo
 * accounts waiting for the admin on `/admin/roadmap`. Votes come from the demo accounts (the admin
 * aside) and the generated members (members.ts); the trigger of migration 0027 counts them.
 *
 * Runs once: when none of these ideas is in the table yet.
 */
import type { RoadmapCategory, RoadmapStatus } from '@closia/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roadMapItems, roadMapVotes, users } from '../db/schema';
import { ensureDemoMembers } from './members';

const DAY_MS = 86_400_000;

interface DemoIdea {
  title: string;
  description: string;
  category: RoadmapCategory;
  status: RoadmapStatus;
  /** Days ago it was written. */
  daysAgo: number;
  /** Days ago it shipped (done). */
  shippedDaysAgo?: number;
  votes: number;
  /** Who suggested it (an e-mail or a member's index). */
  by?: string | number;
  declinedReason?: string;
}

export const demoIdeas: DemoIdea[] = [
  {
    title: 'Synchronisation avec Google Agenda et Outlook',
    description:
      'Vos rendez-vous de setting et de closing apparaissent dans votre agenda, et les créneaux déjà pris dans votre agenda ne sont plus proposés à vos prospects.',
    category: 'crm',
    status: 'planned',
    daysAgo: 48,
    votes: 34,
  },
  {
    title: 'Application mobile iOS et Android',
    description:
      'Vos prospects, vos activités du jour et vos messages dans la poche, avec une notification avant chaque appel.\nLa consultation hors ligne des fiches prospects est prévue dès la première version.',
    category: 'mobile',
    status: 'planned',
    daysAgo: 60,
    votes: 28,
  },
  {
    title: 'Rappels SMS avant les appels de closing',
    description:
      'Un SMS envoyé à votre prospect la veille et une heure avant le rendez-vous, avec le lien de la visio : moins de rendez-vous manqués.',
    category: 'crm',
    status: 'planned',
    daysAgo: 35,
    votes: 21,
  },
  {
    title: 'Signature électronique des bons de commande',
    description:
      'Envoyer le bon de commande de la formation à la fin de l’appel et le faire signer en ligne ; la vente passe en « Gagné » dès la signature.',
    category: 'crm',
    status: 'planned',
    daysAgo: 30,
    votes: 17,
  },
  {
    title: 'Import des prospects depuis HubSpot et Pipedrive',
    description:
      'Reprendre vos contacts et vos affaires en cours depuis HubSpot ou Pipedrive en quelques clics, sans passer par un fichier CSV.',
    category: 'integrations',
    status: 'planned',
    daysAgo: 22,
    votes: 12,
  },
  {
    title: 'Avis des infopreneurs sur les setters et closers',
    description:
      'Après une mission, l’infopreneur note le setter ou le closer et laisse un avis, affiché sur son profil public.',
    category: 'marketplace',
    status: 'planned',
    daysAgo: 14,
    votes: 9,
    by: 'closer@closia.fr',
  },
  {
    title: 'Tableau de bord des commissions par offre',
    description:
      'Voir, pour chaque offre vendue, les commissions gagnées, dues et payées, mois par mois, avec l’export pour votre comptable.',
    category: 'billing',
    status: 'in_progress',
    daysAgo: 70,
    votes: 25,
  },
  {
    title: 'Enregistrement des appels dans la fiche de la vente',
    description:
      'Joindre l’enregistrement et le résumé d’un appel de closing à la vente, pour le relire avant la relance ou le transmettre à un closer.',
    category: 'crm',
    status: 'in_progress',
    daysAgo: 55,
    votes: 14,
  },
  {
    title: 'Messages vocaux dans la messagerie',
    description: 'Enregistrer et envoyer un message vocal à un membre de votre équipe ou à un infopreneur.',
    category: 'messages',
    status: 'in_progress',
    daysAgo: 40,
    votes: 11,
    by: 4,
  },
  {
    title: 'Factures Factur-X téléchargeables',
    description:
      'Chaque paiement de votre abonnement donne une facture au format Factur-X (PDF avec ses données structurées), prête pour la facturation électronique.',
    category: 'billing',
    status: 'done',
    daysAgo: 90,
    shippedDaysAgo: 5,
    votes: 18,
  },
  {
    title: 'Fil de la communauté avec commentaires',
    description:
      'Partager vos retours d’expérience, poser vos questions et commenter celles des autres membres dans la Communauté.',
    category: 'community',
    status: 'done',
    daysAgo: 80,
    shippedDaysAgo: 12,
    votes: 27,
  },
  {
    title: 'Webinaires payants avec paiement par carte',
    description:
      'Vendre des places à vos masterclass : le paiement par carte inscrit le participant et lui envoie son lien personnel.',
    category: 'webinars',
    status: 'done',
    daysAgo: 100,
    shippedDaysAgo: 20,
    votes: 22,
  },
  {
    title: 'Export CSV du pipeline de ventes',
    description: 'Télécharger vos ventes et vos prospects au format CSV, pour Excel ou Google Sheets.',
    category: 'crm',
    status: 'done',
    daysAgo: 120,
    shippedDaysAgo: 40,
    votes: 31,
  },
  {
    title: 'Paiement des commissions en cryptomonnaie',
    description: 'Recevoir mes commissions en bitcoin ou en USDC plutôt que par virement.',
    category: 'billing',
    status: 'declined',
    daysAgo: 25,
    votes: 0,
    by: 9,
    declinedReason:
      'Les commissions restent versées en euros par virement, pour rester conformes aux obligations comptables françaises des infopreneurs.',
  },
  {
    title: 'Modèles de messages de prospection partagés dans l’équipe',
    description:
      'Pouvoir enregistrer nos meilleurs messages d’approche LinkedIn et Instagram et les partager avec toute l’équipe, avec des variables comme le prénom du prospect.',
    category: 'other',
    status: 'suggested',
    daysAgo: 2,
    votes: 0,
    by: 'setter@closia.fr',
  },
  {
    title: 'Alerte quand une nouvelle mission correspond à mon profil',
    description:
      'Recevoir un e-mail ou une notification dès qu’une mission publiée correspond à mes secteurs et à mon taux de conversion.',
    category: 'other',
    status: 'suggested',
    daysAgo: 1,
    votes: 0,
    by: 'setter-closer@closia.fr',
  },
];

/** Who votes, after the generated members: the demo accounts and the marketplace's freelancers. */
const VOTER_EMAILS = [
  'setter@closia.fr',
  'closer@closia.fr',
  'setter-closer@closia.fr',
  'infopreneur@closia.fr',
  'ines.martin@demo.closia.fr',
  'thomas.bernard@demo.closia.fr',
  'lea.petit@demo.closia.fr',
  'hugo.robert@demo.closia.fr',
  'sarah.moreau@demo.closia.fr',
  'karim.haddad@demo.closia.fr',
];

/** Idempotent: the demo road map (see the top). */
export async function seedDemoRoadmap(db: Db, now = new Date()): Promise<boolean> {
  const [existing] = await db
    .select({ id: roadMapItems.id })
    .from(roadMapItems)
    .where(
      inArray(
        roadMapItems.title,
        demoIdeas.map((idea) => idea.title),
      ),
    )
    .limit(1);
  if (existing) return false;
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, VOTER_EMAILS));
  if (accounts.length === 0) return false;

  await db.transaction(async (tx) => {
    const memberIds = await ensureDemoMembers(tx, now);
    const idOf = (who: string | number | undefined) =>
      who === undefined
        ? null
        : typeof who === 'number'
          ? (memberIds[who] ?? null)
          : (accounts.find((account) => account.email === who)?.id ?? null);
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const rows = await tx
      .insert(roadMapItems)
      .values(
        demoIdeas.map((idea) => ({
          title: idea.title,
          description: idea.description,
          category: idea.category,
          status: idea.status,
          suggestedById: idOf(idea.by),
          declinedReason: idea.declinedReason ?? null,
          shippedAt: idea.shippedDaysAgo === undefined ? null : ago(idea.shippedDaysAgo),
          createdAt: ago(idea.daysAgo),
          updatedAt: ago(idea.shippedDaysAgo ?? Math.max(0, idea.daysAgo - 3)),
        })),
      )
      .returning({ id: roadMapItems.id, createdAt: roadMapItems.createdAt });

    // The demo accounts first (so that the demo setter has voted for the most popular ideas), then the members.
    const voters = [
      ...VOTER_EMAILS.map((email) => idOf(email)).filter((id): id is number => id !== null),
      ...memberIds,
    ];
    const votes: (typeof roadMapVotes.$inferInsert)[] = [];
    rows.forEach((row, index) => {
      const idea = demoIdeas[index]!;
      const until = idea.shippedDaysAgo === undefined ? now.getTime() : ago(idea.shippedDaysAgo).getTime();
      const span = until - row.createdAt.getTime();
      const count = Math.min(idea.votes, voters.length);
      // The most voted ideas start with the demo accounts; the others further along the list.
      const start = idea.votes >= 25 ? 0 : (index * 7) % voters.length;
      for (let i = 0; i < count; i++) {
        votes.push({
          itemId: row.id,
          userId: voters[(start + i) % voters.length]!,
          createdAt: new Date(row.createdAt.getTime() + (span * (i + 1)) / (count + 1)),
        });
      }
    });
    if (votes.length > 0) await tx.insert(roadMapVotes).values(votes).onConflictDoNothing();
  });
  return true;
}
