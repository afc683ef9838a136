import type { ProspectDuplicate, ProspectWithDuplicates } from '@closia/shared';
import { Alert, Anchor, Button, Divider, Drawer, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/dayjs';
import { useDeleteProspect } from '../api/delete-prospect';
import { useProspect } from '../api/get-prospect';
import type { OpenProspect } from '../utils/search-params';
import { ActivitiesPanel } from './activities-panel';
import { ProspectForm } from './prospect-form';
import { LoadError } from './query-states';

/** The warning of a save: other prospects with the same e-mail or phone, each a link to its card. */
export function DuplicateAlert({
  duplicates,
  hrefFor,
  onClose,
}: {
  duplicates: ProspectDuplicate[];
  hrefFor: (id: number) => string;
  onClose: () => void;
}) {
  const many = duplicates.length > 1;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={many ? 'Doublons possibles' : 'Doublon possible'}
      withCloseButton
      closeButtonLabel="Masquer l’avertissement"
      onClose={onClose}
      data-testid="duplicate-alert"
    >
      <Stack gap={6}>
        <Text size="sm">
          {many
            ? `Vous suivez déjà ${duplicates.length} prospects avec la même adresse e-mail ou le même numéro de téléphone :`
            : 'Vous suivez déjà un prospect avec la même adresse e-mail ou le même numéro de téléphone :'}
        </Text>
        <List size="sm" spacing={2}>
          {duplicates.map((duplicate) => (
            <List.Item key={duplicate.id}>
              <Anchor component={Link} to={hrefFor(duplicate.id)} c="inherit" fw={600} replace>
                {duplicate.fullName}
              </Anchor>{' '}
              {[duplicate.email, duplicate.phone].filter(Boolean).join(' · ')}
            </List.Item>
          ))}
        </List>
        <Text size="sm">Le prospect est bien enregistré : fusionnez ou supprimez le doublon si besoin.</Text>
      </Stack>
    </Alert>
  );
}

function DrawerSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Chargement du prospect">
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={120} />
    </Stack>
  );
}

/**
 * The prospect drawer: the creation form (`open` = new), or a prospect's card (`open` = its id) with
 * its form, its activities and "Supprimer". After a save, the possible duplicates the API reports.
 */
export function ProspectDrawer({
  open,
  onClose,
  onOpen,
  hrefFor,
}: {
  open: OpenProspect;
  onClose: () => void;
  onOpen: (open: OpenProspect) => void;
  hrefFor: (id: number) => string;
}) {
  const id = typeof open === 'number' ? open : null;
  const detail = useProspect(id);
  const remove = useDeleteProspect();
  const [saved, setSaved] = useState<{ id: number; duplicates: ProspectDuplicate[] } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const prospect = id !== null ? (detail.data ?? null) : null;

  const onSaved = (result: ProspectWithDuplicates, created: boolean) => {
    setSaved({ id: result.id, duplicates: result.duplicates });
    notifications.show({
      color: 'green',
      title: created ? 'Prospect créé' : 'Prospect enregistré',
      message: created
        ? `${result.fullName} a été ajouté à vos prospects. Planifiez sa prochaine activité.`
        : `La fiche de ${result.fullName} est à jour.`,
    });
    if (created) onOpen(result.id);
  };

  const title = open === 'new' ? 'Nouveau prospect' : (prospect?.fullName ?? 'Prospect');

  return (
    <Drawer
      opened={open !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {open === 'new' && <ProspectForm prospect={null} onSaved={onSaved} onCancel={onClose} />}

      {id !== null &&
        (detail.isPending ? (
          <DrawerSkeleton />
        ) : detail.isError || !prospect ? (
          <LoadError error={detail.error} onRetry={() => detail.refetch()} title="Prospect introuvable" />
        ) : (
          <Stack gap="lg">
            {saved?.id === id && saved.duplicates.length > 0 && (
              <DuplicateAlert
                duplicates={saved.duplicates}
                hrefFor={hrefFor}
                onClose={() => setSaved(null)}
              />
            )}
            <ProspectForm prospect={prospect} onSaved={onSaved} onCancel={onClose} />
            <Divider />
            <ActivitiesPanel prospectId={prospect.id} />
            <Divider />
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                Ajouté le {formatDateTime(prospect.createdAt)}
                <br />
                Modifié le {formatDateTime(prospect.updatedAt)}
              </Text>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  remove.reset();
                  setConfirmDelete(true);
                }}
              >
                Supprimer le prospect
              </Button>
            </Group>
            <ConfirmModal
              opened={confirmDelete}
              title="Supprimer ce prospect ?"
              confirmLabel="Supprimer définitivement"
              pending={remove.isPending}
              error={remove.error}
              onClose={() => setConfirmDelete(false)}
              onConfirm={() =>
                remove.mutate(prospect.id, {
                  onSuccess: () => {
                    setConfirmDelete(false);
                    notifications.show({
                      color: 'green',
                      title: 'Prospect supprimé',
                      message: `${prospect.fullName} ne fait plus partie de vos prospects.`,
                    });
                    onClose();
                  },
                })
              }
            >
              {prospect.fullName} sera supprimé avec ses activités
              {prospect.currentDeal ? ' et ses ventes (leur historique et leurs commissions)' : ''}. Cette
              action est irréversible.
            </ConfirmModal>
          </Stack>
        ))}
    </Drawer>
  );
}
