/**
 * The demo collaboration (issue 9): conversations between the demo accounts (with unread
 * messages), a sales team led by the demo closer with the setter and the setter-closer, its
 * chats, events and shared deals, an invitation waiting for the demo setter, and notifications.
 * Runs once: when the demo setter takes part in no conversation yet.
 */
import type { NotificationType } from '@closia/shared';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  chats,
  conversationParticipants,
  conversations,
  deals,
  messages,
  notifications,
  teamEvents,
  teamInvitations,
  teamMembers,
  teams,
  users,
} from '../db/schema';

const SETTER = 'setter@closia.fr';
const CLOSER = 'closer@closia.fr';
const SETTER_CLOSER = 'setter-closer@closia.fr';
const INFOPRENEUR = 'infopreneur@closia.fr';
const THOMAS = 'thomas.bernard@demo.closia.fr';
const INES = 'ines.martin@demo.closia.fr';
const HUGO = 'hugo.robert@demo.closia.fr';
const LEA = 'lea.petit@demo.closia.fr';

const minutes = (n: number, now: Date) => new Date(now.getTime() - n * 60_000);

/** [sender, text, minutes ago] */
type Line = [string, string, number];

const threads: { between: [string, string]; lines: Line[]; readUpTo: Record<string, number> }[] = [
  {
    between: [SETTER, CLOSER],
    lines: [
      [
        SETTER,
        'Salut Camille ! Je te passe Julien Lambert en R2 : investisseur débutant, budget validé, décideur seul.',
        2900,
      ],
      [CLOSER, 'Top, merci Sofiane. Il a déjà vu la page de vente ?', 2880],
      [
        SETTER,
        'Oui, et il a regardé le webinaire en entier. Son objection principale : le temps qu’il peut y consacrer.',
        2870,
      ],
      [CLOSER, 'Parfait, je prépare l’angle « 3 h par semaine ». Je l’appelle demain 10 h.', 2860],
      [CLOSER, 'Appel fait : il veut payer en trois fois, je lui envoie le lien ce soir.', 1500],
      [SETTER, 'Génial 🙌 Tu me dis quand c’est signé ?', 1490],
      [
        SETTER,
        'J’ai deux nouveaux leads chauds pour la formation immobilier, je les qualifie cet après-midi.',
        95,
      ],
      [SETTER, 'Je te les passe en R2 d’ici vendredi si ça te va ?', 90],
    ],
    // The closer has not read the last two messages.
    readUpTo: { [SETTER]: 0, [CLOSER]: 1000 },
  },
  {
    between: [INFOPRENEUR, CLOSER],
    lines: [
      [
        INFOPRENEUR,
        'Bonjour Camille, bienvenue sur la mission « Closer pour formation immobilier locatif » !',
        7200,
      ],
      [INFOPRENEUR, 'Je vous ai mis les scripts et la FAQ des objections dans le lien de l’offre.', 7190],
      [CLOSER, 'Merci Inès, j’ai tout lu. Les créneaux de rendez-vous se font via votre Calendly ?', 7000],
      [INFOPRENEUR, 'Oui, et pensez à proposer le paiement en trois fois : il convertit très bien.', 6900],
      [
        CLOSER,
        'Noté. Première vente signée ce matin, la commission apparaît bien dans mes statistiques 👌',
        300,
      ],
    ],
    readUpTo: { [INFOPRENEUR]: 400, [CLOSER]: 0 },
  },
  {
    between: [SETTER_CLOSER, SETTER],
    lines: [
      [
        SETTER_CLOSER,
        'Hello Sofiane, tu utilises quel message d’accroche sur LinkedIn pour la bourse ?',
        600,
      ],
      [
        SETTER,
        'Une question sur leur épargne actuelle, jamais de pitch au premier message. Je te partage mon script dans l’équipe.',
        540,
      ],
      [SETTER_CLOSER, 'Merci ! Je teste ça cette semaine.', 45],
    ],
    readUpTo: { [SETTER_CLOSER]: 0, [SETTER]: 600 },
  },
  {
    between: [INES, SETTER],
    lines: [
      [
        INES,
        'Bonjour Sofiane, j’ai vu ton profil : tu cherches un closer pour tes leads en coaching ?',
        3000,
      ],
      [SETTER, 'Bonjour Inès ! Oui, pour des offres entre 2 000 et 4 000 €. Tu es dispo quels jours ?', 2950],
      [INES, 'Du lundi au jeudi. On peut faire un appel de 15 minutes cette semaine ?', 2900],
    ],
    readUpTo: { [INES]: 0, [SETTER]: 0 },
  },
];

const teamChatLines: { chat: string; lines: Line[] }[] = [
  {
    chat: 'Général',
    lines: [
      [CLOSER, 'Bienvenue dans l’équipe ! Ici on se passe les leads et on partage ce qui marche.', 10_000],
      [SETTER, 'Merci Camille ! Je mets les R2 de la semaine dans le pipeline de l’équipe.', 9_900],
      [SETTER_CLOSER, 'Point hebdo lundi 9 h 30 comme d’habitude ?', 3_000],
      [CLOSER, 'Oui, et on fera un tour des objections de la semaine.', 2_950],
      [THOMAS, 'Je rejoins l’appel, j’ai deux signatures à partager 🎉', 120],
    ],
  },
  {
    chat: 'Objections',
    lines: [
      [CLOSER, '« C’est trop cher » → on revient au coût de ne rien faire, chiffré avec le prospect.', 8_000],
      [
        SETTER,
        '« Je dois en parler à mon conjoint » → on propose un second appel à deux, tout de suite calé.',
        7_500,
      ],
      [
        SETTER_CLOSER,
        '« Je n’ai pas le temps » → 3 h par semaine, planning de la formation à l’appui.',
        2_000,
      ],
    ],
  },
];

/** The next given weekday (1 = Monday) at hh:mm, Paris time being UTC+1 in winter. */
function next(weekday: number, hour: number, minute: number, now: Date, weeksAhead = 0): Date {
  const date = new Date(now);
  const days = (weekday - date.getUTCDay() + 7) % 7 || 7;
  date.setUTCDate(date.getUTCDate() + days + weeksAhead * 7);
  date.setUTCHours(hour - 1, minute, 0, 0);
  return date;
}

/**
 * How far the team's events move when a demo seeded at `seededAt` is brought to `now`: whole weeks
 * (the same weekday and hour), from the next Monday then to the next Monday now.
 */
export function demoEventShiftMs(seededAt: Date, now: Date): number {
  return next(1, 9, 30, now).getTime() - next(1, 9, 30, seededAt).getTime();
}

export async function seedDemoCollaboration(db: Db, now = new Date()): Promise<boolean> {
  const emails = [SETTER, CLOSER, SETTER_CLOSER, INFOPRENEUR, THOMAS, INES, HUGO, LEA];
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, emails));
  const person = new Map(people.map((p) => [p.email, p]));
  if (emails.some((email) => !person.has(email))) return false;
  const id = (email: string) => person.get(email)!.id;
  const name = (email: string) => `${person.get(email)!.firstName} ${person.get(email)!.lastName}`;
  const [existing] = await db
    .select({ id: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.userId, id(SETTER)))
    .limit(1);
  if (existing) return false;

  await db.transaction(async (tx) => {
    const notes: (typeof notifications.$inferInsert)[] = [];
    const notify = (
      email: string,
      type: NotificationType,
      fields: Partial<typeof notifications.$inferInsert>,
    ) => notes.push({ userId: id(email), type, title: '', ...fields });

    for (const thread of threads) {
      const [a, b] = thread.between;
      const [conversation] = await tx
        .insert(conversations)
        .values({
          pairKey: `${Math.min(id(a), id(b))}:${Math.max(id(a), id(b))}`,
          lastMessageAt: minutes(thread.lines.at(-1)![2], now),
          createdAt: minutes(thread.lines[0]![2] + 1, now),
        })
        .returning({ id: conversations.id });
      const readAt = (email: string) => {
        const ago = thread.readUpTo[email] ?? 0;
        return ago === 0 ? now : minutes(ago, now);
      };
      await tx.insert(conversationParticipants).values([
        { conversationId: conversation!.id, userId: id(a), lastReadAt: readAt(a) },
        { conversationId: conversation!.id, userId: id(b), lastReadAt: readAt(b) },
      ]);
      await tx.insert(messages).values(
        thread.lines.map(([sender, body, ago]) => ({
          conversationId: conversation!.id,
          senderId: id(sender),
          body,
          createdAt: minutes(ago, now),
        })),
      );
      // One unread notification per conversation with messages not read yet.
      for (const email of thread.between) {
        const unread = thread.lines.filter(
          ([sender, , ago]) => sender !== email && minutes(ago, now) > readAt(email),
        );
        const last = unread.at(-1);
        if (!last) continue;
        notify(email, 'message', {
          actorId: id(last[0]),
          title: `${name(last[0])} vous a écrit`,
          body: last[1],
          link: `/dashboard/messages/${conversation!.id}`,
          groupKey: `conversation:${conversation!.id}`,
          count: unread.length,
          createdAt: minutes(last[2], now),
        });
      }
    }

    const teamId = await seedTeam(tx, id, now);
    const [growth] = await tx
      .insert(teams)
      .values({
        name: 'Les Setters de Lyon',
        description: 'Setters lyonnais : scripts, entraide et leads partagés.',
        createdById: id(HUGO),
      })
      .returning({ id: teams.id });
    await tx.insert(teamMembers).values({ teamId: growth!.id, userId: id(HUGO), role: 'creator' });
    await tx
      .insert(chats)
      .values({ teamId: growth!.id, name: 'Général', isDefault: true, createdById: id(HUGO) });
    const [invitation] = await tx
      .insert(teamInvitations)
      .values({
        teamId: growth!.id,
        inviteeId: id(SETTER),
        invitedById: id(HUGO),
        createdAt: minutes(240, now),
      })
      .returning({ id: teamInvitations.id });
    await tx
      .insert(teamInvitations)
      .values({ teamId, inviteeId: id(LEA), invitedById: id(CLOSER), createdAt: minutes(1_440, now) });

    notify(SETTER, 'team_invitation', {
      actorId: id(HUGO),
      title: `${name(HUGO)} vous invite dans l'équipe Les Setters de Lyon`,
      body: 'Acceptez pour rejoindre ses discussions, ses événements et son pipeline.',
      link: `/dashboard/team?invitation=${invitation!.id}`,
      createdAt: minutes(240, now),
    });
    notify(SETTER, 'team_event', {
      actorId: id(CLOSER),
      title: 'Nouvel événement dans Équipe Immo Sud : Point hebdo',
      link: `/dashboard/team/${teamId}`,
      createdAt: minutes(3_000, now),
      readAt: minutes(2_900, now),
    });
    notify(CLOSER, 'deal_handoff', {
      actorId: id(SETTER),
      title: `${name(SETTER)} vous a transmis une vente en R2`,
      body: 'Prêt à signer, veut un paiement en trois fois.',
      link: '/dashboard/sales',
      createdAt: minutes(5_760, now),
      readAt: minutes(5_700, now),
    });
    notify(INFOPRENEUR, 'application_received', {
      actorId: id(THOMAS),
      title: `${name(THOMAS)} a postulé à une de vos missions`,
      link: '/dashboard/services',
      createdAt: minutes(2_000, now),
    });
    await tx.insert(notifications).values(notes);
  });
  return true;
}

/** "Équipe Immo Sud": the closer (creator), the setter (admin), the setter-closer and Thomas. */
async function seedTeam(tx: Tx, id: (email: string) => number, now: Date): Promise<number> {
  const [team] = await tx
    .insert(teams)
    .values({
      name: 'Équipe Immo Sud',
      description:
        'Setters et closers des formations immobilier : leads partagés, R2 transmis, objections décortiquées.',
      createdById: id(CLOSER),
      createdAt: minutes(20_000, now),
    })
    .returning({ id: teams.id });
  const teamId = team!.id;
  await tx.insert(teamMembers).values([
    { teamId, userId: id(CLOSER), role: 'creator', createdAt: minutes(20_000, now) },
    { teamId, userId: id(SETTER), role: 'admin', createdAt: minutes(19_000, now) },
    { teamId, userId: id(SETTER_CLOSER), role: 'member', createdAt: minutes(15_000, now) },
    { teamId, userId: id(THOMAS), role: 'member', createdAt: minutes(9_000, now) },
  ]);
  for (const { chat, lines } of teamChatLines) {
    const [row] = await tx
      .insert(chats)
      .values({
        teamId,
        name: chat,
        isDefault: chat === 'Général',
        createdById: id(CLOSER),
        lastMessageAt: minutes(lines.at(-1)![2], now),
      })
      .returning({ id: chats.id });
    await tx.insert(messages).values(
      lines.map(([sender, body, ago]) => ({
        chatId: row!.id,
        senderId: id(sender),
        body,
        createdAt: minutes(ago, now),
      })),
    );
  }
  const hours = (h: number) => h * 3_600_000;
  const monday = next(1, 9, 30, now);
  // Relative to that Monday (not "the next Thursday"), so that moving the demo by whole weeks
  // from Monday to Monday (demoEventShiftMs) keeps it where a fresh seed would put it, whatever
  // the weekday of the build and of the first start.
  const training = new Date(monday.getTime() + 10 * 24 * 3_600_000 + 8.5 * 3_600_000);
  await tx.insert(teamEvents).values([
    {
      teamId,
      name: 'Point hebdo',
      description: 'Les R2 de la semaine, les ventes signées et les objections rencontrées.',
      startTime: monday,
      endTime: new Date(monday.getTime() + hours(0.75)),
      link: 'https://meet.google.com/closia-immo-sud',
      createdById: id(CLOSER),
    },
    {
      teamId,
      name: 'Atelier : traiter l’objection du prix',
      description: 'Jeux de rôle à deux, puis débrief collectif.',
      startTime: training,
      endTime: new Date(training.getTime() + hours(1.5)),
      location: 'Visio',
      link: 'https://meet.google.com/closia-atelier',
      createdById: id(SETTER),
    },
    {
      teamId,
      name: 'Point hebdo',
      startTime: new Date(monday.getTime() - 7 * 24 * hours(1)),
      endTime: new Date(monday.getTime() - 7 * 24 * hours(1) + hours(0.75)),
      createdById: id(CLOSER),
    },
  ]);
  // The shared pipeline: the deals the setter handed to the closer, and the closer's open deals.
  await tx
    .update(deals)
    .set({ teamId })
    .where(and(eq(deals.ownerId, id(CLOSER)), isNotNull(deals.setterId), isNull(deals.teamId)));
  const open = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.ownerId, id(CLOSER)), inArray(deals.status, ['Qualification', 'Closing', 'Role'])))
    .limit(4);
  if (open.length > 0) {
    await tx
      .update(deals)
      .set({ teamId })
      .where(
        inArray(
          deals.id,
          open.map((d) => d.id),
        ),
      );
  }
  return teamId;
}
