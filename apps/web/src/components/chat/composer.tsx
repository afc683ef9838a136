import { MESSAGE_MAX_LENGTH } from '@closia/shared';
import {
  ActionIcon,
  Alert,
  CloseButton,
  FileButton,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import classes from './chat.module.css';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The message field: Entrée sends, Maj+Entrée goes to the line; an optional image (≤ 5 Mo). */
export function Composer({
  onSend,
  disabled,
}: {
  onSend: (body: string, image: File | null) => Promise<void>;
  disabled?: boolean;
}) {
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const length = body.trim().length;
  const tooLong = body.length > MESSAGE_MAX_LENGTH;
  const canSend = !sending && !disabled && !tooLong && (length > 0 || image !== null);

  const submit = async () => {
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      await onSend(body.trim(), image);
      setBody('');
      setImage(null);
    } catch (failure) {
      // What was typed stays: nothing is lost when the server refuses.
      setError(
        errorMessage(failure, { notFound: 'Cette discussion n’existe plus ou vous n’y avez plus accès.' }),
      );
    } finally {
      setSending(false);
    }
  };

  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setError('L’image dépasse 5 Mo : choisissez-en une plus légère.');
      return;
    }
    setError(null);
    setImage(file);
  };

  return (
    <Stack gap={6} className={classes.composer}>
      {error && (
        <Alert color="red" p="xs" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {preview && (
        <Group gap="xs">
          <Image src={preview} alt="Image à envoyer" h={64} w="auto" radius="sm" />
          <CloseButton aria-label="Retirer l’image" onClick={() => setImage(null)} />
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={pick} accept={IMAGE_TYPES}>
          {(props) => (
            <Tooltip label="Joindre une image">
              <ActionIcon
                {...props}
                variant="subtle"
                size="lg"
                aria-label="Joindre une image"
                disabled={disabled}
              >
                <IconPhoto size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          aria-label="Votre message"
          placeholder="Écrivez votre message…"
          autosize
          minRows={1}
          maxRows={6}
          style={{ flex: 1 }}
          value={body}
          disabled={disabled}
          error={tooLong ? `Au plus ${MESSAGE_MAX_LENGTH.toLocaleString('fr-FR')} caractères.` : undefined}
          onChange={(event) => setBody(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <ActionIcon
          size="lg"
          onClick={() => void submit()}
          disabled={!canSend}
          loading={sending}
          aria-label="Envoyer"
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
      {body.length > MESSAGE_MAX_LENGTH - 500 && (
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'} ta="right">
          {body.length.toLocaleString('fr-FR')} / {MESSAGE_MAX_LENGTH.toLocaleString('fr-FR')}
        </Text>
      )}
    </Stack>
  );
}
