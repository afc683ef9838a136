import { type Team, teamCreateSchema } from '@closia/shared';
import { Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateTeam, useUpdateTeam } from '../api/teams';

interface Values {
  name: string;
  description: string;
}

const validate = zodResolver(teamCreateSchema);

/** Create a team (I become its creator), or edit its name and description (creator). */
export function TeamFormModal({
  opened,
  onClose,
  team,
}: {
  opened: boolean;
  onClose: () => void;
  team?: Team;
}) {
  const navigate = useNavigate();
  const create = useCreateTeam();
  const update = useUpdateTeam(team?.id ?? 0);
  const mutation = team ? update : create;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: team?.name ?? '', description: team?.description ?? '' },
    validate: (values) => validate({ name: values.name, description: values.description || null }),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const input = { name: values.name.trim(), description: values.description.trim() || null };
    try {
      const saved = await mutation.mutateAsync(input);
      onClose();
      if (!team) void navigate(paths.dashboard.team(saved.id));
    } catch (error) {
      showSubmitError(form, error, setFormError, (e) => errorMessage(e));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={team ? 'Modifier l’équipe' : 'Créer une équipe'}
      onSubmit={submit}
      submitLabel={team ? 'Enregistrer' : 'Créer l’équipe'}
      submitting={mutation.isPending}
      error={formError}
    >
      <TextInput
        label="Nom de l’équipe"
        required
        maxLength={100}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
    </FormModal>
  );
}
