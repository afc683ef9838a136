import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconSwitchHorizontal } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { LoadError } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { useBilling } from '../api/billing';
import { InvoicesTable } from '../components/invoices-table';
import { PortalButton } from '../components/portal-button';
import { SubscriptionSummary } from '../components/subscription-summary';
import { UsageBars } from '../components/usage-bars';

/** `/dashboard/settings/billing` ("Abonnement et factures"): my plan, my usage, my invoices. */
export function BillingSettingsPage() {
  const billing = useBilling();

  return (
    <Stack gap="lg" maw={900}>
      <BackLink to={paths.dashboard.settings}>Paramètres</BackLink>
      <Stack gap={4}>
        <Title order={1}>Abonnement et factures</Title>
        <Text c="dimmed">Votre offre, son utilisation et vos factures.</Text>
      </Stack>
      {billing.isPending ? (
        <Center py="xl">
          <Loader aria-label="Chargement de l’abonnement" />
        </Center>
      ) : billing.isError ? (
        <LoadError error={billing.error} onRetry={() => void billing.refetch()} />
      ) : (
        <>
          <Section title="Mon offre" id="offre">
            <SubscriptionSummary billing={billing.data} />
            <Group gap="sm" align="flex-start">
              <Button
                component={Link}
                to={paths.pricing}
                variant="default"
                leftSection={<IconSwitchHorizontal size={16} />}
              >
                Changer d’offre
              </Button>
              {billing.data.subscribedPlanId && !billing.data.granted && (
                <PortalButton leftSection={<IconExternalLink size={16} />}>Gérer mon abonnement</PortalButton>
              )}
            </Group>
          </Section>
          <Section title="Utilisation" description="Ce que vous utilisez, face aux limites de votre offre.">
            <UsageBars usage={billing.data.usage} />
          </Section>
        </>
      )}
      <Section title="Factures" id="factures" style={{ scrollMarginTop: 80 }}>
        <InvoicesTable />
      </Section>
    </Stack>
  );
}
