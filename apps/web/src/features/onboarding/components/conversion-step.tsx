import { Group, NumberInput, Slider, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatRate } from '../../../lib/format';
import { StepLayout } from './step-layout';
import { asSalesProfile, type StepProps, validateStepPayload } from './step-props';
import { useSaveStep } from './use-save-step';

const marks = [0, 2, 4, 6, 8, 10].map((value) => ({ value, label: String(value) }));

/** Step "conversion": the conversion rate, 0–10 by steps of 0.5 — "sur 10 appels, combien de ventes ?". */
export function ConversionStep({ track, step, profile, finished }: StepProps) {
  const { save, saving, formError } = useSaveStep(track, step, finished);
  const form = useForm<{ conversionRate: number | '' }>({
    initialValues: { conversionRate: asSalesProfile(profile).conversionRate ?? '' },
    validate: (values) => {
      if (values.conversionRate === '') return { conversionRate: 'Indiquez votre taux de conversion' };
      return validateStepPayload(track, { conversionRate: values.conversionRate });
    },
  });
  const rate = form.values.conversionRate;

  return (
    <StepLayout
      track={track}
      step={step}
      finished={finished}
      title="Votre taux de conversion"
      intro="Sur 10 appels, combien de ventes ? Une estimation honnête suffit : elle s’affichera sur votre profil (par exemple 4,5/10)."
      onSubmit={form.onSubmit((values) => save({ conversionRate: Number(values.conversionRate) }, form))}
      saving={saving}
      formError={formError}
    >
      <Stack gap="xl">
        <NumberInput
          label="Ventes sur 10 appels"
          description="De 0 à 10, par pas de 0,5"
          min={0}
          max={10}
          step={0.5}
          decimalScale={1}
          decimalSeparator=","
          clampBehavior="strict"
          allowNegative={false}
          placeholder="Ex. : 4,5"
          maw={220}
          required
          {...form.getInputProps('conversionRate')}
        />
        <Stack gap={6} pb="md">
          <Slider
            min={0}
            max={10}
            step={0.5}
            marks={marks}
            value={rate === '' ? 0 : rate}
            onChange={(value) => form.setFieldValue('conversionRate', value)}
            label={(value) => `${formatRate(value)}/10`}
            thumbLabel="Taux de conversion, sur 10"
            color={rate === '' ? 'gray' : undefined}
          />
        </Stack>
        {rate !== '' && (
          <Group gap={6}>
            <Text>Votre profil affichera :</Text>
            <Text fw={700} data-testid="conversion-preview">
              {formatRate(rate)}/10
            </Text>
          </Group>
        )}
      </Stack>
    </StepLayout>
  );
}
