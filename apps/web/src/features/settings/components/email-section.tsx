import { type CurrentUser, emailChangeSchema } from '@closia/shared';
import { Alert, Badge, Button, Collapse, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/form-error';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { ResendVerificationButton } from '../../auth/components/resend-verification-button';
import { useChangeEmail } from '../api/change-email';
import { SettingsSection } from './settings-section';

/** The current address, its verification, and the change confirmed by a link sent to the new one. */
export function EmailSection({ user }: { user: CurrentUser }) {
  const [opened, { open, close }] = useDisclosure(false);
  const changeEmail = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodResolver(emailChangeSchema),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const input = emailChangeSchema.parse(values);
    if (input.email === user.email.toLowerCase()) {
      form.setFieldError('email', 'C’est déjà votre adresse actuelle.');
      return;
    }
    changeEmail.mutate(input, {
      onSuccess: () => {
        setSentTo(input.email);
        form.reset();
        close();
      },
      onError: (error) => {
        showSubmitError(form, error, setFormError);
      },
    });
  });

  const cancel = () => {
    form.reset();
    setFormError(null);
    close();
  };

  return (
    <SettingsSection
      id="email"
      title="Adresse e-mail"
      description="Elle sert à vous connecter et à recevoir les notifications de Closia."
    >
      <Group justify="space-between" gap="sm">
        <Group gap="sm" style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="current-email">
            {user.email}
          </Text>
          {user.emailVerified ? (
            <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
              Vérifiée
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              Non vérifiée
            </Badge>
          )}
        </Group>
        {!opened && (
          <Button
            variant="default"
            size="sm"
            onClick={() => {
              setSentTo(null);
              open();
            }}
          >
            Changer d’adresse
          </Button>
        )}
      </Group>
      {!user.emailVerified && (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            Cliquez sur le lien reçu pour vérifier votre adresse.
          </Text>
          <ResendVerificationButton size="xs" variant="light" />
        </Group>
      )}
      {sentTo && (
        <Alert color="green" variant="light" icon={<IconMailForward size={18} />} role="status">
          Un lien de confirmation a été envoyé à <strong>{sentTo}</strong>. Votre adresse actuelle reste
          active jusqu’à ce que vous cliquiez dessus.
        </Alert>
      )}
      <Collapse in={opened}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError>{formError}</FormError>
            <TextInput
              label="Nouvelle adresse e-mail"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Mot de passe actuel"
              description="Pour confirmer que c’est bien vous."
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={cancel}>
                Annuler
              </Button>
              <Button type="submit" loading={changeEmail.isPending}>
                Envoyer le lien de confirmation
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>
    </SettingsSection>
  );
}
