import { Button, Group, type MantineColor, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormError } from './form-error';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The form's submit handler (e.g. Mantine's `form.onSubmit(...)`); it receives the submit event. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields, and any text between the error and the buttons. */
  children: ReactNode;
  /** The submit button's text: "Enregistrer", "Créer l’équipe"… */
  submitLabel?: ReactNode;
  /** The request is under way: the submit button spins. */
  submitting?: boolean;
  submitColor?: MantineColor;
  submitIcon?: ReactNode;
  submitDisabled?: boolean;
  /** Replaces the submit button, e.g. two submit buttons (save a draft, publish). */
  actions?: ReactNode;
  /** Annuler is greyed out (e.g. while an irreversible request runs). */
  cancelDisabled?: boolean;
  /** The failure not tied to a field, in French (`errorText`, `showSubmitError`): above the fields. */
  error?: ReactNode;
  size?: ModalProps['size'];
  centered?: boolean;
}

/**
 * The shell of every form in a modal: the title and its "Fermer" button, a `<form>` (Enter submits),
 * the error not tied to a field, the fields, then "Annuler" and the submit button on the right.
 */
export function FormModal({
  opened,
  onClose,
  title,
  onSubmit,
  children,
  submitLabel = 'Enregistrer',
  submitting = false,
  submitColor,
  submitIcon,
  submitDisabled,
  actions,
  cancelDisabled,
  error,
  size,
  centered,
}: FormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered={centered}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError>{error}</FormError>
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={cancelDisabled}>
              Annuler
            </Button>
            {actions ?? (
              <Button
                type="submit"
                color={submitColor}
                leftSection={submitIcon}
                loading={submitting}
                disabled={submitDisabled}
              >
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
