import {
  type CurrentUser,
  type RegistrationRole,
  registrationRoleLabels,
  registrationRoles,
} from '@closia/shared';
import { Alert, Badge, Button, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowsExchange } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-errors';
import { useChangeAccount } from '../../auth/api/change-account';
import { currentRole } from '../utils/account-role';
import { SettingsSection } from './settings-section';

const roleDescriptions: Record<RegistrationRole, string> = {
  setter: 'Contacter et qualifier les prospects, décrocher les rendez-vous.',
  closer: 'Mener les appels de vente et conclure les inscriptions.',
  'setter-closer': 'Les deux : de la prise de contact jusqu’à la signature.',
  infopreneur: 'Vendre mes formations et recruter des setters et des closers.',
};

/** Changing the type erases the professional profile (`POST /user/change-account`), then the onboarding restarts. */
export function AccountTypeSection({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const changeAccount = useChangeAccount();
  const current = currentRole(user);
  const [role, setRole] = useState<RegistrationRole | ''>('');

  const openModal = () => {
    setRole('');
    changeAccount.reset();
    open();
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!role) return;
    changeAccount.mutate(
      { role },
      {
        onSuccess: () => {
          close();
          notifications.show({
            color: 'green',
            title: 'Type de compte modifié',
            message: `Vous êtes maintenant ${registrationRoleLabels[role]}. Complétez votre nouveau profil.`,
          });
          navigate(paths.onboarding.root);
        },
      },
    );
  };

  return (
    <SettingsSection
      id="type-de-compte"
      title="Type de compte"
      description="Il détermine votre espace, votre profil professionnel et les missions qui vous sont proposées."
    >
      <Group justify="space-between" gap="md">
        <Group gap="xs">
          <Text size="sm">Vous êtes</Text>
          <Badge size="lg" variant="light" data-testid="account-type">
            {current ? registrationRoleLabels[current] : 'Type non choisi'}
          </Badge>
        </Group>
        <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={openModal}>
          Changer de type de compte
        </Button>
      </Group>

      <FormModal
        opened={opened}
        onClose={close}
        title="Changer de type de compte"
        size="lg"
        centered
        onSubmit={confirm}
        submitLabel="Effacer mon profil et changer"
        submitColor="red"
        submitDisabled={!role}
        submitting={changeAccount.isPending}
        error={changeAccount.isError ? errorText(changeAccount.error) : null}
      >
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          Votre profil professionnel actuel (description, expérience, compétences, formations, secteurs
          d’activité) sera <strong>définitivement effacé</strong>. Vous le remplirez à nouveau pour votre
          nouveau type de compte.
        </Alert>
        <Radio.Group
          value={role}
          onChange={(value) => setRole(value as RegistrationRole)}
          label="Nouveau type de compte"
          required
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
            {registrationRoles.map((option) => (
              <Radio.Card
                key={option}
                value={option}
                radius="md"
                p="sm"
                disabled={option === current}
                style={option === current ? { opacity: 0.55 } : undefined}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} disabled={option === current} />
                  <Stack gap={2}>
                    <Text fw={700} size="sm">
                      {registrationRoleLabels[option]}
                      {option === current ? ' (actuel)' : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {roleDescriptions[option]}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      </FormModal>
    </SettingsSection>
  );
}
