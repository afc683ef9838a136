import { type Priority, type ProspectActivity, priorityOptions } from '@closia/shared';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { DateTimeField } from '../../../components/date-time-field';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { useCreateActivity } from '../api/create-activity';
import { useDeleteActivity } from '../api/delete-activity';
import { useProspectActivities } from '../api/get-activities';
import { useUpdateActivity } from '../api/update-activity';
import { prospectWording } from '../utils/error-wording';
import { formatDue, formatLongDateTime, isOverdue } from '../utils/format';
import {
  type ActivityFormValues,
  emptyActivityValues,
  sortActivities,
  toActivityInput,
  validateActivityValues,
} from '../utils/prospect-form';
import { PriorityBadge } from './prospect-badges';
import { LoadError } from './query-states';

const failed = (title: string) => (error: unknown) =>
  notifications.show({ color: 'red', title, message: errorMessage(error, prospectWording) });

function ActivityItem({ activity }: { activity: ProspectActivity }) {
  const update = useUpdateActivity();
  const remove = useDeleteActivity();
  const overdue = !activity.done && isOverdue(activity.dueAt);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="activity-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Checkbox
            checked={activity.done}
            onChange={(event) =>
              update.mutate(
                {
                  id: activity.id,
                  prospectId: activity.prospectId,
                  input: { done: event.currentTarget.checked },
                },
                { onError: failed('Activité non modifiée') },
              )
            }
            label={
              <Text
                span
                size="sm"
                fw={600}
                td={activity.done ? 'line-through' : undefined}
                c={activity.done ? 'dimmed' : undefined}
              >
                {activity.title}
              </Text>
            }
          />
          <Group gap={6} pl={28}>
            <Text
              size="xs"
              c={overdue ? 'var(--mantine-color-error)' : 'dimmed'}
              fw={overdue ? 600 : undefined}
              title={formatLongDateTime(activity.dueAt)}
            >
              {activity.done
                ? `Faite${activity.doneAt ? ` · ${formatDue(activity.doneAt)}` : ''}`
                : `${overdue ? 'En retard · ' : 'Échéance : '}${formatDue(activity.dueAt)}`}
            </Text>
            <PriorityBadge priority={activity.priority} size="xs" />
          </Group>
          {activity.notes && (
            <Text size="sm" pl={28} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {activity.notes}
            </Text>
          )}
        </Stack>
        <Tooltip label="Supprimer l’activité">
          <ActionIcon
            variant="subtle"
            color="red"
            loading={remove.isPending}
            aria-label={`Supprimer l’activité « ${activity.title} »`}
            onClick={() =>
              remove.mutate(activity.id, {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    title: 'Activité supprimée',
                    message: `« ${activity.title} » a été supprimée.`,
                  }),
                onError: failed('Suppression impossible'),
              })
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

function ActivityForm({ prospectId }: { prospectId: number }) {
  const create = useCreateActivity();
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ActivityFormValues>({
    initialValues: emptyActivityValues(),
    validate: validateActivityValues,
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync({ prospectId, input: toActivityInput(values) });
      notifications.show({
        color: 'green',
        title: 'Activité planifiée',
        message: `« ${created.title} » : ${formatDue(created.dueAt)}.`,
      });
      const next = emptyActivityValues();
      form.setValues(next);
      form.resetDirty(next);
    } catch (error) {
      showSubmitError(form, error, setFormError, (failure) => errorMessage(failure, prospectWording));
    }
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4} fz="sm" id={titleId}>
            Planifier une activité
          </Title>
          <FormError>{formError}</FormError>
          <TextInput
            label="Titre"
            required
            placeholder="Ex. Rappeler pour la démo"
            maxLength={100}
            {...form.getInputProps('title')}
          />
          <DateTimeField label="Échéance" required {...form.getInputProps('dueAt')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${titleId}-priority`}>
              Priorité
            </Text>
            <SegmentedControl
              aria-labelledby={`${titleId}-priority`}
              data={priorityOptions}
              value={form.values.priority}
              onChange={(value) => form.setFieldValue('priority', value as Priority)}
            />
          </Stack>
          <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button
              type="submit"
              variant="light"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
            >
              Ajouter l’activité
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A prospect's activities: tick them done, delete them, plan the next one. */
export function ActivitiesPanel({ prospectId }: { prospectId: number }) {
  const activities = useProspectActivities(prospectId);
  const titleId = useId();
  const list = sortActivities(activities.data?.data ?? []);
  const open = list.filter((activity) => !activity.done).length;

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="h5" id={titleId}>
        Activités{list.length > 0 ? ` (${open} à faire)` : ''}
      </Title>
      {activities.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement des activités">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : activities.isError ? (
        <LoadError error={activities.error} onRetry={() => activities.refetch()} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune activité : planifiez la prochaine étape avec ce prospect.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
          {list.map((activity) => (
            <ActivityItem key={activity.id} activity={activity} />
          ))}
        </Stack>
      )}
      <ActivityForm prospectId={prospectId} />
    </Stack>
  );
}
