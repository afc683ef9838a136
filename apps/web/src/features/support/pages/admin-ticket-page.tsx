import type { SupportTicket } from '@closia/shared';
import { Anchor, Badge, Button, Grid, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconRestore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useAssignees, useUpdateTicket } from '../api/admin-tickets';
import { useTicket } from '../api/tickets';
import { ReplyForm } from '../components/reply-form';
import { TicketHeader, TicketLoadError, TicketSkeleton, useTicketId } from '../components/ticket-parts';
import { TicketThread } from '../components/ticket-thread';

/** Who handles the ticket, and closing or reopening it. */
function FollowUp({ ticket }: { ticket: SupportTicket }) {
  const { data: me } = useCurrentUser();
  const assignees = useAssignees();
  const update = useUpdateTicket();
  const options = (assignees.data?.data ?? []).map((admin) => ({
    value: String(admin.id),
    label: admin.id === me?.id ? `${admin.fullName} (moi)` : admin.fullName,
  }));
  // The current assignee stays listed, even if they are no longer an admin.
  if (ticket.assignee && !options.some((option) => option.value === String(ticket.assignee?.id)))
    options.push({ value: String(ticket.assignee.id), label: ticket.assignee.fullName });
  const save = (input: Parameters<typeof update.mutate>[0]['input'], done: string) =>
    update.mutate(
      { id: ticket.id, input },
      { onSuccess: () => notifications.show({ color: 'green', title: done, message: ticket.reference }) },
    );
  const closed = ticket.status === 'closed';
  return (
    <Section title="Suivi">
      <FormError>{update.error ? errorMessage(update.error) : null}</FormError>
      <Select
        label="Attribuée à"
        placeholder="Personne"
        data={options}
        value={ticket.assignee ? String(ticket.assignee.id) : null}
        onChange={(value) =>
          save(
            { assigneeId: value === null ? null : Number(value) },
            value ? 'Demande attribuée' : 'Attribution retirée',
          )
        }
        clearable
        clearButtonProps={{ 'aria-label': 'Ne l’attribuer à personne' }}
        disabled={update.isPending}
      />
      {me && ticket.assignee?.id !== me.id && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => save({ assigneeId: me.id }, 'Demande attribuée')}
        >
          Me l’attribuer
        </Anchor>
      )}
      <Button
        variant={closed ? 'light' : 'default'}
        leftSection={closed ? <IconRestore size={16} /> : <IconCheck size={16} />}
        loading={update.isPending}
        onClick={() =>
          save({ status: closed ? 'open' : 'closed' }, closed ? 'Demande rouverte' : 'Demande fermée')
        }
      >
        {closed ? 'Rouvrir la demande' : 'Fermer la demande'}
      </Button>
      <Text size="xs" c="dimmed">
        Une réponse de l’équipe met la demande « En attente du demandeur » ; un nouveau message du demandeur
        la remet « À traiter », même fermée.
      </Text>
    </Section>
  );
}

/** `/admin/support/tickets/{id}`: the thread, the reply, the assignee, close or reopen. */
export function AdminTicketPage() {
  const id = useTicketId();
  const query = useTicket(id);
  if (query.isPending) return <TicketSkeleton />;
  if (query.isError) return <TicketLoadError error={query.error} onRetry={() => query.refetch()} />;
  const ticket = query.data;
  return (
    <Stack gap="lg">
      <TicketHeader
        ticket={ticket}
        as="team"
        back={{ to: paths.admin.support, label: 'Toutes les demandes' }}
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <TicketThread messages={ticket.messages} />
            <Section title="Répondre">
              <ReplyForm
                ticket={ticket}
                label="Votre réponse"
                submitLabel="Envoyer la réponse"
                hint={
                  ticket.requester
                    ? 'Le demandeur la reçoit par e-mail et dans ses notifications.'
                    : `Le demandeur n’a pas de compte : il la reçoit par e-mail, à ${ticket.email}.`
                }
                onSent={() =>
                  notifications.show({
                    color: 'green',
                    title: 'Réponse envoyée',
                    message: `${ticket.reference} attend maintenant le retour du demandeur.`,
                  })
                }
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Section title="Demandeur">
              <Stack gap={2}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {ticket.name ?? ticket.email}
                </Text>
                <Anchor href={`mailto:${ticket.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {ticket.email}
                </Anchor>
              </Stack>
              {ticket.requester ? (
                <Anchor component={Link} to={paths.app.user(ticket.requester.id)} size="sm">
                  Voir son profil
                </Anchor>
              ) : (
                <Badge variant="outline" color="gray" tt="none">
                  Visiteur sans compte
                </Badge>
              )}
            </Section>
            <FollowUp ticket={ticket} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
