import { roadmapLimits, roadmapSuggestionSchema } from '@closia/shared';
import { Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useSuggestIdea } from '../api/suggest-idea';

/** "Proposer une idée": a member's idea, read by the team before it joins the road map. */
export function SuggestIdeaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const suggest = useSuggestIdea();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: '', description: '' },
    validate: zodResolver(roadmapSuggestionSchema),
  });
  const close = () => {
    form.reset();
    setMessage(null);
    suggest.reset();
    onClose();
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Proposer une idée"
      submitLabel="Envoyer mon idée"
      submitIcon={<IconBulb size={16} />}
      submitting={suggest.isPending}
      error={message}
      onSubmit={form.onSubmit((input) => {
        setMessage(null);
        suggest.mutate(input, {
          onSuccess: () => {
            notifications.show({
              color: 'green',
              title: 'Merci pour votre idée !',
              message:
                'L’équipe la lit avant de l’ajouter à la feuille de route ; vous serez prévenu de sa décision.',
            });
            close();
          },
          onError: (error) =>
            showSubmitError(
              form,
              error,
              setMessage,
              describeFor(form, { conflict: 'Cette idée a déjà été proposée.' }),
            ),
        });
      })}
    >
      <Text size="sm" c="dimmed">
        Une fonctionnalité qui vous ferait gagner du temps ou vendre plus ? Décrivez votre besoin : l’équipe
        lit chaque proposition.
      </Text>
      <TextInput
        label="Titre"
        placeholder="Ex. : Synchroniser mon agenda Google"
        required
        maxLength={roadmapLimits.titleMax}
        data-autofocus
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        placeholder="À quoi cela vous servirait-il ? Dans quelle situation ?"
        required
        autosize
        minRows={4}
        maxRows={10}
        maxLength={roadmapLimits.descriptionMax}
        description={`${form.getValues().description.length} / ${roadmapLimits.descriptionMax} caractères`}
        {...form.getInputProps('description')}
      />
    </FormModal>
  );
}
