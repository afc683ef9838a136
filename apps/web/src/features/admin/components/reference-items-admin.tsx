import { referenceAdminListQuerySchema } from '@closia/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCheck,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { errorText } from '../../../lib/api-errors';
import { dayjs } from '../../../lib/dayjs';
import { urlState, useUrlState } from '../../../lib/url-state';
import {
  type AdminReferenceItem,
  type ReferenceStatus,
  referenceStatuses,
} from '../api/admin-reference-keys';
import { useCreateAdminReferenceItem } from '../api/create-admin-reference-item';
import { useDeleteAdminReferenceItem } from '../api/delete-admin-reference-item';
import { useAdminReferenceItems } from '../api/get-admin-reference-items';
import { useUpdateAdminReferenceItem } from '../api/update-admin-reference-item';
import { agree, capitalizedNoun, type ReferenceKind, referenceKinds } from '../config/reference-kinds';
import { DeleteReferenceItemModal } from './delete-reference-item-modal';
import { ReferenceItemFormModal } from './reference-item-form-modal';

const PER_PAGE = 20;

function readStatus(value: string | null): ReferenceStatus {
  return (referenceStatuses as readonly string[]).includes(value ?? '') ? (value as ReferenceStatus) : 'all';
}

/** List state in the address (`?q=&status=pending&page=2`): shareable, kept on reload and back. */
const listState = urlState(
  z.object({
    q: referenceAdminListQuerySchema.shape.search,
    status: referenceAdminListQuerySchema.shape.status,
    page: referenceAdminListQuerySchema.shape.page,
  }),
  { q: '', status: 'all', page: 1 },
  { pageHistory: 'replace' },
);

function useListParams() {
  const [{ q: search, status, page }, update] = useUrlState(listState);
  return { search, status, page, update };
}

/**
 * One reference list of the admin (work sectors, skills or formations): search, status filter,
 * pagination, usage count, create, rename, approve and delete.
 */
export function ReferenceItemsAdmin({ kind }: { kind: ReferenceKind }) {
  const config = referenceKinds[kind];
  const { search, status, page, update } = useListParams();
  const [searchInput, setSearchInput] = useState(search);
  const [debouncedSearch] = useDebouncedValue(searchInput, 300);

  // The debounced text goes to the address (and back to page 1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text triggers it
  useEffect(() => {
    if (debouncedSearch.trim() !== search) update({ q: debouncedSearch.trim(), page: 1 });
  }, [debouncedSearch]);

  // The address changed by itself (back button, a link): the box follows.
  useEffect(() => {
    setSearchInput((current) => (current.trim() === search ? current : search));
  }, [search]);

  const list = useAdminReferenceItems(kind, { search, status, page, perPage: PER_PAGE });
  const create = useCreateAdminReferenceItem(kind);
  const updateItem = useUpdateAdminReferenceItem(kind);
  const remove = useDeleteAdminReferenceItem(kind);

  const [formOpened, setFormOpened] = useState(false);
  const [renamed, setRenamed] = useState<AdminReferenceItem | null>(null);
  const [deleted, setDeleted] = useState<AdminReferenceItem | null>(null);
  const [approvingId, setApprovingId] = useState<number | null>(null);

  const noun = capitalizedNoun(config);
  const lastPage = list.data?.meta.lastPage ?? 1;

  // A page past the end (after deletions, or a stale address) falls back to the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the answer only
  useEffect(() => {
    if (list.data && page > 1 && page > list.data.meta.lastPage) update({ page: list.data.meta.lastPage });
  }, [list.data, page]);

  const openCreate = () => {
    setRenamed(null);
    setFormOpened(true);
  };
  const openRename = (item: AdminReferenceItem) => {
    setRenamed(item);
    setFormOpened(true);
  };
  const closeForm = () => setFormOpened(false);

  const save = async (name: string) => {
    if (renamed) {
      await updateItem.mutateAsync({ id: renamed.id, input: { name } });
      notifications.show({
        color: 'green',
        title: `${noun} ${agree(config, 'renommé')}`,
        message: `« ${renamed.name} » devient « ${name} ».`,
      });
    } else {
      await create.mutateAsync({ name });
      notifications.show({
        color: 'green',
        title: `${noun} ${agree(config, 'ajouté')}`,
        message: `« ${name} » est disponible pour tous les membres.`,
      });
    }
    setFormOpened(false);
  };

  const approve = (item: AdminReferenceItem) => {
    setApprovingId(item.id);
    updateItem.mutate(
      { id: item.id, input: { approved: true } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: `${noun} ${agree(config, 'validé')}`,
            message: `« ${item.name} » est disponible pour tous les membres.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Validation impossible', message: errorText(error) }),
        onSettled: () => setApprovingId(null),
      },
    );
  };

  const openDelete = (item: AdminReferenceItem) => {
    remove.reset();
    setDeleted(item);
  };
  const confirmDelete = () => {
    if (!deleted) return;
    const item = deleted;
    remove.mutate(item.id, {
      onSuccess: () => {
        setDeleted(null);
        notifications.show({
          color: 'green',
          title: `${noun} ${agree(config, 'supprimé')}`,
          message: `« ${item.name} » a été supprimé${config.feminine ? 'e' : ''}.`,
        });
      },
    });
  };

  const statusOptions = [
    { value: 'all', label: config.feminine ? 'Toutes' : 'Tous' },
    { value: 'approved', label: `${agree(config, 'Validé')}s` },
    { value: 'pending', label: 'À valider' },
  ];

  const rows = list.data?.data ?? [];
  const filtered = search !== '' || status !== 'all';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Title order={1}>{config.title}</Title>
          <Text c="dimmed" size="sm" maw={680}>
            {config.description}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
          {config.createLabel}
        </Button>
      </Group>

      <Card padding="md" withBorder>
        <Stack gap="md">
          <Group gap="sm" justify="space-between">
            <TextInput
              aria-label="Rechercher"
              placeholder="Rechercher un nom…"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              rightSection={
                list.isFetching && !list.isPending ? (
                  <Loader size={14} aria-label="Recherche en cours" />
                ) : searchInput ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label="Effacer la recherche"
                    onClick={() => setSearchInput('')}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                ) : null
              }
              value={searchInput}
              onChange={(event) => setSearchInput(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              maw={420}
            />
            <SegmentedControl
              aria-label="Filtrer par statut"
              value={status}
              onChange={(value) => update({ status: readStatus(value), page: 1 })}
              data={statusOptions}
            />
          </Group>

          {list.isError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title="Chargement impossible"
              role="alert"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorText(list.error)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
                  Réessayer
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={840}>
              <Table
                verticalSpacing="sm"
                highlightOnHover
                aria-label={config.title}
                aria-busy={list.isFetching}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th miw={200}>Nom</Table.Th>
                    <Table.Th miw={130}>Statut</Table.Th>
                    <Table.Th ta="right">Utilisations</Table.Th>
                    <Table.Th>Ajouté le</Table.Th>
                    <Table.Th ta="right">Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isPending &&
                    Array.from({ length: 6 }, (_, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                      <Table.Tr key={index}>
                        <Table.Td colSpan={5}>
                          <Skeleton height={20} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  {!list.isPending && rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text ta="center" c="dimmed" py="lg">
                          {search
                            ? `Aucun résultat pour « ${search} ».`
                            : status === 'pending'
                              ? 'Rien à valider pour le moment.'
                              : 'Aucun élément pour le moment.'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {rows.map((item) => (
                    <Table.Tr key={item.id} data-testid="reference-row">
                      <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {item.name}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {item.approved ? (
                          <Badge color="green" variant="light">
                            {agree(config, 'Validé')}
                          </Badge>
                        ) : (
                          <Badge color="orange" variant="light">
                            À valider
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {item.usage}
                      </Table.Td>
                      <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {dayjs(item.createdAt).format('D MMM YYYY')}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {!item.approved && (
                            <Button
                              size="compact-sm"
                              variant="light"
                              leftSection={<IconCheck size={14} />}
                              loading={approvingId === item.id}
                              onClick={() => approve(item)}
                              aria-label={`Approuver « ${item.name} »`}
                            >
                              Approuver
                            </Button>
                          )}
                          <Tooltip label="Renommer">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Renommer « ${item.name} »`}
                              onClick={() => openRename(item)}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Supprimer">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Supprimer « ${item.name} »`}
                              onClick={() => openDelete(item)}
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
          )}

          {list.data && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {list.data.meta.total} {list.data.meta.total > 1 ? 'éléments' : 'élément'}
                {filtered ? (list.data.meta.total > 1 ? ' trouvés' : ' trouvé') : ''}
              </Text>
              {lastPage > 1 && (
                <Pagination
                  total={lastPage}
                  value={Math.min(page, lastPage)}
                  onChange={(next) => update({ page: next })}
                  size="sm"
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'previous'
                        ? 'Page précédente'
                        : control === 'next'
                          ? 'Page suivante'
                          : undefined,
                  })}
                  getItemProps={(itemPage) => ({ 'aria-label': `Page ${itemPage}` })}
                />
              )}
            </Group>
          )}
        </Stack>
      </Card>

      <ReferenceItemFormModal
        opened={formOpened}
        title={renamed ? `Renommer « ${renamed.name} »` : config.createLabel}
        submitLabel={renamed ? 'Renommer' : 'Ajouter'}
        placeholder={config.placeholder}
        item={renamed}
        pending={create.isPending || updateItem.isPending}
        onClose={closeForm}
        onSubmit={save}
      />
      <DeleteReferenceItemModal
        item={deleted}
        title={`Supprimer ${config.feminine ? 'cette' : 'ce'} ${config.noun}`}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleted(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
