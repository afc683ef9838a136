import { referenceItemSchema } from '@closia/shared';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { isApiError } from '../../../lib/api-client';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import type { AdminReferenceItem } from '../api/admin-reference-keys';

interface ReferenceItemFormModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  placeholder: string;
  /** The item renamed; none to create one. */
  item?: AdminReferenceItem | null;
  pending: boolean;
  onClose: () => void;
  /** Resolves when saved; rejects with the API error (shown on the field). */
  onSubmit: (name: string) => Promise<unknown>;
}

/** Name of a new or renamed reference item. */
export function ReferenceItemFormModal({
  opened,
  title,
  submitLabel,
  placeholder,
  item,
  pending,
  onClose,
  onSubmit,
}: ReferenceItemFormModalProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: '' }, validate: zodResolver(referenceItemSchema) });
  const { setValues, resetDirty, clearErrors } = form;

  // Each opening starts from the item's current name (or empty).
  useEffect(() => {
    if (!opened) return;
    setValues({ name: item?.name ?? '' });
    resetDirty({ name: item?.name ?? '' });
    clearErrors();
    setFormError(null);
  }, [opened, item, setValues, resetDirty, clearErrors]);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const { name } = referenceItemSchema.parse(values);
    if (item && name === item.name) {
      onClose();
      return;
    }
    try {
      await onSubmit(name);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors?.some((e) => e.rule === 'unique')) {
        form.setFieldError('name', 'Ce nom existe déjà.');
        return;
      }
      showSubmitError(form, error, setFormError);
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      onSubmit={submit}
      submitLabel={submitLabel}
      submitting={pending}
      error={formError}
    >
      <TextInput
        label="Nom"
        placeholder={placeholder}
        required
        data-autofocus
        maxLength={100}
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
}
