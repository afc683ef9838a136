import { type Deal, dealHandoffSchema } from '@closia/shared';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useHandOffDeal } from '../api/hand-off-deal';
import { useCloserSearch } from '../api/search-closers';
import { saleWording } from '../utils/error-wording';

interface HandoffValues {
  closerId: string | null;
  note: string;
}

const validateInput = zodResolver(dealHandoffSchema);
const toInput = (values: HandoffValues) => ({
  closerId: (values.closerId ? Number(values.closerId) : undefined) as number,
  note: values.note.trim() || undefined,
});

const kindLabels = { closer: 'Closer', setter_closer: 'Setter & Closer', setter: 'Setter' } as const;

/**
 * "Passer à un closer" (the owner, at R2): the closer becomes the deal's owner, the setter keeps
 * following it. The closer is found by name among the closers of the platform; the API accepts only
 * one accepted on a mission of the deal's offer, and says so under the field otherwise.
 */
export function HandoffModal({ deal, onClose }: { deal: Deal | null; onClose: () => void }) {
  const handOff = useHandOffDeal();
  const [formError, setFormError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const query = chosen && search === chosen.label ? '' : debounced;
  const closers = useCloserSearch(query, { enabled: deal !== null });
  const form = useForm<HandoffValues>({
    initialValues: { closerId: null, note: '' },
    validate: (values) => validateInput(toInput(values)),
  });
  const { reset } = form;

  useEffect(() => {
    if (deal) {
      reset();
      setSearch('');
      setChosen(null);
      setFormError(null);
    }
  }, [deal, reset]);

  const options = (closers.data?.data ?? [])
    .filter((closer) => closer.id !== deal?.ownerId)
    .map((closer) => ({
      value: String(closer.id),
      label: `${closer.fullName} · ${kindLabels[closer.kind]}`,
    }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);

  const submit = form.onSubmit(async (values) => {
    if (!deal) return;
    setFormError(null);
    try {
      const handed = await handOff.mutateAsync({ id: deal.id, input: toInput(values) });
      notifications.show({
        color: 'green',
        title: 'Vente confiée',
        message: `${handed.owner.fullName} reprend « ${handed.title} ». Vous la suivez comme setter.`,
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
      title={deal ? `Passer « ${deal.title} » à un closer` : 'Passer à un closer'}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError}</FormError>
          <Text size="sm" c="dimmed">
            Le closer devient responsable de la vente et la conclut ; vous la suivez comme setter et touchez
            votre part de la commission.
          </Text>
          <Select
            label="Closer"
            placeholder="Rechercher un closer par son nom"
            description={
              deal?.service
                ? `Il doit être accepté sur une mission de l’offre « ${deal.service.name} ».`
                : 'Il doit être accepté sur une mission de l’offre vendue.'
            }
            required
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            data={options}
            nothingFoundMessage={closers.isFetching ? 'Recherche…' : 'Aucun closer trouvé'}
            data-autofocus
            {...form.getInputProps('closerId')}
            onChange={(value, option) => {
              setChosen(value ? { value, label: option.label } : null);
              form.setFieldValue('closerId', value);
            }}
          />
          <Textarea
            label="Note pour le closer"
            description="Ce qu’il faut savoir avant l’appel : besoins, objections, disponibilités."
            autosize
            minRows={3}
            maxLength={500}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={handOff.isPending}>
              Confier la vente
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
