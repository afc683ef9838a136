import {
  type FaqEntry,
  type SupportCategory,
  supportCategoryLabels,
  supportCategoryOptions,
} from '@closia/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHelpCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { useDeleteFaqEntry, useFaq } from '../api/faq';
import { FaqEntryModal } from '../components/faq-entry-modal';

const PER_PAGE = 50;

/** `/admin/faq`: the questions of `/support`, by category and position; add, change, delete. */
export function AdminFaqPage() {
  const [category, setCategory] = useState<SupportCategory | null>(null);
  const [page, setPage] = useState(1);
  const faq = useFaq({ category, page, perPage: PER_PAGE });
  const remove = useDeleteFaqEntry();
  const [editing, setEditing] = useState<FaqEntry | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<FaqEntry | null>(null);
  const entries = faq.data?.data ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="FAQ"
        description={
          <>
            Les questions fréquentes de la{' '}
            <Text component={Link} to={paths.support} inherit td="underline">
              page Support
            </Text>
            , proposées aussi à ceux qui écrivent au support.
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            Nouvelle question
          </Button>
        }
      />
      <Select
        label="Catégorie"
        placeholder="Toutes"
        data={supportCategoryOptions}
        value={category}
        onChange={(value) => {
          setCategory(value as SupportCategory | null);
          setPage(1);
        }}
        clearable
        clearButtonProps={{ 'aria-label': 'Toutes les catégories' }}
        w={{ base: '100%', xs: 280 }}
      />
      {faq.isError && !faq.data ? (
        <LoadError error={faq.error} onRetry={() => faq.refetch()} />
      ) : faq.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement de la FAQ">
          <Skeleton height={64} />
          <Skeleton height={64} />
          <Skeleton height={64} />
        </Stack>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={IconHelpCircle}
          title={category ? 'Aucune question dans cette catégorie' : 'La FAQ est vide'}
          action={
            <Button variant="light" onClick={() => setEditing(null)}>
              Ajouter une question
            </Button>
          }
        >
          Les visiteurs de la page Support y trouvent leurs réponses avant de vous écrire.
        </EmptyState>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={faq.isFetching}>
          {entries.map((entry) => (
            <Paper key={entry.id} component="li" withBorder radius="md" p="sm" data-testid="faq-admin-entry">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entry.question}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {entry.answer}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" size="sm" tt="none">
                      {supportCategoryLabels[entry.category]}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      Position {entry.position}
                    </Text>
                  </Group>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Modifier">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Modifier « ${entry.question} »`}
                      onClick={() => setEditing(entry)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Supprimer">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Supprimer « ${entry.question} »`}
                      onClick={() => setDeleting(entry)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ListPagination page={page} lastPage={faq.data?.meta.lastPage ?? 1} onChange={setPage} />

      <FaqEntryModal
        opened={editing !== undefined}
        entry={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title="Supprimer la question"
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
              notifications.show({ color: 'green', title: 'Question supprimée', message: deleting.question });
              setDeleting(null);
            },
          })
        }
      >
        « {deleting?.question} » disparaîtra de la page Support.
      </ConfirmModal>
    </Stack>
  );
}
