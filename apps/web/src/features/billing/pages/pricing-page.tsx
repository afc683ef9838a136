import type { BillingInterval, BillingResponse, PlanResponse } from '@closia/shared';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useBilling, usePlans } from '../api/billing';
import { IntervalToggle } from '../components/interval-toggle';
import { PortalButton } from '../components/portal-button';
import { formatCents, intervalSuffix, parseInterval, yearlySavingText } from '../utils/money';

const faq = [
  {
    question: 'Puis-je changer d’offre à tout moment ?',
    answer:
      'Oui. Le changement s’applique immédiatement et le prix est calculé au prorata de la période en cours : vous ne payez que la différence.',
  },
  {
    question: 'Comment résilier mon abonnement ?',
    answer:
      'Depuis « Abonnement et factures » dans vos paramètres. Votre offre reste active jusqu’à la fin de la période payée, puis vous repassez à l’offre Gratuit, sans perdre vos données.',
  },
  {
    question: 'Les prix sont-ils hors taxes ?',
    answer:
      'Les prix sont affichés hors taxes (HT), avec le montant toutes taxes comprises (TVA 20 %) à côté. Chaque paiement donne une facture conforme, téléchargeable en PDF.',
  },
  {
    question: 'Que se passe-t-il si un paiement échoue ?',
    answer:
      'Vous gardez votre offre pendant 7 jours, le temps de mettre à jour votre moyen de paiement. Passé ce délai, votre compte repasse à l’offre Gratuit.',
  },
  {
    question: 'Que deviennent mes données si je dépasse une limite ?',
    answer:
      'Rien ne disparaît : ce que vous avez créé reste consultable. Seules les nouvelles créations au-delà de la limite de votre offre sont refusées.',
  },
];

/** `/pricing`: the three plans, monthly or yearly, and what a visitor asks before choosing. */
export function PricingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const interval = parseInterval(searchParams.get('interval'));
  const plansQuery = usePlans();
  const { data: user } = useCurrentUser();
  const billing = useBilling({ enabled: Boolean(user) });

  const setInterval = (next: BillingInterval) =>
    setSearchParams(
      (params) => {
        params.set('interval', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Stack gap="xl" py="md">
      <Stack gap="sm" align="center" ta="center">
        <Title order={1}>Des offres simples, sans engagement</Title>
        <Text c="dimmed" maw={640}>
          Commencez gratuitement, passez à l’offre supérieure quand votre activité grandit. Résiliable à tout
          moment.
        </Text>
        <IntervalToggle value={interval} onChange={setInterval} />
      </Stack>

      {plansQuery.isPending ? (
        <Center py="xl">
          <Loader aria-label="Chargement des offres" />
        </Center>
      ) : plansQuery.isError ? (
        <LoadError error={plansQuery.error} onRetry={() => void plansQuery.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {plansQuery.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              signedIn={Boolean(user)}
              billing={billing.data}
            />
          ))}
        </SimpleGrid>
      )}

      <Stack gap="md" maw={760} mx="auto" w="100%">
        <Title order={2} ta="center">
          Questions fréquentes
        </Title>
        {/* Native disclosure widgets: keyboard and screen readers for free, no Mantine chunk to load. */}
        {faq.map((item) => (
          <Paper key={item.question} component="details" withBorder radius="md" p="md">
            <Text component="summary" fw={600} style={{ cursor: 'pointer' }}>
              {item.question}
            </Text>
            <Text size="sm" mt="sm">
              {item.answer}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function PlanCard({
  plan,
  interval,
  signedIn,
  billing,
}: {
  plan: PlanResponse;
  interval: BillingInterval;
  signedIn: boolean;
  billing: BillingResponse | undefined;
}) {
  const price = plan.prices[interval];
  const free = price.ht === 0;
  const current = billing?.planId === plan.id;
  const titleId = `offre-${plan.id}`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      padding="xl"
      radius="lg"
      data-testid={`plan-${plan.id}`}
      style={
        plan.highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h3" id={titleId}>
            {plan.name}
          </Title>
          {current ? (
            <Badge color="green" variant="light">
              Votre offre actuelle
            </Badge>
          ) : plan.highlighted ? (
            <Badge variant="filled">Recommandée</Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <Stack gap={2}>
          <Group gap={6} align="baseline">
            <Text fz={36} fw={800} lh={1}>
              {formatCents(price.ht, { compact: true })}
            </Text>
            <Text c="dimmed">{free ? 'pour toujours' : `HT ${intervalSuffix[interval]}`}</Text>
          </Group>
          {!free && (
            <Text size="sm" c="dimmed">
              soit {formatCents(price.ttc)} TTC {intervalSuffix[interval]}
              {interval === 'year' && ` · ${yearlySavingText()}`}
            </Text>
          )}
        </Stack>
        <List
          spacing="xs"
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <PlanAction plan={plan} interval={interval} signedIn={signedIn} billing={billing} current={current} />
      </Stack>
    </Card>
  );
}

/** What a card offers: sign up, pay, or manage the subscription already there. */
function PlanAction({
  plan,
  interval,
  signedIn,
  billing,
  current,
}: {
  plan: PlanResponse;
  interval: BillingInterval;
  signedIn: boolean;
  billing: BillingResponse | undefined;
  current: boolean;
}) {
  const variant = plan.highlighted ? 'filled' : 'light';
  if (current) {
    return (
      <Button variant="default" disabled fullWidth>
        Votre offre actuelle
      </Button>
    );
  }
  // A running subscription changes plan or ends in the portal (with proration), not through a new checkout.
  const subscribed = billing?.subscribedPlanId != null && billing.status !== 'canceled' && !billing.granted;
  if (plan.id === 'gratuit') {
    if (subscribed) {
      return (
        <PortalButton variant="default" fullWidth>
          Gérer mon abonnement
        </PortalButton>
      );
    }
    return (
      <Button
        component={Link}
        to={signedIn ? paths.dashboard.root : paths.auth.signUp}
        variant={variant}
        fullWidth
      >
        Commencer gratuitement
      </Button>
    );
  }
  if (subscribed) {
    return (
      <PortalButton variant={variant} fullWidth>
        Passer à {plan.name}
      </PortalButton>
    );
  }
  return (
    <Button
      component={Link}
      to={`${paths.payment.plan(plan.id)}?interval=${interval}`}
      variant={variant}
      fullWidth
    >
      Choisir {plan.name}
    </Button>
  );
}
