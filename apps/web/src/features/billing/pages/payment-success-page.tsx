import { plans } from '@closia/shared';
import { Alert, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { getBillingQueryOptions } from '../api/billing';
import { checkoutPlan } from '../utils/checkout-memo';
import { CONFIRMATION_POLL_MS, CONFIRMATION_TIMEOUT_MS, isCheckoutConfirmed } from '../utils/confirmation';

/**
 * `/payment/success`: the provider sent the browser back, which proves nothing. The page asks the
 * server every second, for up to 30 s, whether the subscription is active (the webhook has arrived).
 */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const [expected] = useState(() => checkoutPlan(searchParams.get('session_id')));
  const [timedOut, setTimedOut] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const billing = useQuery({
    ...getBillingQueryOptions(),
    staleTime: 0,
    refetchInterval: confirmed || timedOut ? false : CONFIRMATION_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    meta: { silent: true },
  });

  useEffect(() => {
    if (isCheckoutConfirmed(billing.data, expected)) setConfirmed(true);
  }, [billing.data, expected]);

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), CONFIRMATION_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const planName = billing.data ? plans[billing.data.planId].name : expected ? plans[expected].name : '';

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%" py="xl">
      <Card withBorder padding="xl" radius="lg">
        {confirmed ? (
          <Stack gap="md" align="center" ta="center" role="status">
            <ThemeIcon size={64} radius="xl" color="green" variant="light" aria-hidden="true">
              <IconCircleCheck size={40} />
            </ThemeIcon>
            <Title order={1}>Votre abonnement {planName} est actif</Title>
            <Text c="dimmed">
              Merci ! Votre paiement est confirmé et votre facture est disponible dans vos paramètres.
            </Text>
            <Group justify="center">
              <Button component={Link} to={paths.dashboard.root}>
                Aller au tableau de bord
              </Button>
              <Button component={Link} to={`${paths.dashboard.billing}#factures`} variant="default">
                Voir mes factures
              </Button>
            </Group>
          </Stack>
        ) : timedOut ? (
          <Stack gap="md" align="center" ta="center" role="status">
            <ThemeIcon size={64} radius="xl" color="orange" variant="light" aria-hidden="true">
              <IconClockExclamation size={40} />
            </ThemeIcon>
            <Title order={1}>Confirmation en attente</Title>
            <Text c="dimmed">
              La confirmation de votre paiement tarde à nous parvenir. Vous n’avez rien à refaire : vous
              recevrez un e-mail dès que votre abonnement sera activé.
            </Text>
            <Button component={Link} to={paths.dashboard.billing} variant="default">
              Voir mon abonnement
            </Button>
          </Stack>
        ) : (
          <Stack gap="md" align="center" ta="center" role="status" aria-busy="true">
            <Loader aria-hidden="true" />
            <Title order={1}>Confirmation de votre paiement…</Title>
            <Text c="dimmed">
              Nous attendons la confirmation de notre prestataire de paiement. Restez sur cette page.
            </Text>
            {billing.isError && (
              <Alert color="orange" variant="light">
                Le serveur ne répond pas pour l’instant : nous réessayons.
              </Alert>
            )}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
