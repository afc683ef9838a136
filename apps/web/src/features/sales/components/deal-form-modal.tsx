import { dealCreateSchema } from '@closia/shared';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateDeal } from '../api/create-deal';
import { type DealFormValues, emptyDealValues, toDealInput } from '../utils/deal-form';
import { saleWording } from '../utils/error-wording';
import { stageLabel } from '../utils/stages';
import { DealFields } from './deal-fields';

const validateInput = zodResolver(dealCreateSchema);

/**
 * "Nouvelle vente": a deal on one of my prospects and an offer I may sell, at an open stage; in a
 * team's shared pipeline when `teamId` is given.
 */
export function DealFormModal({
  opened,
  onClose,
  teamId,
}: {
  opened: boolean;
  onClose: () => void;
  teamId?: number;
}) {
  const create = useCreateDeal();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DealFormValues>({
    initialValues: emptyDealValues,
    validate: (values) => validateInput(toDealInput(values)),
  });
  const { reset } = form;

  useEffect(() => {
    if (opened) {
      reset();
      setFormError(null);
    }
  }, [opened, reset]);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const deal = await create.mutateAsync({ ...toDealInput(values), ...(teamId ? { teamId } : {}) });
      notifications.show({
        color: 'green',
        title: 'Vente créée',
        message: `« ${deal.title} » est en ${stageLabel(deal.status)}.`,
      });
      onClose();
    } catch (error) {
      showSubmitError(form, error, setFormError, describeFor(form, saleWording));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nouvelle vente"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError}</FormError>
          <DealFields form={form} withStage autoFocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending}>
              Créer la vente
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
