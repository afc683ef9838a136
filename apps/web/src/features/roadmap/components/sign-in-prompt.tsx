import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths, signInWithRedirect } from '../../../config/paths';

/** A visitor who wants to vote or suggest: sign in (and come back here) or create an account. */
export function SignInPrompt({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Connectez-vous pour participer"
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="md">
        <Text>
          Votez pour les idées que vous attendez et proposez les vôtres avec votre compte Closia : c’est
          gratuit.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={paths.auth.signUp} variant="default">
            Créer mon compte
          </Button>
          <Button component={Link} to={signInWithRedirect(back)} data-autofocus>
            Se connecter
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
