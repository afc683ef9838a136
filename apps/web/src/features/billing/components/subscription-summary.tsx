import { type BillingResponse, plans, subscriptionStatusLabels } from '@closia/shared';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDate } from '../utils/dates';
import { intervalAdjectives } from '../utils/money';

/** The plan that applies now, the subscription's state and what happens at the end of the period. */
export function SubscriptionSummary({ billing }: { billing: BillingResponse }) {
  const plan = plans[billing.planId];
  const subscribed = billing.subscribedPlanId ? plans[billing.subscribedPlanId] : null;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text fz="xl" fw={700} data-testid="current-plan">
          Offre {plan.name}
        </Text>
        {billing.status && (
          <Badge
            variant="light"
            color={billing.status === 'active' ? 'green' : billing.status === 'past_due' ? 'red' : 'gray'}
          >
            {subscriptionStatusLabels[billing.status]}
          </Badge>
        )}
        {billing.interval && billing.status !== 'canceled' && !billing.granted && (
          <Badge variant="outline" color="gray">
            Abonnement {intervalAdjectives[billing.interval]}
          </Badge>
        )}
      </Group>
      {billing.status === 'past_due' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Paiement en échec"
          role="alert"
        >
          Votre paiement a échoué. Mettez à jour votre moyen de paiement
          {billing.graceEndsAt ? ` avant le ${formatDate(billing.graceEndsAt)}` : ''} : passé ce délai, votre
          compte repassera à l’offre Gratuit.
        </Alert>
      )}
      {billing.granted && billing.currentPeriodEnd && subscribed && (
        <Text size="sm" c="dimmed">
          L’équipe Closia vous a accordé l’offre {subscribed.name} jusqu’au{' '}
          {formatDate(billing.currentPeriodEnd)} : rien à payer d’ici là.
        </Text>
      )}
      {!billing.granted && billing.currentPeriodEnd && billing.status !== 'canceled' && subscribed && (
        <Text size="sm" c="dimmed">
          {billing.cancelAtPeriodEnd
            ? `Votre abonnement ${subscribed.name} se termine le ${formatDate(billing.currentPeriodEnd)} : vous repasserez ensuite à l’offre Gratuit.`
            : `Prochain renouvellement le ${formatDate(billing.currentPeriodEnd)}.`}
        </Text>
      )}
      {!billing.subscribedPlanId && (
        <Text size="sm" c="dimmed">
          Vous n’avez pas d’abonnement payant. Passez à l’offre Pro ou Équipe pour lever les limites
          ci-dessous.
        </Text>
      )}
    </Stack>
  );
}
