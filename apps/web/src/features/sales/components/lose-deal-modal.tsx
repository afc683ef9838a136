import { type Deal, dealLoseSchema } from '@closia/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useLoseDeal } from '../api/lose-deal';
import { saleWording } from '../utils/error-wording';

const validate = zodResolver(dealLoseSchema);

/** "Perdu": the deal leaves the pipeline with the reason it was lost (required). */
export function LoseDealModal({ deal, onClose }: { deal: Deal | null; onClose: () => void }) {
  const lose = useLoseDeal();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '' }, validate });
  const { reset } = form;

  useEffect(() => {
    if (deal) {
      reset();
      setFormError(null);
    }
  }, [deal, reset]);

  const submit = form.onSubmit(async (values) => {
    if (!deal) return;
    setFormError(null);
    try {
      const lost = await lose.mutateAsync({ id: deal.id, input: { reason: values.reason.trim() } });
      notifications.show({
        color: 'green',
        title: 'Vente perdue',
        message: `« ${lost.title} » est classée perdue.`,
      });
      onClose();
    } catch (error) {
      showSubmitError(form, error, setFormError, describeFor(form, saleWording));
    }
  });

  return (
    <Modal
      opened={deal !== null}
      onClose={onClose}
      title={deal ? `Perdre « ${deal.title} »` : 'Perdre la vente'}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError}</FormError>
          <Text size="sm" c="dimmed">
            La vente sort du pipeline. Vous pourrez la rouvrir plus tard.
          </Text>
          <Textarea
            label="Raison de la perte"
            placeholder="Ex. Budget insuffisant, a choisi une autre formation…"
            required
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" color="red" loading={lose.isPending}>
              Marquer perdue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
