import { type Deal, dealMoveSchema, dealMoveTargets, type SelectablePipelineStage } from '@closia/shared';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { zodResolver } from '../../../lib/zod-resolver';
import { useMoveDeal } from '../api/move-deal';
import { stageLabel } from '../utils/stages';

interface MoveValues {
  status: SelectablePipelineStage | null;
  note: string;
}

const validateInput = zodResolver(dealMoveSchema);

/** "Changer d’étape" on a deal's page: the new stage and a note kept in its history. */
export function MoveDealModal({ deal, onClose }: { deal: Deal | null; onClose: () => void }) {
  const move = useMoveDeal();
  const form = useForm<MoveValues>({
    initialValues: { status: null, note: '' },
    validate: (values) =>
      validateInput({ status: values.status ?? undefined, note: values.note.trim() || undefined }),
  });
  const { reset } = form;

  useEffect(() => {
    if (deal) reset();
  }, [deal, reset]);

  const stages = deal ? dealMoveTargets(deal) : [];
  const submit = form.onSubmit((values) => {
    if (!deal || !values.status) return;
    // The toast tells the outcome (and the move is undone on failure).
    move.mutate({ deal, status: values.status, note: values.note });
    onClose();
  });

  return (
    <Modal
      opened={deal !== null}
      onClose={onClose}
      title={deal ? `Changer l’étape de « ${deal.title} »` : 'Changer d’étape'}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label="Nouvelle étape"
            placeholder="Choisir une étape"
            required
            data={stages.map((stage) => ({ value: stage, label: stageLabel(stage) }))}
            data-autofocus
            {...form.getInputProps('status')}
          />
          <Textarea
            label="Note"
            description="Gardée dans l’historique de la vente."
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit">Déplacer</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
