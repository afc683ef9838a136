import { Button, Stack } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useLogout } from '../api/logout';
import { AuthHeader } from '../components/auth-header';
import { FormAlert } from '../components/form-alert';
import { PendingState } from '../components/pending-state';

/** Signs out on arrival, then goes to `/login` (which leads to the sign-in page). */
export function SignOutPage() {
  const navigate = useNavigate();
  const logout = useLogout();
  const started = useRef(false);

  const run = useCallback(() => {
    logout.mutate(undefined, { onSuccess: () => navigate(paths.login, { replace: true }) });
  }, [logout.mutate, navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  if (logout.isError) {
    return (
      <>
        <AuthHeader title="Déconnexion" />
        <Stack gap="md">
          <FormAlert>{logout.error.message || 'Logout failed'}</FormAlert>
          <Button onClick={run}>Réessayer</Button>
          <Button component={Link} to={paths.dashboard.root} variant="default">
            Retour au tableau de bord
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeader title="Déconnexion" />
      <PendingState label="Déconnexion en cours" text="Déconnexion en cours…" />
    </>
  );
}
