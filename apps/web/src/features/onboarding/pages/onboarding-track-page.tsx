import { registrationRoleLabels } from '@closia/shared';
import {
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
import { useDisclosure } from '@mantine/hooks';
import { IconArrowRight, IconClock, IconRocket } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-errors';
import {
  isOnboardingTrack,
  isStepOf,
  nextStep,
  type OnboardingStep,
  onboardingStepLabels,
  onboardingTrackOf,
  pathAfterStep,
  profileKeyOfTrack,
  stepsOf,
} from '../../../lib/onboarding';
import { useChangeAccount } from '../../auth/api/change-account';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { notFound } from '../components/not-found';

const stepHints: Record<OnboardingStep, string> = {
  description: 'quelques lignes sur vous et votre façon de travailler',
  experience: 'depuis quand vous vendez',
  formations: 'les formations en vente que vous avez suivies (facultatif)',
  skills: 'vos compétences, choisies ou ajoutées',
  'work-sectors': 'les thématiques de formation qui vous intéressent',
  conversion: 'votre taux de conversion, sur 10 appels',
};

const infopreneurHints: Partial<Record<OnboardingStep, string>> = {
  description: 'votre activité, vos formations et les vendeurs que vous recherchez',
  'work-sectors': 'les thématiques de vos formations',
};

/** `/onboarding/{track}`: welcome, what the steps are, "Commencer" (or resume). */
export function OnboardingTrackPage() {
  const { track } = useParams();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const reset = useChangeAccount();
  const [confirmOpened, confirm] = useDisclosure(false);

  if (!isOnboardingTrack(track)) notFound();
  if (!user) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    );
  }
  // Another track than the user's (or no type yet): `/onboarding` knows where they stand.
  if (onboardingTrackOf(user) !== track) return <Navigate to={paths.onboarding.root} replace />;

  const steps = stepsOf(track);
  const saved = user[profileKeyOfTrack[track]]?.onboardingStep ?? null;
  const savedStep = saved && isStepOf(track, saved) ? saved : null;
  const resume = savedStep ? nextStep(track, savedStep) : null;
  const first = steps[0]!;
  const label = registrationRoleLabels[track];
  const hints = track === 'infopreneur' ? { ...stepHints, ...infopreneurHints } : stepHints;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
      <Stack gap="lg">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconRocket size={30} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Bienvenue {user.firstName} !
          </Title>
          <Text size="lg" c="dimmed">
            Créons votre profil de {label}. C’est lui que verront{' '}
            {track === 'infopreneur' ? 'les setters et closers' : 'les infopreneurs qui recrutent'}.
          </Text>
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {steps.length} étapes
          </Title>
          <List type="ordered" spacing="xs">
            {steps.map((step) => (
              <List.Item key={step}>
                <Text span fw={600}>
                  {onboardingStepLabels[step]}
                </Text>{' '}
                <Text span c="dimmed">
                  — {hints[step]}
                </Text>
              </List.Item>
            ))}
          </List>
          <Group gap={6} c="dimmed">
            <IconClock size={16} aria-hidden="true" />
            <Text size="sm">
              Environ {track === 'infopreneur' ? 2 : 5} minutes. Vous pouvez vous arrêter à tout moment : vous
              reprendrez là où vous en étiez.
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          {savedStep ? (
            <>
              <Button
                component={Link}
                to={pathAfterStep(track, savedStep)}
                size="md"
                rightSection={<IconArrowRight size={18} />}
              >
                {resume ? `Reprendre : ${onboardingStepLabels[resume]}` : 'Finaliser mon profil'}
              </Button>
              <Button component={Link} to={paths.onboarding.step(track, first)} size="md" variant="default">
                Revoir depuis le début
              </Button>
            </>
          ) : (
            <Button
              component={Link}
              to={paths.onboarding.step(track, first)}
              size="md"
              rightSection={<IconArrowRight size={18} />}
            >
              Commencer
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Vous n’êtes pas {label} ?{' '}
          <Anchor component="button" type="button" size="sm" onClick={confirm.open}>
            Changer de type de profil
          </Anchor>
        </Text>
      </Stack>

      <ConfirmModal
        opened={confirmOpened}
        onClose={confirm.close}
        title="Changer de type de profil"
        confirmLabel="Changer de type"
        pending={reset.isPending}
        error={reset.isError ? reset.error : null}
        describe={errorText}
        onConfirm={() =>
          reset.mutate(
            {},
            {
              onSuccess: () => {
                confirm.close();
                navigate(paths.onboarding.root, { replace: true });
              },
            },
          )
        }
      >
        Vous choisirez à nouveau votre type de profil. Ce que vous avez déjà rempli pour votre profil de{' '}
        {label} sera effacé.
      </ConfirmModal>
    </Paper>
  );
}
