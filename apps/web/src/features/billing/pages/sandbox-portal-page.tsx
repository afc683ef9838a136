import { type BillingInterval, type BillingResponse, type PlanId, planPrice, plans } from '@closia/shared';
import { Alert, Button, Center, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormError } from '../../../components/form-error';
import { LoadError } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useBilling, useSandboxPortal } from '../api/billing';
import { IntervalToggle } from '../components/interval-toggle';
import { SubscriptionSummary } from '../components/subscription-summary';
import { TestModeBanner } from '../components/test-mode-banner';
import { formatDate } from '../utils/dates';
import { formatCents, intervalSuffix } from '../utils/money';

const paidPlans = ['pro', 'equipe'] as const satisfies readonly PlanId[];

/** `/payment/portal`: the sandbox provider's customer portal (Stripe's own portal otherwise). */
export function SandboxPortalPage() {
  const billing = useBilling();
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%" py="md">
      <BackLink to={paths.dashboard.billing}>Abonnement et factures</BackLink>
      <Title order={1}>Gérer mon abonnement</Title>
      <TestModeBanner />
      {billing.isPending ? (
        <Center py="xl">
          <Loader aria-label="Chargement de l’abonnement" />
        </Center>
      ) : billing.isError ? (
        <LoadError error={billing.error} onRetry={() => void billing.refetch()} />
      ) : billing.data.subscribedPlanId &&
        billing.data.interval &&
        billing.data.status !== 'canceled' &&
        !billing.data.granted ? (
        <Portal
          billing={billing.data}
          planId={billing.data.subscribedPlanId}
          interval={billing.data.interval}
        />
      ) : (
        <Alert color="blue" variant="light" title="Aucun abonnement en cours">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {billing.data.granted
                ? `L’équipe Closia vous a accordé l’offre ${plans[billing.data.planId].name} : il n’y a rien à payer ni à gérer ici.`
                : 'Vous êtes sur l’offre Gratuit. Choisissez une offre pour vous abonner.'}
            </Text>
            <Button component={Link} to={paths.pricing} size="xs">
              Voir les offres
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function Portal({
  billing,
  planId,
  interval,
}: {
  billing: BillingResponse;
  planId: PlanId;
  interval: BillingInterval;
}) {
  const portal = useSandboxPortal();
  const [nextPlan, setNextPlan] = useState<PlanId>(planId);
  const [nextInterval, setNextInterval] = useState<BillingInterval>(interval);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const unchanged = nextPlan === planId && nextInterval === interval;
  const nextPrice = planPrice(nextPlan, nextInterval);

  const done = (title: string) => () =>
    notifications.show({ color: 'green', title, message: 'Votre abonnement est à jour.' });

  return (
    <>
      <Section title="Offre actuelle">
        <SubscriptionSummary billing={billing} />
        {billing.cancelAtPeriodEnd ? (
          <Group>
            <Button
              onClick={() => portal.mutate({ action: 'resume' }, { onSuccess: done('Abonnement repris') })}
              loading={portal.isPending && portal.variables?.action === 'resume'}
            >
              Reprendre mon abonnement
            </Button>
          </Group>
        ) : (
          <Group>
            <Button variant="default" color="red" onClick={() => setConfirmCancel(true)}>
              Résilier mon abonnement
            </Button>
          </Group>
        )}
      </Section>

      <Section
        title="Changer d’offre"
        description="Le changement s’applique tout de suite ; la différence est calculée au prorata."
      >
        <Radio.Group
          label="Nouvelle offre"
          value={nextPlan}
          onChange={(value) => setNextPlan(value === 'equipe' ? 'equipe' : 'pro')}
        >
          <Stack gap="xs" mt="xs">
            {paidPlans.map((id) => (
              <Radio
                key={id}
                value={id}
                label={`${plans[id].name} — ${formatCents(planPrice(id, nextInterval).ht)} HT ${intervalSuffix[nextInterval]}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <IntervalToggle value={nextInterval} onChange={setNextInterval} />
        </Group>
        <Text size="sm" data-testid="portal-new-price">
          Nouveau prix : {formatCents(nextPrice.ht)} HT, soit {formatCents(nextPrice.ttc)} TTC{' '}
          {intervalSuffix[nextInterval]}
        </Text>
        <FormError>{portal.isError && !confirmCancel ? errorMessage(portal.error) : null}</FormError>
        <Group>
          <Button
            disabled={unchanged}
            loading={portal.isPending && portal.variables?.action === 'change'}
            onClick={() =>
              portal.mutate(
                { action: 'change', planId: nextPlan, interval: nextInterval },
                { onSuccess: done('Offre modifiée') },
              )
            }
          >
            Changer d’offre
          </Button>
        </Group>
      </Section>

      <ConfirmModal
        opened={confirmCancel}
        title="Résilier l’abonnement ?"
        confirmLabel="Résilier à la fin de la période"
        pending={portal.isPending}
        error={portal.isError ? portal.error : undefined}
        onClose={() => {
          setConfirmCancel(false);
          portal.reset();
        }}
        onConfirm={() =>
          portal.mutate(
            { action: 'cancel' },
            {
              onSuccess: () => {
                setConfirmCancel(false);
                done('Abonnement résilié')();
              },
            },
          )
        }
      >
        Votre offre {plans[planId].name} reste active
        {billing.currentPeriodEnd
          ? ` jusqu’au ${formatDate(billing.currentPeriodEnd)}`
          : ' jusqu’à la fin de la période payée'}
        , puis votre compte repassera à l’offre Gratuit. Vous pourrez reprendre votre abonnement d’ici là.
      </ConfirmModal>
    </>
  );
}
