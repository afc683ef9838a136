import {
  certificationOptions,
  financingMethodOptions,
  type LocationType,
  locationTypeOptions,
  type Service,
  serviceCreateSchema,
} from '@closia/shared';
import {
  Alert,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { nameFilter } from '../../../lib/name-filter';
import { zodResolver } from '../../../lib/zod-resolver';
import { useWorkSectors } from '../../reference/api/get-work-sectors';
import { useCreateService } from '../api/create-service';
import { useSubmitService } from '../api/submit-service';
import { useUpdateService } from '../api/update-service';
import { marketplaceWording } from '../utils/error-wording';
import { commissionAmount, formatEuro } from '../utils/format';
import {
  changedFields,
  emptyServiceValues,
  numberOrUndefined,
  type ServiceFormValues,
  serviceFormValues,
  toServiceInput,
} from '../utils/service-form';

const validateInput = zodResolver(serviceCreateSchema);

/** The fields whose change sends an approved offer back to review. */
const reviewedFields = ['price', 'commissionRate', 'description'] as const;

/** Create or edit a training offer: every field of the spec, and "Demander la validation". */
export function ServiceFormModal({
  opened,
  service,
  onClose,
}: {
  opened: boolean;
  /** The offer edited; null to create one. */
  service: Service | null;
  onClose: () => void;
}) {
  const create = useCreateService();
  const update = useUpdateService();
  const submitForReview = useSubmitService();
  const sectors = useWorkSectors({ perPage: 100 });
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ServiceFormValues>({
    initialValues: emptyServiceValues,
    validate: (values) => validateInput(toServiceInput(values)),
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    const values = serviceFormValues(service);
    setValues(values);
    resetDirty(values);
    clearErrors();
    setFormError(null);
  }, [opened, service, setValues, resetDirty, clearErrors]);

  const sectorOptions = (sectors.data?.data ?? []).map((sector) => ({
    value: String(sector.id),
    label: sector.approved ? sector.name : `${sector.name} (à valider)`,
  }));
  const canRequestValidation =
    !service || service.validationStatus === 'not_submitted' || service.validationStatus === 'rejected';
  const previewRate = numberOrUndefined(form.values.commissionRate);
  const previewPrice = numberOrUndefined(form.values.price);
  const input = toServiceInput(form.values);
  const backToReview =
    service?.validationStatus === 'approved' &&
    reviewedFields.some(
      (field) =>
        JSON.stringify(input[field]) !== JSON.stringify(toServiceInput(serviceFormValues(service))[field]),
    );
  const pending = create.isPending || update.isPending || submitForReview.isPending;

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const next = toServiceInput(values);
    try {
      if (!service) {
        const created = await create.mutateAsync(next);
        notifications.show({
          color: 'green',
          title: 'Offre créée',
          message:
            created.validationStatus === 'pending_review'
              ? `« ${created.name} » attend la validation d’un administrateur.`
              : `« ${created.name} » est enregistrée. Demandez sa validation pour la rendre visible.`,
        });
      } else {
        const changes = changedFields(toServiceInput(serviceFormValues(service)), next);
        let saved = service;
        if (Object.keys(changes).length > 0) {
          saved = await update.mutateAsync({
            id: service.id,
            input: {
              ...changes,
              ...(canRequestValidation && values.requestValidation ? { requestValidation: true } : {}),
            },
          });
        }
        if (
          canRequestValidation &&
          values.requestValidation &&
          (saved.validationStatus === 'not_submitted' || saved.validationStatus === 'rejected')
        ) {
          saved = await submitForReview.mutateAsync(service.id);
        }
        notifications.show({
          color: 'green',
          title: 'Offre enregistrée',
          message:
            saved.validationStatus === 'pending_review'
              ? `« ${saved.name} » attend la validation d’un administrateur.`
              : `« ${saved.name} » est à jour.`,
        });
      }
      onClose();
    } catch (error) {
      showSubmitError(form, error, setFormError, describeFor(form, marketplaceWording));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={service ? `Modifier « ${service.name} »` : 'Nouvelle offre de formation'}
      size="xl"
      onSubmit={submit}
      submitLabel={service ? 'Enregistrer' : 'Créer l’offre'}
      submitting={pending}
      error={formError}
    >
      {service?.validationStatus === 'approved' && (
        <Alert color={backToReview ? 'orange' : 'blue'} variant="light" icon={<IconInfoCircle size={18} />}>
          Modifier le prix, la commission ou la description d’une offre approuvée la renvoie en validation :
          elle ne sera plus visible le temps qu’un administrateur la vérifie.
        </Alert>
      )}
      <TextInput
        label="Nom de la formation"
        placeholder="Ex. Devenir closer en 30 jours"
        required
        data-autofocus
        maxLength={255}
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Description"
        description="Le programme, le public visé, les résultats promis : ce que les vendeurs présenteront."
        required
        autosize
        minRows={4}
        maxRows={10}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NumberInput
          label="Prix"
          required
          min={1}
          suffix=" €"
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator=" "
          allowNegative={false}
          {...form.getInputProps('price')}
        />
        <NumberInput
          label="Commission"
          description={
            previewRate !== undefined && previewPrice !== undefined
              ? `Soit ${formatEuro(commissionAmount(previewPrice, previewRate))} par vente`
              : 'En % du prix, versés au vendeur'
          }
          required
          min={1}
          max={100}
          suffix=" %"
          decimalScale={2}
          decimalSeparator=","
          allowNegative={false}
          {...form.getInputProps('commissionRate')}
        />
        <NumberInput
          label="Durée"
          description="En heures"
          required
          min={1}
          suffix=" h"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('duration')}
        />
      </SimpleGrid>
      <TextInput
        label="Lien vers la formation"
        placeholder="https://…"
        required
        type="url"
        {...form.getInputProps('link')}
      />
      <MultiSelect
        label="Modes de financement"
        placeholder={form.values.financingMethods.length === 0 ? 'Choisir' : undefined}
        required
        data={financingMethodOptions}
        {...form.getInputProps('financingMethods')}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="location-type-label">
          Format
        </Text>
        <SegmentedControl
          aria-labelledby="location-type-label"
          data={locationTypeOptions}
          value={form.values.locationType}
          onChange={(value) => form.setFieldValue('locationType', value as LocationType)}
        />
      </Stack>
      {form.values.locationType !== 'online' && (
        <TextInput label="Lieu" placeholder="Ex. Lyon, 69003" required {...form.getInputProps('location')} />
      )}
      <Checkbox.Group label="Certifications" {...form.getInputProps('certifications')}>
        <Group gap="lg" mt={6}>
          {certificationOptions.map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} />
          ))}
        </Group>
      </Checkbox.Group>
      <MultiSelect
        label="Secteurs d’activité"
        placeholder={form.values.workSectors.length === 0 ? 'Choisir' : undefined}
        data={sectorOptions}
        searchable
        filter={nameFilter}
        nothingFoundMessage="Aucun secteur"
        {...form.getInputProps('workSectors')}
      />
      {canRequestValidation && (
        <Checkbox
          label="Demander la validation"
          description="Un administrateur vérifie l’offre avant qu’elle soit visible des setters et closers."
          {...form.getInputProps('requestValidation', { type: 'checkbox' })}
        />
      )}
    </FormModal>
  );
}
