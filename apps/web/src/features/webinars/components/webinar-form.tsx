import {
  errorReasonText,
  type Webinar,
  webinarLanguageLabels,
  webinarLanguages,
  webinarLeadModeLabels,
  webinarLeadModes,
  webinarPlatformLabels,
  webinarPlatforms,
  webinarSchema,
} from '@closia/shared';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DateTimeField } from '../../../components/date-time-field';
import { FormError } from '../../../components/form-error';
import { Section } from '../../../components/section';
import { isApiError } from '../../../lib/api-client';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useMyApprovedOffers } from '../api/get-my-offers';
import { viewerTimeZone } from '../utils/time';
import {
  emptyWebinarValues,
  leadModeError,
  toWebinarInput,
  type WebinarFormValues,
  webinarFormValues,
} from '../utils/webinar-form';
import {
  AgendaEditor,
  InteractiveEditor,
  ReplayFields,
  ResourcesEditor,
  SpeakersEditor,
} from './webinar-form-lists';

const validateInput = zodResolver(webinarSchema);

const platformOptions = webinarPlatforms.map((value) => ({ value, label: webinarPlatformLabels[value] }));
const languageOptions = webinarLanguages.map((value) => ({
  value,
  label: webinarLanguageLabels[value] ?? value,
}));

function timeZoneOptions(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = ['Europe/Paris'];
  }
  return [...new Set([current, 'Europe/Paris', ...zones])].sort();
}

/** The reasons a 422 gives without a field, put back under the field they are about. */
const reasonFields: Partial<Record<string, keyof WebinarFormValues>> = {
  WEBINAR_IN_PAST: 'startTime',
  WEBINAR_SERVICE_NOT_OWNED: 'serviceId',
};

/**
 * Create or edit a webinar: every field of the contract, the lists editable, the start picked in
 * the webinar's own time zone (sent in UTC), the server's 422 errors under their fields.
 */
export function WebinarForm({
  webinar,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  webinar: Webinar | null;
  submitLabel: string;
  onSubmit: (values: WebinarFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const offers = useMyApprovedOffers(true);
  const form = useForm<WebinarFormValues>({
    initialValues: webinar ? webinarFormValues(webinar) : emptyWebinarValues(viewerTimeZone()),
    validate: (values) => {
      const errors = validateInput(toWebinarInput(values));
      const leadMode = leadModeError(values);
      if (leadMode) errors.leadMode = leadMode;
      return errors;
    },
  });
  const [zones] = useState(() => timeZoneOptions(form.values.timezone));
  const offerOptions = [
    ...(offers.data ?? []).map((offer) => ({ value: String(offer.id), label: offer.name })),
    ...(webinar?.service && !offers.data?.some((offer) => offer.id === webinar.service?.id)
      ? [{ value: String(webinar.service.id), label: webinar.service.name }]
      : []),
  ];

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    setSending(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const field = isApiError(error) && error.reason ? reasonFields[error.reason] : undefined;
      const text = isApiError(error) ? errorReasonText(error.reason) : null;
      if (field && text) {
        form.setFieldError(field, text);
      } else {
        showSubmitError(form, error, setFormError, describeFor(form));
      }
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="lg">
        <Section title="L’essentiel">
          <TextInput label="Titre" required {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            description="Au moins 50 caractères : ce que les participants vont apprendre."
            required
            autosize
            minRows={5}
            {...form.getInputProps('description')}
          />
          <Textarea label="Public visé" autosize minRows={2} {...form.getInputProps('targetAudience')} />
          <Select
            label="Langue"
            required
            data={languageOptions}
            allowDeselect={false}
            {...form.getInputProps('language')}
          />
        </Section>

        <Section title="Date et salle">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Fuseau horaire"
              description="L’heure de début est celle de ce fuseau."
              required
              searchable
              data={zones}
              allowDeselect={false}
              nothingFoundMessage="Aucun fuseau"
              {...form.getInputProps('timezone')}
            />
            <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
              <DateTimeField
                label="Début"
                required
                description={`Heure de ${form.values.timezone}`}
                {...form.getInputProps('startTime')}
              />
            </DatesProvider>
            <NumberInput
              label="Durée (minutes)"
              required
              min={15}
              max={480}
              step={15}
              {...form.getInputProps('durationMinutes')}
            />
            <Select
              label="Plateforme"
              placeholder="Choisir"
              data={platformOptions}
              clearable
              clearButtonProps={{ 'aria-label': 'Effacer la plateforme' }}
              {...form.getInputProps('platform')}
            />
          </SimpleGrid>
          <TextInput
            label="Lien de la salle"
            description="Visible seulement des inscrits, par leur lien personnel."
            placeholder="https://…"
            type="url"
            {...form.getInputProps('platformUrl')}
          />
        </Section>

        <Section title="Inscriptions et prospects">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label="Prix de la place"
              description="0 : gratuit."
              min={0}
              decimalScale={2}
              decimalSeparator=","
              suffix=" €"
              {...form.getInputProps('price')}
            />
            <NumberInput
              label="Nombre de places"
              description="Vide : sans limite."
              min={1}
              allowDecimal={false}
              {...form.getInputProps('capacity')}
            />
          </SimpleGrid>
          <Checkbox
            label="Inscriptions ouvertes"
            {...form.getInputProps('isRegistrationOpen', { type: 'checkbox' })}
          />
          <Select
            label="Offre présentée"
            description="Une de vos offres approuvées, vendue pendant le webinaire."
            placeholder={
              offers.isPending
                ? 'Chargement…'
                : offerOptions.length
                  ? 'Choisir une offre'
                  : 'Aucune offre approuvée'
            }
            data={offerOptions}
            clearable
            clearButtonProps={{ 'aria-label': 'Effacer l’offre' }}
            {...form.getInputProps('serviceId')}
          />
          <Radio.Group
            label="Les inscrits qui acceptent d’être contactés"
            required
            {...form.getInputProps('leadMode')}
          >
            <Stack gap="xs" mt="xs">
              {webinarLeadModes.map((mode) => (
                <Radio
                  key={mode}
                  value={mode}
                  label={webinarLeadModeLabels[mode]}
                  description={
                    mode === 'round_robin'
                      ? 'Demande une offre présentée : ses setters acceptés reçoivent les prospects à tour de rôle.'
                      : undefined
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        </Section>

        <SpeakersEditor form={form} />
        <AgendaEditor form={form} />
        <ResourcesEditor form={form} />
        <InteractiveEditor form={form} />
        <ReplayFields form={form} />

        <FormError>{formError}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" loading={sending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
