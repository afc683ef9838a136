/**
 * The plans, their prices and their limits: the one table the server enforces, the pricing page
 * shows and the tests read (issue 20). Prices are euro cents excluding VAT (HT); a year costs ten
 * months. `null` means unlimited; `0` means not included.
 */

export const planIds = ['gratuit', 'pro', 'equipe'] as const;
export type PlanId = (typeof planIds)[number];

export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** French VAT on the subscriptions (taux normal). */
export const VAT_RATE_PERCENT = 20;
/** A year is billed as this many months. */
export const MONTHS_BILLED_PER_YEAR = 10;
/** The web page « Abonnement et factures », where mails and notifications about billing lead. */
export const BILLING_SETTINGS_PATH = '/dashboard/settings/billing';
/** Days a `past_due` subscription keeps its plan before falling back to Gratuit. */
export const PAST_DUE_GRACE_DAYS = 7;

/** What a plan allows, counted per user (teams: per team the user created). */
export interface PlanLimits {
  /** Missions published at the same time. */
  publishedMissions: number | null;
  /** Prospects in the user's own CRM. */
  prospects: number | null;
  /** Advertisements that are not archived. */
  advertisements: number | null;
  /** Webinars with a price above 0 that are not over. */
  paidWebinars: number | null;
  /** Teams the user created. */
  teams: number | null;
  /** Members of one team (its creator included). */
  teamMembers: number | null;
  /** Deals and prospects shared with a team's pipeline (1: allowed, 0: not). */
  sharedPipeline: number | null;
}

export type PlanLimit = keyof PlanLimits;
export const planLimitNames = [
  'publishedMissions',
  'prospects',
  'advertisements',
  'paidWebinars',
  'teams',
  'teamMembers',
  'sharedPipeline',
] as const satisfies readonly PlanLimit[];

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Euro cents HT for one month. */
  monthlyPriceCents: number;
  /** What the pricing page lists. */
  features: string[];
  limits: PlanLimits;
  /** Shown as the one to pick. */
  highlighted: boolean;
}

export const plans: Record<PlanId, Plan> = {
  gratuit: {
    id: 'gratuit',
    name: 'Gratuit',
    description: 'Pour découvrir Closia, créer son profil et suivre ses premiers prospects.',
    monthlyPriceCents: 0,
    features: [
      'Profil public et recherche de missions',
      '1 mission publiée',
      '100 prospects',
      '1 équipe de 3 personnes',
      'Messagerie',
    ],
    limits: {
      publishedMissions: 1,
      prospects: 100,
      advertisements: 0,
      paidWebinars: 0,
      teams: 1,
      teamMembers: 3,
      sharedPipeline: 0,
    },
    highlighted: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    description: 'Pour les closers, setters et infopreneurs qui vivent de la vente.',
    monthlyPriceCents: 2900,
    features: [
      '10 missions publiées',
      'Prospects illimités',
      'Annonces sponsorisées',
      'Webinaires payants',
      '1 équipe de 3 personnes',
    ],
    limits: {
      publishedMissions: 10,
      prospects: null,
      advertisements: null,
      paidWebinars: null,
      teams: 1,
      teamMembers: 3,
      sharedPipeline: 0,
    },
    highlighted: true,
  },
  equipe: {
    id: 'equipe',
    name: 'Équipe',
    description: 'Pour les équipes de vente et les infopreneurs qui recrutent.',
    monthlyPriceCents: 7900,
    features: [
      'Tout Pro, missions illimitées',
      'Équipes jusqu’à 25 membres',
      'Pipeline partagé avec l’équipe',
      '5 équipes',
    ],
    limits: {
      publishedMissions: null,
      prospects: null,
      advertisements: null,
      paidWebinars: null,
      teams: 5,
      teamMembers: 25,
      sharedPipeline: 1,
    },
    highlighted: false,
  },
};

/** The plans in the pricing page's order (cheapest first). */
export const planList: Plan[] = planIds.map((id) => plans[id]);

/**
 * How each limit is named in French: counted ("1 mission publiée", "100 prospects") and, for a
 * plan that does not include it, as a whole ("les annonces sponsorisées").
 */
export const planLimitLabels: Record<
  PlanLimit,
  { one: string; many: string; unlimited: string; feature: string }
> = {
  publishedMissions: {
    one: 'mission publiée',
    many: 'missions publiées',
    unlimited: 'illimitées',
    feature: 'la publication de missions',
  },
  prospects: { one: 'prospect', many: 'prospects', unlimited: 'illimités', feature: 'le suivi de prospects' },
  advertisements: {
    one: 'annonce sponsorisée',
    many: 'annonces sponsorisées',
    unlimited: 'illimitées',
    feature: 'les annonces sponsorisées',
  },
  paidWebinars: {
    one: 'webinaire payant',
    many: 'webinaires payants',
    unlimited: 'illimités',
    feature: 'les webinaires payants',
  },
  teams: { one: 'équipe', many: 'équipes', unlimited: 'illimitées', feature: 'les équipes' },
  teamMembers: {
    one: 'membre par équipe',
    many: 'membres par équipe',
    unlimited: 'illimités',
    feature: 'les équipes',
  },
  sharedPipeline: {
    one: 'pipeline partagé',
    many: 'pipelines partagés',
    unlimited: 'illimités',
    feature: 'le pipeline partagé',
  },
};

export interface PriceCents {
  /** Excluding VAT. */
  ht: number;
  vat: number;
  /** Including VAT. */
  ttc: number;
}

/** The price of one period of a plan, VAT rounded to the cent (half up). */
export function planPrice(planId: PlanId, interval: BillingInterval): PriceCents {
  const months = interval === 'year' ? MONTHS_BILLED_PER_YEAR : 1;
  return withVat(plans[planId].monthlyPriceCents * months);
}

/** An amount HT with its VAT and total. */
export function withVat(htCents: number): PriceCents {
  const vat = Math.round((htCents * VAT_RATE_PERCENT) / 100);
  return { ht: htCents, vat, ttc: htCents + vat };
}

/** Does the plan allow one more, when `current` are already there? */
export function planAllows(planId: PlanId, limit: PlanLimit, current: number): boolean {
  const max = plans[planId].limits[limit];
  return max === null || current < max;
}

/** The cheapest plan above `planId` that allows one more (null: none does). */
export function planThatLifts(planId: PlanId, limit: PlanLimit, current: number): PlanId | null {
  const from = planIds.indexOf(planId);
  return planIds.find((id, index) => index > from && planAllows(id, limit, current)) ?? null;
}

/** "1 mission publiée", "100 prospects", "prospects illimités". */
export function limitPhrase(limit: PlanLimit, max: number | null): string {
  const label = planLimitLabels[limit];
  if (max === null) return `${label.many} ${label.unlimited}`;
  return `${max.toLocaleString('fr-FR')} ${max === 1 ? label.one : label.many}`;
}

/**
 * The French sentence of a refusal, naming the limit and the plan that lifts it: "Votre offre
 * Gratuit permet 1 mission publiée. Passez à l’offre Pro pour aller au-delà."
 */
export function planLimitMessage(planId: PlanId, limit: PlanLimit, upgradeTo: PlanId | null): string {
  const max = plans[planId].limits[limit];
  const name = plans[planId].name;
  const allows =
    max === 0
      ? `Votre offre ${name} ne comprend pas ${planLimitLabels[limit].feature}.`
      : `Votre offre ${name} permet ${limitPhrase(limit, max)}.`;
  if (!upgradeTo) return `${allows} Aucune offre ne va au-delà.`;
  return max === 0
    ? `${allows} Passez à l’offre ${plans[upgradeTo].name} pour en profiter.`
    : `${allows} Passez à l’offre ${plans[upgradeTo].name} pour aller au-delà.`;
}
