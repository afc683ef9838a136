import type { CurrentUser } from '@closia/shared';
import { Alert, Anchor, Button, Divider, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { FormModal } from '../../../components/form-modal';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-errors';
import { useDeleteAccount } from '../api/delete-account';
import { exportFileName, useExportData } from '../api/export-data';
import { SettingsSection } from './settings-section';

const CONFIRM_WORD = 'SUPPRIMER';

/** The typed confirmation: the account's e-mail (any case) or the word SUPPRIMER. */
function isConfirmed(typed: string, email: string): boolean {
  const value = typed.trim();
  return value === CONFIRM_WORD || value.toLowerCase() === email.toLowerCase();
}

function DeleteAccountModal({
  user,
  opened,
  onClose,
}: {
  user: CurrentUser;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const confirmed = isConfirmed(typed, user.email);

  const close = () => {
    if (deleteAccount.isPending) return;
    setTyped('');
    deleteAccount.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        navigate(paths.home, { replace: true });
        notifications.show({
          color: 'green',
          title: 'Compte supprimé',
          message: 'Votre compte a été supprimé',
        });
      },
    });
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Supprimer mon compte"
      centered
      onSubmit={submit}
      submitLabel="Supprimer définitivement"
      submitColor="red"
      submitIcon={<IconTrash size={16} />}
      submitDisabled={!confirmed}
      submitting={deleteAccount.isPending}
      cancelDisabled={deleteAccount.isPending}
      error={deleteAccount.isError ? errorText(deleteAccount.error) : null}
    >
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        Cette action est <strong>définitive</strong>. Votre profil, vos photos, vos prospects, vos ventes et
        vos messages seront supprimés et vous serez déconnecté de tous vos appareils.
      </Alert>
      <TextInput
        label={`Pour confirmer, saisissez votre adresse e-mail ou « ${CONFIRM_WORD} »`}
        placeholder={user.email}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
    </FormModal>
  );
}

/** RGPD: download everything stored about the user; delete the account. */
export function DataSection({ user }: { user: CurrentUser }) {
  const exportData = useExportData();
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <SettingsSection
      id="donnees"
      title="Mes données"
      description={
        <>
          Vos droits d’accès et d’effacement (RGPD). Voir notre{' '}
          <Anchor component={Link} to={paths.privacyPolicy} size="sm">
            politique de confidentialité
          </Anchor>
          .
        </>
      }
    >
      <Group justify="space-between" gap="md" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Text fw={600} size="sm">
            Exporter mes données
          </Text>
          <Text size="sm" c="dimmed">
            Un fichier JSON ({exportFileName}) avec votre compte, votre profil, votre activité et vos
            contenus.
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  title: 'Export prêt',
                  message: `Le fichier ${exportFileName} a été téléchargé.`,
                }),
            })
          }
        >
          Exporter mes données
        </Button>
      </Group>
      <FormError>{exportData.isError ? errorText(exportData.error) : null}</FormError>

      <Divider label="Zone de danger" labelPosition="left" color="red" />
      <Group justify="space-between" gap="md" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Text fw={600} size="sm">
            Supprimer mon compte
          </Text>
          <List size="sm" c="dimmed" spacing={2}>
            <List.Item>Toutes vos données sont effacées, sans retour possible.</List.Item>
            <List.Item>Pensez à exporter vos données avant.</List.Item>
          </List>
        </Stack>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={open}>
          Supprimer mon compte
        </Button>
      </Group>
      <DeleteAccountModal user={user} opened={opened} onClose={close} />
    </SettingsSection>
  );
}
