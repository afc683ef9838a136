import { changePasswordSchema } from '@closia/shared';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useChangePassword } from '../api/change-password';
import { AuthHeader } from '../components/auth-header';
import { FormAlert } from '../components/form-alert';
import { NewPasswordFields } from '../components/new-password-fields';
import { authErrorMessage } from '../utils/auth-errors';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { currentPassword: '', password: '', passwordConfirmation: '' },
    validate: zodResolver(changePasswordSchema),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    changePassword.mutate(changePasswordSchema.parse(values), {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Mot de passe modifié',
          message: 'Votre nouveau mot de passe est enregistré.',
        });
        navigate(paths.dashboard.settings, { replace: true });
      },
      onError: (error) => {
        showSubmitError(form, error, setFormError, authErrorMessage);
      },
    });
  });

  return (
    <>
      <AuthHeader title="Changer de mot de passe">
        Saisissez votre mot de passe actuel, puis choisissez le nouveau.
      </AuthHeader>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert>{formError}</FormAlert>
          <PasswordInput
            label="Mot de passe actuel"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields form={form} confirmationLabel="Confirmer le nouveau mot de passe" />
          <Group grow>
            <Button component={Link} to={paths.dashboard.settings} variant="default">
              Annuler
            </Button>
            <Button type="submit" loading={changePassword.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
