import { type Deal, isInfopreneur, type SelectablePipelineStage } from '@closia/shared';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFlame, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useUrlState } from '../../../lib/url-state';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useBoardDeals } from '../api/get-board-deals';
import { useMoveDeal } from '../api/move-deal';
import { DealActionsMenu } from '../components/deal-actions-menu';
import { useDealDialogs } from '../components/deal-dialogs';
import { DealFormModal } from '../components/deal-form-modal';
import { PeopleAvatars } from '../components/people-avatars';
import { EmptyState, LoadError } from '../components/query-states';
import { ScrollTable } from '../components/scroll-table';
import { StageBadge } from '../components/stage-badge';
import { ViewpointControl } from '../components/viewpoint-control';
import { daysOverdue, daysUntilClose, sortActiveDeals } from '../utils/active-sales';
import { type Viewpoint, viewpointOf, viewpointState } from '../utils/deal-table';
import {
  countText,
  daysInStageText,
  formatCents,
  formatDay,
  formatDealProbability,
  overdueText,
  todayDay,
} from '../utils/format';

/** Where the expected close date stands: overdue (red), today, soon, or later. */
function CloseBadge({ deal, today }: { deal: Deal; today: string }) {
  const until = daysUntilClose(deal, today);
  if (until === null)
    return (
      <Badge color="gray" variant="light">
        Sans date
      </Badge>
    );
  if (until < 0)
    return (
      <Badge color="red.9" variant="filled">
        {overdueText(daysOverdue(deal, today))}
      </Badge>
    );
  if (until === 0)
    return (
      <Badge color="orange" variant="light">
        Aujourd’hui
      </Badge>
    );
  return (
    <Badge color={until <= 7 ? 'yellow' : 'gray'} variant="light">
      Dans {until} j
    </Badge>
  );
}

/**
 * `/dashboard/active-sales` ("Ventes actives"): the open deals by expected close date, the overdue
 * ones first with how late they are; each row moves, wins or loses its deal at once.
 */
export function ActiveSalesPage() {
  const [address, setAddress] = useUrlState(viewpointState);
  const { data: user } = useCurrentUser();
  const infopreneur = isInfopreneur(user);
  const viewpoint = viewpointOf(address, infopreneur);
  const board = useBoardDeals(viewpoint);
  const move = useMoveDeal();
  const { open, dialogs } = useDealDialogs();
  const [creating, setCreating] = useState(false);
  const today = todayDay();

  const setViewpoint = (value: Viewpoint) => setAddress({ as: value });
  const onMove = (deal: Deal, status: SelectablePipelineStage) => move.mutate({ deal, status });

  let content: ReactNode;
  if (board.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true" aria-label="Chargement des ventes actives">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} height={52} />
        ))}
      </Stack>
    );
  } else if (board.isError) {
    content = <LoadError error={board.error} onRetry={() => board.refetch()} />;
  } else {
    const deals = sortActiveDeals(board.data, today);
    const overdue = deals.filter((deal) => daysOverdue(deal, today) > 0).length;
    content =
      deals.length === 0 ? (
        <EmptyState
          icon={IconFlame}
          title={
            viewpoint === 'infopreneur' ? 'Aucune vente en cours sur vos offres' : 'Aucune vente en cours'
          }
          action={
            viewpoint === 'seller' && (
              <Button
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => setCreating(true)}
              >
                Nouvelle vente
              </Button>
            )
          }
        >
          Les ventes ouvertes apparaissent ici, classées par date de clôture prévue, les retards en premier.
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {countText(deals.length, 'vente en cours', 'ventes en cours')}
            {overdue > 0 && ` · ${countText(overdue, 'en retard', 'en retard')}`}
          </Text>
          <ScrollTable minWidth={920} label="Ventes en cours">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Clôture prévue</Table.Th>
                  <Table.Th>Vente</Table.Th>
                  <Table.Th>Étape</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Valeur</Table.Th>
                  <Table.Th>Probabilité</Table.Th>
                  <Table.Th>Vendeurs</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deals.map((deal) => (
                  <Table.Tr key={deal.id} data-testid="active-sale">
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <CloseBadge deal={deal} today={today} />
                        {deal.expectedCloseDate && (
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {formatDay(deal.expectedCloseDate)}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.dashboard.sale(deal.id)} fw={600} size="sm">
                        {deal.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {deal.prospect.fullName}
                        {deal.service && ` · ${deal.service.name}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        <StageBadge stage={deal.status} />
                        <Text size="xs" c="dimmed">
                          {daysInStageText(deal.daysInStage)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                      {formatCents(deal.valueCents)}
                    </Table.Td>
                    <Table.Td>{formatDealProbability(deal)}</Table.Td>
                    <Table.Td>
                      <PeopleAvatars deal={deal} size={26} />
                    </Table.Td>
                    <Table.Td>
                      <DealActionsMenu deal={deal} onMove={(stage) => onMove(deal, stage)} onDialog={open} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Stack>
      );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Ventes actives"
        description="Vos ventes en cours, par date de clôture prévue : les retards d’abord, à relancer en priorité."
        actions={
          <Group gap="sm" align="flex-end">
            {infopreneur && <ViewpointControl value={viewpoint} onChange={setViewpoint} />}
            <Button component={Link} to={paths.dashboard.sales} variant="default">
              Voir le pipeline
            </Button>
          </Group>
        }
      />
      {content}
      <DealFormModal opened={creating} onClose={() => setCreating(false)} />
      {dialogs}
    </Stack>
  );
}
