import { Stack } from '@mantine/core';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { useTicket } from '../api/tickets';
import { ReplyForm } from '../components/reply-form';
import { TicketHeader, TicketLoadError, TicketSkeleton, useTicketId } from '../components/ticket-parts';
import { TicketThread } from '../components/ticket-thread';

/** `/support/tickets/{id}`: my ticket, its thread and the reply box. */
export function TicketPage() {
  const id = useTicketId();
  const query = useTicket(id);
  if (query.isPending) return <TicketSkeleton />;
  if (query.isError) return <TicketLoadError error={query.error} onRetry={() => query.refetch()} />;
  const ticket = query.data;
  return (
    <Stack gap="lg" py="md" maw={820} mx="auto" w="100%">
      <TicketHeader ticket={ticket} as="requester" back={{ to: paths.support, label: 'Aide et support' }} />
      <TicketThread messages={ticket.messages} />
      <Section title="Répondre">
        <ReplyForm
          ticket={ticket}
          label="Votre message"
          hint={
            ticket.status === 'closed'
              ? 'Cette demande est fermée : votre message la rouvre.'
              : 'Notre équipe reçoit votre message et vous répond par e-mail.'
          }
        />
      </Section>
    </Stack>
  );
}
