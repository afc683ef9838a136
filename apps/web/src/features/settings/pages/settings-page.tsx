import { colorSchemeLabels } from '@closia/shared';
import {
  Button,
  Card,
  Group,
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { paths } from '../../../config/paths';

const schemeOptions: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: colorSchemeLabels.system },
  { value: 'light', label: colorSchemeLabels.light },
  { value: 'dark', label: colorSchemeLabels.dark },
];

export function SettingsPage() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap="lg">
      <Title order={1}>Paramètres</Title>
      <Card padding="lg">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              Sécurité
            </Title>
            <Text size="sm" c="dimmed">
              Modifiez le mot de passe de votre compte.
            </Text>
          </Stack>
          <Button component={Link} to={paths.auth.changePassword} leftSection={<IconLock size={16} />}>
            Changer mon mot de passe
          </Button>
        </Group>
      </Card>
      <Card padding="lg">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={2}>
            <Title order={2} fz="h4" id="appearance-title">
              Apparence
            </Title>
            <Text size="sm" c="dimmed">
              « Système » suit le réglage clair ou sombre de votre appareil.
            </Text>
          </Stack>
          <SegmentedControl
            aria-labelledby="appearance-title"
            value={colorScheme}
            onChange={(value) => setColorScheme(value as MantineColorScheme)}
            data={schemeOptions}
          />
        </Group>
      </Card>
      <ComingSoon
        headingOrder={2}
        title="Profil et compte"
        description="Vous modifierez bientôt ici votre profil, votre photo, vos liens, et pourrez exporter vos données ou supprimer votre compte."
      />
    </Stack>
  );
}
