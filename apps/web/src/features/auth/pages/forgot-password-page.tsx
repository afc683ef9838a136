import { forgotPasswordSchema } from '@closia/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeader } from '../components/auth-header';
import { FormAlert } from '../components/form-alert';
import { authErrorMessage, isTooManyRequests } from '../utils/auth-errors';

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { email: '' },
    validate: zodResolver(forgotPasswordSchema),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    forgotPassword.mutate(forgotPasswordSchema.parse(values), {
      onSuccess: () => setSent(true),
      onError: (error) => {
        const unmatched = applyServerErrors(form, error);
        if (unmatched?.length === 0) return;
        // Rate limit and network failures are told; nothing else may hint whether the account exists.
        if (isTooManyRequests(error) || (isApiError(error) && error.status === 0)) {
          setFormError(authErrorMessage(error));
          return;
        }
        setSent(true);
      },
    });
  });

  if (sent) {
    return (
      <>
        <AuthHeader title="Mot de passe oublié" />
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
            Si un compte existe pour cette adresse, vous recevrez un e-mail avec un lien pour réinitialiser
            votre mot de passe. Pensez à vérifier vos courriers indésirables.
          </Alert>
          <Button component={Link} to={paths.auth.signIn} variant="default" fullWidth>
            Retour à la connexion
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeader title="Mot de passe oublié">
        Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de
        passe.
      </AuthHeader>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert>{formError}</FormAlert>
          <TextInput
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            placeholder="vous@exemple.fr"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth size="md" loading={forgotPassword.isPending}>
            Envoyer le lien
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
