import { resetPasswordSchema } from '@closia/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useResetPassword } from '../api/reset-password';
import { AuthHeader } from '../components/auth-header';
import { FormAlert } from '../components/form-alert';
import { NewPasswordFields } from '../components/new-password-fields';
import { authErrorMessage, authMessages, isInvalidToken } from '../utils/auth-errors';

function InvalidLink() {
  return (
    <Stack gap="md">
      <FormAlert>{authMessages.invalidResetToken}</FormAlert>
      <Button component={Link} to={paths.auth.forgotPassword} fullWidth>
        Demander un nouveau lien
      </Button>
    </Stack>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const [done, setDone] = useState(false);
  const [invalidToken, setInvalidToken] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: (values) => zodResolver(resetPasswordSchema)({ ...values, token: token || 'missing' }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    resetPassword.mutate(resetPasswordSchema.parse({ ...values, token }), {
      onSuccess: () => setDone(true),
      onError: (error) => {
        if (isInvalidToken(error)) {
          setInvalidToken(true);
          return;
        }
        const unmatched = applyServerErrors(form, error);
        if (unmatched?.length === 0) return;
        if (unmatched?.some((item) => item.field === 'token')) {
          setInvalidToken(true);
          return;
        }
        setFormError(authErrorMessage(error));
      },
    });
  });

  if (done) {
    return (
      <>
        <AuthHeader title="Mot de passe réinitialisé" />
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter avec votre nouveau
            mot de passe.
          </Alert>
          <Button component={Link} to={paths.auth.signIn} fullWidth>
            Se connecter
          </Button>
        </Stack>
      </>
    );
  }

  if (!token || invalidToken) {
    return (
      <>
        <AuthHeader title="Réinitialiser le mot de passe" />
        <InvalidLink />
      </>
    );
  }

  return (
    <>
      <AuthHeader title="Réinitialiser le mot de passe">
        Choisissez un nouveau mot de passe pour votre compte.
      </AuthHeader>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert>{formError}</FormAlert>
          <NewPasswordFields form={form} confirmationLabel="Confirmer le mot de passe" />
          <Button type="submit" fullWidth size="md" loading={resetPassword.isPending}>
            Réinitialiser le mot de passe
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.auth.signIn}>
              Retour à la connexion
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
