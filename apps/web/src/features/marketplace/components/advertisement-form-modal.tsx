import {
  type Advertisement,
  advertisementCreateSchema,
  advertisementStatuses,
  advertisementUpdateSchema,
  missionTypeLabels,
} from '@closia/shared';
import { Group, Image, MultiSelect, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { nameFilter } from '../../../lib/name-filter';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateAdvertisement } from '../api/create-advertisement';
import { useMyMissions } from '../api/get-my-missions';
import { useMyServices } from '../api/get-my-services';
import { useUpdateAdvertisement } from '../api/update-advertisement';
import {
  type AdvertisementFormValues,
  advertisementFormValues,
  defaultAdvertisementValues,
  targetErrors,
  toAdvertisementInput,
  toAdvertisementUpdate,
} from '../utils/advertisement-form';
import { marketplaceWording } from '../utils/error-wording';
import { advertisementStatusLabels } from './status-badges';
import { useWorkSectorOptions } from './work-sector-options';

const validateCreate = zodResolver(advertisementCreateSchema);
const validateUpdate = zodResolver(advertisementUpdateSchema);

const roleOptions = [
  { value: 'all', label: 'Tous les profils' },
  ...(['setter', 'closer', 'setter_closer'] as const).map((role) => ({
    value: role,
    label: missionTypeLabels[role],
  })),
];

/** Create or edit a campaign promoting one of the infopreneur's offers or missions. */
export function AdvertisementFormModal({
  opened,
  advertisement,
  onClose,
}: {
  opened: boolean;
  advertisement: Advertisement | null;
  onClose: () => void;
}) {
  const create = useCreateAdvertisement();
  const update = useUpdateAdvertisement();
  const services = useMyServices({ perPage: 100 });
  const missions = useMyMissions({ perPage: 100 });
  const sectors = useWorkSectorOptions();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = advertisement !== null;
  const form = useForm<AdvertisementFormValues>({
    initialValues: defaultAdvertisementValues(),
    validate: (values) =>
      targetErrors(
        editing
          ? validateUpdate(toAdvertisementUpdate(values))
          : validateCreate(toAdvertisementInput(values)),
      ),
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    const values = advertisementFormValues(advertisement);
    setValues(values);
    resetDirty(values);
    clearErrors();
    setFormError(null);
  }, [opened, advertisement, setValues, resetDirty, clearErrors]);

  const targetOptions = [
    {
      group: 'Offres de formation',
      items: (services.data?.data ?? [])
        .filter(
          (service) =>
            service.validationStatus === 'approved' || `service:${service.id}` === form.values.target,
        )
        .map((service) => ({ value: `service:${service.id}`, label: service.name })),
    },
    {
      group: 'Missions',
      items: (missions.data?.data ?? [])
        .filter((mission) => mission.status === 'published' || `mission:${mission.id}` === form.values.target)
        .map((mission) => ({ value: `mission:${mission.id}`, label: mission.title })),
    },
  ].filter((group) => group.items.length > 0);

  // Errors on `serviceId` / `missionId` go under the target select.
  const errorTarget = {
    setFieldError: (path: string, message: string) =>
      form.setFieldError(path === 'serviceId' || path === 'missionId' ? 'target' : path, message),
    getValues: () => ({ ...form.getValues(), serviceId: null, missionId: null }),
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      if (advertisement) {
        await update.mutateAsync({ id: advertisement.id, input: toAdvertisementUpdate(values) });
        notifications.show({
          color: 'green',
          title: 'Campagne enregistrée',
          message: `« ${values.title.trim()} » est à jour.`,
        });
      } else {
        const created = await create.mutateAsync(toAdvertisementInput(values));
        notifications.show({
          color: 'green',
          title: 'Campagne créée',
          message:
            created.status === 'active'
              ? `« ${created.title} » sera diffusée entre les dates choisies.`
              : `« ${created.title} » est enregistrée : activez-la pour la diffuser.`,
        });
      }
      onClose();
    } catch (error) {
      showSubmitError(errorTarget, error, setFormError, describeFor(errorTarget, marketplaceWording));
    }
  });

  const statusOptions = advertisementStatuses
    .filter((status) => editing || status !== 'ended')
    .map((status) => ({ value: status, label: advertisementStatusLabels[status] }));
  const imagePreview = /^https?:\/\/\S+$/.test(form.values.image.trim()) ? form.values.image.trim() : null;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={advertisement ? `Modifier « ${advertisement.title} »` : 'Nouvelle campagne'}
      size="xl"
      onSubmit={submit}
      submitLabel={advertisement ? 'Enregistrer' : 'Créer la campagne'}
      submitting={create.isPending || update.isPending}
      error={formError}
    >
      <Select
        label="Ce que vous mettez en avant"
        description={
          editing
            ? 'La cible d’une campagne ne change pas : créez-en une autre pour promouvoir autre chose.'
            : 'Une de vos offres approuvées ou une de vos missions publiées'
        }
        placeholder={
          services.isPending || missions.isPending ? 'Chargement…' : 'Choisir une offre ou une mission'
        }
        required
        data={
          editing && advertisement && targetOptions.length === 0
            ? [{ value: form.values.target ?? '', label: advertisement.targetName }]
            : targetOptions
        }
        disabled={editing}
        searchable
        nothingFoundMessage="Aucune offre approuvée ni mission publiée"
        {...form.getInputProps('target')}
      />
      <TextInput label="Titre" required maxLength={100} data-autofocus {...form.getInputProps('title')} />
      <Textarea
        label="Texte"
        description="De 10 à 500 caractères : ce qui donnera envie de cliquer."
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={500}
        {...form.getInputProps('text')}
      />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <TextInput
          label="Image (adresse)"
          placeholder="https://…"
          type="url"
          style={{ flex: 1 }}
          {...form.getInputProps('image')}
        />
        {imagePreview && (
          <Image src={imagePreview} alt="Aperçu de l’image" w={96} h={64} radius="sm" fit="cover" mt={24} />
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MultiSelect
          label="Secteurs ciblés"
          description="Aucun : tous les secteurs"
          data={sectors.options}
          searchable
          filter={nameFilter}
          nothingFoundMessage="Aucun secteur"
          {...form.getInputProps('targetWorkSectors')}
        />
        <Select
          label="Profil ciblé"
          data={roleOptions}
          allowDeselect={false}
          {...form.getInputProps('targetRole')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="Début" type="datetime-local" required {...form.getInputProps('startsAt')} />
        <TextInput label="Fin" type="datetime-local" required {...form.getInputProps('endsAt')} />
        <Select label="Statut" data={statusOptions} allowDeselect={false} {...form.getInputProps('status')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Une campagne active est diffusée entre ses dates, marquée « Sponsorisé » en tête des recherches
        correspondantes.
      </Text>
    </FormModal>
  );
}
