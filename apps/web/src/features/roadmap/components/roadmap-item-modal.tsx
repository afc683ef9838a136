import {
  type AdminRoadmapItem,
  type RoadmapCategory,
  type RoadmapEditableStatus,
  roadmapCategoryOptions,
  roadmapEditableStatuses,
  roadmapItemSchema,
  roadmapLimits,
  roadmapStatusLabels,
} from '@closia/shared';
import { Alert, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateRoadmapItem, useUpdateRoadmapItem } from '../api/admin-roadmap';

interface Values {
  title: string;
  description: string;
  category: RoadmapCategory;
  status: RoadmapEditableStatus;
}

const blank: Values = { title: '', description: '', category: 'crm', status: 'planned' };

const valuesOf = (item: AdminRoadmapItem): Values => ({
  title: item.title,
  description: item.description,
  category: item.category,
  status: (roadmapEditableStatuses as readonly string[]).includes(item.status)
    ? (item.status as RoadmapEditableStatus)
    : 'planned',
});

/**
 * Writing an idea (admins): a new one (`item` null) or a change. A suggestion keeps its status here
 * (it is accepted or declined from the list); moving an idea to "Livré" tells its voters.
 */
export function RoadmapItemModal({
  opened,
  item,
  onClose,
}: {
  opened: boolean;
  item: AdminRoadmapItem | null;
  onClose: () => void;
}) {
  const create = useCreateRoadmapItem();
  const update = useUpdateRoadmapItem();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: blank,
    validate: zodResolver(roadmapItemSchema),
  });
  const statusLocked = item !== null && !(roadmapEditableStatuses as readonly string[]).includes(item.status);
  const shipping = item !== null && item.status !== 'done' && form.getValues().status === 'done';

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per opening
  useEffect(() => {
    if (!opened) return;
    form.setValues(item ? valuesOf(item) : blank);
    form.resetDirty();
    setMessage(null);
  }, [opened, item?.id]);

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const done = (title: string) => {
    notifications.show({ color: 'green', title, message: 'La feuille de route est à jour.' });
    close();
  };
  const failed = (error: unknown) => showSubmitError(form, error, setMessage, describeFor(form));

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={item ? 'Modifier l’idée' : 'Nouvelle idée'}
      submitLabel={item ? 'Enregistrer' : 'Ajouter à la feuille de route'}
      submitting={create.isPending || update.isPending}
      error={message}
      size="lg"
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        if (!item) {
          create.mutate(values, { onSuccess: () => done('Idée ajoutée'), onError: failed });
          return;
        }
        const { status, ...fields } = values;
        update.mutate(
          { id: item.id, input: statusLocked ? fields : values },
          {
            onSuccess: () => done(status === 'done' && shipping ? 'Idée livrée' : 'Idée enregistrée'),
            onError: failed,
          },
        );
      })}
    >
      <TextInput
        label="Titre"
        required
        maxLength={roadmapLimits.titleMax}
        data-autofocus
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        description={`Texte simple : les retours à la ligne et les liens sont conservés (${form.getValues().description.length} / ${roadmapLimits.descriptionMax}).`}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={roadmapLimits.descriptionMax}
        {...form.getInputProps('description')}
      />
      <Select
        label="Catégorie"
        required
        data={roadmapCategoryOptions}
        allowDeselect={false}
        comboboxProps={{ zIndex: 400 }}
        {...form.getInputProps('category')}
      />
      {statusLocked ? (
        <Alert color="blue" variant="light">
          Statut : {roadmapStatusLabels[item.status]}.{' '}
          {item.status === 'suggested'
            ? 'Acceptez ou refusez cette proposition depuis la liste.'
            : 'Pour la remettre sur la feuille de route, utilisez « Remettre en Prévu » dans la liste.'}
        </Alert>
      ) : (
        <Select
          label="Colonne"
          required
          data={roadmapEditableStatuses.map((value) => ({ value, label: roadmapStatusLabels[value] }))}
          allowDeselect={false}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('status')}
        />
      )}
      {shipping && (
        <Alert color="green" variant="light">
          Les membres qui ont voté pour cette idée seront prévenus qu’elle est livrée.
        </Alert>
      )}
    </FormModal>
  );
}
