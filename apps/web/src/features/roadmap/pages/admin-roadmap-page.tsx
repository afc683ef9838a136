import {
  type AdminRoadmapItem,
  adminRoadmapListQuerySchema,
  type RoadmapStatus,
  roadmapCategoryLabels,
  roadmapStatuses,
  roadmapStatusLabels,
} from '@closia/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconCheck,
  IconDots,
  IconMap,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { toQuery, urlState, useUrlState } from '../../../lib/url-state';
import {
  useAcceptSuggestion,
  useAdminRoadmap,
  useDeleteRoadmapItem,
  useUpdateRoadmapItem,
} from '../api/admin-roadmap';
import { DeclineModal } from '../components/decline-modal';
import { PlainText } from '../components/plain-text';
import { RoadmapItemModal } from '../components/roadmap-item-modal';

const PER_PAGE = 20;

const statusColors: Record<RoadmapStatus, string> = {
  suggested: 'orange',
  planned: 'blue',
  in_progress: 'violet',
  done: 'green',
  declined: 'gray',
};

/** Status, words and page in the address (`?status=suggested&query=agenda&page=2`). */
const adminRoadmapState = urlState(
  z.object({
    status: adminRoadmapListQuerySchema.shape.status,
    query: adminRoadmapListQuerySchema.shape.query,
    page: adminRoadmapListQuerySchema.shape.page,
  }),
  { status: null, query: '', page: 1 },
);

const notice = (title: string, message: string) => notifications.show({ color: 'green', title, message });
const failure = (title: string) => (error: unknown) =>
  notifications.show({
    color: 'red',
    title,
    message: errorMessage(error, { notFound: 'Cette idée n’existe plus : rechargez la liste.' }),
  });

function IdeaCell({ item }: { item: AdminRoadmapItem }) {
  return (
    <Stack gap={4} maw={420}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Text>
      {item.description && (
        <PlainText size="xs" c="dimmed" lineClamp={3}>
          {item.description}
        </PlainText>
      )}
      {item.suggestedBy && (
        <Text size="xs" c="dimmed">
          Proposée par {item.suggestedBy.fullName}
        </Text>
      )}
      {item.declinedReason && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          Motif du refus : {item.declinedReason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * `/admin/roadmap`: every idea of the road map, the members' suggestions waiting first. Accept a
 * suggestion (it goes to "Prévu") or decline it with a reason; write, move and delete ideas.
 */
export function AdminRoadmapPage() {
  const [state, update] = useUrlState(adminRoadmapState);
  const query = useMemo(() => toQuery({ ...state, perPage: PER_PAGE }), [state]);
  const list = useAdminRoadmap(query);
  const accept = useAcceptSuggestion();
  const reopen = useUpdateRoadmapItem();
  const remove = useDeleteRoadmapItem();
  const [editing, setEditing] = useState<AdminRoadmapItem | 'new' | null>(null);
  const [declining, setDeclining] = useState<AdminRoadmapItem | null>(null);
  const [deleting, setDeleting] = useState<AdminRoadmapItem | null>(null);
  const rows = list.data?.data ?? [];

  const doAccept = (item: AdminRoadmapItem) =>
    accept.mutate(item.id, {
      onSuccess: () =>
        notice(
          'Proposition acceptée',
          `« ${item.title} » rejoint la colonne « Prévu »${item.suggestedBy ? ` ; ${item.suggestedBy.fullName} est prévenu(e)` : ''}.`,
        ),
      onError: failure('Acceptation impossible'),
    });
  const doReopen = (item: AdminRoadmapItem) =>
    reopen.mutate(
      { id: item.id, input: { status: 'planned' } },
      {
        onSuccess: () => notice('Idée remise en « Prévu »', `« ${item.title} » est de nouveau publique.`),
        onError: failure('Action impossible'),
      },
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Feuille de route"
        description={
          <>
            Les idées de la{' '}
            <Anchor component={Link} to={paths.roadMap}>
              feuille de route publique
            </Anchor>{' '}
            et les propositions des membres à modérer.
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            Nouvelle idée
          </Button>
        }
      />
      <Group gap="sm" align="flex-end">
        <Select
          label="Statut"
          placeholder="Tous"
          data={roadmapStatuses.map((value) => ({
            value,
            label: value === 'suggested' ? 'Propositions à modérer' : roadmapStatusLabels[value],
          }))}
          value={state.status}
          onChange={(value) => update({ status: (value as RoadmapStatus | null) ?? null })}
          clearable
          clearButtonProps={{ 'aria-label': 'Tous les statuts' }}
          w={{ base: '100%', xs: 240 }}
        />
        <div style={{ flex: '1 1 240px' }}>
          <SearchField
            label="Rechercher"
            placeholder="Titre ou description"
            value={state.query}
            onCommit={(value) => update({ query: value })}
            loading={list.isFetching && !list.isPending}
          />
        </div>
      </Group>

      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement des idées">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={IconMap}
          title={state.status === 'suggested' ? 'Aucune proposition à modérer' : 'Aucune idée'}
        >
          {state.status === 'suggested'
            ? 'Les idées proposées par les membres apparaîtront ici.'
            : 'Rien ne correspond à ces critères.'}
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={820}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-busy={list.isFetching}
              data-testid="roadmap-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Idée</Table.Th>
                  <Table.Th>Catégorie</Table.Th>
                  <Table.Th>Statut</Table.Th>
                  <Table.Th>Votes</Table.Th>
                  <Table.Th>Mise à jour</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((item) => (
                  <Table.Tr key={item.id} data-testid="roadmap-row">
                    <Table.Td>
                      <IdeaCell item={item} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{roadmapCategoryLabels[item.category]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={statusColors[item.status]}
                        style={{ minWidth: 'max-content' }}
                      >
                        {roadmapStatusLabels[item.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.voteCount}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" component="time" dateTime={item.updatedAt}>
                        {formatDateTime(item.updatedAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {item.status === 'suggested' && (
                          <>
                            <Button
                              size="compact-sm"
                              leftSection={<IconCheck size={14} />}
                              loading={accept.isPending && accept.variables === item.id}
                              onClick={() => doAccept(item)}
                            >
                              Accepter
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="default"
                              leftSection={<IconX size={14} />}
                              onClick={() => setDeclining(item)}
                            >
                              Refuser
                            </Button>
                          </>
                        )}
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Actions pour « ${item.title} »`}
                            >
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconPencil size={14} />}
                              onClick={() => setEditing(item)}
                            >
                              Modifier
                            </Menu.Item>
                            {item.status === 'declined' && (
                              <Menu.Item
                                leftSection={<IconArrowBackUp size={14} />}
                                onClick={() => doReopen(item)}
                              >
                                Remettre en Prévu
                              </Menu.Item>
                            )}
                            {(item.status === 'planned' || item.status === 'in_progress') && (
                              <Menu.Item leftSection={<IconX size={14} />} onClick={() => setDeclining(item)}>
                                Refuser
                              </Menu.Item>
                            )}
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => setDeleting(item)}
                            >
                              Supprimer
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <ListPagination
        page={state.page}
        lastPage={list.data?.meta.lastPage ?? 1}
        onChange={(page) => update({ page })}
      />

      <RoadmapItemModal
        opened={editing !== null}
        item={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DeclineModal item={declining} onClose={() => setDeclining(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Supprimer l’idée"
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notice('Idée supprimée', `« ${deleting.title} » et ses votes ont été supprimés.`);
              setDeleting(null);
            },
          })
        }
      >
        {deleting && (
          <Text fw={600} mb="xs">
            « {deleting.title} »
          </Text>
        )}
        L’idée et ses {deleting?.voteCount ?? 0} vote(s) disparaîtront définitivement.
        {(deleting?.status === 'planned' || deleting?.status === 'in_progress') &&
          ' Pour la retirer de la feuille de route en gardant une trace, refusez-la plutôt.'}
      </ConfirmModal>
    </Stack>
  );
}
