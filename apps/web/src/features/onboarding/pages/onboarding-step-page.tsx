import { hasFinishedOnboarding } from '@closia/shared';
import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import {
  isOnboardingTrack,
  isStepOf,
  type OnboardingStep,
  onboardingTrackOf,
  profileKeyOfTrack,
} from '../../../lib/onboarding';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { ConversionStep } from '../components/conversion-step';
import { DescriptionStep } from '../components/description-step';
import { ExperienceStep } from '../components/experience-step';
import { FormationsStep } from '../components/formations-step';
import { notFound } from '../components/not-found';
import { SkillsStep } from '../components/skills-step';
import type { StepProps } from '../components/step-props';
import { WorkSectorsStep } from '../components/work-sectors-step';

const stepComponents: Record<OnboardingStep, ComponentType<StepProps>> = {
  description: DescriptionStep,
  experience: ExperienceStep,
  formations: FormationsStep,
  skills: SkillsStep,
  'work-sectors': WorkSectorsStep,
  conversion: ConversionStep,
};

/** `/onboarding/{track}/{step}`: one step of the track, saved before moving on. */
export function OnboardingStepPage() {
  const { track, step } = useParams();
  const { data: user } = useCurrentUser();

  if (!isOnboardingTrack(track) || !isStepOf(track, step)) notFound();
  if (!user) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    );
  }
  const profile = user[profileKeyOfTrack[track]];
  // Another track than the user's (or no type yet): `/onboarding` knows where they stand.
  if (onboardingTrackOf(user) !== track || !profile) return <Navigate to={paths.onboarding.root} replace />;

  const Step = stepComponents[step];
  // `key`: a fresh form per step (the page component stays mounted between steps).
  return (
    <Step
      key={`${track}/${step}`}
      track={track}
      step={step}
      profile={profile}
      finished={hasFinishedOnboarding(user)}
    />
  );
}
