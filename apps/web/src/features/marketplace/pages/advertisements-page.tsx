import type { Advertisement, AdvertisementStatus } from '@closia/shared';
import { ActionIcon, Box, Button, Card, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconFlag,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSpeakerphone,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { pageState, useUrlState } from '../../../lib/url-state';
import { useDeleteAdvertisement } from '../api/delete-advertisement';
import { useAdvertisements } from '../api/get-advertisements';
import { useUpdateAdvertisement } from '../api/update-advertisement';
import { AdvertisementFormModal } from '../components/advertisement-form-modal';
import { EmptyState, ListPagination, LoadError } from '../components/query-states';
import { AdvertisementStatusBadge } from '../components/status-badges';
import { marketplaceWording } from '../utils/error-wording';
import { formatPercent, formatShortDateTime } from '../utils/format';

const PER_PAGE = 20;

type Dialog =
  | { type: 'form'; advertisement: Advertisement | null }
  | { type: 'delete'; advertisement: Advertisement }
  | null;

const statusChanges: Record<
  AdvertisementStatus,
  { to: AdvertisementStatus; label: string; done: string; icon: typeof IconPlayerPlay }[]
> = {
  draft: [{ to: 'active', label: 'Activer', done: 'Campagne activée', icon: IconPlayerPlay }],
  active: [
    { to: 'paused', label: 'Mettre en pause', done: 'Campagne en pause', icon: IconPlayerPause },
    { to: 'ended', label: 'Terminer', done: 'Campagne terminée', icon: IconFlag },
  ],
  paused: [
    { to: 'active', label: 'Reprendre', done: 'Campagne reprise', icon: IconPlayerPlay },
    { to: 'ended', label: 'Terminer', done: 'Campagne terminée', icon: IconFlag },
  ],
  ended: [],
};

const number = (value: number) => value.toLocaleString('fr-FR');

/** `/dashboard/advertisement`: the infopreneur's campaigns, their figures; create, edit, pause, end, delete. */
export function AdvertisementsPage() {
  const [{ page }, setPage] = useUrlState(pageState);
  const list = useAdvertisements({ page, perPage: PER_PAGE });
  const update = useUpdateAdvertisement();
  const remove = useDeleteAdvertisement();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const changeStatus = (ad: Advertisement, to: AdvertisementStatus, done: string) =>
    update.mutate(
      { id: ad.id, input: { status: to } },
      {
        onSuccess: () => notifications.show({ color: 'green', title: done, message: `« ${ad.title} »` }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Action impossible',
            message: errorMessage(error, marketplaceWording),
          }),
      },
    );

  const create = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setDialog({ type: 'form', advertisement: null })}
    >
      Nouvelle campagne
    </Button>
  );

  const rows = list.data?.data ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Publicité"
        description="Mettez vos offres et vos missions en tête des recherches des setters et closers, marquées « Sponsorisé »."
        actions={create}
      />

      {list.isError ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} />
      ) : !list.isPending && rows.length === 0 ? (
        <EmptyState icon={IconSpeakerphone} title="Aucune campagne pour le moment" action={create}>
          Une campagne met une de vos offres approuvées ou une de vos missions publiées en avant, pendant les
          dates que vous choisissez. Vous suivez ses impressions et ses clics ici.
        </EmptyState>
      ) : (
        <Card padding="md">
          <Table.ScrollContainer minWidth={960}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label="Vos campagnes"
              aria-busy={list.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campagne</Table.Th>
                  <Table.Th>Statut</Table.Th>
                  <Table.Th>Période</Table.Th>
                  <Table.Th ta="right">Impressions</Table.Th>
                  <Table.Th ta="right">Clics</Table.Th>
                  <Table.Th ta="right">Taux de clic</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending &&
                  Array.from({ length: 4 }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                    <Table.Tr key={index}>
                      <Table.Td colSpan={7}>
                        <Skeleton height={22} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {rows.map((ad) => (
                  <Table.Tr key={ad.id} data-testid="advertisement-row">
                    <Table.Td maw={320}>
                      <Text fw={600} lineClamp={1}>
                        {ad.title}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {ad.serviceId ? 'Offre' : 'Mission'} : {ad.targetName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <AdvertisementStatusBadge status={ad.status} />
                        {ad.live && (
                          <Group gap={4} wrap="nowrap">
                            <Box
                              w={8}
                              h={8}
                              bg="green.6"
                              style={{ borderRadius: '50%' }}
                              aria-hidden="true"
                            />
                            <Text size="xs">En diffusion</Text>
                          </Group>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">Du {formatShortDateTime(ad.startsAt)}</Text>
                      <Text size="sm">au {formatShortDateTime(ad.endsAt)}</Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {number(ad.impressions)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {number(ad.clicks)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatPercent(ad.ctr)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {statusChanges[ad.status].map((change) => (
                          <Tooltip key={change.to} label={change.label}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              loading={
                                update.isPending &&
                                update.variables?.id === ad.id &&
                                update.variables.input.status === change.to
                              }
                              onClick={() => changeStatus(ad, change.to, change.done)}
                              aria-label={`${change.label} « ${ad.title} »`}
                            >
                              <change.icon size={16} />
                            </ActionIcon>
                          </Tooltip>
                        ))}
                        <Tooltip label="Modifier">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => setDialog({ type: 'form', advertisement: ad })}
                            aria-label={`Modifier « ${ad.title} »`}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Supprimer">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => {
                              remove.reset();
                              setDialog({ type: 'delete', advertisement: ad });
                            }}
                            aria-label={`Supprimer « ${ad.title} »`}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data && (
            <Stack mt="md">
              <ListPagination
                page={page}
                lastPage={list.data.meta.lastPage}
                onChange={(next) => setPage({ page: next })}
              />
            </Stack>
          )}
        </Card>
      )}

      <AdvertisementFormModal
        opened={dialog?.type === 'form'}
        advertisement={dialog?.type === 'form' ? dialog.advertisement : null}
        onClose={close}
      />
      <ConfirmModal
        opened={dialog?.type === 'delete'}
        title="Supprimer la campagne"
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() => {
          if (dialog?.type !== 'delete') return;
          const ad = dialog.advertisement;
          remove.mutate(ad.id, {
            onSuccess: () => {
              close();
              notifications.show({
                color: 'green',
                title: 'Campagne supprimée',
                message: `« ${ad.title} » a été supprimée.`,
              });
            },
          });
        }}
      >
        Supprimer <strong>« {dialog?.type === 'delete' ? dialog.advertisement.title : ''} »</strong> et ses
        statistiques ?
      </ConfirmModal>
    </Stack>
  );
}
