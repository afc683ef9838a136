/**
 * The demo's community (issue 21): members who register to the demo webinars and write, like and
 * comment in the feed. Generated names, no password (they never sign in), no profile (they stay out
 * of the freelancers' search and the marketplace's figures).
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

const firstNames = [
  'Manon',
  'Lucas',
  'Chloé',
  'Nathan',
  'Jade',
  'Théo',
  'Zoé',
  'Maxime',
  'Anaïs',
  'Romain',
  'Clara',
  'Julien',
  'Margaux',
  'Yanis',
  'Élodie',
  'Kevin',
  'Laura',
  'Mehdi',
  'Pauline',
  'Antoine',
  'Sonia',
  'Quentin',
  'Amandine',
  'Nicolas',
];
const lastNames = ['Garnier', 'Fontaine', 'Rousseau', 'Chevalier', 'Benali', 'Lambert', 'Girard', 'Morel'];
const cities = ['Paris', 'Lyon', 'Marseille', 'Lille', 'Nantes', 'Rennes', 'Toulouse', 'Strasbourg', 'Nice'];
const roles = ['setter', 'closer', 'setter-closer', 'infopreneur', 'setter', 'closer'];

/** How many generated members the demo has. */
export const DEMO_MEMBER_COUNT = 40;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const demoMembers = Array.from({ length: DEMO_MEMBER_COUNT }, (_, i) => {
  const firstName = firstNames[i % firstNames.length]!;
  const lastName = lastNames[(i * 5 + Math.floor(i / firstNames.length)) % lastNames.length]!;
  return {
    email: `${slug(firstName)}.${slug(lastName)}@membres.closia.fr`,
    firstName,
    lastName,
    role: roles[i % roles.length]!,
    location: `${cities[i % cities.length]}, France`,
  };
});

/** The members' ids in `demoMembers` order, creating those missing (one insert). */
export async function ensureDemoMembers(tx: DbOrTx, now: Date): Promise<number[]> {
  const emails = demoMembers.map((m) => m.email);
  await tx
    .insert(users)
    .values(
      demoMembers.map((m, i) => ({
        ...m,
        passwordHash: null,
        emailVerifiedAt: new Date(now.getTime() - (60 + i) * 86_400_000),
        createdAt: new Date(now.getTime() - (60 + i) * 86_400_000),
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  return emails.map((email) => idOf.get(email)!);
}
