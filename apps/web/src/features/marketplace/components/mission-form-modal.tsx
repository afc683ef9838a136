import {
  type Mission,
  missionCreateSchema,
  missionTypeOptions,
  missionUpdateSchema,
  type Service,
} from '@closia/shared';
import { Button, NumberInput, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { describeFor, errorMessage } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateMission } from '../api/create-mission';
import { usePublishMission } from '../api/publish-mission';
import { useUpdateMission } from '../api/update-mission';
import { marketplaceWording } from '../utils/error-wording';
import {
  emptyMissionValues,
  type MissionFormValues,
  missionChanges,
  missionFormValues,
  toMissionInput,
} from '../utils/mission-form';

const missionFormSchema = missionCreateSchema.extend({ ticket: missionUpdateSchema.shape.ticket });
const validateInput = zodResolver(missionFormSchema);

/** What the form's submit buttons do: save (a draft, or a published mission's changes) or publish. */
type Intent = 'save' | 'publish';

/** The `value` of the button that submitted the form (Enter in a field: the first submit button). */
function submitter(event: FormEvent<HTMLFormElement> | undefined): string | undefined {
  const button = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
  return button instanceof HTMLButtonElement ? button.value : undefined;
}

/**
 * Create a mission on one of the infopreneur's approved offers, or edit one. A new mission or a draft
 * is published from here ("Publier": saved, then `POST /missions/{id}/publish`) or kept as a draft.
 */
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
  const publish = usePublishMission();
  const [formError, setFormError] = useState<string | null>(null);
  /** The button that sent the form, while it is being saved. */
  const [sending, setSending] = useState<Intent | null>(null);
  const serviceId = mission?.serviceId ?? service?.id ?? 0;
  // A new mission or a draft: published at once, or kept as a draft. A published one is just saved.
  const publishable = !mission || mission.status === 'draft';
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

  const submit = form.onSubmit(async (values, event) => {
    const intent: Intent = publishable && submitter(event) === 'publish' ? 'publish' : 'save';
    setFormError(null);
    setSending(intent);
    try {
      let saved: Pick<Mission, 'id' | 'title'>;
      try {
        if (mission) {
          const changes = missionChanges(mission, values);
          saved =
            Object.keys(changes).length > 0
              ? await update.mutateAsync({ id: mission.id, input: changes })
              : mission;
        } else {
          saved = await create.mutateAsync(toMissionInput(values, serviceId));
        }
      } catch (error) {
        showSubmitError(form, error, setFormError, describeFor(form, marketplaceWording));
        return;
      }
      if (intent === 'publish') {
        try {
          await publish.mutateAsync(saved.id);
        } catch (error) {
          // Saved, not published: the form is done (a second "Publier" would create it twice).
          notifications.show({
            color: 'orange',
            title: 'Mission enregistrée en brouillon',
            message: `« ${saved.title} » n’a pas pu être publiée : ${errorMessage(error, marketplaceWording)}`,
          });
          onClose();
          return;
        }
        notifications.show({
          color: 'green',
          title: 'Mission publiée',
          message: `« ${saved.title} » est visible des setters et closers.`,
        });
      } else if (publishable) {
        notifications.show({
          color: 'green',
          title: 'Brouillon enregistré',
          message: `« ${saved.title} » n’est visible que de vous : publiez-la pour recevoir des candidatures.`,
        });
      } else {
        notifications.show({
          color: 'green',
          title: 'Mission enregistrée',
          message: `« ${saved.title} » est à jour.`,
        });
      }
      onClose();
    } finally {
      setSending(null);
    }
  });

  const serviceName = mission?.service.name ?? service?.name;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={
        mission
          ? `Modifier « ${mission.title} »`
          : `Nouvelle mission${serviceName ? ` pour « ${serviceName} »` : ''}`
      }
      size="lg"
      onSubmit={submit}
      error={formError}
      actions={
        <>
          {/* The first submit button is the one Enter presses: the draft, never a publication by mistake. */}
          <Button
            type="submit"
            name="intent"
            value="save"
            variant={publishable ? 'light' : 'filled'}
            loading={sending === 'save'}
            disabled={sending === 'publish'}
          >
            {publishable ? 'Enregistrer le brouillon' : 'Enregistrer'}
          </Button>
          {publishable && (
            <Button
              type="submit"
              name="intent"
              value="publish"
              leftSection={<IconSend size={16} />}
              loading={sending === 'publish'}
              disabled={sending === 'save'}
            >
              Publier
            </Button>
          )}
        </>
      }
    >
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
      {publishable && (
        <Text size="sm" c="dimmed" data-testid="mission-form-status">
          {mission
            ? 'Cette mission est un brouillon, visible de vous seul : publiez-la pour recevoir des candidatures.'
            : 'Publiez-la pour recevoir des candidatures, ou enregistrez-la en brouillon (visible de vous seul) pour la publier plus tard.'}
        </Text>
      )}
    </FormModal>
  );
}
