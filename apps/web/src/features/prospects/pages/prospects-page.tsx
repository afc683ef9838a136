import '@mantine/dates/styles.css';

import {
  leadStageOptions,
  type NextActivityFilter,
  nextActivityFilterLabels,
  nextActivityFilters,
  type Prospect,
  prospectStateOptions,
} from '@closia/shared';
import {
  Anchor,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconDownload, IconFilterOff, IconPlus, IconUpload, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { useUrlState } from '../../../lib/url-state';
import { useProspects } from '../api/get-prospects';
import { ContactIcons } from '../components/contact-icons';
import { ImportWizard } from '../components/import-wizard';
import { NextActivity } from '../components/next-activity';
import { LeadStageBadge, ProspectStateBadge } from '../components/prospect-badges';
import { ProspectDrawer } from '../components/prospect-drawer';
import { EmptyState, ListPagination, LoadError, TableSkeleton } from '../components/query-states';
import { SortableTh } from '../components/sortable-th';
import { countText, formatDay } from '../utils/format';
import {
  countProspectFilters,
  hasSearch,
  type OpenProspect,
  type ProspectSearchState,
  parseSortValue,
  prospectExportUrl,
  prospectSearch,
  prospectSearchToQuery,
  sortOptions,
  sortValue,
} from '../utils/search-params';

const PER_PAGE = 20;

const nextActivityOptions = [
  { value: 'all', label: 'Toutes' },
  ...nextActivityFilters.map((value) => ({ value, label: nextActivityFilterLabels[value] })),
];

const noFilters: Partial<ProspectSearchState> = { query: '', state: [], leadStage: [], nextActivity: null };

function Filters({
  state,
  update,
  fetching,
}: {
  state: ProspectSearchState;
  update: (changes: Partial<ProspectSearchState>) => void;
  fetching: boolean;
}) {
  const active = countProspectFilters(state);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Recherche et filtres">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <SearchField
            label="Rechercher"
            placeholder="Nom, e-mail, téléphone…"
            value={state.query}
            onCommit={(query) => update({ query })}
            loading={fetching}
          />
          <MultiSelect
            label="Statut"
            placeholder={state.state.length === 0 ? 'Tous les statuts' : undefined}
            data={prospectStateOptions}
            value={state.state}
            onChange={(values) => update({ state: values as ProspectSearchState['state'] })}
            clearable
            clearButtonProps={{ 'aria-label': 'Effacer les statuts' }}
          />
          <MultiSelect
            label="Qualification"
            placeholder={state.leadStage.length === 0 ? 'Toutes les qualifications' : undefined}
            data={leadStageOptions}
            value={state.leadStage}
            onChange={(values) => update({ leadStage: values as ProspectSearchState['leadStage'] })}
            clearable
            clearButtonProps={{ 'aria-label': 'Effacer les qualifications' }}
          />
          <Select
            label="Prochaine activité"
            data={nextActivityOptions}
            value={state.nextActivity ?? 'all'}
            allowDeselect={false}
            onChange={(value) =>
              update({ nextActivity: value && value !== 'all' ? (value as NextActivityFilter) : null })
            }
          />
        </SimpleGrid>
        <Group justify="space-between" align="flex-end" gap="sm">
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
          {active > 0 && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              onClick={() => update({ state: [], leadStage: [], nextActivity: null })}
            >
              Réinitialiser les filtres ({active})
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function ProspectRows({
  prospects,
  state,
  update,
  onOpen,
  hrefFor,
  busy,
}: {
  prospects: Prospect[];
  state: ProspectSearchState;
  update: (changes: Partial<ProspectSearchState>) => void;
  onOpen: (id: number) => void;
  hrefFor: (id: number) => string;
  busy: boolean;
}) {
  const sort = { sortBy: state.sortBy, sortOrder: state.sortOrder, onSort: update };
  return (
    <Table.ScrollContainer
      minWidth={880}
      type="native"
      // Absolutely placed descendants (screen-reader texts) scroll with the table, not the page.
      pos="relative"
      role="region"
      aria-label="Liste des prospects"
      tabIndex={0}
    >
      <Table highlightOnHover verticalSpacing="sm" aria-busy={busy} data-testid="prospect-table">
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="name" label="Nom" {...sort} />
            <Table.Th scope="col">Contact</Table.Th>
            <Table.Th scope="col">Statut</Table.Th>
            <Table.Th scope="col">Qualification</Table.Th>
            <SortableTh field="nextActivityAt" label="Prochaine activité" {...sort} />
            <SortableTh field="createdAt" label="Ajouté le" {...sort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {prospects.map((prospect) => (
            <Table.Tr
              key={prospect.id}
              onClick={() => onOpen(prospect.id)}
              style={{ cursor: 'pointer' }}
              data-testid="prospect-row"
            >
              <Table.Td>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={hrefFor(prospect.id)}
                    replace
                    fw={600}
                    underline="hover"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {prospect.fullName}
                  </Anchor>
                  {prospect.email && (
                    <Text size="xs" c="dimmed" truncate="end" maw={240} title={prospect.email}>
                      {prospect.email}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <ContactIcons
                  fullName={prospect.fullName}
                  email={prospect.email}
                  phone={prospect.phone}
                  contactLinks={prospect.contactLinks}
                />
              </Table.Td>
              <Table.Td>
                {prospect.state ? (
                  <ProspectStateBadge state={prospect.state} />
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {prospect.leadStage ? (
                  <LeadStageBadge stage={prospect.leadStage} />
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <NextActivity prospect={prospect} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={prospect.createdAt}>{formatDay(prospect.createdAt)}</time>
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/dashboard/prospects`: the caller's prospects — search, filters and sort in the address, the
 * prospect drawer (create, edit, activities, delete), CSV import and export.
 */
export function ProspectsPage() {
  const [state, update, hrefForState] = useUrlState(prospectSearch);
  const open = state.prospect;
  const setOpen = (prospect: OpenProspect) => update({ prospect });
  const hrefFor = (prospect: OpenProspect) => hrefForState({ prospect });
  const [importOpened, setImportOpened] = useState(false);
  const list = useProspects(prospectSearchToQuery(state, PER_PAGE));
  const shown = list.data;
  const prospects = shown?.data ?? [];
  const lastPage = shown?.meta.lastPage ?? 1;

  // A page past the end (a stale address, the last prospect of a page deleted) falls back to the last one.
  useEffect(() => {
    if (list.data && state.page > 1 && state.page > list.data.meta.lastPage) {
      update({ page: Math.max(1, list.data.meta.lastPage) });
    }
  }, [list.data, state.page, update]);

  const filtered = hasSearch(state);

  return (
    <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
      <Stack gap="lg">
        <PageHeader
          title="Prospects"
          description="Vos contacts, leur statut, leur qualification et leur prochaine activité."
          actions={
            <>
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                onClick={() => setImportOpened(true)}
              >
                Importer
              </Button>
              <Button
                component="a"
                href={prospectExportUrl(state)}
                download
                variant="default"
                leftSection={<IconDownload size={16} />}
              >
                Exporter
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen('new')}>
                Nouveau prospect
              </Button>
            </>
          }
        />

        <Filters state={state} update={update} fetching={list.isFetching && !list.isPending} />

        {shown && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
            {countText(shown.meta.total, 'prospect', 'prospects', 'Aucun prospect')}
            {filtered ? ' correspondant à votre recherche' : ''}
          </Text>
        )}

        {list.isError && (
          <LoadError error={list.error} onRetry={() => list.refetch()} title="Liste indisponible" />
        )}

        {!shown ? (
          list.isPending ? (
            <TableSkeleton label="Chargement des prospects" />
          ) : null
        ) : prospects.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={IconUsers}
              title="Aucun prospect ne correspond à votre recherche"
              action={
                <Button variant="light" onClick={() => update(noFilters)}>
                  Effacer la recherche et les filtres
                </Button>
              }
            >
              Essayez d’autres mots ou moins de filtres.
            </EmptyState>
          ) : (
            <EmptyState
              icon={IconUsers}
              title="Aucun prospect pour le moment"
              action={
                <Group gap="sm" justify="center">
                  <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen('new')}>
                    Ajouter un prospect
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconUpload size={16} />}
                    onClick={() => setImportOpened(true)}
                  >
                    Importer un fichier CSV ou Excel
                  </Button>
                </Group>
              }
            >
              Ajoutez vos contacts un par un, ou importez la liste de votre tableur ou de votre ancien CRM.
            </EmptyState>
          )
        ) : (
          <ProspectRows
            prospects={prospects}
            state={state}
            update={update}
            onOpen={setOpen}
            hrefFor={hrefFor}
            busy={list.isFetching}
          />
        )}

        <ListPagination page={state.page} lastPage={lastPage} onChange={(page) => update({ page })} />

        <ProspectDrawer open={open} onClose={() => setOpen(null)} onOpen={setOpen} hrefFor={hrefFor} />
        <ImportWizard opened={importOpened} onClose={() => setImportOpened(false)} />
      </Stack>
    </DatesProvider>
  );
}
