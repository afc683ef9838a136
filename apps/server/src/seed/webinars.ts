/**
 * The demo's webinars (issue 21), all the demo infopreneur's: three upcoming — tomorrow evening
 * (its consenting registrants shared round-robin between the setters of her offer, the demo setter
 * among them), next week with its places nearly gone, and a paid masterclass at 49 € (her Pro plan
 * allows it) — and two past ones, one with a YouTube replay, their registrants partly present.
 *
 * Registrants are the demo accounts, the marketplace's freelancers and the generated members
 * (members.ts). Leads are made as the API makes them: `createLead` in the seed's transaction
 * (seed-work.ts), which skips a seller without room in their plan; the reminders are scheduled
 * through `scheduleWebinarJobs`. Runs before the demo plans (billing.ts), which top the demo setter
 * up to 90 prospects of 100 counting these leads.
 *
 * Runs once: when the demo infopreneur has no webinar yet.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { applications, missions, services, users, webinarRegistrations, webinars } from '../db/schema';
import { randomToken } from '../lib/crypto';
import { scheduleWebinarJobs } from '../modules/webinars/webinar-jobs';
import { createLead } from '../modules/webinars/webinar-leads';
import { ensureDemoMembers } from './members';
import { seedWork } from './seed-work';

const OWNER = 'infopreneur@closia.fr';
// Not the offer the sales journey (e2e/tests/sales.spec.ts) sells: a second mission of that offer
// would change through which mission its deals are sold and to whom they can be handed.
const OFFER = 'Bourse : construire son portefeuille en 90 jours';
/** The mission whose accepted setters share the round-robin webinar's leads. */
export const WEBINAR_SETTERS_MISSION = 'Setters pour nos webinaires';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type WebinarInsert = typeof webinars.$inferInsert;

/** Who registers, by e-mail or member index, with their consent and whether they came. */
interface Registrant {
  who: string | number;
  consent?: boolean;
  attended?: boolean;
}

interface DemoWebinar {
  /** Days from today (UTC) and the hour (UTC) it starts. */
  day: number;
  hour: number;
  fields: Omit<WebinarInsert, 'userId' | 'startTime'>;
  registrants: Registrant[];
}

const speakerInes = {
  name: 'Inès Formatrice',
  bio: 'Investisseuse depuis 2014, 14 appartements en location, formatrice de plus de 2 000 élèves.',
};
const speakerNotaire = {
  name: 'Maître Paul Delorme',
  bio: 'Notaire à Lyon, spécialiste des acquisitions en SCI et de la transmission de patrimoine.',
};
const speakerCourtier = {
  name: 'Nadia Ferrand',
  bio: 'Courtière en crédit immobilier : plus de 600 dossiers d’investisseurs financés.',
};

/** Members from index `from`, `count` of them; every `consentEvery`-th consents. */
const members = (from: number, count: number, consentEvery = 0, attendEvery = 0): Registrant[] =>
  Array.from({ length: count }, (_, i) => ({
    who: from + i,
    consent: consentEvery > 0 && i % consentEvery === 0,
    attended: attendEvery > 0 && i % attendEvery !== 0,
  }));

const demoWebinars = (serviceId: number | null): DemoWebinar[] => [
  {
    day: 1,
    hour: 18,
    fields: {
      title: 'Premier investissement locatif : les 5 erreurs qui coûtent cher',
      durationMinutes: 90,
      description:
        'Acheter son premier appartement locatif sans se tromper : le choix de la ville et du quartier, le calcul de la rentabilité nette, la négociation du prix, le financement et la gestion des locataires. Un webinaire en direct avec des cas réels et une séance de questions-réponses.',
      agenda: [
        { title: 'Accueil et tour de table', duration: 10 },
        {
          title: 'Les 5 erreurs du premier achat',
          duration: 45,
          description: 'Avec trois dossiers d’élèves.',
        },
        { title: 'Calculer sa rentabilité nette', duration: 20 },
        { title: 'Questions-réponses', duration: 15 },
      ],
      speakers: [speakerInes],
      targetAudience: 'Salariés et indépendants qui préparent leur premier achat locatif.',
      platform: 'zoom',
      platformUrl: 'https://zoom.us/j/84512367890',
      interactiveElements: ['Questions-réponses', 'Sondage en direct'],
      resources: [
        {
          title: 'Simulateur de rentabilité',
          url: 'https://www.closia.fr/ressources/simulateur',
          type: 'outil',
        },
      ],
      capacity: 300,
      serviceId,
      leadMode: serviceId === null ? 'keep' : 'round_robin',
    },
    registrants: [
      { who: 'setter-closer@closia.fr' },
      { who: 'ines.martin@demo.closia.fr' },
      { who: 'hugo.robert@demo.closia.fr', consent: true },
      ...members(0, 14, 2),
    ],
  },
  {
    day: 7,
    hour: 12,
    fields: {
      title: 'Financer son projet sans apport : atelier pratique',
      durationMinutes: 60,
      description:
        'Un atelier en petit comité pour monter un dossier de financement solide sans apport : taux d’endettement, reste à vivre, présentation à la banque et rôle du courtier. Chaque participant repart avec une trame de dossier à compléter.',
      agenda: [
        { title: 'Ce que regarde la banque', duration: 20 },
        { title: 'Monter son dossier pas à pas', duration: 25 },
        { title: 'Vos questions au courtier', duration: 15 },
      ],
      speakers: [speakerInes, speakerCourtier],
      targetAudience: 'Primo-investisseurs sans apport personnel.',
      platform: 'google_meet',
      platformUrl: 'https://meet.google.com/abc-defg-hij',
      interactiveElements: ['Atelier en petits groupes', 'Questions-réponses'],
      resources: [
        {
          title: 'Trame de dossier bancaire',
          url: 'https://www.closia.fr/ressources/dossier-bancaire',
          type: 'pdf',
        },
      ],
      capacity: 40,
    },
    registrants: [
      { who: 'setter@closia.fr' },
      { who: 'closer@closia.fr' },
      { who: 'thomas.bernard@demo.closia.fr' },
      { who: 'sarah.moreau@demo.closia.fr' },
      ...members(4, 33, 6),
    ],
  },
  {
    day: 21,
    hour: 17,
    fields: {
      title: 'Masterclass : construire un patrimoine locatif de 500 000 €',
      durationMinutes: 180,
      description:
        'Trois heures pour passer du premier appartement à un patrimoine de 500 000 € : stratégie d’acquisition sur dix ans, SCI à l’IS ou LMNP, refinancement, délégation de la gestion. Masterclass payante avec les supports et le replay pendant un an.',
      agenda: [
        { title: 'La stratégie sur dix ans', duration: 60 },
        { title: 'Structurer : SCI, LMNP, holding', duration: 60, description: 'Avec Maître Delorme.' },
        { title: 'Refinancer et déléguer', duration: 45 },
        { title: 'Questions-réponses', duration: 15 },
      ],
      speakers: [speakerInes, speakerNotaire],
      targetAudience: 'Investisseurs qui possèdent déjà un ou deux biens.',
      platform: 'livestorm',
      platformUrl: 'https://app.livestorm.co/ines-formations/masterclass-patrimoine',
      price: 49,
      hasReplay: true,
      interactiveElements: ['Questions-réponses', 'Supports téléchargeables'],
      capacity: 100,
    },
    registrants: [{ who: 'karim.haddad@demo.closia.fr' }, ...members(20, 6)],
  },
  {
    day: -21,
    hour: 18,
    fields: {
      title: 'Bilan immobilier 2026 : où investir en locatif cette année ?',
      durationMinutes: 75,
      description:
        'Les villes où la rentabilité tient encore, l’effet des taux sur les prix, le diagnostic de performance énergétique et ce qu’il change pour les bailleurs. Replay disponible pour les inscrits.',
      agenda: [
        { title: 'Le marché en chiffres', duration: 25 },
        { title: 'Dix villes à regarder', duration: 35 },
        { title: 'Questions-réponses', duration: 15 },
      ],
      speakers: [speakerInes],
      targetAudience: 'Tous les investisseurs, débutants ou confirmés.',
      platform: 'youtube_live',
      platformUrl: 'https://www.youtube.com/live/8xKq2vT5bPc',
      hasReplay: true,
      replayUrl: 'https://www.youtube.com/watch?v=8xKq2vT5bPc',
      interactiveElements: ['Chat en direct'],
      resources: [
        {
          title: 'Les chiffres du marché 2026',
          url: 'https://www.closia.fr/ressources/marche-2026',
          type: 'pdf',
        },
      ],
    },
    registrants: [
      { who: 'setter@closia.fr', attended: true },
      { who: 'closer@closia.fr', attended: true },
      { who: 'lea.petit@demo.closia.fr', attended: false },
      ...members(10, 18, 0, 3),
    ],
  },
  {
    day: -10,
    hour: 12,
    fields: {
      title: 'Questions-réponses : la fiscalité du LMNP expliquée simplement',
      durationMinutes: 45,
      description:
        'Une session de questions-réponses sur la location meublée non professionnelle : régime réel ou micro-BIC, amortissements, déclaration et erreurs fréquentes. Pas de replay : venez en direct avec vos questions.',
      agenda: [{ title: 'Vos questions, nos réponses', duration: 45 }],
      speakers: [speakerInes],
      platform: 'teams',
      platformUrl: 'https://teams.microsoft.com/l/meetup-join/ines-formations-lmnp',
      interactiveElements: ['Questions-réponses'],
    },
    registrants: [{ who: 'setter-closer@closia.fr', attended: true }, ...members(28, 8, 0, 2)],
  },
];

/** The demo setter and a marketplace setter accepted on a (filled) mission of the webinar's offer. */
async function webinarSetters(tx: DbOrTx, ownerId: number, serviceId: number, now: Date): Promise<void> {
  const sellers = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ['setter@closia.fr', 'thomas.bernard@demo.closia.fr']));
  if (sellers.length === 0) return;
  const [mission] = await tx
    .insert(missions)
    .values({
      infopreneurId: ownerId,
      serviceId,
      title: WEBINAR_SETTERS_MISSION,
      description:
        'Vous rappelez les inscrits de nos webinaires qui ont accepté d’être contactés : qualification en 15 minutes et prise de rendez-vous avec nos closers. Les inscrits sont répartis à tour de rôle entre les setters de l’équipe.',
      missionType: 'setter',
      status: 'published',
      missionStatus: 'filled',
      publishedAt: new Date(now.getTime() - 20 * DAY_MS),
    })
    .returning({ id: missions.id });
  await tx.insert(applications).values(
    sellers.map((seller) => ({
      missionId: mission!.id,
      userId: seller.id,
      message:
        'Je rappelle vos inscrits dans l’heure qui suit le webinaire, c’est là qu’ils sont le plus chauds.',
      status: 'accepted',
      decidedAt: new Date(now.getTime() - 15 * DAY_MS),
    })),
  );
}

/** Idempotent: the demo infopreneur's webinars, registrants and leads (see the top). */
export async function seedDemoWebinars(db: Db, now = new Date()): Promise<boolean> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, OWNER));
  if (!owner) return false;
  const [existing] = await db
    .select({ id: webinars.id })
    .from(webinars)
    .where(eq(webinars.userId, owner.id))
    .limit(1);
  if (existing) return false;
  const [offer] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.infopreneurId, owner.id), eq(services.name, OFFER)));

  await db.transaction(async (tx) => {
    const memberIds = await ensureDemoMembers(tx, now);
    if (offer) await webinarSetters(tx, owner.id, offer.id, now);
    const byEmail = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          demoWebinars(null).flatMap((w) =>
            w.registrants.flatMap((r) => (typeof r.who === 'string' ? [r.who] : [])),
          ),
        ),
      );
    const idOf = (who: string | number) =>
      typeof who === 'number' ? memberIds[who] : byEmail.find((row) => row.email === who)?.id;

    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const plan = demoWebinars(offer?.id ?? null);
    const rows = await tx
      .insert(webinars)
      .values(
        plan.map((w) => ({
          ...w.fields,
          userId: owner.id,
          startTime: new Date(today + w.day * DAY_MS + w.hour * HOUR_MS),
          createdAt: new Date(now.getTime() - Math.max(30, 10 - w.day) * DAY_MS),
        })),
      )
      .returning();

    const registrations: (typeof webinarRegistrations.$inferInsert)[] = [];
    rows.forEach((webinar, index) => {
      const start = webinar.startTime.getTime();
      const day = plan[index]!.day;
      plan[index]!.registrants.forEach((r, i) => {
        const userId = idOf(r.who);
        if (userId === undefined) return;
        // From now, not from the start (which moves by whole days, shift.ts): a day before a past one.
        const registeredAt = now.getTime() - (Math.max(0, 1 - day) + (i % 12) * 0.5) * DAY_MS - HOUR_MS;
        registrations.push({
          webinarId: webinar.id,
          userId,
          consentToContact: r.consent ?? false,
          joinToken: randomToken(24),
          attendedAt: r.attended ? new Date(start + ((i * 7) % 15) * 60_000) : null,
          createdAt: new Date(registeredAt),
        });
      });
    });
    if (registrations.length > 0) await tx.insert(webinarRegistrations).values(registrations);

    // Leads as the API makes them, in registration order; the upcoming ones' reminders.
    const work = seedWork();
    for (const webinar of rows) {
      const [current] = await tx.select().from(webinars).where(eq(webinars.id, webinar.id));
      for (const r of registrations) {
        if (r.webinarId !== webinar.id || !r.consentToContact) continue;
        await createLead(tx, work, current!, { userId: r.userId, prospectId: null, consentToContact: true });
      }
      if (webinar.startTime.getTime() > now.getTime()) {
        await scheduleWebinarJobs(
          tx,
          {
            id: webinar.id,
            startTime: webinar.startTime,
            durationMinutes: webinar.durationMinutes,
            hasReplay: webinar.hasReplay,
            replayUrl: webinar.replayUrl,
          },
          { timeChanged: false, at: now },
        );
      }
    }
  });
  return true;
}
