import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/error-message';
import { useInvitationPreview, useMyInvitations } from '../api/teams';

/**
 * The e-mail invitation that a sign-up link carries (`?invitation=<token>`), on the sign-up page and
 * on "check your inbox": who invites to which team, and that the invitation waits for the account
 * that verifies the invited address (the server's rule). Nothing while it loads.
 */
export function InvitationLinkNotice({ token, step }: { token: string; step: 'sign-up' | 'verify' }) {
  const preview = useInvitationPreview(token);
  if (preview.isError) {
    return isNotFound(preview.error) ? (
      <Alert color="orange" variant="light" icon={<IconUsersGroup size={18} />} role="status">
        Ce lien d’invitation n’est plus valable : l’invitation a reçu une réponse ou a été annulée.
        {step === 'sign-up' ? ' Vous pouvez tout de même créer votre compte.' : ''}
      </Alert>
    ) : null;
  }
  if (!preview.data) return null;
  const { team, invitedBy, email } = preview.data;
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconUsersGroup size={18} />}
      title="Invitation à rejoindre une équipe"
      role="status"
      data-testid="invitation-notice"
    >
      {invitedBy ?? 'Un membre de Closia'} vous invite à rejoindre l’équipe « {team.name} ».{' '}
      {step === 'sign-up' ? (
        <>
          Créez votre compte avec l’adresse <strong>{email}</strong> : l’invitation vous attendra dans «
          Équipes » une fois cette adresse vérifiée.
        </>
      ) : (
        <>Vérifiez votre adresse : l’invitation vous attendra ensuite dans « Équipes ».</>
      )}
    </Alert>
  );
}

/**
 * The invitations waiting for the signed-in user, where a new account lands (e-mail verified,
 * profile finished): a link to answer them on the teams page, or to finish the profile first (the
 * teams page needs it). Nothing when there is none.
 */
export function PendingInvitationsNotice({ profileReady }: { profileReady: boolean }) {
  const invitations = useMyInvitations({ fresh: true });
  const list = invitations.data ?? [];
  const first = list[0];
  if (!first) return null;
  const who = first.invitedBy ? `${first.invitedBy.fullName} vous invite` : 'Vous êtes invité(e)';
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconUsersGroup size={18} />}
      title={list.length > 1 ? `${list.length} invitations vous attendent` : 'Une invitation vous attend'}
      ta="left"
      data-testid="pending-invitations"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {who} à rejoindre l’équipe « {first.team.name} ».
          {profileReady ? '' : ' Terminez votre profil, puis acceptez-la dans « Équipes ».'}
        </Text>
        {profileReady ? (
          <Button component={Link} to={`${paths.dashboard.teams}?invitation=${first.id}`} size="xs">
            {list.length > 1 ? 'Voir les invitations' : 'Voir l’invitation'}
          </Button>
        ) : (
          <Button component={Link} to={paths.onboarding.root} size="xs">
            Terminer mon profil
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
