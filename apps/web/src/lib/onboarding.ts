import {
  type CurrentUser,
  type InfopreneurOnboardingStep,
  infopreneurOnboardingSteps,
  type SalesOnboardingStep,
  salesOnboardingSteps,
  type UserType,
  userType,
} from '@closia/shared';
import { type OnboardingTrack, onboardingTracks, paths } from '../config/paths';

/**
 * The onboarding tracks (spec §2): which one a user follows, its steps, and where to resume.
 * Read by the guards, the onboarding pages and the dashboard (links to the step filling a field).
 */

export type OnboardingStep = SalesOnboardingStep | InfopreneurOnboardingStep;

/** The key of `CurrentUser` holding a track's sub-profile. */
export type ProfileKey = 'setter' | 'closer' | 'setterCloser' | 'infopreneur';

const trackOfType: Record<UserType, OnboardingTrack | null> = {
  setter: 'setter',
  closer: 'closer',
  setter_closer: 'setter-closer',
  infopreneur: 'infopreneur',
  unknown: null,
};

export const profileKeyOfTrack: Record<OnboardingTrack, ProfileKey> = {
  setter: 'setter',
  closer: 'closer',
  'setter-closer': 'setterCloser',
  infopreneur: 'infopreneur',
};

/** French name of each step (stepper, summaries, links). */
export const onboardingStepLabels: Record<OnboardingStep, string> = {
  description: 'Présentation',
  experience: 'Expérience',
  formations: 'Formations',
  skills: 'Compétences',
  'work-sectors': 'Secteurs d’activité',
  conversion: 'Taux de conversion',
};

export function isOnboardingTrack(value: string | undefined): value is OnboardingTrack {
  return (onboardingTracks as readonly string[]).includes(value ?? '');
}

/** The track of the user's sub-profile, or null before they chose their type. */
export function onboardingTrackOf(
  user: Pick<CurrentUser, 'setter' | 'closer' | 'setterCloser' | 'infopreneur'>,
) {
  return trackOfType[userType(user)];
}

/** The steps of a track, in order. */
export function stepsOf(track: OnboardingTrack): readonly OnboardingStep[] {
  return track === 'infopreneur' ? infopreneurOnboardingSteps : salesOnboardingSteps;
}

export function isStepOf(track: OnboardingTrack, step: string | undefined): step is OnboardingStep {
  return (stepsOf(track) as readonly string[]).includes(step ?? '');
}

/** The step after `step` (the first one for null), or null when `step` was the last one. */
export function nextStep(track: OnboardingTrack, step: string | null | undefined): OnboardingStep | null {
  const steps = stepsOf(track);
  if (!step) return steps[0] ?? null;
  const index = steps.indexOf(step as OnboardingStep);
  if (index === -1) return steps[0] ?? null;
  return steps[index + 1] ?? null;
}

/** The step before `step`, or null for the first one. */
export function previousStep(track: OnboardingTrack, step: OnboardingStep): OnboardingStep | null {
  const steps = stepsOf(track);
  const index = steps.indexOf(step);
  return index > 0 ? (steps[index - 1] ?? null) : null;
}

/** The page after a step: the next step, or the finish page after the last one. */
export function pathAfterStep(track: OnboardingTrack, step: OnboardingStep): string {
  const next = nextStep(track, step);
  return next ? paths.onboarding.step(track, next) : paths.onboarding.finish;
}

/**
 * Where `/onboarding` sends a user: the type choice (itself) without a sub-profile, the track's
 * start page when nothing was saved yet, else the step after the last one saved (resume).
 */
export function onboardingResumePath(user: CurrentUser): string {
  const track = onboardingTrackOf(user);
  if (!track) return paths.onboarding.root;
  const saved = user[profileKeyOfTrack[track]]?.onboardingStep;
  if (!saved || !isStepOf(track, saved)) return paths.onboarding.track(track);
  return pathAfterStep(track, saved);
}
