import { loginSchema } from '@closia/shared';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { homePath, paths, safeRedirect } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useLogin } from '../api/login';
import { AuthHeader } from '../components/auth-header';
import { FormAlert } from '../components/form-alert';
import { authErrorMessage } from '../utils/auth-errors';

export function SignInPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const adminRequired = searchParams.get('reason') === 'admin';

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodResolver(loginSchema),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    login.mutate(loginSchema.parse(values), {
      onSuccess: (user) => {
        navigate(safeRedirect(searchParams.get('redirect'), homePath(user)), { replace: true });
      },
      onError: (error) => {
        showSubmitError(form, error, setFormError, authErrorMessage);
      },
    });
  });

  return (
    <>
      <AuthHeader title="Connexion">
        Ravi de vous revoir ! Connectez-vous pour accéder à votre espace.
      </AuthHeader>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {adminRequired && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              Cette section est réservée aux administrateurs. Connectez-vous avec un compte administrateur.
            </Alert>
          )}
          <FormAlert>{formError}</FormAlert>
          <TextInput
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            placeholder="vous@exemple.fr"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Mot de passe"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={paths.auth.forgotPassword} size="sm">
              Mot de passe oublié ?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            Se connecter
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Pas encore de compte ?{' '}
            <Anchor component={Link} to={paths.auth.signUp} fw={600}>
              Créer mon compte
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
