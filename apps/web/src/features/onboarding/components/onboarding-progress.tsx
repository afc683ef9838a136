import { Progress, Stack, Stepper, Text, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { type OnboardingTrack, paths } from '../../../config/paths';
import { type OnboardingStep, onboardingStepLabels, stepsOf } from '../../../lib/onboarding';

interface OnboardingProgressProps {
  track: OnboardingTrack;
  /** The current step. */
  step: OnboardingStep;
}

/** The steps of the track: a Stepper (earlier steps clickable) from `sm` up, a progress bar below. */
export function OnboardingProgress({ track, step }: OnboardingProgressProps) {
  const navigate = useNavigate();
  const steps = stepsOf(track);
  const active = steps.indexOf(step);

  return (
    <>
      <Stepper
        visibleFrom="sm"
        active={active}
        size="sm"
        iconSize={30}
        allowNextStepsSelect={false}
        onStepClick={(index) => {
          const target = steps[index];
          if (target && index < active) navigate(paths.onboarding.step(track, target));
        }}
        aria-label="Étapes de votre profil"
      >
        {steps.map((name, index) => (
          // Only the current step shows its name (six labels do not fit the column); the others keep
          // it for screen readers.
          <Stepper.Step
            key={name}
            label={
              index === active ? (
                onboardingStepLabels[name]
              ) : (
                <VisuallyHidden>{onboardingStepLabels[name]}</VisuallyHidden>
              )
            }
            title={onboardingStepLabels[name]}
          />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="sm">
        <Text size="sm" fw={600}>
          Étape {active + 1} sur {steps.length} · {onboardingStepLabels[step]}
        </Text>
        <Progress
          value={((active + 1) / steps.length) * 100}
          size="sm"
          radius="xl"
          aria-label={`Progression : étape ${active + 1} sur ${steps.length}`}
        />
      </Stack>
    </>
  );
}
