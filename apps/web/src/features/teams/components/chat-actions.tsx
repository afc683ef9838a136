import type { Team, TeamChat } from '@closia/shared';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormModal } from '../../../components/form-modal';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteChat, useRenameChat } from '../api/teams';
import { teamWording } from '../utils/labels';

/** Rename or delete a chat (creator and admins; never the default "Général"). */
export function ChatActions({ team, chat }: { team: Team; chat: TeamChat }) {
  const navigate = useNavigate();
  const rename = useRenameChat(team.id);
  const remove = useDeleteChat(team.id);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState(chat.name);
  const valid = name.trim().length >= 2 && name.trim().length <= 50;

  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} />}
        onClick={() => {
          setName(chat.name);
          rename.reset();
          setRenaming(true);
        }}
      >
        Renommer
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => setDeleting(true)}
      >
        Supprimer
      </Button>
      <FormModal
        opened={renaming}
        onClose={() => setRenaming(false)}
        title="Renommer la discussion"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid)
            rename.mutate({ chatId: chat.id, name: name.trim() }, { onSuccess: () => setRenaming(false) });
        }}
        submitting={rename.isPending}
        submitDisabled={!valid}
        error={rename.isError ? errorMessage(rename.error, teamWording) : null}
      >
        <TextInput
          label="Nom"
          required
          maxLength={50}
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={valid ? undefined : 'Entre 2 et 50 caractères.'}
        />
      </FormModal>
      <ConfirmModal
        opened={deleting}
        title="Supprimer la discussion"
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={remove.error}
        describe={(error) => errorMessage(error, teamWording)}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(chat.id);
          } catch {
            return; // the modal shows why
          }
          setDeleting(false);
          if (team.defaultChatId) void navigate(paths.dashboard.teamChat(team.id, team.defaultChatId));
        }}
      >
        « {chat.name} » et tous ses messages seront supprimés pour tous les membres.
      </ConfirmModal>
    </Group>
  );
}
