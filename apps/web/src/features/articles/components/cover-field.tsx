import type { ArticleCategory, ArticleKind } from '@closia/shared';
import { Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { ArticleCover } from './article-cover';

export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** What is wrong with a chosen picture, in French; null when it will do. */
export function coverFileError(file: File): string | null {
  if (!COVER_TYPES.includes(file.type)) return 'Choisissez une image JPEG, PNG ou WebP.';
  if (file.size > COVER_MAX_BYTES) return 'L’image dépasse 5 Mo : choisissez-en une plus légère.';
  return null;
}

/**
 * The cover picture: the current one (or the category's colours), a new one chosen (shown at once,
 * sent with the article), or the current one removed.
 */
export function CoverField({
  kind,
  category,
  currentUrl,
  file,
  onFile,
  onRemove,
  removing,
  error,
}: {
  kind: ArticleKind;
  category: ArticleCategory | null;
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Removes the stored picture (a saved article). */
  onRemove?: () => void;
  removing?: boolean;
  error?: string | null;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  const shown = objectUrl ?? currentUrl;
  const shownError = message ?? error ?? null;

  return (
    <Stack gap="sm">
      <Box
        maw={420}
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        data-testid="cover-preview"
      >
        <ArticleCover article={{ kind, category, coverUrl: shown }} priority />
      </Box>
      <Group gap="xs">
        <FileButton
          accept={COVER_TYPES.join(',')}
          onChange={(chosen) => {
            if (!chosen) return;
            const problem = coverFileError(chosen);
            setMessage(problem);
            onFile(problem ? null : chosen);
          }}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhoto size={16} />}>
              {shown ? 'Changer l’image' : 'Choisir une image'}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button variant="subtle" color="gray" onClick={() => onFile(null)}>
            Annuler ce choix
          </Button>
        )}
        {!file && currentUrl && onRemove && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={removing}
            onClick={onRemove}
          >
            Retirer l’image
          </Button>
        )}
      </Group>
      <FormError>{shownError}</FormError>
      <Text size="xs" c="dimmed">
        {file
          ? `« ${file.name} » sera envoyée avec l’article.`
          : 'JPEG, PNG ou WebP, 5 Mo au plus ; recadrée en 1200 × 630, le format des aperçus de liens.'}
      </Text>
    </Stack>
  );
}
