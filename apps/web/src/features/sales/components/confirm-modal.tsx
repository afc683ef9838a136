import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../utils/errors';

/** "Are you sure?" before an action that cannot be taken back easily, with its failure shown in place. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  color = 'red',
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <Stack gap="md">
        <FormError>{error ? errorMessage(error) : null}</FormError>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Annuler
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
