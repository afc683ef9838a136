import { type AdminRoadmapItem, roadmapDeclineSchema, roadmapLimits } from '@closia/shared';
import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useDeclineRoadmapItem } from '../api/admin-roadmap';

/** "Refuser": the idea leaves the road map; whoever suggested it reads the reason. */
export function DeclineModal({ item, onClose }: { item: AdminRoadmapItem | null; onClose: () => void }) {
  const decline = useDeclineRoadmapItem();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: zodResolver(roadmapDeclineSchema),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: emptied for each idea
  useEffect(() => {
    form.reset();
    setMessage(null);
  }, [item?.id]);
  const close = () => {
    decline.reset();
    onClose();
  };

  return (
    <FormModal
      opened={item !== null}
      onClose={close}
      title="Refuser l’idée"
      submitLabel="Refuser"
      submitColor="red.9"
      submitting={decline.isPending}
      error={message}
      onSubmit={form.onSubmit((input) => {
        if (!item) return;
        setMessage(null);
        decline.mutate(
          { id: item.id, input },
          {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                title: 'Idée refusée',
                message: item.suggestedBy
                  ? `${item.suggestedBy.fullName} est prévenu(e), avec votre explication.`
                  : 'Elle ne figure plus sur la feuille de route.',
              });
              close();
            },
            onError: (error) => showSubmitError(form, error, setMessage, describeFor(form)),
          },
        );
      })}
    >
      {item && (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          « {item.title} »
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {item?.suggestedBy
          ? 'Expliquez en une ou deux phrases pourquoi elle n’est pas retenue : son auteur lira votre réponse.'
          : 'Elle sortira de la feuille de route publique.'}
      </Text>
      <Textarea
        label="Motif du refus"
        required
        autosize
        minRows={3}
        maxLength={roadmapLimits.declineReasonMax}
        data-autofocus
        description={`${form.getValues().reason.length} / ${roadmapLimits.declineReasonMax} caractères`}
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}
