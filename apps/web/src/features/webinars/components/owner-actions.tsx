import type { Webinar } from '@closia/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlayerPlay, IconVideo, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { useCancelWebinar } from '../api/cancel-webinar';
import { registrationCountText } from '../utils/format';
import { phaseAt } from '../utils/time';
import { AddToCalendarMenu } from './add-to-calendar-menu';

/** "Modifier" and "Annuler le webinaire" (the registrants are told). */
export function OwnerActions({ webinar }: { webinar: Webinar }) {
  const cancel = useCancelWebinar();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        component={Link}
        to={paths.app.webinarEdit(webinar.id)}
        variant="default"
        leftSection={<IconEdit size={18} />}
      >
        Modifier
      </Button>
      {webinar.phase !== 'past' && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconX size={18} />}
          onClick={() => setConfirming(true)}
        >
          Annuler le webinaire
        </Button>
      )}
      <ConfirmModal
        opened={confirming}
        title="Annuler le webinaire ?"
        confirmLabel="Annuler le webinaire"
        pending={cancel.isPending}
        error={cancel.error}
        onClose={() => {
          setConfirming(false);
          cancel.reset();
        }}
        onConfirm={() =>
          cancel.mutate(webinar.id, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                title: 'Webinaire annulé',
                message: `« ${webinar.title} » est annulé ; ses inscrits sont prévenus.`,
              });
              navigate(`${paths.app.webinars}?when=mine`);
            },
          })
        }
      >
        « {webinar.title} » sera retiré de la liste et ses inscrits (
        {registrationCountText(webinar.registrationCount).toLowerCase()}) recevront une notification
        d’annulation. Cette action est définitive.
      </ConfirmModal>
    </>
  );
}

/** The organiser's side column: their room, their calendar, their replay. */
export function OwnerBox({ webinar, now }: { webinar: Webinar; now: number }) {
  const phase = phaseAt(webinar.startTime, webinar.endTime, now);
  return (
    <Section title="Votre webinaire" testId="owner-box">
      <Stack gap="sm">
        {phase !== 'past' && (
          <Group gap="sm" wrap="wrap">
            {webinar.platformUrl ? (
              <Button
                component="a"
                href={webinar.platformUrl}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconVideo size={18} />}
              >
                Ouvrir la salle
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                Ajoutez le lien de la salle (Modifier) : les inscrits le recevront par leur lien personnel.
              </Text>
            )}
            <AddToCalendarMenu webinar={webinar} />
          </Group>
        )}
        {webinar.replayAvailable && (
          <Button
            component={Link}
            to={paths.app.webinarReplay(webinar.id)}
            variant="light"
            leftSection={<IconPlayerPlay size={18} />}
          >
            Voir le replay
          </Button>
        )}
        {phase === 'past' && !webinar.replayAvailable && (
          <Text size="sm" c="dimmed">
            Ce webinaire est terminé. Ajoutez le lien du replay (Modifier) pour le proposer à vos inscrits.
          </Text>
        )}
      </Stack>
    </Section>
  );
}
