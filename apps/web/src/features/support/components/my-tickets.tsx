import { supportCategoryLabels } from '@closia/shared';
import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { fromNow } from '../../../lib/dayjs';
import { useMyTickets } from '../api/tickets';
import { TicketStatusBadge } from './ticket-status-badge';

const PER_PAGE = 10;

/** « Mes demandes »: the signed-in user's tickets, the latest activity first. */
export function MyTickets() {
  const [page, setPage] = useState(1);
  const tickets = useMyTickets({ page, perPage: PER_PAGE });
  const rows = tickets.data?.data ?? [];
  return (
    <Section title="Mes demandes" testId="my-tickets">
      {tickets.isError && !tickets.data ? (
        <LoadError error={tickets.error} onRetry={() => tickets.refetch()} />
      ) : tickets.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement de vos demandes">
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState icon={IconInbox} title="Aucune demande pour le moment">
          Les demandes que vous envoyez au support apparaîtront ici, avec nos réponses.
        </EmptyState>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((ticket) => (
            <Paper key={ticket.id} component="li" withBorder radius="md" p="sm" data-testid="my-ticket">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={paths.supportTicket(ticket.id)}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {ticket.subject}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {ticket.reference} · {supportCategoryLabels[ticket.category]} · dernier message{' '}
                    {fromNow(ticket.lastMessageAt)}
                    {ticket.lastMessageFromStaff ? ' (équipe support)' : ''}
                  </Text>
                </Stack>
                <TicketStatusBadge status={ticket.status} as="requester" />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ListPagination page={page} lastPage={tickets.data?.meta.lastPage ?? 1} onChange={setPage} />
    </Section>
  );
}
