import {
  type InfopreneurProfile,
  infopreneurProfileSchema,
  type SalesProfile,
  salesProfileUpdateSchema,
} from '@closia/shared';
import type { OnboardingTrack } from '../../../config/paths';
import type { OnboardingStep } from '../../../lib/onboarding';
import { zodResolver } from '../../../lib/zod-resolver';

/** What every step component receives from the step page. */
export interface StepProps {
  track: OnboardingTrack;
  step: OnboardingStep;
  /** The user's sub-profile as saved so far (the step's initial values). */
  profile: SalesProfile | InfopreneurProfile;
  finished: boolean;
}

/** A sales step only runs on a sales track: its profile carries the sales fields. */
export function asSalesProfile(profile: SalesProfile | InfopreneurProfile): Partial<SalesProfile> {
  return profile as Partial<SalesProfile>;
}

const validateSales = zodResolver(salesProfileUpdateSchema);
const validateInfopreneur = zodResolver(infopreneurProfileSchema);

/** The shared schema's errors (French) for a step's payload, keyed by field path. */
export function validateStepPayload(track: OnboardingTrack, payload: object): Record<string, string> {
  return track === 'infopreneur' ? validateInfopreneur(payload) : validateSales(payload);
}
