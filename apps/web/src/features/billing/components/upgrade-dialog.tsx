import { plans } from '@closia/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { planLimitRefusal } from '../utils/plan-limit';

/**
 * A write the plan refused (402 `E_PLAN_LIMIT`, from any page): the server's sentence, and the way
 * to the plan that lifts the limit. Opened by app/data-provider.tsx, and loaded then.
 */
export function UpgradeDialog({ error, onClose }: { error: unknown; onClose: () => void }) {
  const refusal = planLimitRefusal(error);
  if (!refusal) return null;
  const plan = refusal.upgradeTo ? plans[refusal.upgradeTo] : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title="Limite de votre offre atteinte"
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      zIndex={400}
    >
      <Stack gap="md">
        <Text data-testid="plan-limit-message">{refusal.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {plan ? 'Plus tard' : 'Fermer'}
          </Button>
          {plan ? (
            <Button
              component={Link}
              to={paths.payment.plan(plan.id)}
              onClick={onClose}
              leftSection={<IconRocket size={16} />}
            >
              Passer à l’offre {plan.name}
            </Button>
          ) : (
            <Button component={Link} to={paths.pricing} onClick={onClose} variant="light">
              Voir les offres
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
