import { type SupportTicket, supportCategoryLabels } from '@closia/shared';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/dayjs';
import { errorMessage, isNotFound } from '../../../lib/error-message';
import { TicketStatusBadge } from './ticket-status-badge';

/** The `:id` of the URL, or the 404 page when it is not a positive whole number. */
export function useTicketId(): number {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  return id;
}

export function TicketSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement de la demande" maw={820} mx="auto" w="100%">
      <Skeleton height={16} width={180} />
      <Skeleton height={36} width="60%" />
      <Skeleton height={120} radius="md" />
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}

/** A ticket that did not load (a 404 goes to the error page: missing, or someone else's). */
export function TicketLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotFound(error)) throw error;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Demande indisponible">
      <Stack gap="sm" align="flex-start">
        {errorMessage(error)}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Réessayer
        </Button>
      </Stack>
    </Alert>
  );
}

/** A ticket's title: the way back, its subject, its status as `as` reads it, reference, category and date. */
export function TicketHeader({
  ticket,
  as,
  back,
}: {
  ticket: SupportTicket;
  as: 'requester' | 'team';
  back: { to: string; label: string };
}) {
  return (
    <PageHeader
      above={<BackLink to={back.to}>{back.label}</BackLink>}
      title={ticket.subject}
      description={
        <Group gap="xs">
          <TicketStatusBadge status={ticket.status} as={as} />
          <Text size="sm" c="dimmed" component="span">
            {ticket.reference} · {supportCategoryLabels[ticket.category]} ·{' '}
            {as === 'team' ? 'reçue' : 'envoyée'} le {formatDateTime(ticket.createdAt)}
          </Text>
        </Group>
      }
    />
  );
}
