import { type CurrentUser, registrationRoleLabels } from '@closia/shared';
import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconChevronRight,
  IconHeadset,
  IconPhoneCall,
  IconPresentation,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type OnboardingTrack, paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-errors';
import { useUpdateProfile } from '../api/update-profile';
import classes from './type-choice.module.css';

const choices: { track: OnboardingTrack; line: string; icon: ComponentType<{ size?: number }> }[] = [
  {
    track: 'setter',
    line: 'Je contacte et qualifie les prospects, puis je décroche les rendez-vous.',
    icon: IconPhoneCall,
  },
  { track: 'closer', line: 'Je mène les appels de vente et je conclus les inscriptions.', icon: IconHeadset },
  {
    track: 'setter-closer',
    line: 'Je fais les deux : de la prise de contact jusqu’à la signature.',
    icon: IconUsersGroup,
  },
  {
    track: 'infopreneur',
    line: 'Je vends mes formations et je recrute des setters et des closers.',
    icon: IconPresentation,
  },
];

/** `/onboarding` without a sub-profile: the user picks their type, which creates the profile. */
export function TypeChoice({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [chosen, setChosen] = useState<OnboardingTrack | null>(null);

  const choose = (track: OnboardingTrack) => {
    setChosen(track);
    update.mutate({ track, input: {} }, { onSuccess: () => navigate(paths.onboarding.track(track)) });
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Bienvenue {user.firstName} !
        </Title>
        <Text c="dimmed" size="lg">
          Pour commencer, dites-nous ce que vous faites : votre profil et votre espace en dépendent.
        </Text>
      </Stack>
      {update.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          Votre choix n’a pas pu être enregistré : {errorText(update.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {choices.map(({ track, line, icon: Icon }) => {
          const loading = update.isPending && chosen === track;
          return (
            <Card
              key={track}
              component="button"
              type="button"
              onClick={() => choose(track)}
              disabled={update.isPending}
              padding="lg"
              data-testid={`type-${track}`}
              className={classes.card}
              style={{ textAlign: 'left', cursor: update.isPending ? 'wait' : 'pointer' }}
            >
              <Group wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                  <Icon size={24} />
                </ThemeIcon>
                <Stack gap={4} style={{ flex: 1 }}>
                  <Text fw={700} size="lg">
                    {registrationRoleLabels[track]}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {line}
                  </Text>
                </Stack>
                {loading ? (
                  <Loader size={18} aria-label="Enregistrement" />
                ) : (
                  <IconChevronRight size={18} aria-hidden="true" style={{ marginTop: 12 }} />
                )}
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
