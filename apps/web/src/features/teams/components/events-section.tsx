import '@mantine/dates/styles.css';
import { type TeamEvent, type TeamMemberRole, teamCan } from '@closia/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Indicator,
  Menu,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { Calendar, DatesProvider } from '@mantine/dates';
import {
  IconCalendarPlus,
  IconDots,
  IconDownload,
  IconMapPin,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { Section } from '../../../components/section';
import { API_BASE } from '../../../lib/api-client';
import { dayjs } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteEvent, useTeamEvents } from '../api/teams';
import { EventFormModal } from './event-form-modal';

const DAY = 'YYYY-MM-DD';

function whenText(event: TeamEvent) {
  const start = dayjs(event.startTime);
  const end = dayjs(event.endTime);
  const sameDay = start.isSame(end, 'day');
  return sameDay
    ? `${start.format('dddd D MMMM, HH:mm')} – ${end.format('HH:mm')}`
    : `${start.format('D MMM HH:mm')} – ${end.format('D MMM HH:mm')}`;
}

/**
 * The team's calendar: a month with a dot on the days that hold events, the month's events below
 * (the picked day's first), "Ajouter à mon agenda" (.ics), and new / edit / delete per role.
 */
export function EventsSection({
  teamId,
  role,
  meId,
}: {
  teamId: number;
  role: TeamMemberRole;
  meId: number;
}) {
  const [month, setMonth] = useState(() => dayjs().startOf('month').format(DAY));
  const [picked, setPicked] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ event: TeamEvent | null; day: Date | null } | null>(null);
  const [deleting, setDeleting] = useState<TeamEvent | null>(null);
  const from = dayjs(month).startOf('month').toISOString();
  const to = dayjs(month).endOf('month').toISOString();
  const events = useTeamEvents(teamId, { from, to });
  const remove = useDeleteEvent(teamId);

  const days = new Set((events.data ?? []).map((event) => dayjs(event.startTime).format(DAY)));
  const shown = (events.data ?? []).filter(
    (event) => !picked || dayjs(event.startTime).format(DAY) === picked,
  );
  const mayEdit = (event: TeamEvent) => event.createdById === meId || teamCan(role, 'manageEvents');

  return (
    <Section
      title="Agenda de l’équipe"
      action={
        teamCan(role, 'createEvents') && (
          <Button
            size="sm"
            leftSection={<IconCalendarPlus size={16} />}
            onClick={() => setEditing({ event: null, day: picked ? dayjs(picked).toDate() : null })}
          >
            Nouvel événement
          </Button>
        )
      }
    >
      <Group align="flex-start" gap="xl" wrap="wrap">
        <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
          <Calendar
            date={month}
            onDateChange={(date) => {
              setMonth(date);
              setPicked(null);
            }}
            ariaLabels={{
              nextMonth: 'Mois suivant',
              previousMonth: 'Mois précédent',
              monthLevelControl: 'Choisir le mois',
            }}
            maxLevel="month"
            hideOutsideDates
            // Weekends in red do not reach a 4.5:1 contrast.
            weekendDays={[]}
            getDayProps={(date) => ({
              selected: date === picked,
              onClick: () => setPicked((current) => (current === date ? null : date)),
            })}
            renderDay={(date) => {
              const day = dayjs(date).date();
              return (
                <Indicator size={6} color="green" offset={-3} disabled={!days.has(dayjs(date).format(DAY))}>
                  <div>{day}</div>
                </Indicator>
              );
            }}
          />
        </DatesProvider>
        <Stack gap="sm" style={{ flex: '1 1 300px', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>
              {picked ? dayjs(picked).format('dddd D MMMM') : dayjs(month).format('MMMM YYYY')}
            </Text>
            {picked && (
              <Anchor component="button" size="sm" onClick={() => setPicked(null)}>
                Tout le mois
              </Anchor>
            )}
          </Group>
          {events.isPending ? (
            <Skeleton h={60} />
          ) : events.isError ? (
            <Alert color="red" role="alert">
              <Group gap="sm">
                <Text size="sm">{errorMessage(events.error)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void events.refetch()}>
                  Réessayer
                </Button>
              </Group>
            </Alert>
          ) : shown.length === 0 ? (
            <Text c="dimmed" size="sm">
              Aucun événement {picked ? 'ce jour-là' : 'ce mois-ci'}.
            </Text>
          ) : (
            shown.map((event) => (
              <Card key={event.id} withBorder padding="sm" data-testid="team-event">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{event.name}</Text>
                    <Text size="sm">{whenText(event)}</Text>
                    {event.location && (
                      <Group gap={4}>
                        <IconMapPin size={14} aria-hidden="true" />
                        <Text size="sm" c="dimmed">
                          {event.location}
                        </Text>
                      </Group>
                    )}
                    {event.link && (
                      <Anchor href={event.link} target="_blank" rel="noreferrer" size="sm">
                        Rejoindre
                      </Anchor>
                    )}
                    {event.description && (
                      <Text size="sm" c="dimmed" lineClamp={3}>
                        {event.description}
                      </Text>
                    )}
                    {event.createdBy && (
                      <Badge variant="light" color="gray" size="sm">
                        Par {event.createdBy.fullName}
                      </Badge>
                    )}
                  </Stack>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Actions pour ${event.name}`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        component="a"
                        href={`${API_BASE}/teams/${teamId}/events/${event.id}/event.ics`}
                        leftSection={<IconDownload size={16} />}
                      >
                        Ajouter à mon agenda (.ics)
                      </Menu.Item>
                      {mayEdit(event) && (
                        <>
                          <Menu.Item
                            leftSection={<IconPencil size={16} />}
                            onClick={() => setEditing({ event, day: null })}
                          >
                            Modifier
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={16} />}
                            onClick={() => {
                              remove.reset();
                              setDeleting(event);
                            }}
                          >
                            Supprimer
                          </Menu.Item>
                        </>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Card>
            ))
          )}
        </Stack>
      </Group>
      <ConfirmModal
        opened={deleting !== null}
        title="Supprimer l’événement"
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        « {deleting?.name} » sera retiré de l’agenda de l’équipe.
      </ConfirmModal>
      <EventFormModal
        teamId={teamId}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        event={editing?.event ?? null}
        day={editing?.day ?? null}
      />
    </Section>
  );
}
