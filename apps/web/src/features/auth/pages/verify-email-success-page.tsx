import { hasFinishedOnboarding } from '@closia/shared';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PendingInvitationsNotice } from '../../teams/components/invitation-notices';
import { useCurrentUser } from '../api/use-current-user';
import { AuthHeader } from '../components/auth-header';

/** After the verification: what the verified address unlocked, the team invitations it was sent included. */
export function VerifyEmailSuccessPage() {
  const { data: user } = useCurrentUser();
  return (
    <Stack gap="md" align="stretch">
      <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden="true" mx="auto">
        <IconCircleCheck size={32} stroke={1.6} />
      </ThemeIcon>
      <AuthHeader title="Adresse e-mail vérifiée" />
      <Text mt={-12}>
        Merci ! Votre adresse e-mail est confirmée : vous avez maintenant accès à toutes les fonctionnalités
        de Closia, dont la messagerie.
      </Text>
      {user && <PendingInvitationsNotice profileReady={hasFinishedOnboarding(user) || user.admin} />}
      <Button component={Link} to={paths.dashboard.root} fullWidth size="md">
        Aller au tableau de bord
      </Button>
    </Stack>
  );
}
