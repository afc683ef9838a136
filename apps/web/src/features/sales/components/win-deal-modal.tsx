import { type Deal, dealWinSchema } from '@closia/shared';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useWinDeal } from '../api/win-deal';
import { numberOrNull } from '../utils/deal-form';
import { saleWording } from '../utils/error-wording';
import { formatCents, formatPercent } from '../utils/format';

interface WinValues {
  amount: number | string;
  instalments: string;
}

const instalmentOptions = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1),
  label: index === 0 ? 'En une fois' : `${index + 1} échéances mensuelles`,
}));

const validateInput = zodResolver(dealWinSchema);
const toInput = (values: WinValues) => ({
  amount: numberOrNull(values.amount) ?? undefined,
  instalments: Number(values.instalments),
});

/** "Gagné": the amount sold (the offer's price by default) and the commission's instalments (1–12). */
export function WinDealModal({ deal, onClose }: { deal: Deal | null; onClose: () => void }) {
  const win = useWinDeal();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<WinValues>({
    initialValues: { amount: '', instalments: '1' },
    validate: (values) => validateInput(toInput(values)),
  });
  const { setValues, clearErrors } = form;

  useEffect(() => {
    if (!deal) return;
    setValues({ amount: deal.service?.price ?? '', instalments: '1' });
    clearErrors();
    setFormError(null);
  }, [deal, setValues, clearErrors]);

  const amount = numberOrNull(form.values.amount);
  const rate = deal?.service?.commissionRate ?? null;
  // The API's rule: amount × rate, rounded to the cent.
  const commissionPreview =
    amount !== null && rate !== null ? Math.round((Math.round(amount * 100) * rate) / 100) : null;

  const submit = form.onSubmit(async (values) => {
    if (!deal) return;
    setFormError(null);
    try {
      const won = await win.mutateAsync({ id: deal.id, input: toInput(values) });
      notifications.show({
        color: 'green',
        title: 'Vente gagnée',
        message: `« ${won.title} » est conclue pour ${formatCents(won.valueCents)} : ${formatCents(won.commissionCents)} de commission.`,
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
      title={deal ? `Gagner « ${deal.title} »` : 'Gagner la vente'}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError}</FormError>
          <Text size="sm" c="dimmed">
            La vente passe en « Gagné » et les commissions de ses vendeurs sont enregistrées.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Montant vendu"
              description={
                deal?.service
                  ? `Prix de l’offre : ${formatCents(Math.round(deal.service.price * 100))}`
                  : undefined
              }
              required
              min={0.01}
              suffix=" €"
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator=" "
              allowNegative={false}
              data-autofocus
              {...form.getInputProps('amount')}
            />
            <Select
              label="Versement de la commission"
              allowDeselect={false}
              data={instalmentOptions}
              {...form.getInputProps('instalments')}
            />
          </SimpleGrid>
          {commissionPreview !== null && rate !== null && (
            <Text size="sm" aria-live="polite">
              Commission totale : <strong>{formatCents(commissionPreview)}</strong> ({formatPercent(rate)} du
              montant)
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" color="green" loading={win.isPending}>
              Marquer gagnée
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
