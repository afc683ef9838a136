/**
 * The demo's support (issue 22 §3): twelve FAQ entries in five categories, answered as the app
 * works, and two tickets with the admin's replies — one of the demo setter (who wrote again since:
 * it waits for the team, assigned to the admin, with the reply in the setter's bell) and one of a
 * visitor without an account (answered: it waits for her).
 *
 * Idempotent: the FAQ is written when it has no entry; each ticket when no ticket of its requester
 * has its subject.
 */
import type { SupportCategory, SupportTicketStatus } from '@closia/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { faqEntries, supportTicketMessages, supportTickets, users } from '../db/schema';
import { tellRequesterOfReply } from '../modules/support/ticket-mail';
import { seedWork } from './seed-work';

const HOUR_MS = 3_600_000;

export const demoFaq: { category: SupportCategory; question: string; answer: string }[] = [
  {
    category: 'account',
    question: 'J’ai oublié mon mot de passe : comment le réinitialiser ?',
    answer:
      'Sur la page de connexion, cliquez sur « Mot de passe oublié ? » et saisissez l’adresse e-mail de votre compte. Vous recevez un lien valable une heure pour choisir un nouveau mot de passe (8 caractères au minimum).\nRien reçu ? Regardez dans vos courriers indésirables, puis refaites la demande : seul le dernier lien envoyé fonctionne.',
  },
  {
    category: 'account',
    question: 'Comment passer de setter à closer (ou à infopreneur) ?',
    answer:
      'Dans Paramètres, section « Type de compte », choisissez votre nouveau profil. Attention : le profil actuel (description, compétences, taux de conversion) est effacé et vous repassez par les étapes d’inscription du nouveau.\nVos prospects, vos ventes et vos messages, eux, sont conservés.',
  },
  {
    category: 'account',
    question: 'Comment récupérer mes données ou supprimer mon compte ?',
    answer:
      'Dans Paramètres, section « Mes données » : « Exporter mes données » télécharge un fichier JSON avec tout ce que Closia conserve sur vous (profil, prospects, ventes, messages, demandes au support…).\n« Supprimer mon compte » efface définitivement votre compte et vos données personnelles, conformément au RGPD. Pensez à résilier votre abonnement avant.',
  },
  {
    category: 'billing',
    question: 'Comment changer d’offre ou résilier mon abonnement ?',
    answer:
      'Rendez-vous dans Paramètres, puis « Abonnement et factures » et cliquez sur « Gérer mon abonnement ». Un changement d’offre s’applique tout de suite, au prorata de la période en cours.\nUne résiliation prend effet à la fin de la période déjà payée : vous repassez ensuite à l’offre Gratuit, sans perdre vos données.',
  },
  {
    category: 'billing',
    question: 'Où trouver mes factures ?',
    answer:
      'Chaque paiement donne une facture numérotée, téléchargeable en PDF dans Paramètres, « Abonnement et factures ». Les factures sont au format Factur-X : votre logiciel comptable peut les lire directement.\nPour y faire figurer votre société et votre numéro de TVA, renseignez-les lors du paiement.',
  },
  {
    category: 'billing',
    question: 'Mon paiement a échoué : vais-je perdre mon offre ?',
    answer:
      'Non, pas tout de suite : vous gardez votre offre pendant 7 jours, le temps de mettre à jour votre carte depuis « Gérer mon abonnement ». Nous vous prévenons par e-mail avant la fin de ce délai.\nPassé 7 jours sans paiement, votre compte repasse à l’offre Gratuit : rien n’est supprimé, seules les créations au-delà des limites de l’offre sont bloquées.',
  },
  {
    category: 'marketplace',
    question: 'Comment publier une offre de formation et la faire valider ?',
    answer:
      'Avec un compte infopreneur, ouvrez « Mes offres de formation » puis « Nouvelle offre » : prix, taux de commission, modes de financement (CPF, Opco…), certifications, lieu.\nCochez « Demander la validation » : un administrateur vérifie l’offre avant de la publier. Seules les offres approuvées et actives sont visibles des setters et closers, et peuvent recevoir des missions.',
  },
  {
    category: 'marketplace',
    question: 'Pourquoi ne puis-je pas postuler à une mission ?',
    answer:
      'Chaque mission fixe un taux de conversion et une expérience minimum : si votre profil ne les atteint pas, la candidature est refusée et la page vous dit ce qui manque.\nVérifiez aussi que votre profil setter ou closer est terminé. Vous ne pouvez postuler qu’une fois par mission : suivez vos candidatures dans « Mes candidatures ».',
  },
  {
    category: 'crm',
    question: 'Comment importer mes prospects depuis un fichier Excel ?',
    answer:
      'Dans Prospects, cliquez sur « Importer » et déposez un fichier CSV ou Excel (.xlsx). Closia reconnaît les colonnes courantes (prénom, nom, e-mail, téléphone) ; vous associez les autres, ou elles deviennent des champs personnalisés.\nAvant l’import, un aperçu signale les lignes en erreur. Une ligne dont l’e-mail ou le téléphone correspond à un de vos prospects est ignorée : elle ne crée pas de doublon.',
  },
  {
    category: 'crm',
    question: 'Comment passer une vente à un closer au R2 ?',
    answer:
      'Quand le prospect est qualifié, déplacez la vente au stade R2, puis choisissez « Passer à un closer… » dans son menu. Le closer est prévenu et la vente entre dans son pipeline ; vous la suivez en lecture.\nÀ la signature, la commission est partagée entre le setter et le closer selon la répartition de la mission.',
  },
  {
    category: 'crm',
    question: 'Comment sont calculées mes commissions ?',
    answer:
      'Quand une vente est gagnée, la commission vaut le prix de l’offre multiplié par son taux de commission. Elle apparaît dans Statistiques et dans le détail de la vente, avec son échéancier si le client paie en plusieurs fois.\nUne vente remboursée annule les commissions qui n’ont pas encore été payées.',
  },
  {
    category: 'webinars',
    question: 'Je n’ai pas pu assister au webinaire : où voir le replay ?',
    answer:
      'Si l’organisateur propose un replay, vous le recevez par e-mail après la fin du webinaire, et il reste disponible sur la page du webinaire dans « Nos webinaires », onglet « Passés ».\nLe replay est réservé aux inscrits : inscrivez-vous avant le début pour ne rien manquer.',
  },
];

interface DemoTicket {
  /** The requester: a demo account's e-mail, or a visitor's name and e-mail. */
  account?: string;
  visitor?: { name: string; email: string };
  subject: string;
  category: SupportCategory;
  status: SupportTicketStatus;
  /** Assigned to the demo admin. */
  assigned: boolean;
  /** Oldest first: who wrote (the requester or the team) and how many hours ago. */
  messages: { staff: boolean; hoursAgo: number; body: string }[];
}

const ADMIN = 'admin@closia.fr';

const demoTickets: DemoTicket[] = [
  {
    account: 'setter@closia.fr',
    subject: 'Doublons après l’import de mes prospects',
    category: 'crm',
    status: 'open',
    assigned: true,
    messages: [
      {
        staff: false,
        hoursAgo: 50,
        body: 'Bonjour,\nj’ai importé mon fichier Excel de prospects LinkedIn (environ 60 lignes) et certains apparaissent deux fois dans ma liste. Comment les fusionner sans perdre les notes ?\nMerci !',
      },
      {
        staff: true,
        hoursAgo: 26,
        body: 'Bonjour Sofiane,\nl’import reconnaît un doublon à son e-mail ou à son téléphone : les lignes de votre fichier n’en avaient pas, d’où les deux fiches. Supprimez la fiche en double après avoir copié ses observations dans l’autre ; pour vos prochains imports, ajoutez une colonne e-mail ou téléphone et les doublons seront ignorés.\nBelle journée,\nAlice',
      },
      {
        staff: false,
        hoursAgo: 3,
        body: 'Merci Alice, c’est plus clair. Est-ce que je peux aussi supprimer plusieurs fiches d’un coup ?',
      },
    ],
  },
  {
    visitor: { name: 'Julie Fontaine', email: 'julie.fontaine@exemple.fr' },
    subject: 'Mon organisme peut-il publier des formations finançables par le CPF ?',
    category: 'marketplace',
    status: 'pending',
    assigned: false,
    messages: [
      {
        staff: false,
        hoursAgo: 30,
        body: 'Bonjour,\nje dirige un petit organisme de formation certifié Qualiopi (formations à la vente et à la négociation). Est-il possible de publier nos formations éligibles au CPF sur Closia et de recruter des closers pour les vendre ?\nJulie Fontaine',
      },
      {
        staff: true,
        hoursAgo: 6,
        body: 'Bonjour Julie,\noui : créez un compte infopreneur, puis publiez chaque formation dans « Mes offres de formation » en cochant le financement CPF et la certification Qualiopi. Après validation par notre équipe, vous pourrez publier des missions pour recruter setters et closers.\nN’hésitez pas à revenir vers nous une fois votre compte créé.\nAlice, support Closia',
      },
    ],
  },
];

/** Idempotent: the demo FAQ and tickets (see the top). True when something was written. */
export async function seedDemoSupport(db: Db, now = new Date()): Promise<boolean> {
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, [ADMIN, ...demoTickets.flatMap((t) => (t.account ? [t.account] : []))]));
  const admin = people.find((p) => p.email === ADMIN);
  if (!admin) return false;
  let wrote = false;
  await db.transaction(async (tx) => {
    const [faq] = await tx.select({ n: count() }).from(faqEntries);
    if (faq!.n === 0) {
      const positions = new Map<SupportCategory, number>();
      await tx.insert(faqEntries).values(
        demoFaq.map((entry) => {
          const position = positions.get(entry.category) ?? 0;
          positions.set(entry.category, position + 1);
          return { ...entry, position, createdAt: now, updatedAt: now };
        }),
      );
      wrote = true;
    }
    const work = seedWork();
    for (const demo of demoTickets) {
      const requester = demo.account ? people.find((p) => p.email === demo.account) : undefined;
      if (demo.account && !requester) continue;
      const email = requester?.email ?? demo.visitor!.email;
      const [existing] = await tx
        .select({ id: supportTickets.id })
        .from(supportTickets)
        .where(and(eq(supportTickets.email, email), eq(supportTickets.subject, demo.subject)));
      if (existing) continue;
      const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
      const last = demo.messages[demo.messages.length - 1]!;
      const [ticket] = await tx
        .insert(supportTickets)
        .values({
          userId: requester?.id ?? null,
          email,
          name: requester ? `${requester.firstName} ${requester.lastName}` : demo.visitor!.name,
          subject: demo.subject,
          category: demo.category,
          status: demo.status,
          assigneeId: demo.assigned ? admin.id : null,
          messageCount: demo.messages.length,
          lastMessageFromStaff: last.staff,
          lastMessageAt: at(last.hoursAgo),
          createdAt: at(demo.messages[0]!.hoursAgo),
          updatedAt: at(last.hoursAgo),
        })
        .returning();
      await tx.insert(supportTicketMessages).values(
        demo.messages.map((message) => ({
          ticketId: ticket!.id,
          authorId: message.staff ? admin.id : (requester?.id ?? null),
          fromStaff: message.staff,
          body: message.body,
          createdAt: at(message.hoursAgo),
        })),
      );
      // The team's reply told as the API tells it (the bell of a requester with an account; the
      // seed's unit of work sends no e-mail).
      const staffReply = demo.messages.filter((message) => message.staff).at(-1);
      if (staffReply) await tellRequesterOfReply(tx, work, ticket!, admin.id, staffReply.body);
      wrote = true;
    }
  });
  return wrote;
}
