import { type TeamEvent, teamEventCreateSchema } from '@closia/shared';
import { Group, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { DateTimeField } from '../../../components/date-time-field';
import { FormModal } from '../../../components/form-modal';
import { dayjs } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useSaveEvent } from '../api/teams';
import { teamWording } from '../utils/labels';

interface Values {
  name: string;
  description: string;
  startTime: string | null;
  endTime: string | null;
  location: string;
  link: string;
}

const LOCAL = 'YYYY-MM-DD HH:mm:ss';
const toLocal = (iso: string) => dayjs(iso).format(LOCAL);
const toIso = (local: string | null) => (local ? dayjs(local).toISOString() : undefined);

function initialValues(event: TeamEvent | null, day: Date | null): Values {
  if (event) {
    return {
      name: event.name,
      description: event.description ?? '',
      startTime: toLocal(event.startTime),
      endTime: toLocal(event.endTime),
      location: event.location ?? '',
      link: event.link ?? '',
    };
  }
  const start = dayjs(day ?? undefined)
    .hour(day ? 10 : dayjs().hour() + 1)
    .minute(0)
    .second(0);
  return {
    name: '',
    description: '',
    startTime: start.format(LOCAL),
    endTime: start.add(1, 'hour').format(LOCAL),
    location: '',
    link: '',
  };
}

const toInput = (values: Values) => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  startTime: toIso(values.startTime),
  endTime: toIso(values.endTime),
  location: values.location.trim() || null,
  link: values.link.trim() || null,
});

const validate = zodResolver(teamEventCreateSchema);

/** New event (any member) or an edit (its author, the creator and admins); the members are notified. */
export function EventFormModal({
  teamId,
  opened,
  onClose,
  event,
  day,
}: {
  teamId: number;
  opened: boolean;
  onClose: () => void;
  event: TeamEvent | null;
  /** A day picked on the calendar for a new event. */
  day: Date | null;
}) {
  const save = useSaveEvent(teamId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: initialValues(event, day),
    validate: (values) => validate(toInput(values)),
  });
  const { setValues, resetDirty } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens on another event or day
  useEffect(() => {
    if (!opened) return;
    setValues(initialValues(event, day));
    resetDirty();
    setFormError(null);
  }, [opened, event, day]);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ eventId: event?.id, input: toInput(values) });
      onClose();
    } catch (error) {
      showSubmitError(form, error, setFormError, (e) => errorMessage(e, teamWording));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={event ? 'Modifier l’événement' : 'Nouvel événement'}
      size="lg"
      onSubmit={submit}
      submitLabel={event ? 'Enregistrer' : 'Créer l’événement'}
      submitting={save.isPending}
      error={formError}
    >
      <TextInput label="Nom" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
      <Group grow align="flex-start">
        <DateTimeField label="Début" required {...form.getInputProps('startTime')} />
        <DateTimeField label="Fin" required {...form.getInputProps('endTime')} />
      </Group>
      <TextInput label="Lieu" placeholder="Ex. : visio, Lyon…" {...form.getInputProps('location')} />
      <TextInput label="Lien" placeholder="https://…" type="url" {...form.getInputProps('link')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
    </FormModal>
  );
}
