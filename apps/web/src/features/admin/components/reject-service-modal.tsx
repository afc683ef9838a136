import { type Service, serviceRejectSchema } from '@closia/shared';
import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';

/** The reason of a rejection, required: the infopreneur reads it on their offer. */
export function RejectServiceModal({
  service,
  pending,
  onClose,
  onSubmit,
}: {
  service: Service | null;
  pending: boolean;
  onClose: () => void;
  /** Resolves when rejected; rejects with the API error. */
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '' }, validate: zodResolver(serviceRejectSchema) });
  const { setValues, clearErrors } = form;
  const opened = service !== null;

  useEffect(() => {
    if (!opened) return;
    setValues({ reason: '' });
    clearErrors();
    setFormError(null);
  }, [opened, setValues, clearErrors]);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(serviceRejectSchema.parse(values).reason);
    } catch (error) {
      showSubmitError(form, error, setFormError);
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Refuser l’offre"
      centered
      size="lg"
      onSubmit={submit}
      submitLabel="Refuser l’offre"
      submitColor="red"
      submitting={pending}
      error={formError}
    >
      <Text size="sm">
        Refuser <strong>« {service?.name} »</strong> de {service?.infopreneur.fullName}. Le motif lui sera
        affiché sur son offre : dites ce qu’il faut corriger.
      </Text>
      <Textarea
        label="Motif du refus"
        placeholder="Ex. Le lien de la formation ne fonctionne pas ; la certification Qualiopi n’est pas justifiée."
        required
        autosize
        minRows={4}
        maxRows={10}
        maxLength={2000}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}
