import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import type { AdminReferenceItem } from '../api/admin-reference-keys';

/** "utilisé par 3 profils ou offres": the count of the server's 409 message, else the row's usage. */
export function conflictText(error: unknown, item: AdminReferenceItem | null): string {
  const count = isApiError(error)
    ? Number(/used by (\d+)/i.exec(error.message)?.[1] ?? Number.NaN)
    : Number.NaN;
  const usage = Number.isFinite(count) ? count : (item?.usage ?? 0);
  const what = usage > 1 ? 'profils ou offres' : 'profil ou offre';
  return `Impossible de supprimer : utilisé par ${usage} ${what}`;
}

interface DeleteReferenceItemModalProps {
  item: AdminReferenceItem | null;
  /** "Supprimer ce secteur", "Supprimer cette compétence". */
  title: string;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}

export function DeleteReferenceItemModal({
  item,
  title,
  pending,
  error,
  onClose,
  onConfirm,
}: DeleteReferenceItemModalProps) {
  const conflict = isApiError(error) && error.reason === 'IN_USE';
  return (
    <Modal opened={item !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text>
          Supprimer définitivement <strong>« {item?.name} »</strong> ?
          {item && item.usage > 0 && (
            <Text component="span" c="dimmed" size="sm">
              {' '}
              {item.usage > 1 ? `${item.usage} profils ou offres y font` : 'Un profil ou une offre y fait'}{' '}
              référence.
            </Text>
          )}
        </Text>
        <FormError>{error ? (conflict ? conflictText(error, item) : errorText(error)) : null}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {conflict ? 'Fermer' : 'Annuler'}
          </Button>
          {!conflict && (
            <Button color="red" leftSection={<IconTrash size={16} />} loading={pending} onClick={onConfirm}>
              Supprimer
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
