import { type Service, serviceRejectSchema } from '@closia/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title="Refuser l’offre"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Refuser <strong>« {service?.name} »</strong> de {service?.infopreneur.fullName}. Le motif lui sera
            affiché sur son offre : dites ce qu’il faut corriger.
          </Text>
          <FormError>{formError}</FormError>
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" color="red" loading={pending}>
              Refuser l’offre
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
