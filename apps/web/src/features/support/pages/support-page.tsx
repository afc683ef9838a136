import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Section } from '../../../components/section';
import { paths, signInWithRedirect } from '../../../config/paths';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { ContactForm, type SentTicket } from '../components/contact-form';
import { FaqSection } from '../components/faq-section';
import { MyTickets } from '../components/my-tickets';

/** What a sender reads once their ticket is recorded: its reference, and where the answer goes. */
function Sent({ ticket, onAgain }: { ticket: SentTicket; onAgain: () => void }) {
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck size={20} />}
      title="Votre demande est envoyée"
      data-testid="ticket-sent"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Référence <strong data-testid="ticket-reference">{ticket.reference}</strong> : rappelez-la si vous
          nous écrivez à son sujet. Notre équipe vous répond à <strong>{ticket.email}</strong>.
        </Text>
        <Group gap="sm">
          {ticket.followable && (
            <Button component={Link} to={paths.supportTicket(ticket.id)} size="xs">
              Suivre ma demande
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onAgain}>
            Envoyer une autre demande
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** `/support`: the FAQ, the contact form, and — signed in — « Mes demandes ». */
export function SupportPage() {
  const { data: user } = useCurrentUser();
  const [sent, setSent] = useState<SentTicket | null>(null);
  const signedIn = Boolean(user);
  return (
    <Stack gap="xl" py="md" maw={960} mx="auto" w="100%">
      <PageHeader
        title="Aide et support"
        description="Les réponses aux questions les plus fréquentes sur Closia — et notre équipe, si vous ne trouvez pas la vôtre."
      />
      <FaqSection />
      <Section
        title="Contacter le support"
        description={
          signedIn ? (
            'Nous vous répondons par e-mail et dans « Mes demandes ».'
          ) : (
            <>
              Nous vous répondons par e-mail. Vous avez un compte ?{' '}
              <Anchor component={Link} to={signInWithRedirect(paths.support)}>
                Connectez-vous
              </Anchor>{' '}
              pour suivre vos demandes.
            </>
          )
        }
        testId="contact-support"
      >
        {sent ? (
          <Sent ticket={sent} onAgain={() => setSent(null)} />
        ) : (
          <ContactForm anonymous={!signedIn} onSent={setSent} />
        )}
      </Section>
      {signedIn && <MyTickets />}
    </Stack>
  );
}
