import {
  type Mission,
  missionCreateSchema,
  missionTypeOptions,
  missionUpdateSchema,
  type Service,
} from '@closia/shared';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateMission } from '../api/create-mission';
import { useUpdateMission } from '../api/update-mission';
import { describeFor } from '../utils/errors';
import {
  emptyMissionValues,
  type MissionFormValues,
  missionChanges,
  missionFormValues,
  toMissionInput,
} from '../utils/mission-form';

const missionFormSchema = missionCreateSchema.extend({ ticket: missionUpdateSchema.shape.ticket });
const validateInput = zodResolver(missionFormSchema);

/** Create a mission on one of the infopreneur's approved offers, or edit one. */
export function MissionFormModal({
  opened,
  service,
  mission,
  onClose,
}: {
  opened: boolean;
  /** The offer the mission sells. */
  service: Pick<Service, 'id' | 'name'> | null;
  /** The mission edited; null to create one. */
  mission: Mission | null;
  onClose: () => void;
}) {
  const create = useCreateMission();
  const update = useUpdateMission();
  const [formError, setFormError] = useState<string | null>(null);
  const serviceId = mission?.serviceId ?? service?.id ?? 0;
  const form = useForm<MissionFormValues>({
    initialValues: emptyMissionValues,
    validate: (values) => validateInput(toMissionInput(values, serviceId || 1)),
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    const values = missionFormValues(mission);
    setValues(values);
    resetDirty(values);
    clearErrors();
    setFormError(null);
  }, [opened, mission, setValues, resetDirty, clearErrors]);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      if (mission) {
        const changes = missionChanges(mission, values);
        if (Object.keys(changes).length > 0) await update.mutateAsync({ id: mission.id, input: changes });
        notifications.show({
          color: 'green',
          title: 'Mission enregistrée',
          message: `« ${values.title.trim()} » est à jour.`,
        });
      } else {
        const created = await create.mutateAsync(toMissionInput(values, serviceId));
        notifications.show({
          color: 'green',
          title: 'Mission créée',
          message: `« ${created.title} » est un brouillon : publiez-la pour recevoir des candidatures.`,
        });
      }
      onClose();
    } catch (error) {
      showSubmitError(form, error, setFormError, describeFor(form));
    }
  });

  const serviceName = mission?.service.name ?? service?.name;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        mission
          ? `Modifier « ${mission.title} »`
          : `Nouvelle mission${serviceName ? ` pour « ${serviceName} »` : ''}`
      }
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError}</FormError>
          <TextInput
            label="Titre"
            placeholder="Ex. Closer pour ma formation Excel (CPF)"
            required
            data-autofocus
            maxLength={100}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description"
            description="Le rythme, les leads fournis, les outils, ce que vous attendez du vendeur."
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('description')}
          />
          <Select
            label="Profil recherché"
            placeholder="Choisir"
            required
            data={missionTypeOptions}
            allowDeselect={false}
            {...form.getInputProps('missionType')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberInput
              label="Taux de conversion minimum"
              description="En % (6/10 sur un profil = 60 %)"
              min={0}
              max={100}
              suffix=" %"
              allowNegative={false}
              decimalSeparator=","
              {...form.getInputProps('minConversionRate')}
            />
            <NumberInput
              label="Expérience minimum"
              description="En années"
              min={1}
              suffix=" ans"
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('minExperience')}
            />
            <NumberInput
              label="Panier moyen"
              description="Montant moyen d’une vente"
              min={1}
              suffix=" €"
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator=" "
              allowNegative={false}
              {...form.getInputProps('ticket')}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {mission ? 'Enregistrer' : 'Créer la mission'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
