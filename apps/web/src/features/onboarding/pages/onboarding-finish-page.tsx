import { hasFinishedOnboarding, userType } from '@closia/shared';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowRight,
  IconConfetti,
  IconLayoutDashboard,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { type OnboardingTrack, paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import {
  type OnboardingStep,
  onboardingStepLabels,
  onboardingTrackOf,
  stepsOf,
} from '../../../lib/onboarding';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { PendingInvitationsNotice } from '../../teams/components/invitation-notices';
import { useUpdateProfile } from '../api/update-profile';

/** The step that fills each field the server may report missing. */
const stepOfField: Record<string, OnboardingStep> = {
  description: 'description',
  experience: 'experience',
  formations: 'formations',
  skills: 'skills',
  workSectors: 'work-sectors',
  conversionRate: 'conversion',
};

const missingLabels: Record<string, string> = {
  description: 'Votre présentation',
  experience: 'La date à laquelle vous avez commencé à vendre',
  skills: 'Au moins une compétence',
  workSectors: 'Au moins un secteur d’activité',
  conversionRate: 'Votre taux de conversion',
};

type FinishState =
  | { kind: 'saving' }
  | { kind: 'done' }
  | { kind: 'missing'; fields: string[] }
  | { kind: 'error'; message: string };

/**
 * `/onboarding/finish`: sends `finishedProfileSetup: true`. Missing fields (422) are listed with links
 * back to their steps; success shows the celebration.
 */
export function OnboardingFinishPage() {
  const { data: user } = useCurrentUser();
  const update = useUpdateProfile();
  const track = user ? onboardingTrackOf(user) : null;
  const [state, setState] = useState<FinishState>(() =>
    user && hasFinishedOnboarding(user) ? { kind: 'done' } : { kind: 'saving' },
  );
  const sent = useRef(false);

  const finish = (target: OnboardingTrack) => {
    setState({ kind: 'saving' });
    update.mutate(
      { track: target, input: { finishedProfileSetup: true } },
      {
        onSuccess: () => setState({ kind: 'done' }),
        onError: (error) => {
          if (isApiError(error) && error.status === 422 && error.errors?.length) {
            const fields = [...new Set(error.errors.map((item) => item.field))];
            // In the order of the steps.
            const rank = (field: string) => {
              const step = stepOfField[field];
              return step ? stepsOf(target).indexOf(step) : Number.MAX_SAFE_INTEGER;
            };
            setState({ kind: 'missing', fields: fields.sort((a, b) => rank(a) - rank(b)) });
          } else {
            setState({ kind: 'error', message: errorText(error) });
          }
        },
      },
    );
  };

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice; the ref survives).
    if (sent.current || state.kind !== 'saving' || !track) return;
    sent.current = true;
    finish(track);
  });

  if (!user) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    );
  }
  if (!track || userType(user) === 'unknown') return <Navigate to={paths.onboarding.root} replace />;

  if (state.kind === 'saving') {
    return (
      <Center py={64}>
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text role="status">Finalisation de votre profil…</Text>
        </Stack>
      </Center>
    );
  }

  if (state.kind === 'missing') {
    return (
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Stack gap="md">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              Il manque encore quelques informations
            </Title>
            <Text c="dimmed">Complétez ces étapes pour terminer votre profil :</Text>
            <List spacing="sm" icon={<IconAlertCircle size={18} color="var(--mantine-color-orange-7)" />}>
              {state.fields.map((field) => {
                const step = stepOfField[field];
                return (
                  <List.Item key={field}>
                    {step ? (
                      <Anchor component={Link} to={paths.onboarding.step(track, step)} fw={600}>
                        {missingLabels[field] ?? onboardingStepLabels[step]}
                      </Anchor>
                    ) : (
                      <Text span fw={600}>
                        {field}
                      </Text>
                    )}
                    {step && (
                      <Text span c="dimmed" size="sm">
                        {' '}
                        — étape « {onboardingStepLabels[step]} »
                      </Text>
                    )}
                  </List.Item>
                );
              })}
            </List>
            <Group>
              <Button variant="default" onClick={() => finish(track)} loading={update.isPending}>
                Réessayer
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  if (state.kind === 'error') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="La finalisation a échoué"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => finish(track)}>
            Réessayer
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 48 }}
      shadow="sm"
      style={{
        backgroundImage:
          'radial-gradient(40rem 20rem at 50% -20%, light-dark(rgba(34, 197, 94, 0.16), rgba(34, 197, 94, 0.1)), transparent)',
      }}
    >
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={80} radius="xl" variant="light" aria-hidden="true">
          <IconConfetti size={44} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Bravo {user.firstName}, votre profil est prêt !
        </Title>
        <Text size="lg" c="dimmed" maw={480}>
          {track === 'infopreneur'
            ? 'Les setters et closers peuvent maintenant découvrir votre activité. Publiez vos offres et recrutez votre équipe de vente.'
            : 'Les infopreneurs peuvent maintenant vous découvrir. Trouvez vos premières missions et suivez vos ventes depuis votre tableau de bord.'}
        </Text>
        <Group justify="center" gap="sm" mt="sm">
          <Button
            component={Link}
            to={paths.app.user(user.id)}
            size="md"
            variant="default"
            leftSection={<IconUserCircle size={18} />}
          >
            Voir mon profil public
          </Button>
          <Button
            component={Link}
            to={paths.dashboard.root}
            size="md"
            leftSection={<IconLayoutDashboard size={18} />}
            rightSection={<IconArrowRight size={18} />}
          >
            Aller au tableau de bord
          </Button>
        </Group>
        {/* A team invitation sent before the account existed (e-mail verified) waits in « Équipes ». */}
        <PendingInvitationsNotice profileReady />
      </Stack>
    </Paper>
  );
}
