/**
 * The demo CRM (issue 8): the demo setter and closer are accepted on the demo infopreneur's
 * immobilier missions (the setter-closer on the bourse one) and each follow 25 prospects with
 * activities (overdue, today, this week, later, done) and deals in every stage: won sales with
 * their commission lines (one in three instalments, one paid), a deal the setter handed to the
 * closer at R2, a lost deal with its reason. The infopreneur sees what they owe.
 * Runs once: when neither the demo setter nor the demo closer has a prospect yet.
 */
import {
  dealProbability,
  type LeadStage,
  type PipelineStage,
  type Priority,
  type ProspectState,
} from '@closia/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  applications,
  commissionLines,
  dealHistories,
  deals,
  missions,
  prospectActivities,
  prospects,
  services,
  users,
} from '../db/schema';
import { addMonths, winLines } from '../modules/deals/ledger';

const SETTER = 'setter@closia.fr';
const CLOSER = 'closer@closia.fr';
const SETTER_CLOSER = 'setter-closer@closia.fr';
const INFOPRENEUR = 'infopreneur@closia.fr';

/** Who is accepted on which demo mission. */
const acceptances = [
  { email: SETTER, mission: 'Setter LinkedIn pour investisseurs débutants' },
  { email: CLOSER, mission: 'Closer pour formation immobilier locatif' },
  { email: SETTER_CLOSER, mission: 'Setter-closer pour formation bourse' },
];

const names: [string, string][] = [
  ['Julien', 'Lambert'],
  ['Émilie', 'Garnier'],
  ['Nicolas', 'Faure'],
  ['Chloé', 'Rousseau'],
  ['Antoine', 'Blanc'],
  ['Manon', 'Guérin'],
  ['Maxime', 'Muller'],
  ['Sarah', 'Henry'],
  ['Alexandre', 'Roussel'],
  ['Laura', 'Nicolas'],
  ['Kevin', 'Perrin'],
  ['Marion', 'Morin'],
  ['Romain', 'Mathieu'],
  ['Pauline', 'Clément'],
  ['Guillaume', 'Gauthier'],
  ['Camille', 'Dumont'],
  ['Thibault', 'Lopez'],
  ['Océane', 'Fontaine'],
  ['Mathieu', 'Chevalier'],
  ['Justine', 'Robin'],
  ['Quentin', 'Masson'],
  ['Anaïs', 'Sanchez'],
  ['Florian', 'Boyer'],
  ['Élodie', 'Denis'],
  ['Benjamin', 'Lemaire'],
  ['Clara', 'Duval'],
  ['Hugo', 'Joly'],
  ['Inès', 'Gautier'],
  ['Lucas', 'Roger'],
  ['Léa', 'Roche'],
  ['Théo', 'Roy'],
  ['Jade', 'Noël'],
  ['Louis', 'Meyer'],
  ['Zoé', 'Lucas'],
  ['Arthur', 'Meunier'],
  ['Lina', 'Jean'],
  ['Gabriel', 'Perez'],
  ['Louise', 'Marchand'],
  ['Raphaël', 'Dufour'],
  ['Alice', 'Blanchard'],
  ['Adam', 'Gillet'],
  ['Rose', 'Chevallier'],
  ['Nathan', 'Fabre'],
  ['Anna', 'Moulin'],
  ['Enzo', 'Leroy'],
  ['Margaux', 'Colin'],
  ['Tom', 'Vidal'],
  ['Mathilde', 'Caron'],
  ['Victor', 'Picard'],
  ['Eva', 'Renaud'],
];

/**
 * A prospect's contact status and qualification, as a user would set them: never a pair that
 * `prospectStatusConflict` refuses ("Succès" with "Perdu"…), and in step with its demo deal.
 */
type ProspectStatus = [ProspectState, LeadStage | null];

/** The status of a prospect whose deal is at this stage. */
const statusByDealStage: Record<PipelineStage, ProspectStatus> = {
  Prospecting: ['prospecting', 'contact'],
  Qualification: ['follow_up', 'qualified'],
  Closing: ['waiting_for_response', 'proposal'],
  Role: ['follow_up', 'negotiation'],
  Onboarding: ['follow_up', 'negotiation'],
  FollowUp: ['follow_up', 'negotiation'],
  Closed: ['success', 'closed'],
  Lost: ['not_interested', 'lost'],
};

/** The statuses of the prospects without a deal, cycling. */
const statusesWithoutDeal: ProspectStatus[] = [
  ['prospecting', null],
  ['waiting_for_response', 'contact'],
  ['no_response', 'contact'],
  ['follow_up', 'qualified'],
  ['do_not_disturb', 'lost'],
  ['follow_up', 'demo'],
  ['rejected', 'lost'],
  ['waiting_for_response', 'qualified'],
  ['prospecting', 'contact'],
  ['no_response', null],
];
const sources = ['Instagram', 'LinkedIn', 'Webinaire', 'Recommandation', 'Publicité Facebook'];
const budgets = ['Moins de 1 000 €', '1 000 – 3 000 €', 'Plus de 3 000 €'];
const notes = [
  'Salarié, veut un premier investissement locatif avant la fin de l’année.',
  'A déjà suivi une formation gratuite, hésite sur le financement.',
  'Couple avec un apport, cherche à déléguer la gestion.',
  'Veut comprendre la fiscalité du LMNP avant de s’engager.',
  'Très motivé, attend le retour de sa banque.',
];

/** An activity relative to now: due in `days` (negative: overdue), done or not. */
interface DemoActivity {
  title: string;
  days: number;
  priority: Priority;
  done?: boolean;
}

/** Activities per prospect, cycling: overdue, today, this week, later, done. */
const activityPlans: DemoActivity[][] = [
  [{ title: 'Relancer par téléphone', days: -3, priority: 'high' }],
  [{ title: 'Appel de découverte', days: 0, priority: 'high' }],
  [{ title: 'Envoyer le programme détaillé', days: 3, priority: 'medium' }],
  [
    { title: 'Premier message LinkedIn', days: -12, priority: 'low', done: true },
    { title: 'Point sur le financement', days: 12, priority: 'medium' },
  ],
  [{ title: 'Message de suivi', days: -6, priority: 'low', done: true }],
  [{ title: 'Confirmer le rendez-vous R2', days: -1, priority: 'medium' }],
  [
    { title: 'Appel de qualification', days: -20, priority: 'medium', done: true },
    { title: 'Relance après le webinaire', days: 5, priority: 'low' },
  ],
];

type Owner = 'setter' | 'closer';

interface DemoDeal {
  owner: Owner;
  /** Index among the owner's prospects. */
  prospect: number;
  title: string;
  /** The stages it went through, with when (days ago); the first is its creation. */
  path: [PipelineStage, number][];
  probability: number | null;
  /** Expected close date, in days from today. */
  expectedIn: number | null;
  observations?: string;
  /** Handed to the closer at R2, `daysAgo`, by the setter who owned it. */
  handoff?: { daysAgo: number; note: string };
  /** Won: the amount (default: the offer's price), the instalments and how many are paid. */
  won?: { amount?: number; instalments: number; paid: number };
  lostReason?: string;
}

const demoDeals: DemoDeal[] = [
  // The setter's pipeline.
  {
    owner: 'setter',
    prospect: 0,
    title: 'Julien – premier investissement locatif',
    path: [['Prospecting', 2]],
    probability: 10,
    expectedIn: 45,
  },
  {
    owner: 'setter',
    prospect: 1,
    title: 'Émilie – formation immobilier',
    path: [['Prospecting', 18]],
    probability: 10,
    expectedIn: 60,
  },
  {
    owner: 'setter',
    prospect: 2,
    title: 'Nicolas – investir sans apport',
    path: [
      ['Prospecting', 15],
      ['Qualification', 6],
    ],
    probability: 25,
    expectedIn: 30,
  },
  {
    owner: 'setter',
    prospect: 3,
    title: 'Chloé – colocation rentable',
    path: [
      ['Prospecting', 25],
      ['Qualification', 14],
    ],
    probability: 30,
    expectedIn: 21,
  },
  {
    owner: 'setter',
    prospect: 4,
    title: 'Antoine – LMNP',
    path: [
      ['Prospecting', 20],
      ['Qualification', 12],
      ['Closing', 4],
    ],
    probability: 45,
    expectedIn: 14,
  },
  {
    owner: 'setter',
    prospect: 5,
    title: 'Manon – achat en couple',
    path: [
      ['Prospecting', 22],
      ['Qualification', 15],
      ['Closing', 9],
      ['Role', 1],
    ],
    probability: 60,
    expectedIn: 7,
    observations: 'R2 fixé jeudi 18 h avec les deux conjoints.',
  },
  {
    owner: 'setter',
    prospect: 6,
    title: 'Maxime – immeuble de rapport',
    path: [
      ['Prospecting', 30],
      ['Qualification', 21],
      ['Closing', 12],
      ['Role', 5],
    ],
    probability: 70,
    expectedIn: 5,
    handoff: { daysAgo: 4, note: 'Prêt à signer, veut un paiement en trois fois.' },
  },
  {
    owner: 'setter',
    prospect: 7,
    title: 'Sarah – investissement à Lyon',
    path: [
      ['Prospecting', 40],
      ['Qualification', 33],
      ['Lost', 26],
    ],
    probability: 20,
    expectedIn: -20,
    lostReason: 'A choisi une formation concurrente moins chère.',
  },
  {
    owner: 'setter',
    prospect: 8,
    title: 'Alexandre – studio étudiant',
    path: [
      ['Prospecting', 50],
      ['Qualification', 44],
      ['Closing', 38],
      ['Role', 33],
      ['Onboarding', 26],
      ['Closed', 25],
    ],
    probability: 90,
    expectedIn: -25,
    handoff: { daysAgo: 30, note: 'Décideur seul, budget validé.' },
    won: { instalments: 1, paid: 0 },
  },
  // The closer's pipeline.
  {
    owner: 'closer',
    prospect: 0,
    title: 'Laura – formation immobilier locatif',
    path: [['Prospecting', 3]],
    probability: 10,
    expectedIn: 40,
  },
  {
    owner: 'closer',
    prospect: 1,
    title: 'Kevin – premier appartement',
    path: [
      ['Prospecting', 12],
      ['Qualification', 5],
    ],
    probability: 30,
    expectedIn: 25,
  },
  {
    owner: 'closer',
    prospect: 2,
    title: 'Marion – investir à Bordeaux',
    path: [
      ['Prospecting', 19],
      ['Qualification', 13],
      ['Closing', 9],
    ],
    probability: 50,
    expectedIn: 10,
  },
  {
    owner: 'closer',
    prospect: 3,
    title: 'Romain – diversifier son épargne',
    path: [
      ['Prospecting', 21],
      ['Qualification', 16],
      ['Closing', 10],
      ['Role', 2],
    ],
    probability: 65,
    expectedIn: 4,
  },
  {
    owner: 'closer',
    prospect: 4,
    title: 'Pauline – location meublée',
    path: [
      ['Prospecting', 30],
      ['Qualification', 25],
      ['Closing', 20],
      ['Role', 15],
      ['Onboarding', 3],
    ],
    probability: 85,
    expectedIn: 2,
  },
  {
    owner: 'closer',
    prospect: 5,
    title: 'Guillaume – rendement locatif',
    path: [
      ['Prospecting', 45],
      ['Qualification', 40],
      ['Closing', 35],
      ['Role', 30],
      ['Onboarding', 24],
      ['FollowUp', 20],
    ],
    probability: 90,
    expectedIn: -2,
    observations: 'Attend l’accord de financement de son employeur.',
  },
  {
    owner: 'closer',
    prospect: 6,
    title: 'Camille – achat locatif à deux',
    path: [
      ['Prospecting', 55],
      ['Qualification', 50],
      ['Closing', 46],
      ['Role', 43],
      ['Closed', 40],
    ],
    probability: 80,
    expectedIn: -40,
    won: { instalments: 3, paid: 1 },
  },
  {
    owner: 'closer',
    prospect: 7,
    title: 'Thibault – formation complète',
    path: [
      ['Prospecting', 110],
      ['Qualification', 104],
      ['Closing', 100],
      ['Role', 97],
      ['Closed', 95],
    ],
    probability: 90,
    expectedIn: -95,
    won: { amount: 2297, instalments: 1, paid: 1 },
    observations: 'Remise de 200 € accordée pour un paiement comptant.',
  },
  {
    owner: 'closer',
    prospect: 8,
    title: 'Océane – reconversion',
    path: [
      ['Prospecting', 35],
      ['Qualification', 30],
      ['Closing', 28],
      ['Lost', 22],
    ],
    probability: 40,
    expectedIn: -22,
    lostReason: 'Projet reporté à l’année prochaine.',
  },
];

const DAY_MS = 24 * 3600_000;
const ago = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Idempotent: the demo CRM, when neither the demo setter nor the demo closer has a prospect. */
export async function seedDemoCrm(db: Db, now = new Date()): Promise<boolean> {
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.email, [SETTER, CLOSER, SETTER_CLOSER, INFOPRENEUR]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const setterId = idOf(SETTER);
  const closerId = idOf(CLOSER);
  const infopreneurId = idOf(INFOPRENEUR);
  if (!setterId || !closerId || !infopreneurId) return false;
  const [existing] = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(or(eq(prospects.ownerId, setterId), eq(prospects.ownerId, closerId)))
    .limit(1);
  if (existing) return false;

  const missionRows = await db
    .select({
      id: missions.id,
      title: missions.title,
      serviceId: missions.serviceId,
      setterSharePercent: missions.setterSharePercent,
    })
    .from(missions)
    .where(
      and(
        eq(missions.infopreneurId, infopreneurId),
        inArray(
          missions.title,
          acceptances.map((a) => a.mission),
        ),
      ),
    );
  const missionOf = (title: string) => missionRows.find((m) => m.title === title);
  const setterMission = missionOf(acceptances[0]!.mission);
  const closerMission = missionOf(acceptances[1]!.mission);
  if (!setterMission || !closerMission) return false;
  const [service] = await db.select().from(services).where(eq(services.id, closerMission.serviceId));
  if (!service) return false;

  await db.transaction(async (tx) => {
    await acceptDemoFreelancers(tx, people, missionOf, now);
    const prospectIds = {
      setter: await seedProspects(tx, setterId, 'setter', names.slice(0, 25), now),
      closer: await seedProspects(tx, closerId, 'closer', names.slice(25), now),
    };
    const ids = { setter: setterId, closer: closerId };
    for (const demo of demoDeals) {
      await seedDeal(tx, demo, {
        ownerId: ids[demo.owner],
        closerId,
        prospectId: prospectIds[demo.owner][demo.prospect]!,
        mission: demo.owner === 'setter' ? setterMission : closerMission,
        service,
        now,
      });
    }
  });
  return true;
}

/** The demo freelancers' applications to their demo missions, accepted (created when missing). */
async function acceptDemoFreelancers(
  tx: Tx,
  people: { id: number; email: string }[],
  missionOf: (title: string) => { id: number } | undefined,
  now: Date,
) {
  for (const { email, mission: title } of acceptances) {
    const userId = people.find((p) => p.email === email)?.id;
    const mission = missionOf(title);
    if (!userId || !mission) continue;
    await tx
      .insert(applications)
      .values({
        missionId: mission.id,
        userId,
        status: 'accepted',
        decidedAt: now,
        message: 'Disponible tout de suite, je connais bien ce marché.',
      })
      .onConflictDoUpdate({
        target: [applications.missionId, applications.userId],
        set: { status: 'accepted', decidedAt: now },
      });
  }
}

/** The status of the owner's `index`-th prospect: its deal's, else the next of the cycle. */
function prospectStatus(owner: Owner, index: number): ProspectStatus {
  const deal = demoDeals.find((demo) => demo.owner === owner && demo.prospect === index);
  const stage = deal?.path.at(-1)?.[0];
  return stage ? statusByDealStage[stage] : statusesWithoutDeal[index % statusesWithoutDeal.length]!;
}

async function seedProspects(
  tx: Tx,
  ownerId: number,
  owner: Owner,
  people: [string, string][],
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, [firstName, lastName]] of people.entries()) {
    const [state, leadStage] = prospectStatus(owner, index);
    const plan = activityPlans[index % activityPlans.length]!;
    const pending = plan.filter((a) => !a.done).map((a) => a.days);
    const slug = `${firstName}.${lastName}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const [row] = await tx
      .insert(prospects)
      .values({
        ownerId,
        firstName,
        lastName,
        email: `${slug}@exemple.fr`,
        phone: `+33 6 ${String(10 + index).padStart(2, '0')} ${String(20 + index * 3).padStart(2, '0')} ${String(31 + index).padStart(2, '0')} ${String(40 + index).padStart(2, '0')}`,
        contactLinks: index % 3 === 0 ? [`https://www.linkedin.com/in/${slug.replace('.', '-')}`] : [],
        observations: notes[index % notes.length]!,
        customFields: { Source: sources[index % sources.length]!, Budget: budgets[index % budgets.length]! },
        state,
        leadStage,
        nextActivityAt: pending.length > 0 ? ago(-Math.min(...pending), now) : null,
        createdAt: ago(60 - index, now),
      })
      .returning({ id: prospects.id });
    ids.push(row!.id);
    await tx.insert(prospectActivities).values(
      plan.map((activity) => {
        const due = ago(-activity.days, now);
        return {
          prospectId: row!.id,
          userId: ownerId,
          title: activity.title,
          priority: activity.priority,
          dueAt: due,
          doneAt: activity.done ? due : null,
          createdAt: ago(Math.max(-activity.days, 0) + 2, now),
        };
      }),
    );
  }
  return ids;
}

async function seedDeal(
  tx: Tx,
  demo: DemoDeal,
  context: {
    ownerId: number;
    closerId: number;
    prospectId: number;
    mission: { id: number; setterSharePercent: number };
    service: typeof services.$inferSelect;
    now: Date;
  },
) {
  const { now, service } = context;
  const [first] = demo.path;
  const [last] = demo.path.slice(-1);
  const createdAt = ago(first![1], now);
  const handedAt = demo.handoff ? ago(demo.handoff.daysAgo, now) : null;
  const finalOwner = demo.handoff ? context.closerId : context.ownerId;
  const ownerAt = (at: Date) => (handedAt && at >= handedAt ? context.closerId : context.ownerId);
  const closedAt = demo.won || demo.lostReason ? ago(last![1], now) : null;
  const amountCents = demo.won ? Math.round((demo.won.amount ?? service.price) * 100) : null;

  const [deal] = await tx
    .insert(deals)
    .values({
      title: demo.title,
      observations: demo.observations ?? null,
      status: last![0],
      expectedCloseDate: demo.expectedIn === null ? null : dayOf(ago(-demo.expectedIn, now)),
      // Won: 100 %, lost: 0 % (the estimate it had is in its history).
      probability: dealProbability(last![0], demo.probability),
      prospectId: context.prospectId,
      ownerId: finalOwner,
      setterId: demo.handoff ? context.ownerId : null,
      serviceId: service.id,
      missionId: context.mission.id,
      amountCents,
      lostReason: demo.lostReason ?? null,
      stageChangedAt: ago(last![1], now),
      closedAt,
      createdAt,
      updatedAt: ago(last![1], now),
    })
    .returning({ id: deals.id });
  const dealId = deal!.id;

  const rows: (typeof dealHistories.$inferInsert)[] = demo.path.map(([stage, days], k) => {
    const at = ago(days, now);
    return {
      dealId,
      userId: ownerAt(at),
      field: 'status',
      fromValue: k === 0 ? null : demo.path[k - 1]![0],
      toValue: stage,
      note: stage === 'Lost' ? (demo.lostReason ?? null) : null,
      createdAt: at,
    };
  });
  const closedProbability = dealProbability(last![0], demo.probability);
  if (closedAt && closedProbability !== demo.probability) {
    // As winning or losing writes it: the probability row, then the stage's, at the same instant.
    rows.splice(rows.length - 1, 0, {
      dealId,
      userId: ownerAt(closedAt),
      field: 'probability',
      fromValue: demo.probability === null ? null : String(demo.probability),
      toValue: closedProbability === null ? null : String(closedProbability),
      note: null,
      createdAt: closedAt,
    });
  }
  if (demo.handoff && handedAt) {
    rows.push({
      dealId,
      userId: context.ownerId,
      field: 'owner',
      fromValue: String(context.ownerId),
      toValue: String(context.closerId),
      note: demo.handoff.note,
      createdAt: handedAt,
    });
  }
  rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await tx.insert(dealHistories).values(rows);

  if (demo.won && amountCents !== null && closedAt) {
    const winDay = dayOf(closedAt);
    const lines = winLines({
      amountCents,
      commissionRate: service.commissionRate,
      ownerId: finalOwner,
      setterId: demo.handoff ? context.ownerId : null,
      payerId: service.infopreneurId,
      setterSharePercent: context.mission.setterSharePercent,
      instalments: demo.won.instalments,
      winDay,
    });
    const paid = demo.won.paid;
    await tx.insert(commissionLines).values(
      lines.map((line) => {
        const isPaid = line.instalment <= paid;
        return {
          dealId,
          payerId: service.infopreneurId,
          serviceId: service.id,
          ...line,
          status: isPaid ? 'paid' : 'pending',
          paidAt: isPaid ? new Date(`${addMonths(winDay, line.instalment - 1)}T10:00:00Z`) : null,
          createdAt: closedAt,
        };
      }),
    );
  }
}
