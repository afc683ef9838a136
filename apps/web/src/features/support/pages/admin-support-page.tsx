import {
  adminSupportTicketListQuerySchema,
  type SupportTicketStatus,
  type SupportTicketSummary,
  supportCategoryLabels,
  supportTicketStatuses,
} from '@closia/shared';
import {
  Anchor,
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../config/paths';
import { formatDateTime, fromNow } from '../../../lib/dayjs';
import { toQuery, urlState, useUrlState } from '../../../lib/url-state';
import { useAssignees, useInbox } from '../api/admin-tickets';

const PER_PAGE = 20;

/** The inbox's tabs: short labels (the statuses' full ones are on each ticket). */
const tabLabels: Record<SupportTicketStatus, string> = {
  open: 'À traiter',
  pending: 'En attente',
  closed: 'Fermées',
};

const emptyText: Record<SupportTicketStatus, string> = {
  open: 'Aucune demande à traiter : tout le monde a sa réponse.',
  pending: 'Aucune demande n’attend le retour de son demandeur.',
  closed: 'Aucune demande fermée.',
};

/** Status, assignee, words and page in the address (`?status=pending&assignee=me&query=facture`). */
const inboxState = urlState(
  z.object({
    status: adminSupportTicketListQuerySchema.shape.status,
    assignee: adminSupportTicketListQuerySchema.shape.assignee,
    query: adminSupportTicketListQuerySchema.shape.query,
    page: adminSupportTicketListQuerySchema.shape.page,
  }),
  { status: 'open', assignee: null, query: '', page: 1 },
);

function Requester({ ticket }: { ticket: SupportTicketSummary }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {ticket.name ?? ticket.email}
      </Text>
      <Group gap={4}>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {ticket.email}
        </Text>
        {!ticket.requester && (
          <Badge size="xs" variant="outline" color="gray" tt="none">
            Visiteur
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** `/admin/support`: the tickets by status (with their counts), by assignee and searched. */
export function AdminSupportPage() {
  const [state, update] = useUrlState(inboxState);
  const query = useMemo(() => toQuery({ ...state, perPage: PER_PAGE }), [state]);
  const inbox = useInbox(query);
  const assignees = useAssignees();
  const rows = inbox.data?.data ?? [];
  const counts = inbox.data?.counts;

  const assigneeOptions = [
    { value: 'me', label: 'Moi' },
    { value: 'none', label: 'Personne' },
    ...(assignees.data?.data ?? []).map((admin) => ({ value: String(admin.id), label: admin.fullName })),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Support"
        description="Les demandes envoyées depuis la page Support : répondez, attribuez-les, fermez-les une fois réglées."
      />
      <SegmentedControl
        aria-label="Statut des demandes"
        value={state.status}
        onChange={(value) => update({ status: value as SupportTicketStatus })}
        data={supportTicketStatuses.map((status) => ({
          value: status,
          label: counts ? `${tabLabels[status]} (${counts[status]})` : tabLabels[status],
        }))}
        fullWidth
        maw={560}
        data-testid="inbox-tabs"
      />
      <Group gap="sm" align="flex-end">
        <Select
          label="Attribuées à"
          placeholder="Tout le monde"
          data={assigneeOptions}
          value={state.assignee === null ? null : String(state.assignee)}
          onChange={(value) =>
            update({
              assignee: value === null ? null : value === 'me' || value === 'none' ? value : Number(value),
            })
          }
          clearable
          clearButtonProps={{ 'aria-label': 'Tout le monde' }}
          w={{ base: '100%', xs: 220 }}
        />
        <div style={{ flex: '1 1 260px' }}>
          <SearchField
            label="Rechercher"
            placeholder="Sujet, nom, e-mail ou référence (S-000042)"
            value={state.query ?? ''}
            onCommit={(text) => update({ query: text })}
            loading={inbox.isFetching && !inbox.isPending}
          />
        </div>
      </Group>

      {inbox.isError && !inbox.data ? (
        <LoadError error={inbox.error} onRetry={() => inbox.refetch()} />
      ) : inbox.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement des demandes">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState icon={IconInbox} title={state.query ? 'Aucune demande ne correspond' : 'Rien ici'}>
          {state.query ? 'Essayez d’autres mots, ou un autre statut.' : emptyText[state.status]}
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={820}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-busy={inbox.isFetching}
              data-testid="inbox-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Demande</Table.Th>
                  <Table.Th>Demandeur</Table.Th>
                  <Table.Th>Catégorie</Table.Th>
                  <Table.Th>Dernier message</Table.Th>
                  <Table.Th>Attribuée à</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((ticket) => (
                  <Table.Tr key={ticket.id} data-testid="inbox-row">
                    <Table.Td>
                      <Stack gap={2} maw={340}>
                        <Anchor
                          component={Link}
                          to={paths.admin.supportTicket(ticket.id)}
                          fw={600}
                          size="sm"
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {ticket.subject}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {ticket.reference} · {ticket.messageCount} message
                          {ticket.messageCount > 1 ? 's' : ''}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Requester ticket={ticket} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{supportCategoryLabels[ticket.category]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        component="time"
                        dateTime={ticket.lastMessageAt}
                        title={formatDateTime(ticket.lastMessageAt)}
                      >
                        {fromNow(ticket.lastMessageAt)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {ticket.lastMessageFromStaff ? 'par l’équipe' : 'par le demandeur'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={ticket.assignee ? undefined : 'dimmed'}>
                        {ticket.assignee?.fullName ?? 'Personne'}
                      </Text>
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
        lastPage={inbox.data?.meta.lastPage ?? 1}
        onChange={(page) => update({ page })}
      />
    </Stack>
  );
}
