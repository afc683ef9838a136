import { Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { SettingsSection } from './settings-section';

export function PasswordSection() {
  return (
    <SettingsSection id="mot-de-passe" title="Mot de passe">
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          Choisissez un mot de passe long et unique. Vous devrez saisir l’actuel pour le changer.
        </Text>
        <Button component={Link} to={paths.auth.changePassword} leftSection={<IconLock size={16} />}>
          Changer mon mot de passe
        </Button>
      </Group>
    </SettingsSection>
  );
}
