import {
  type SupportTicketStatus,
  supportTicketRequesterLabels,
  supportTicketStatusLabels,
} from '@closia/shared';
import { Badge } from '@mantine/core';

const colors: Record<SupportTicketStatus, string> = { open: 'blue', pending: 'green', closed: 'gray' };

/** The status as the requester (`requester`) or the team reads it. */
export function TicketStatusBadge({ status, as }: { status: SupportTicketStatus; as: 'requester' | 'team' }) {
  const label = as === 'requester' ? supportTicketRequesterLabels[status] : supportTicketStatusLabels[status];
  return (
    <Badge variant="light" color={colors[status]} tt="none" data-testid="ticket-status">
      {label}
    </Badge>
  );
}
