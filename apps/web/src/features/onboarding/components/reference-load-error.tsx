import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A reference list (skills, sectors) failed to load: say so and offer to retry. */
export function ReferenceLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Impossible de charger {what}.</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Réessayer
        </Button>
      </Group>
    </Alert>
  );
}
