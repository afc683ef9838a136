import { type BillingInterval, type PlanId, planIds, planPrice, plans } from '@closia/shared';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { NotFoundPage } from '../../../components/error-page';
import { FormError } from '../../../components/form-error';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useCheckout } from '../api/billing';
import { IntervalToggle } from '../components/interval-toggle';
import { PriceSummary } from '../components/price-summary';
import { rememberCheckout } from '../utils/checkout-memo';
import { intervalAdjectives, parseInterval, yearlySavingText } from '../utils/money';

const isPlanId = (value: string | undefined): value is PlanId =>
  (planIds as readonly (string | undefined)[]).includes(value);

/** `/payment/{planId}`: the plan, the interval, the price HT / TVA / TTC, then the provider's payment page. */
export function PaymentPage() {
  const { planId } = useParams();
  if (!isPlanId(planId)) return <NotFoundPage />;
  if (planId === 'gratuit') return <Navigate to={paths.pricing} replace />;
  return <Payment planId={planId} />;
}

function Payment({ planId }: { planId: PlanId }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const interval = parseInterval(searchParams.get('interval'));
  const checkout = useCheckout();
  const plan = plans[planId];
  const price = planPrice(planId, interval);

  const setInterval = (next: BillingInterval) =>
    setSearchParams(
      (params) => {
        params.set('interval', next);
        return params;
      },
      { replace: true },
    );

  const pay = () =>
    checkout.mutate(
      { planId, interval },
      {
        onSuccess: ({ url, sessionId }) => {
          rememberCheckout(sessionId, planId);
          window.location.assign(url);
        },
      },
    );

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%" py="md">
      <BackLink to={`${paths.pricing}?interval=${interval}`}>Toutes les offres</BackLink>
      <Stack gap={4}>
        <Title order={1}>Offre {plan.name}</Title>
        <Text c="dimmed">{plan.description}</Text>
      </Stack>
      <Card withBorder padding="xl" radius="lg" component="section" aria-labelledby="recapitulatif">
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={2} fz="h4" id="recapitulatif">
              Récapitulatif
            </Title>
            <IntervalToggle value={interval} onChange={setInterval} />
          </Group>
          <List size="sm" spacing={4}>
            {plan.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
          <Group gap="xs">
            <Text fw={600}>
              Abonnement {intervalAdjectives[interval]} {plan.name}
            </Text>
            {interval === 'year' && (
              <Badge variant="light" color="green">
                {yearlySavingText()}
              </Badge>
            )}
          </Group>
          <PriceSummary price={price} totalLabel="À payer aujourd’hui (TTC)" />
          <Text size="xs" c="dimmed">
            Renouvelé automatiquement {interval === 'year' ? 'chaque année' : 'chaque mois'}, résiliable à
            tout moment depuis vos paramètres. Une facture vous est remise à chaque paiement.
          </Text>
          <FormError>{checkout.isError ? errorMessage(checkout.error) : null}</FormError>
          <Button
            size="md"
            onClick={pay}
            loading={checkout.isPending || checkout.isSuccess}
            leftSection={<IconLock size={18} />}
          >
            Payer
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
