import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconInfoCircle,
} from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { type OnboardingTrack, paths } from '../../../config/paths';
import { type OnboardingStep, previousStep, stepsOf } from '../../../lib/onboarding';
import { OnboardingProgress } from './onboarding-progress';

interface StepLayoutProps {
  track: OnboardingTrack;
  step: OnboardingStep;
  title: string;
  intro: ReactNode;
  /** The onboarding is already finished: the page edits one field and "Enregistrer" goes back. */
  finished: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  formError: string | null;
  children: ReactNode;
}

/** One onboarding step: progress, title, the step's fields, "Retour" and "Suivant". */
export function StepLayout({
  track,
  step,
  title,
  intro,
  finished,
  onSubmit,
  saving,
  formError,
  children,
}: StepLayoutProps) {
  const steps = stepsOf(track);
  const index = steps.indexOf(step);
  const previous = previousStep(track, step);
  const back = finished
    ? paths.dashboard.root
    : previous
      ? paths.onboarding.step(track, previous)
      : paths.onboarding.track(track);
  const last = index === steps.length - 1;

  return (
    <Stack gap="lg">
      {!finished && <OnboardingProgress track={track} step={step} />}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <Stack gap={6}>
              {!finished && (
                <Text size="sm" c="dimmed" fw={600} visibleFrom="sm">
                  Étape {index + 1} sur {steps.length}
                </Text>
              )}
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {title}
              </Title>
              <Text c="dimmed">{intro}</Text>
            </Stack>
            {finished && (
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
                Votre profil est déjà complet : modifiez ce qui doit l’être puis enregistrez.
              </Alert>
            )}
            {children}
            {formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="space-between" gap="sm">
              <Button
                component={Link}
                to={back}
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                disabled={saving}
              >
                Retour
              </Button>
              <Button
                type="submit"
                loading={saving}
                rightSection={finished ? <IconCheck size={16} /> : <IconArrowRight size={16} />}
              >
                {finished ? 'Enregistrer' : last ? 'Terminer' : 'Suivant'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
