import { avatarUrl, bannerUrl, type CurrentUser, initials } from '@closia/shared';
import { Avatar, Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useDeletePicture } from '../api/delete-picture';
import { type PictureKind, useUploadPicture } from '../api/upload-picture';
import { acceptedPictureAttribute, checkPicture, pictureErrorText } from '../utils/picture-errors';
import { SettingsSection } from './settings-section';

const pictureTexts: Record<
  PictureKind,
  { label: string; hint: string; choose: string; uploaded: string; removed: string; remove: string }
> = {
  profile: {
    label: 'Photo de profil',
    hint: 'Carrée de préférence : elle est recadrée en 512 × 512.',
    choose: 'Choisir une photo',
    uploaded: 'Votre photo de profil est à jour.',
    removed: 'Votre photo de profil a été supprimée.',
    remove: 'Supprimer la photo',
  },
  banner: {
    label: 'Bannière',
    hint: 'Image large affichée en haut de votre profil, recadrée en 1600 × 400.',
    choose: 'Choisir une bannière',
    uploaded: 'Votre bannière est à jour.',
    removed: 'Votre bannière a été supprimée.',
    remove: 'Supprimer la bannière',
  },
};

/** A local preview of the file being sent, released when replaced or unmounted. */
function useObjectUrl() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return [url, (file: File | null) => setUrl(file ? URL.createObjectURL(file) : null)] as const;
}

interface PictureControlsProps {
  kind: PictureKind;
  hasPicture: boolean;
  onPreview: (file: File | null) => void;
}

/** Choose (checked before sending, then uploaded at once) or remove one picture. */
function PictureControls({ kind, hasPicture, onPreview }: PictureControlsProps) {
  const texts = pictureTexts[kind];
  const upload = useUploadPicture();
  const remove = useDeletePicture();
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const errorId = `${kind}-picture-error`;
  // The hidden file input: named for assistive technologies, found by the end-to-end tests.
  const inputProps = { 'aria-label': texts.choose, 'data-testid': `${kind}-picture-input` };

  const choose = (file: File | null) => {
    // The same file may be chosen again after an error.
    resetRef.current?.();
    if (!file) return;
    const problem = checkPicture(file);
    setError(problem);
    if (problem) return;
    onPreview(file);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => notifications.show({ color: 'green', title: texts.label, message: texts.uploaded }),
        onError: (failure) => setError(pictureErrorText(failure)),
        onSettled: () => onPreview(null),
      },
    );
  };

  const removePicture = () => {
    setError(null);
    remove.mutate(kind, {
      onSuccess: () => notifications.show({ color: 'green', title: texts.label, message: texts.removed }),
      onError: (failure) => setError(pictureErrorText(failure)),
    });
  };

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={0} style={{ flex: '1 1 220px' }}>
          <Text fw={600} size="sm">
            {texts.label}
          </Text>
          <Text size="xs" c="dimmed">
            JPEG, PNG ou WebP, 5 Mo maximum. {texts.hint}
          </Text>
        </Stack>
        <Group gap="xs">
          <FileButton
            onChange={choose}
            accept={acceptedPictureAttribute}
            resetRef={resetRef}
            inputProps={inputProps}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="sm"
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
                aria-describedby={error ? errorId : undefined}
              >
                {texts.choose}
              </Button>
            )}
          </FileButton>
          {hasPicture && (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} />}
              onClick={removePicture}
              loading={remove.isPending}
              disabled={upload.isPending}
            >
              {texts.remove}
            </Button>
          )}
        </Group>
      </Group>
      {error && (
        <Text id={errorId} size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Avatar and banner, previewed together as they appear on the public profile. */
export function PhotosSection({ user }: { user: CurrentUser }) {
  const [avatarPreview, setAvatarPreview] = useObjectUrl();
  const [bannerPreview, setBannerPreview] = useObjectUrl();
  const banner = bannerPreview ?? bannerUrl(user);
  const avatar = avatarPreview ?? avatarUrl(user);

  return (
    <SettingsSection
      id="photos"
      title="Photos"
      description="Une photo nette inspire confiance aux infopreneurs et aux prospects."
    >
      <Box pos="relative" pb={44}>
        <Box
          style={{
            aspectRatio: '4 / 1',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
            background:
              'linear-gradient(120deg, var(--mantine-color-green-light), var(--mantine-color-gray-light))',
          }}
        >
          {banner ? (
            <Image src={banner} alt="Bannière actuelle" h="100%" w="100%" fit="cover" />
          ) : (
            // Centred in the part the avatar (left, overlapping the bottom) leaves free, at any width.
            <Group h="100%" justify="center" c="dimmed" gap={6} pl={128} pr="md" data-testid="no-banner">
              <IconPhoto size={18} aria-hidden="true" />
              <Text size="sm">Aucune bannière</Text>
            </Group>
          )}
        </Box>
        <Avatar
          src={avatar}
          alt="Photo de profil actuelle"
          size={88}
          radius={999}
          color="green"
          pos="absolute"
          bottom={0}
          left={24}
          style={{ border: '4px solid var(--mantine-color-body)' }}
          data-testid="settings-avatar"
        >
          {initials(user)}
        </Avatar>
      </Box>
      <PictureControls
        kind="profile"
        hasPicture={Boolean(user.profilePicture)}
        onPreview={setAvatarPreview}
      />
      <PictureControls kind="banner" hasPicture={Boolean(user.banner)} onPreview={setBannerPreview} />
    </SettingsSection>
  );
}
