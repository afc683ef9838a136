import {
  type ArticleKind,
  type ArticleStatus,
  type ArticleSummary,
  articleKindLabels,
  articleKinds,
  articleStatuses,
  articleStatusLabels,
} from '@closia/shared';
import { Anchor, Button, Card, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconNews, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../config/paths';
import { dayjs } from '../../../lib/dayjs';
import { toQuery, useUrlState } from '../../../lib/url-state';
import { useAdminArticles, useDeleteArticle } from '../api/admin-articles';
import { ArticleStatusBadge } from '../components/article-status-badge';
import { useOpenPreview } from '../components/use-open-preview';
import { categoryLabel } from '../utils/format';
import { adminArticleListState } from '../utils/list-state';

const PER_PAGE = 20;

/** « 12 mars 2026 » over « 09:30 ». */
function When({ iso }: { iso: string | null }) {
  if (!iso) return <Text size="sm">—</Text>;
  const date = dayjs(iso);
  return (
    <time dateTime={iso}>
      <Text size="sm" component="span" display="block">
        {date.format('D MMM YYYY')}
      </Text>
      <Text size="xs" c="dimmed" component="span" display="block">
        {date.format('HH:mm')}
      </Text>
    </time>
  );
}

/** `/admin/articles`: every article of the blog and the tutorials; filters in the address, write, preview, delete. */
export function AdminArticlesPage() {
  const [state, update] = useUrlState(adminArticleListState);
  const list = useAdminArticles({ ...toQuery(state), perPage: PER_PAGE });
  const remove = useDeleteArticle();
  const preview = useOpenPreview();
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);
  const rows = list.data?.data ?? [];
  const filtered = state.kind !== null || state.status !== null || state.query !== '';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Articles"
        description="Le blog et les tutoriels du site public : rédigez en Markdown, prévisualisez, programmez la publication."
        actions={
          <Button component={Link} to={paths.admin.articleNew} leftSection={<IconPlus size={16} />}>
            Nouvel article
          </Button>
        }
      />
      <Group gap="sm" align="flex-end">
        <div style={{ flex: '1 1 260px' }}>
          <SearchField
            label="Rechercher un article"
            placeholder="Titre, description, texte…"
            value={state.query}
            onCommit={(value) => update({ query: value })}
            loading={list.isFetching && !list.isPending}
          />
        </div>
        <Select
          label="Type"
          placeholder="Tous"
          data={articleKinds.map((value) => ({ value, label: articleKindLabels[value] }))}
          value={state.kind}
          onChange={(value) => update({ kind: (value as ArticleKind | null) ?? null })}
          clearable
          clearButtonProps={{ 'aria-label': 'Tous les types' }}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label="Statut"
          placeholder="Tous"
          data={articleStatuses.map((value) => ({ value, label: articleStatusLabels[value] }))}
          value={state.status}
          onChange={(value) => update({ status: (value as ArticleStatus | null) ?? null })}
          clearable
          clearButtonProps={{ 'aria-label': 'Tous les statuts' }}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>

      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement des articles">
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={IconNews}
          title={filtered ? 'Aucun article ne correspond à ces filtres' : 'Aucun article pour le moment'}
          action={
            <Button component={Link} to={paths.admin.articleNew} variant="light">
              Écrire un article
            </Button>
          }
        />
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data.meta.total} article{list.data.meta.total > 1 ? 's' : ''}
          </Text>
          <Card padding={0}>
            <Table.ScrollContainer minWidth={1060}>
              <Table highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Titre</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Statut</Table.Th>
                    <Table.Th>Catégorie</Table.Th>
                    <Table.Th>Publication</Table.Th>
                    <Table.Th>Mis à jour</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((article) => (
                    <Table.Tr key={article.id} data-testid="admin-article-row">
                      <Table.Td miw={260} maw={420}>
                        <Anchor component={Link} to={paths.admin.article(article.id)} fw={600} size="sm">
                          {article.title}
                        </Anchor>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {article.path}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{articleKindLabels[article.kind]}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <ArticleStatusBadge status={article.status} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{categoryLabel(article.category)}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <When iso={article.publishedAt} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <When iso={article.updatedAt} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            component={Link}
                            to={paths.admin.article(article.id)}
                            size="xs"
                            variant="default"
                            leftSection={<IconPencil size={14} />}
                            aria-label={`Modifier « ${article.title} »`}
                          >
                            Modifier
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconEye size={14} />}
                            onClick={() => void preview.open(article.path)}
                            aria-label={`Aperçu de « ${article.title} »`}
                          >
                            Aperçu
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            onClick={() => setDeleting(article)}
                            aria-label={`Supprimer « ${article.title} »`}
                          >
                            Supprimer
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </Stack>
      )}
      {list.data && (
        <ListPagination
          page={state.page}
          lastPage={list.data.meta.lastPage}
          onChange={(page) => update({ page })}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Supprimer l’article"
        confirmLabel="Supprimer définitivement"
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
              notifications.show({
                color: 'green',
                title: 'Article supprimé',
                message: `« ${deleting.title} » n’est plus en ligne.`,
              });
              setDeleting(null);
            },
          })
        }
      >
        « {deleting?.title} » et son image seront supprimés ; son adresse répondra « page introuvable ».
      </ConfirmModal>
    </Stack>
  );
}
