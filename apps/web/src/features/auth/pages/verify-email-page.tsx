import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMailOpened } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, signInWithRedirect } from '../../../config/paths';
import { InvitationLinkNotice } from '../../teams/components/invitation-notices';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useCurrentUser } from '../api/use-current-user';
import { useVerifyEmail } from '../api/verify-email';
import { AuthHeader } from '../components/auth-header';
import { FormAlert } from '../components/form-alert';
import { PendingState } from '../components/pending-state';
import { ResendVerificationButton } from '../components/resend-verification-button';
import { authErrorMessage, authMessages, isInvalidToken } from '../utils/auth-errors';

/** Resend for a signed-in user; otherwise a way to sign in first. */
function ResendOrSignIn() {
  const { data: user } = useCurrentUser();
  if (user) return <ResendVerificationButton fullWidth />;
  return (
    <Button component={Link} to={signInWithRedirect(paths.auth.verifyEmail)} fullWidth>
      Se connecter pour recevoir un nouveau lien
    </Button>
  );
}

/** `?token=`: verify it, then go to the success page. */
function VerifyToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate({ token }, { onSuccess: () => navigate(paths.auth.verifyEmailSuccess, { replace: true }) });
  }, [token, navigate, verify.mutate]);

  if (verify.isError) {
    return (
      <>
        <AuthHeader title="Vérification de l'e-mail" />
        <Stack gap="md">
          <FormAlert>
            {isInvalidToken(verify.error) ? authMessages.invalidVerifyToken : authErrorMessage(verify.error)}
          </FormAlert>
          <ResendOrSignIn />
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.dashboard.root}>
              Aller au tableau de bord
            </Anchor>
          </Text>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeader title="Vérification de l'e-mail" />
      <PendingState label="Vérification en cours" text="Vérification de votre adresse e-mail…" />
    </>
  );
}

/** `?token=…&type=email-change`: confirm the new address of an e-mail change (`POST /user/email/confirm`). */
function ConfirmEmailChange({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const { data: user } = useCurrentUser();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate({ token });
  }, [token, confirm.mutate]);

  if (confirm.isSuccess) {
    return (
      <>
        <AuthHeader title="Adresse e-mail modifiée" />
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            Votre nouvelle adresse e-mail est confirmée
            {user ? (
              <>
                {' '}
                : <strong>{user.email}</strong>
              </>
            ) : null}
            .
          </Alert>
          <Button component={Link} to={paths.dashboard.settings} fullWidth>
            Retour aux paramètres
          </Button>
        </Stack>
      </>
    );
  }

  if (confirm.isError) {
    return (
      <>
        <AuthHeader title="Changement d'adresse e-mail" />
        <Stack gap="md">
          <FormAlert>
            {isInvalidToken(confirm.error)
              ? 'Ce lien de confirmation est invalide ou a expiré. Recommencez le changement d’adresse depuis vos paramètres.'
              : authErrorMessage(confirm.error)}
          </FormAlert>
          <Button component={Link} to={paths.dashboard.settings} fullWidth>
            Aller aux paramètres
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeader title="Changement d'adresse e-mail" />
      <PendingState label="Confirmation en cours" text="Confirmation de votre nouvelle adresse…" />
    </>
  );
}

/** Without a token: "check your inbox", resend, dashboard; the invitation a sign-up link carried. */
function CheckInbox({ invitation }: { invitation: string | null }) {
  const { data: user } = useCurrentUser();

  if (user?.emailVerified) {
    return (
      <>
        <AuthHeader title="Adresse e-mail vérifiée" />
        <Stack gap="md">
          <Text>Votre adresse e-mail {user.email} est déjà vérifiée.</Text>
          <Button component={Link} to={paths.dashboard.root} fullWidth>
            Aller au tableau de bord
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeader title="Vérifiez votre boîte mail" />
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconMailOpened size={18} />} role="status">
          {user ? (
            <>
              Nous avons envoyé un lien de confirmation à <strong>{user.email}</strong>.
            </>
          ) : (
            'Nous vous avons envoyé un e-mail avec un lien de confirmation.'
          )}{' '}
          Cliquez dessus pour activer toutes les fonctionnalités de votre compte.
        </Alert>
        {invitation && <InvitationLinkNotice token={invitation} step="verify" />}
        <Text size="sm" c="dimmed">
          Rien reçu ? Vérifiez vos courriers indésirables ou demandez un nouvel envoi.
        </Text>
        <ResendOrSignIn />
        <Button component={Link} to={paths.dashboard.root} variant="default" fullWidth>
          Aller au tableau de bord
        </Button>
      </Stack>
    </>
  );
}

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token && searchParams.get('type') === 'email-change') {
    return <ConfirmEmailChange key={token} token={token} />;
  }
  return token ? (
    <VerifyToken key={token} token={token} />
  ) : (
    <CheckInbox invitation={searchParams.get('invitation')} />
  );
}
