import { Fieldset, Group, Select, Text, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockHour4 } from '@tabler/icons-react';
import {
  experienceSummary,
  fromExperienceDate,
  monthNames,
  monthsSince,
  toExperienceDate,
} from './experience';
import { StepLayout } from './step-layout';
import { asSalesProfile, type StepProps, validateStepPayload } from './step-props';
import { useSaveStep } from './use-save-step';

const now = new Date();
const monthOptions = monthNames.map((name, index) => ({
  value: String(index + 1),
  label: name.charAt(0).toLocaleUpperCase('fr-FR') + name.slice(1),
}));
const yearOptions = Array.from({ length: 51 }, (_, index) => String(now.getFullYear() - index));

interface ExperienceValues {
  month: string | null;
  year: string | null;
}

/** Step "experience": the month and year the user started selling → 'YYYY-MM-01'. */
export function ExperienceStep({ track, step, profile, finished }: StepProps) {
  const { save, saving, formError } = useSaveStep(track, step, finished);
  const form = useForm<ExperienceValues>({
    initialValues: fromExperienceDate(asSalesProfile(profile).experience),
    validate: (values) => {
      const experience = toExperienceDate(values.year, values.month);
      const errors: Record<string, string> = {};
      if (!values.month) errors.month = 'Choisissez le mois';
      if (!values.year) errors.year = 'Choisissez l’année';
      if (experience) {
        const schemaError = validateStepPayload(track, { experience }).experience;
        if (schemaError) errors.year = schemaError;
        else if (monthsSince(experience) < 0) errors.month = 'Cette date est dans le futur';
      }
      return errors;
    },
  });
  const experience = toExperienceDate(form.values.year, form.values.month);

  return (
    <StepLayout
      track={track}
      step={step}
      finished={finished}
      title="Depuis quand vendez-vous ?"
      intro="Le mois où vous avez commencé la vente (setting, closing, vente par téléphone…). Votre profil affichera vos années d’expérience."
      onSubmit={form.onSubmit((values) => {
        // A server error on `experience` is shown under the year.
        const target = {
          getValues: () => ({ experience: '' }),
          setFieldError: (_path: string, error: string) => form.setFieldError('year', error),
        };
        save({ experience: toExperienceDate(values.year, values.month) }, target);
      })}
      saving={saving}
      formError={formError}
    >
      <Fieldset legend="J’ai commencé à vendre en" variant="unstyled">
        <Group grow align="flex-start" gap="sm" preventGrowOverflow={false}>
          <Select
            label="Mois"
            placeholder="Mois"
            data={monthOptions}
            allowDeselect={false}
            required
            {...form.getInputProps('month')}
          />
          <Select
            label="Année"
            placeholder="Année"
            data={yearOptions}
            searchable
            allowDeselect={false}
            required
            {...form.getInputProps('year')}
          />
        </Group>
      </Fieldset>
      {experience && monthsSince(experience) >= 0 && (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" aria-hidden="true">
            <IconClockHour4 size={18} />
          </ThemeIcon>
          <Text fw={600} data-testid="experience-summary">
            {experienceSummary(experience)}
          </Text>
        </Group>
      )}
    </StepLayout>
  );
}
