/*
 * The onboarding tracks' steps: constants without Zod, so that a page that only needs the list of
 * steps (the dashboard's onboarding card) does not download the schemas' runtime.
 */

/** Onboarding steps of the setter, closer and setter-closer tracks, in order (spec §2). */
export const salesOnboardingSteps = [
  'description',
  'experience',
  'formations',
  'skills',
  'work-sectors',
  'conversion',
] as const;
export type SalesOnboardingStep = (typeof salesOnboardingSteps)[number];
/** Onboarding steps of the infopreneur track, in order. */
export const infopreneurOnboardingSteps = ['description', 'work-sectors'] as const;
export type InfopreneurOnboardingStep = (typeof infopreneurOnboardingSteps)[number];
