import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useResendVerificationEmail } from '../api/resend-verification-email';
import { authErrorMessage } from '../utils/auth-errors';

/** "Renvoyer l'e-mail" of the verification link (signed-in users only). */
export function ResendVerificationButton(props: ButtonProps) {
  const resend = useResendVerificationEmail();
  return (
    <Button
      leftSection={<IconMailForward size={18} />}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              title: 'E-mail envoyé',
              message: 'Un nouveau lien de vérification vient de vous être envoyé.',
            }),
          onError: (error) =>
            notifications.show({ color: 'red', title: "Échec de l'envoi", message: authErrorMessage(error) }),
        })
      }
      {...props}
    >
      Renvoyer l'e-mail
    </Button>
  );
}
