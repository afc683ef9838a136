import { type Deal, dealCreateSchema, dealUpdateSchema, isOpenStage } from '@closia/shared';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUpdateDeal } from '../api/update-deal';
import { changedDealFields, type DealFormValues, dealFormValues, toDealInput } from '../utils/deal-form';
import { saleWording } from '../utils/error-wording';
import { formatDay, formatDealProbability } from '../utils/format';
import { DealFields } from './deal-fields';
import { Fact } from './sale-section';

const validateOpen = zodResolver(dealCreateSchema);
const validateUpdate = zodResolver(dealUpdateSchema);

/** The deal's fields, editable by whoever may edit it. */
export function DealEditForm({ deal }: { deal: Deal }) {
  const update = useUpdateDeal();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DealFormValues>({
    initialValues: dealFormValues(deal),
    // An open deal keeps every field of its creation; a closed one only changes its title and notes.
    validate: (values) =>
      isOpenStage(deal.status)
        ? validateOpen(toDealInput(values))
        : validateUpdate(changedDealFields(deal, values)),
  });
  const { setValues, resetDirty } = form;

  // The deal changed on the server (a save, a move): the form starts again from it.
  useEffect(() => {
    const values = dealFormValues(deal);
    setValues(values);
    resetDirty(values);
  }, [deal, setValues, resetDirty]);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const changes = changedDealFields(deal, values);
    if (Object.keys(changes).length <= 1) return;
    try {
      await update.mutateAsync(changes);
      notifications.show({
        color: 'green',
        title: 'Vente enregistrée',
        message: `« ${values.title.trim()} » est à jour.`,
      });
    } catch (error) {
      showSubmitError(form, error, setFormError, describeFor(form, saleWording));
    }
  });

  const dirty = Object.keys(changedDealFields(deal, form.values)).length > 1;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError>{formError}</FormError>
        <DealFields form={form} deal={deal} withObservations={false} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!dirty} onClick={() => form.setValues(dealFormValues(deal))}>
            Annuler les changements
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!dirty}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The deal's fields, read-only. */
export function DealFacts({ deal }: { deal: Deal }) {
  return (
    <Stack gap="xs">
      <Fact label="Prospect">{deal.prospect.fullName}</Fact>
      <Fact label="Offre vendue">{deal.service?.name ?? 'Offre retirée'}</Fact>
      <Fact label="Clôture prévue">{deal.expectedCloseDate ? formatDay(deal.expectedCloseDate) : '—'}</Fact>
      <Fact label="Probabilité">{formatDealProbability(deal)}</Fact>
    </Stack>
  );
}
