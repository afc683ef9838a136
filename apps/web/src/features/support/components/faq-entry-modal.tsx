import { type FaqEntry, faqEntrySchema, supportCategoryOptions, supportLimits } from '@closia/shared';
import { NumberInput, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateFaqEntry, useUpdateFaqEntry } from '../api/faq';

interface Values {
  question: string;
  answer: string;
  category: string | null;
  position: number | string;
}

const valuesOf = (entry: FaqEntry | null): Values =>
  entry
    ? { question: entry.question, answer: entry.answer, category: entry.category, position: entry.position }
    : { question: '', answer: '', category: null, position: '' };

/** The form's values as the API takes them (an empty position: last of its category). */
function inputOf(values: Values) {
  return {
    question: values.question,
    answer: values.answer,
    category: values.category,
    ...(values.position === '' ? {} : { position: Number(values.position) }),
  };
}

/** A new FAQ entry (`entry` null) or a change to one. */
export function FaqEntryModal({
  opened,
  entry,
  onClose,
}: {
  opened: boolean;
  entry: FaqEntry | null;
  onClose: () => void;
}) {
  const create = useCreateFaqEntry();
  const update = useUpdateFaqEntry();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(entry),
    validate: (values) => zodResolver(faqEntrySchema)(inputOf(values)),
  });
  const { setValues, resetDirty, clearErrors } = form;

  // Each opening starts from the entry (or empty).
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(entry));
    resetDirty(valuesOf(entry));
    clearErrors();
    setMessage(null);
  }, [opened, entry, setValues, resetDirty, clearErrors]);

  const submit = form.onSubmit((values) => {
    setMessage(null);
    const input = faqEntrySchema.parse(inputOf(values));
    const done = () => {
      notifications.show({
        color: 'green',
        title: entry ? 'Question modifiée' : 'Question ajoutée',
        message: 'La FAQ de la page Support est à jour.',
      });
      onClose();
    };
    const failed = (error: unknown) => showSubmitError(form, error, setMessage, describeFor(form));
    if (entry) update.mutate({ id: entry.id, input }, { onSuccess: done, onError: failed });
    else create.mutate(input, { onSuccess: done, onError: failed });
  });

  const answerLength = form.getValues().answer.trim().length;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={entry ? 'Modifier la question' : 'Nouvelle question'}
      onSubmit={submit}
      submitLabel={entry ? 'Enregistrer' : 'Ajouter à la FAQ'}
      submitting={create.isPending || update.isPending}
      error={message}
      size="lg"
    >
      <TextInput
        label="Question"
        placeholder="Ex. : Comment changer mon mot de passe ?"
        required
        maxLength={supportLimits.questionMax}
        {...form.getInputProps('question')}
      />
      <Select
        label="Catégorie"
        placeholder="Choisissez une catégorie"
        data={supportCategoryOptions}
        required
        allowDeselect={false}
        {...form.getInputProps('category')}
      />
      <Textarea
        label="Réponse"
        description="Texte simple : chaque retour à la ligne commence un paragraphe."
        required
        autosize
        minRows={6}
        maxRows={16}
        maxLength={supportLimits.answerMax}
        {...form.getInputProps('answer')}
      />
      <Text size="xs" c="dimmed" mt={-8}>
        {answerLength} / {supportLimits.answerMax} caractères
      </Text>
      <NumberInput
        label="Position dans la catégorie"
        description="Les plus petites d’abord ; vide : à la fin."
        min={0}
        max={supportLimits.positionMax}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('position')}
      />
    </FormModal>
  );
}
