import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../utils/errors';

/** "Are you sure?" before a destructive action, with the failure shown in place. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onClose,
  onConfirm,
  color = 'red',
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: unknown;
  onClose: () => void;
  onConfirm: () => void;
  color?: string;
}) {
  return (
    <Modal
      opened={opened}
      // Above a drawer it may be opened from.
      zIndex={400}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="md">
        <Text component="div">{children}</Text>
        <FormError>{error ? errorMessage(error) : null}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button color={color === 'red' ? 'red.9' : color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
