import {
  type Deal,
  type DealSortField,
  pipelineStageOptions,
  type SelectablePipelineStage,
} from '@closia/shared';
import {
  Anchor,
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFilterOff, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { useDeals } from '../api/get-deals';
import { useSellableServices } from '../api/get-sellable-services';
import {
  type DealTableFilters,
  dealListQuery,
  hasFilters,
  nextSort,
  type Viewpoint,
} from '../utils/deal-table';
import { countText, daysInStageText, formatCents, formatDay, formatDealProbability } from '../utils/format';
import { DateField } from './date-field';
import { DealActionsMenu, type DealDialog } from './deal-actions-menu';
import { EmptyState, LoadError } from './query-states';
import { ScrollTable } from './scroll-table';
import { SortHeader } from './sort-header';
import { StageBadge } from './stage-badge';

function TableFilters({
  filters,
  onChange,
}: {
  filters: DealTableFilters;
  onChange: (next: Partial<DealTableFilters>) => void;
}) {
  const services = useSellableServices();
  const serviceOptions = (services.data?.data ?? []).map((service) => ({
    value: String(service.id),
    label: service.name,
  }));
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <MultiSelect
          label="Étapes"
          placeholder={filters.status.length === 0 ? 'Toutes' : undefined}
          data={pipelineStageOptions}
          value={filters.status}
          onChange={(status) => onChange({ status: status as DealTableFilters['status'], page: 1 })}
          clearable
          clearButtonProps={{ 'aria-label': 'Effacer les étapes' }}
        />
        <Select
          label="Offre"
          placeholder="Toutes"
          data={serviceOptions}
          value={filters.serviceId === null ? null : String(filters.serviceId)}
          onChange={(value) => onChange({ serviceId: value ? Number(value) : null, page: 1 })}
          clearable
          clearButtonProps={{ 'aria-label': 'Effacer l’offre' }}
          searchable
          nothingFoundMessage="Aucune offre"
        />
        <DateField
          label="Clôture prévue à partir du"
          placeholder="Choisir une date"
          clearable
          value={filters.expectedCloseFrom}
          onChange={(value) => onChange({ expectedCloseFrom: value, page: 1 })}
        />
        <DateField
          label="Clôture prévue jusqu’au"
          placeholder="Choisir une date"
          clearable
          minDate={filters.expectedCloseFrom ?? undefined}
          value={filters.expectedCloseTo}
          onChange={(value) => onChange({ expectedCloseTo: value, page: 1 })}
        />
      </SimpleGrid>
      {hasFilters(filters) && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={14} aria-hidden="true" />}
            onClick={() =>
              onChange({
                status: [],
                serviceId: null,
                expectedCloseFrom: null,
                expectedCloseTo: null,
                page: 1,
              })
            }
          >
            Effacer les filtres
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The table view of the deals: filtered by stage, offer and expected close date, sorted by the
 * column headers, one page of 20 at a time (the API does it all); each row has its actions.
 */
export function DealsTable({
  viewpoint,
  filters,
  onFilters,
  onMove,
  onDialog,
  onCreate,
}: {
  viewpoint: Viewpoint;
  filters: DealTableFilters;
  onFilters: (next: Partial<DealTableFilters>) => void;
  onMove: (deal: Deal, stage: SelectablePipelineStage) => void;
  onDialog: (dialog: DealDialog, deal: Deal) => void;
  onCreate?: () => void;
}) {
  const list = useDeals(dealListQuery(filters, viewpoint));
  const sort = (field: DealSortField) => onFilters({ ...nextSort(filters, field), page: 1 });
  const headers = { sortBy: filters.sortBy, sortOrder: filters.sortOrder, onSort: sort };

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Chargement des ventes">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={40} />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    body = <LoadError error={list.error} onRetry={() => list.refetch()} />;
  } else if (list.data.data.length === 0) {
    body = !hasFilters(filters) ? (
      <EmptyState
        icon={IconTable}
        title="Aucune vente pour le moment"
        action={onCreate && <Button onClick={onCreate}>Nouvelle vente</Button>}
      >
        Créez une vente pour un de vos prospects : elle apparaîtra ici et dans le kanban.
      </EmptyState>
    ) : (
      <EmptyState icon={IconFilterOff} title="Aucune vente ne correspond à ces filtres">
        Élargissez la période ou retirez un filtre.
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {countText(list.data.meta.total, 'vente')}
        </Text>
        <ScrollTable minWidth={960} label="Liste des ventes">
          <Table striped highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vente</Table.Th>
                <Table.Th>Prospect</Table.Th>
                <Table.Th>Offre</Table.Th>
                <Table.Th>Étape</Table.Th>
                <SortHeader field="amount" {...headers}>
                  Valeur
                </SortHeader>
                <SortHeader field="probability" {...headers}>
                  Probabilité
                </SortHeader>
                <SortHeader field="expectedCloseDate" {...headers}>
                  Clôture prévue
                </SortHeader>
                <SortHeader field="updatedAt" {...headers}>
                  Modifiée
                </SortHeader>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((deal) => (
                <Table.Tr key={deal.id} data-testid="deal-row">
                  <Table.Td>
                    <Anchor component={Link} to={paths.dashboard.sale(deal.id)} fw={600} size="sm">
                      {deal.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{deal.prospect.fullName}</Table.Td>
                  <Table.Td>{deal.service?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <StageBadge stage={deal.status} />
                      <Text size="xs" c="dimmed">
                        {daysInStageText(deal.daysInStage)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCents(deal.valueCents)}</Table.Td>
                  <Table.Td>{formatDealProbability(deal)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {deal.expectedCloseDate ? formatDay(deal.expectedCloseDate) : '—'}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(deal.updatedAt)}</Table.Td>
                  <Table.Td>
                    <DealActionsMenu
                      deal={deal}
                      onMove={(stage) => onMove(deal, stage)}
                      onDialog={onDialog}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <ListPagination
          page={filters.page}
          lastPage={list.data.meta.lastPage}
          onChange={(page) => onFilters({ page })}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <TableFilters filters={filters} onChange={onFilters} />
      {body}
    </Stack>
  );
}
