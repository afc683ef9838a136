import { Button, Group, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { SettingsSection } from './settings-section';

/** The way to "Abonnement et factures" (its own page: the plan, the usage, the invoices). */
export function BillingSection() {
  return (
    <SettingsSection id="abonnement" title="Abonnement et factures">
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          Votre offre, son utilisation face aux limites, le changement d’offre et vos factures en PDF.
        </Text>
        <Button component={Link} to={paths.dashboard.billing} leftSection={<IconReceipt size={16} />}>
          Abonnement et factures
        </Button>
      </Group>
    </SettingsSection>
  );
}
