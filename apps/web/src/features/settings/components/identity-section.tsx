import { type CurrentUser, userUpdateSchema } from '@closia/shared';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormError } from '../../../components/form-error';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUpdateUser } from '../api/update-user';
import { SettingsSection } from './settings-section';

const identitySchema = userUpdateSchema.pick({ firstName: true, lastName: true }).required();

/** First and last name (`PUT /user`). */
export function IdentitySection({ user }: { user: CurrentUser }) {
  const updateUser = useUpdateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    validate: zodResolver(identitySchema),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const input = identitySchema.parse(values);
    updateUser.mutate(input, {
      onSuccess: (saved) => {
        const next = { firstName: saved.firstName, lastName: saved.lastName };
        form.setInitialValues(next);
        form.setValues(next);
        notifications.show({ color: 'green', title: 'Identité enregistrée', message: saved.fullName });
      },
      onError: (error) => {
        showSubmitError(form, error, setFormError);
      },
    });
  });

  return (
    <SettingsSection
      id="identite"
      title="Identité"
      description="Votre prénom et votre nom apparaissent sur votre profil public et dans vos échanges."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError}</FormError>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Prénom"
              autoComplete="given-name"
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput label="Nom" autoComplete="family-name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={updateUser.isPending} disabled={!form.isDirty()}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
