import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { skills, validatedItems, workSectors } from '../db/schema';

/** Sectors of the training offers sold on Closia. */
export const seedWorkSectors = [
  'Art & créativité',
  'Beauté & esthétique',
  'Bien-être & santé',
  'Bourse',
  'Business & entrepreneuriat',
  'Coaching',
  'Copywriting',
  'Cuisine',
  'Design',
  'Développement de carrière',
  'Développement personnel',
  'E-commerce',
  'Éducation & soutien scolaire',
  'Finance & investissement',
  'Formation professionnelle (CPF)',
  'Immobilier',
  'Informatique & programmation',
  'Intelligence artificielle',
  'Langues',
  'Management & leadership',
  'Marketing digital',
  'Musique',
  'Nutrition',
  'Parentalité',
  'Photographie',
  'Prise de parole en public',
  'Productivité',
  'Relations & séduction',
  'Réseaux sociaux',
  'Sport & fitness',
  'Spiritualité',
  'Trading & crypto',
  'Vente & négociation',
  'Vidéo & montage',
  'Voyage',
];

/** Sales skills of setters and closers. */
export const seedSkills = [
  'Appels découverte',
  'Closing en visio',
  'Closing téléphonique',
  'Cold calling',
  'Cold emailing',
  'Copywriting',
  'Cross-sell',
  'Écoute active',
  'Gestion de pipeline',
  'Gestion des objections',
  'Growth hacking',
  'Intelligence émotionnelle',
  'Méthode BANT',
  'Méthode SPIN',
  'Négociation',
  'Onboarding client',
  'Personal branding',
  'Pitch commercial',
  'Prise de rendez-vous',
  'Prospection LinkedIn',
  'Prospection multicanale',
  'Qualification de leads',
  'Reformulation',
  'Relance',
  'Rédaction de scripts',
  'Reporting commercial',
  'Service client',
  'Setting Instagram',
  'Setting par DM',
  'Setting téléphonique',
  'Social selling',
  'Storytelling',
  'Suivi CRM',
  'Tunnels de vente',
  'Upsell',
  'Vente consultative',
  'Vente en one-call close',
  'Vente high ticket',
  'Webinaires de vente',
  'WhatsApp Business',
  'Automatisation des relances',
  'Analyse des appels',
];

/** The formations catalogue: generic sales trainings a setter or closer may have followed. */
export const seedFormations = [
  'Certification Vente consultative',
  'Formation Closer à distance',
  'Formation Closing high ticket',
  'Formation Setter Instagram',
  'Formation Setter LinkedIn',
  'Formation Prospection B2B',
  'Formation Gestion des objections',
  'Formation Copywriting de vente',
  'Formation Social selling',
  'Formation CRM et suivi commercial',
  'Négociation commerciale avancée',
  'Prise de parole et pitch commercial',
];

/**
 * The reference lists everyone picks from, all approved. Idempotent (existing names are left as
 * they are); each list is seeded only while it is empty, so that an item an admin renamed or
 * deleted does not come back at the next start.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const [sector] = await db.select({ id: workSectors.id }).from(workSectors).limit(1);
  if (!sector) {
    await db
      .insert(workSectors)
      .values(seedWorkSectors.map((name) => ({ name, approved: true })))
      .onConflictDoNothing();
  }
  const [skill] = await db.select({ id: skills.id }).from(skills).limit(1);
  if (!skill) {
    await db
      .insert(skills)
      .values(seedSkills.map((name) => ({ name, isValidated: true })))
      .onConflictDoNothing();
  }
  const [formation] = await db
    .select({ id: validatedItems.id })
    .from(validatedItems)
    .where(eq(validatedItems.kind, 'formation'))
    .limit(1);
  if (!formation) {
    await db
      .insert(validatedItems)
      .values(seedFormations.map((name) => ({ kind: 'formation', name, isValidated: true })))
      .onConflictDoNothing();
  }
}
