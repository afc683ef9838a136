import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/error-message';
import { FormError } from './form-error';

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
  describe = errorMessage,
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
  /** The failure in French (default: by status). */
  describe?: (error: unknown) => string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      // Above a drawer it may be opened from.
      zIndex={400}
    >
      <Stack gap="md">
        <Text component="div">{children}</Text>
        <FormError>{error ? describe(error) : null}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
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
