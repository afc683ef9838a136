import { PasswordInput, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PasswordStrength } from './password-strength';

/** The new password (with its strength hint) and its confirmation, for the reset and change forms. */
export function NewPasswordFields<T extends { password: string; passwordConfirmation: string }>({
  form,
  confirmationLabel,
}: {
  form: UseFormReturnType<T>;
  confirmationLabel: string;
}) {
  return (
    <>
      <Stack gap={6}>
        <PasswordInput
          label="Nouveau mot de passe"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordStrength password={form.values.password} />
      </Stack>
      <PasswordInput
        label={confirmationLabel}
        autoComplete="new-password"
        required
        {...form.getInputProps('passwordConfirmation')}
      />
    </>
  );
}
