import { limits } from '@closia/shared';
import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { StepLayout } from './step-layout';
import { type StepProps, validateStepPayload } from './step-props';
import { useSaveStep } from './use-save-step';

const MAX = limits.descriptionMaxLength;

/** Step "description": a presentation of at most 2500 characters, with a counter. */
export function DescriptionStep({ track, step, profile, finished }: StepProps) {
  const { save, saving, formError } = useSaveStep(track, step, finished);
  const infopreneur = track === 'infopreneur';
  const form = useForm({
    initialValues: { description: profile.description ?? '' },
    validate: (values) => {
      const errors = validateStepPayload(track, { description: values.description });
      if (!values.description.trim()) errors.description = 'Écrivez quelques lignes pour vous présenter';
      return errors;
    },
  });
  const length = form.values.description.length;

  return (
    <StepLayout
      track={track}
      step={step}
      finished={finished}
      title={infopreneur ? 'Présentez votre activité' : 'Présentez-vous'}
      intro={
        infopreneur
          ? 'Votre thématique, vos formations et les vendeurs que vous recherchez : c’est ce que liront les setters et closers.'
          : 'Qui vous êtes, ce que vous vendez et comment vous travaillez : c’est la première chose que liront les infopreneurs.'
      }
      onSubmit={form.onSubmit((values) => save({ description: values.description.trim() }, form))}
      saving={saving}
      formError={formError}
    >
      <Textarea
        label="Présentation"
        placeholder={
          infopreneur
            ? 'Ex. : Je forme les indépendants à la gestion de leur activité. Je recherche des closers à l’aise au téléphone…'
            : 'Ex. : Setter depuis 3 ans, spécialisé dans les formations business en ligne. J’ai pris plus de 600 rendez-vous…'
        }
        autosize
        minRows={6}
        maxRows={14}
        required
        // The counter is the field's description, read after the input.
        description={
          <Text span size="xs" c={length > MAX ? 'red' : 'dimmed'} data-testid="description-counter">
            {length.toLocaleString('fr-FR')} / {MAX.toLocaleString('fr-FR')} caractères
          </Text>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        styles={{ description: { textAlign: 'right', marginTop: 4 } }}
        {...form.getInputProps('description')}
      />
    </StepLayout>
  );
}
