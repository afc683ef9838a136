import type { Prospect } from '@closia/shared';
import { Anchor, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTable } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../config/paths';
import { useUrlState } from '../../../lib/url-state';
import { useProspects } from '../api/get-prospects';
import { NextActivity } from '../components/next-activity';
import { LeadStageBadge, PipelineStageBadge, ProspectStateBadge } from '../components/prospect-badges';
import { EmptyState, ListPagination, LoadError, TableSkeleton } from '../components/query-states';
import { SortableTh } from '../components/sortable-th';
import { countText, telHref } from '../utils/format';
import {
  hasSearch,
  type MergedSearchState,
  mergedSearch,
  openProspectSearch,
  parseSortValue,
  prospectSearchToQuery,
  sortOptions,
  sortValue,
} from '../utils/search-params';

const PER_PAGE = 50;

/** The prospect's card, on the prospects page. */
const prospectHref = (id: number | 'new') => `${paths.dashboard.prospects}?${openProspectSearch(id)}`;

const none = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

function MergedRows({
  prospects,
  state,
  update,
  busy,
}: {
  prospects: Prospect[];
  state: MergedSearchState;
  update: (changes: Partial<MergedSearchState>) => void;
  busy: boolean;
}) {
  const sort = { sortBy: state.sortBy, sortOrder: state.sortOrder, onSort: update };
  return (
    <Table.ScrollContainer
      minWidth={1080}
      maxHeight="clamp(20rem, calc(100dvh - 16rem), 100rem)"
      type="native"
      // Absolutely placed descendants (screen-reader texts) scroll with the table, not the page.
      pos="relative"
      role="region"
      aria-label="Prospects et ventes en cours"
      tabIndex={0}
    >
      <Table
        stickyHeader
        striped
        highlightOnHover
        withTableBorder
        withColumnBorders
        verticalSpacing={4}
        horizontalSpacing="xs"
        fz="sm"
        aria-busy={busy}
        // A spreadsheet: one line per prospect; the table scrolls sideways instead.
        style={{ whiteSpace: 'nowrap' }}
        data-testid="merged-table"
      >
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="name" label="Nom" {...sort} />
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Téléphone</Table.Th>
            <Table.Th scope="col">Statut</Table.Th>
            <Table.Th scope="col">Qualification</Table.Th>
            <SortableTh field="nextActivityAt" label="Prochaine activité" {...sort} />
            <Table.Th scope="col">Vente en cours</Table.Th>
            <Table.Th scope="col">Étape</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {prospects.map((prospect) => (
            <Table.Tr key={prospect.id} data-testid="merged-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={prospectHref(prospect.id)} fw={600} underline="hover" fz="sm">
                  {prospect.fullName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {prospect.email ? (
                  <Anchor href={`mailto:${prospect.email}`} underline="hover" fz="sm">
                    {prospect.email}
                  </Anchor>
                ) : (
                  none
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {prospect.phone ? (
                  <Anchor href={telHref(prospect.phone)} underline="hover" fz="sm">
                    {prospect.phone}
                  </Anchor>
                ) : (
                  none
                )}
              </Table.Td>
              <Table.Td>
                {prospect.state ? <ProspectStateBadge state={prospect.state} size="sm" /> : none}
              </Table.Td>
              <Table.Td>
                {prospect.leadStage ? <LeadStageBadge stage={prospect.leadStage} size="sm" /> : none}
              </Table.Td>
              <Table.Td>
                <NextActivity prospect={prospect} compact />
              </Table.Td>
              <Table.Td>
                {prospect.currentDeal ? (
                  <Anchor
                    component={Link}
                    to={paths.dashboard.sale(prospect.currentDeal.id)}
                    underline="hover"
                    fz="sm"
                    fw={500}
                    title={prospect.currentDeal.title}
                    display="inline-block"
                    maw={280}
                    style={{ overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' }}
                  >
                    {prospect.currentDeal.title}
                  </Anchor>
                ) : (
                  <Text span size="sm" c="dimmed">
                    Aucune
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {prospect.currentDeal ? (
                  <PipelineStageBadge stage={prospect.currentDeal.status} size="sm" />
                ) : (
                  none
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/dashboard/merged`: one dense, spreadsheet-like table of the prospects and their current deal,
 * with the list's search, sort and pagination.
 */
export function MergedPage() {
  const [state, update] = useUrlState(mergedSearch);
  const list = useProspects(prospectSearchToQuery(state, PER_PAGE));
  const shown = list.data;
  const prospects = shown?.data ?? [];
  const lastPage = shown?.meta.lastPage ?? 1;

  useEffect(() => {
    if (list.data && state.page > 1 && state.page > list.data.meta.lastPage) {
      update({ page: Math.max(1, list.data.meta.lastPage) });
    }
  }, [list.data, state.page, update]);

  const filtered = hasSearch(state);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Vue fusionnée"
        description="Vos prospects et leur vente en cours, réunis dans un seul tableau."
        actions={
          <Button component={Link} to={prospectHref('new')} leftSection={<IconPlus size={16} />}>
            Nouveau prospect
          </Button>
        }
      />

      <Paper withBorder radius="lg" p="md" component="section" aria-label="Recherche et tri">
        <Group align="flex-end" gap="sm">
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <SearchField
              label="Rechercher"
              placeholder="Nom, e-mail, téléphone…"
              value={state.query}
              onCommit={(query) => update({ query })}
              loading={list.isFetching && !list.isPending}
            />
          </div>
          <Select
            label="Trier par"
            data={sortOptions}
            value={sortValue(state.sortBy, state.sortOrder)}
            allowDeselect={false}
            onChange={(value) => {
              const sort = parseSortValue(value);
              if (sort) update(sort);
            }}
            w={{ base: '100%', xs: 300 }}
          />
        </Group>
      </Paper>

      {shown && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
          {countText(shown.meta.total, 'prospect', 'prospects', 'Aucun prospect')}
          {filtered ? ' correspondant à votre recherche' : ''}
        </Text>
      )}

      {list.isError && (
        <LoadError error={list.error} onRetry={() => list.refetch()} title="Tableau indisponible" />
      )}

      {!shown ? (
        list.isPending ? (
          <TableSkeleton rows={10} label="Chargement du tableau" />
        ) : null
      ) : prospects.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={IconTable}
            title="Aucun prospect ne correspond à votre recherche"
            action={
              <Button variant="light" onClick={() => update({ query: '' })}>
                Effacer la recherche
              </Button>
            }
          >
            Essayez avec d’autres mots.
          </EmptyState>
        ) : (
          <EmptyState
            icon={IconTable}
            title="Aucun prospect pour le moment"
            action={
              <Button component={Link} to={prospectHref('new')} leftSection={<IconPlus size={16} />}>
                Ajouter un prospect
              </Button>
            }
          >
            Ce tableau réunit vos prospects et leur vente en cours : ajoutez ou importez vos prospects pour
            commencer.
          </EmptyState>
        )
      ) : (
        <MergedRows prospects={prospects} state={state} update={update} busy={list.isFetching} />
      )}

      <ListPagination page={state.page} lastPage={lastPage} onChange={(page) => update({ page })} />
    </Stack>
  );
}
