/**
 * The demo's plans (issue 20): what the demo accounts pay for, so that their existing data and what
 * the end-to-end journeys do with them fit their plans, and so that a visitor meets a limit.
 *
 * - the demo infopreneur is on Pro with two paid invoices (seed/index.ts, `seedDemoSubscription`):
 *   three published missions and a sponsored campaign, which Gratuit would not allow;
 * - the demo closer is on Équipe (monthly, one paid period): they created the demo sales team (four
 *   members, Léa invited, the shared pipeline), and the teams journey has them create a second team
 *   and invite into the first one by e-mail — all beyond Gratuit and Pro;
 * - the demo setter stays on Gratuit, near its prospect limit: the leads of a webinar list bring
 *   them to 90 prospects of 100, so that the CRM shows the limit coming (the sales journey adds three).
 * Everyone else is on Gratuit (no subscription row).
 *
 * Runs once: when the demo closer has no subscription yet.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prospects, users } from '../db/schema';
import { type DemoSubscription, seedDemoSubscription } from './billing-history';

const SETTER = 'setter@closia.fr';

/** How many prospects the demo setter has after this seed (Gratuit allows 100). */
export const DEMO_SETTER_PROSPECTS = 90;

const DAY_MS = 24 * 3600_000;
const ago = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS);

/** The demo closer pays Équipe monthly: the demo team and the teams journey need it. */
const demoCloserSubscription: DemoSubscription = {
  email: 'closer@closia.fr',
  planId: 'equipe',
  interval: 'month',
  paidPeriods: 1,
  identity: {
    name: 'Camille Closer',
    address: '4 cours de l’Intendance, 33000 Bordeaux, France',
    company: null,
    vatNumber: null,
  },
};

const leadFirstNames = [
  'Adrien',
  'Agathe',
  'Bastien',
  'Capucine',
  'Damien',
  'Eva',
  'Fabien',
  'Gaëlle',
  'Hélène',
  'Jérémy',
  'Louise',
  'Mathis',
  'Nina',
  'Olivier',
];
const leadLastNames = ['Bertrand', 'Carpentier', 'Dupuis', 'Lefèvre', 'Marchand'];

/** Leads of the setter's webinar list, up to DEMO_SETTER_PROSPECTS prospects in all. */
async function nearTheProspectLimit(db: Db, now: Date): Promise<void> {
  const [setter] = await db.select({ id: users.id }).from(users).where(eq(users.email, SETTER));
  if (!setter) return;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(prospects)
    .where(eq(prospects.ownerId, setter.id));
  const count = row?.n ?? 0;
  // Without the demo CRM (it runs only while the setter has no prospect), nothing to top up.
  const missing = DEMO_SETTER_PROSPECTS - count;
  if (count === 0 || missing <= 0) return;
  const names = leadLastNames.flatMap((lastName) =>
    leadFirstNames.map((firstName) => [firstName, lastName] as const),
  );
  await db.insert(prospects).values(
    names.slice(0, missing).map(([firstName, lastName], index) => {
      const slug = `${firstName}.${lastName}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      return {
        ownerId: setter.id,
        firstName,
        lastName,
        email: `${slug}@exemple.fr`,
        observations: 'Inscrit au webinaire « Premier investissement locatif ».',
        customFields: { Source: 'Webinaire' },
        createdAt: ago(3 + (index % 7), now),
      };
    }),
  );
}

/** Idempotent: the closer's subscription, then the setter near a limit (see the top). */
export async function seedDemoPlans(db: Db, now = new Date()): Promise<boolean> {
  if (!(await seedDemoSubscription(db, demoCloserSubscription, now))) return false;
  await nearTheProspectLimit(db, now);
  return true;
}
